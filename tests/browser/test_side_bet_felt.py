"""The felt with every side bet a class can tick: a round with chips on each side-bet spot, confirmed,
dealt to the end and settled, in one screen at 1280 x 800 and 375 x 812 in every language; axe on it."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from accounts.models import Profile
from table.amounts import amount_text
from table.bets import bet_name, side_bet_choices
from table.models import Seat
from tests.browser.support import htmx_click, htmx_settled
from tests.browser.test_accessibility import report, scan
from tests.browser.test_table import SIX_CARDS, add_chip, context_at, outside_the_screen
from tests.factories import ClassroomFactory, MembershipFactory, SeatFactory, UserFactory, arrange_shoe

pytestmark = pytest.mark.django_db(transaction=True)

#: Every side bet the registry has: a class that ticks them all (the EZ table offers all eight).
EVERY_SIDE_BET = [key for key, _name in side_bet_choices()]


@pytest.fixture
def ez_table() -> str:
    """The EZ table, which offers all eight side bets."""
    return "ez"


def learner_offered_every_side_bet(table: str, language: str) -> Seat:
    user = UserFactory()
    MembershipFactory(user=user, classroom=ClassroomFactory(presets=[table], side_bets=EVERY_SIDE_BET))
    Profile.objects.update_or_create(user=user, defaults={"language": language})
    return SeatFactory(user=user, preset=table)


#: After the six cards of ``SIX_CARDS`` (Banker wins with a three-card 7), a Player natural, 8 to 5.
NATURAL_8_TO_5 = "4S 2H 4D 3C"
#: The round's side bets: all but the Lion Bonus on Player (one Lion Bonus a coup), which the next takes.
FIRST_SIDE_BETS = [key for key in EVERY_SIDE_BET if key != "lion_player"]


def open_the_felt(new_context, size, language, live_server, log_in, table: str):
    context = context_at(new_context, size, reduced_motion="reduce")
    context.add_cookies([{"name": "language", "value": language, "url": live_server.url}])
    seat = learner_offered_every_side_bet(table, language)
    arrange_shoe(seat, f"{SIX_CARDS} {NATURAL_8_TO_5}")
    log_in(context, seat.user)
    page = context.new_page()
    page.goto(reverse("table:play"))
    return seat, page, page.locator("#table-panel")


def place_with_the_rack(page, panel, kinds: list[str]) -> None:
    """Chips of 10 on each spot of ``kinds``, the side bets' disclosure opened first if it is closed."""
    htmx_click(page, panel.locator("#table-panel-chip-10"))
    side_bets = panel.locator("#table-panel-side-bets")
    for kind in kinds:
        if kind not in ("player", "banker", "tie") and side_bets.get_attribute("open") is None:
            side_bets.locator("summary").click()
        add_chip(page, panel.locator(f"#table-panel-add-{kind}"))
    expect(panel.locator("#table-panel-side-bets")).to_have_attribute("open", "")
    for kind in kinds:
        expect(panel.locator(f"#table-panel-stake-{kind}")).to_have_value("10")


def deal_to_the_end(page, panel, cards: int, check_screen: bool) -> None:
    felt = [".hand-player h3", ".hand-banker h3", ".felt .dealer-line"]
    for card in range(1, cards + 1):
        htmx_click(page, panel.locator(".deal button"))
        if check_screen:
            shown = [*felt, ".felt svg.card"]
            if card < cards:
                shown += [".narration p:not(.received:not(:only-child))", ".deal button"]
            assert not (out := outside_the_screen(page, shown)), f"after card {card}: {out}"


def settled_as_said(panel, seat: Seat, kinds: list[str], language: str) -> None:
    """Each bet has its sentence in the result, which ends with the net and the balance."""
    sentences = panel.locator(".result .bet-sentences li")
    expect(sentences).to_have_count(len(kinds))
    said = sentences.all_inner_texts()
    for kind in kinds:
        assert any(bet_name(kind, language) in line for line in said), (kind, said)
    seat.refresh_from_db()
    with translation.override(language):
        balance = amount_text(seat.balance)
    expect(panel.locator(".result .net")).to_contain_text(balance)


@pytest.mark.parametrize("language", ["en", "de", "id"])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_round_on_every_side_bet_spot_is_placed_dealt_and_settled_in_one_screen(
    new_context, size, language, log_in, course, live_server, artifacts, ez_table
):
    """Chips of 10 on Banker and on seven side bets; Banker wins with a three-card 7 (a push on the EZ
    table's Banker, Dragon 7 pays 40:1, the Lion Bonus on Banker 6:1, the rest lose): +410 chips. Then
    the Lion Bonus on Player, on a Player natural. Each time the verdict, the net and the balance, and
    the next bet's chips and Confirm, are on the screen without scrolling."""
    seat, page, panel = open_the_felt(new_context, size, language, live_server, log_in, ez_table)
    expect(panel.locator(".side-spots .spot")).to_have_count(len(EVERY_SIDE_BET))
    place_with_the_rack(page, panel, ["banker", *FIRST_SIDE_BETS])
    page.screenshot(path=artifacts / f"side-bets-every-spot-{size}-{language}.png")
    htmx_click(page, panel.locator("#table-panel-confirm"))
    deal_to_the_end(page, panel, 6, check_screen=True)
    settled_as_said(panel, seat, ["banker", *FIRST_SIDE_BETS], language)
    assert seat.balance == Decimal("510.00")
    if language == "en":
        result = panel.locator(".result")
        expect(result).to_contain_text("Dragon 7 won")
        expect(result).to_contain_text("Your net: +410.00 chips. Balance: 510.00 chips.")
    next_bet = [".hand-player h3", ".hand-banker h3", ".result h2", ".result .net", ".bet-form .confirm"]
    next_bet.append(".rack .chip")
    if size == "laptop" or language == "en":  # as at the table's own test: on a phone they may fall below
        next_bet.append(".bet-actions button")
    assert not (out := outside_the_screen(page, next_bet)), f"when settled: {out}"
    page.screenshot(path=artifacts / f"side-bets-every-spot-settled-{size}-{language}.png")

    place_with_the_rack(page, panel, ["player", "lion_player"])
    htmx_click(page, panel.locator("#table-panel-confirm"))
    deal_to_the_end(page, panel, 4, check_screen=False)
    settled_as_said(panel, seat, ["player", "lion_player"], language)
    assert seat.balance == Decimal("530.00")
    assert not (out := outside_the_screen(page, next_bet)), f"when settled again: {out}"


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_axe_finds_nothing_serious_on_the_felt_with_every_side_bet(
    new_context, size, log_in, course, live_server, ez_table
):
    seat, page, panel = open_the_felt(new_context, size, "en", live_server, log_in, ez_table)
    failures: dict[str, list[str]] = {}
    scan(page, "", failures, "every side bet, closed")
    place_with_the_rack(page, panel, ["banker", *FIRST_SIDE_BETS])
    scan(page, "", failures, "chips on every side bet")
    htmx_click(page, panel.locator("#table-panel-confirm"))
    htmx_click(page, panel.locator(".deal button"))
    scan(page, "", failures, "dealing")
    deal_to_the_end(page, panel, 5, check_screen=False)
    htmx_settled(page)
    scan(page, "", failures, "settled")
    assert not failures, report(failures)
