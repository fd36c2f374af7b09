"""What a new learner and an instructor must see without scrolling (issue 26, items 6 to 9), in Chromium at
1280 x 800 and 375 x 812, in English, German and Indonesian.

6. Every betting spot says what it pays, on a phone too ("pays 8:1" on Tie; the Lion Bonus spots, once
   their "Side bets" disclosure is open, "pays up to 30:1", and the pay table printed in full under them).
7. When Banker's draw was decided by the Banker table, the deciding cell is beside the cards at 1280 px;
   with too few chips for the minimum, the restart is the first thing under the status line and the
   bet form below it is disabled.
8. On the class progress page, why a learner needs help is in view at 1280 px, next to their name.
9. The Big Road opens scrolled to its newest column.

Screenshots: ``test-artifacts/learner-sees-<what>-<size>-<language>.png``.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from accounts.models import Profile
from progress.models import Lesson, LessonProgress
from table.presenters import spot_pays
from table.presets import PRESETS
from tests.browser.support import htmx_click
from tests.factories import SeatFactory, UserFactory, arrange_shoe

pytestmark = pytest.mark.django_db(transaction=True)

LANGUAGES = ["en", "de", "id"]
SIZES = {
    "laptop": ({"width": 1280, "height": 800}, {}),
    "phone": (
        {"width": 375, "height": 812},
        {"is_mobile": True, "has_touch": True, "device_scale_factor": 2},
    ),
}
#: Player 2+3 draws a 5 (0); Banker K+3 draws on 3 against a 5, a 4 (7): the Banker table decided it.
PLAYER_DRAWS_BANKER_DRAWS = "2C KH 3S 3D 5H 4C"
#: Player 5+K draws an 8 (3); Banker 3+J stands on 3 against an 8, by the table: a tie, 3 to 3.
BANKER_STANDS_BY_THE_TABLE = "5S 3H KD JC 8H"
#: Banker's natural 8 against 5: a Player bet loses.
BANKER_NATURAL = "2S 4H 3D 4C"

#: The element's box against the viewport, the page unscrolled: "" when wholly inside, else where it is.
OUTSIDE = """element => {
  const box = element.getBoundingClientRect();
  const out = box.width === 0 || box.height === 0 || box.top < 0 || box.left < 0
    || box.bottom > window.innerHeight || box.right > window.innerWidth;
  const [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom].map(Math.round);
  return out ? `${left},${top} to ${right},${bottom}` : '';
}"""


def context_at(new_context, size: str, language: str, live_server):
    viewport, extra = SIZES[size]
    context = new_context(viewport=viewport, reduced_motion="reduce", **extra)
    context.add_cookies([{"name": "language", "value": language, "url": live_server.url}])
    return context


def in_view(page, locator) -> None:
    """The element is wholly on the first screen: nothing scrolled, nothing cut off."""
    assert page.evaluate("window.scrollY") == 0, "the page scrolled"
    assert not (where := locator.evaluate(OUTSIDE)), f"outside the {page.viewport_size} screen: {where}"


def learner_in(language: str):
    user = UserFactory()
    Profile.objects.update_or_create(user=user, defaults={"language": language})
    return user


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_every_spot_says_what_it_pays_on_a_phone_too_and_the_bet_still_fits_one_screen(
    new_context, size, language, log_in, course, live_server, artifacts
):
    context = context_at(new_context, size, language, live_server)
    user = learner_in(language)
    seat = SeatFactory(user=user)
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))

    payouts = PRESETS[seat.preset].payouts
    # The Lion Bonus spots are behind "Side bets (2)", closed while no chip is on them; opened, each
    # says what it pays, and their terms (limits, pay table) are printed once under them.
    page.locator("#table-panel-side-bets > summary").click()
    for kind in ["player", "banker", "tie", "lion_player", "lion_banker"]:
        with translation.override(language):
            pays = spot_pays(kind, payouts)
        shown = page.locator(f"#table-panel-spots .spot-{kind} .spot-pays")
        expect(shown).to_have_text(pays)
        expect(shown).to_be_visible()
        in_view(page, shown)
    in_view(page, page.locator("#table-panel-spots .side-terms"))
    with translation.override(language):
        assert (
            spot_pays("tie", payouts) == {"en": "pays 8:1", "de": "zahlt 8:1", "id": "dibayar 8:1"}[language]
        )
    in_view(page, page.locator("#table-panel-confirm"))
    page.screenshot(path=artifacts / f"learner-sees-spots-{size}-{language}.png")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_cell_of_the_banker_table_that_decided_the_coup_is_beside_the_cards(
    new_context, size, language, log_in, course, dealer, live_server, artifacts
):
    """Player's third card: the table decides Banker's draw (the Deal button waits for Banker's card); or
    Banker stands by the table and the coup ends there (the result and the next bet's form come)."""
    context = context_at(new_context, size, language, live_server)
    user = learner_in(language)
    seat = SeatFactory(user=user, cards=PLAYER_DRAWS_BANKER_DRAWS)
    dealer.confirm(seat, banker=10)
    dealer.deal(seat, 4)
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))
    table = page.locator("details.banker-table")
    cell = table.locator("td.cell-decided")
    expect(table).not_to_have_attribute("open", "")

    htmx_click(page, page.locator("#table-panel-deal"))  # Player's 5: Banker's 3 draws, by the table
    expect(table).to_have_attribute("open", "")
    expect(table.locator("tr.decided th")).to_contain_text("3")
    expect(cell).to_have_count(1)
    page.screenshot(path=artifacts / f"learner-sees-banker-table-draws-{size}-{language}.png")
    if size == "laptop":
        in_view(page, cell)
    in_view(page, page.locator("#table-panel-deal"))

    htmx_click(page, page.locator("#table-panel-deal"))  # Banker's third card: the coup ends
    arrange_shoe(seat, BANKER_STANDS_BY_THE_TABLE)
    dealer.confirm(seat, banker=10)
    dealer.deal(seat, 4)
    page.goto(reverse("table:play"))
    expect(table).not_to_have_attribute("open", "")
    htmx_click(page, page.locator("#table-panel-deal"))  # Player's 8: Banker's 3 stands; a tie, 3 to 3

    expect(table).to_have_attribute("open", "")
    expect(cell).to_have_count(1)
    page.screenshot(path=artifacts / f"learner-sees-banker-table-stands-{size}-{language}.png")
    # A laptop: the deciding cell, the result and the next bet's Confirm all on the first screen.
    # A phone (one column) cannot have it all: the result and the next bet come first there.
    shown = [page.locator(".result h2"), page.locator("#table-panel-confirm")]
    if size == "laptop":
        shown.append(cell)
    for locator in shown:
        in_view(page, locator)
    page.reload()  # the page as loaded shows the same
    expect(table).to_have_attribute("open", "")
    for locator in shown:
        in_view(page, locator)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_out_of_chips_the_restart_comes_first_and_the_bet_form_is_disabled(
    new_context, size, language, log_in, course, dealer, live_server, artifacts
):
    context = context_at(new_context, size, language, live_server)
    user = learner_in(language)
    seat = SeatFactory(user=user, cards=BANKER_NATURAL)
    dealer.confirm(seat, player=96)
    dealer.deal(seat, 3)
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))

    htmx_click(page, page.locator("#table-panel-deal"))  # the fourth card: Player loses, 4 chips left

    offer = page.locator("#table-panel-reset")
    for state in ("after the deal", "loaded"):
        expect(offer).to_have_count(1)
        in_view(page, offer.get_by_role("button"))
        # Up top: above the felt, under the status line.
        assert offer.evaluate("form => form.previousElementSibling.id") == "table-panel-status", state
        expect(page.locator("#table-panel-confirm")).to_be_disabled()
        expect(page.locator("#table-panel-add-player")).to_be_disabled()
        expect(page.locator("#table-panel-stake-player")).to_be_disabled()
        page.screenshot(path=artifacts / f"learner-sees-restart-{size}-{language}-{state.split()[0]}.png")
        page.reload()

    htmx_click(page, offer.get_by_role("button"))
    expect(offer).to_have_count(0)
    expect(page.locator("#table-panel-confirm")).to_be_enabled()


def someone_needing_help(demo) -> str:
    """A demo learner who is stuck: 8 answers in lesson 3, 2 of them right."""
    user = get_user_model().objects.get(username="demo-learner-5")
    LessonProgress.objects.update_or_create(
        user=user,
        lesson=Lesson.objects.get(number=3),
        defaults={"attempts": 8, "correct": 2, "completed_at": None, "last_visited": timezone.now()},
    )
    return user.username


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_instructor_sees_why_a_learner_needs_help_without_scrolling_sideways(
    new_context, size, language, instructor_log_in, demo, live_server, artifacts
):
    name = someone_needing_help(demo)
    context = context_at(new_context, size, language, live_server)
    instructor_log_in(context)
    page = context.new_page()
    page.goto(reverse("admin:accounts_classroom_progress", args=[demo.pk]))

    row = page.locator("#progress tbody tr.needs-help", has=page.get_by_role("rowheader", name=name))
    reasons = row.locator("td.reasons")
    expect(reasons).to_have_count(1)
    assert reasons.evaluate("cell => cell.cellIndex") == 1  # the column right after the learner
    with translation.override(language):
        badge = gettext("Needs help")
    expect(reasons).to_contain_text(badge)
    box = reasons.bounding_box()
    width = page.viewport_size["width"]
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (box, width)
    reasons.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"learner-sees-needs-help-{size}-{language}.png")


#: A coup each side wins on a natural, Player's then Banker's: every coup is a new Big Road column.
PLAYER_NATURAL, BANKER_NATURAL_8 = "4S 2H 4D 3C", "2S 4H 3D 4C"

#: Each scoreboard's box: how wide its content is, and how far it is scrolled.
ROAD_SCROLL = """road => ({
  scrollLeft: road.scrollLeft, clientWidth: road.clientWidth, scrollWidth: road.scrollWidth
})"""


def at_the_newest_column(road, *, wider: bool = True) -> None:
    """Scrolled to its end; ``wider``: the road is wider than its box (so that this means something)."""
    box = road.evaluate(ROAD_SCROLL)
    assert not wider or box["scrollWidth"] > box["clientWidth"], f"the road fits its box: {box}"
    assert box["scrollLeft"] + box["clientWidth"] >= box["scrollWidth"] - 1, f"not scrolled to the end: {box}"


@pytest.mark.parametrize("size", list(SIZES))
def test_the_big_road_opens_at_its_newest_column(
    new_context, size, log_in, course, dealer, live_server, artifacts
):
    context = context_at(new_context, size, "en", live_server)
    user = UserFactory()
    coups = 30
    seat = SeatFactory(user=user, cards=" ".join([PLAYER_NATURAL, BANKER_NATURAL_8] * (coups // 2 + 1)))
    for _ in range(coups - 1):
        dealer.play(seat, player=5)
    dealer.confirm(seat, player=5)
    dealer.deal(seat, 3)
    log_in(context, user)
    page = context.new_page()

    page.goto(reverse("table:play"))
    big_road = page.locator(".road-scroll:has(.big-road)")
    at_the_newest_column(big_road)
    at_the_newest_column(page.locator(".road-scroll:has(.bead-plate)"), wider=False)  # 5 columns of 11
    htmx_click(page, page.locator("#table-panel-deal"))  # the coup's end swaps in new roads, one column more
    expect(page.locator(".big-road .road-cell.player, .big-road .road-cell.banker")).to_have_count(coups)
    at_the_newest_column(big_road)
    big_road.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"learner-sees-big-road-{size}-en.png")

    page.goto(reverse("table:results"))  # its Big Road has the whole page's width: wider than it on a phone
    at_the_newest_column(page.locator(".road-scroll:has(.big-road)"), wider=size == "phone")
