"""EZ Baccarat and the Standard table with Tie 9:1: chosen through the class, settled by the one settlement
service (``table.playing`` drives the public services over arranged shoes), priced by the odds pages."""

from __future__ import annotations

from decimal import Decimal
from html import escape
from http import HTTPStatus

import pytest
from django.urls import reverse

from baccarat import STANDARD, Winner, odds_for_decks
from baccarat.tables import TABLES
from table import errors, playing
from table.models import LedgerEntry, Round, Seat
from table.presets import PRESETS, allowed_presets
from tests.factories import ClassroomFactory, MembershipFactory, SeatFactory, UserFactory
from tests.support import HX, parse

D = Decimal
BANKER_THREE_CARD_SEVEN = "KS 2C 6H 2D 3S"  # Player 6 stands; Banker 4 draws a 3: Banker 7 with three cards
BANKER_NATURAL = "2C 4H 3S 4D"  # Banker 8 against Player 5, two cards each
PLAYER_THREE_CARD_EIGHT = "2H KC 3D 6S 3C"  # Player 5 draws a 3 (8); Banker 6 stands: Player wins
TIE_THREES = "5H 3S KC JD 8H"  # 3 all


def learner_in_class(**classroom) -> Seat:
    user = UserFactory()
    MembershipFactory(user=user, classroom=ClassroomFactory(**classroom))
    return SeatFactory(user=user, preset=classroom.get("presets", ["standard"])[0])


def ledger(round: Round) -> list[tuple[str, str, Decimal]]:
    return list(
        LedgerEntry.objects.filter(round=round).order_by("id").values_list("kind", "bet_kind", "amount")
    )


def settle(seat: Seat, cards: str, **stakes) -> Round:
    return playing.round_play(seat, stakes, cards=cards)


# The presets: one declaration, in the engine.


@pytest.mark.parametrize("key", ["standard", "no-commission", "ez"])
def test_every_preset_reads_its_table_from_the_engine(key):
    table, rules = PRESETS[key], TABLES[key]
    assert (table.decks, table.payouts, table.side_bets) == (rules.decks, rules.payouts, rules.side_bets)


def test_the_tie_nine_table_is_the_standard_table_with_the_tie_paying_nine():
    table, standard = PRESETS["standard-tie9"], PRESETS["standard"]
    assert table.payouts == STANDARD.with_tie_pays(D("9")) and table.payouts.tie_pays == D("9")
    assert (table.decks, table.side_bets) == (standard.decks, standard.side_bets)


def test_the_descriptions_read_the_ratios_from_the_payouts():
    assert PRESETS["ez"].description == (
        "8 decks; Banker wins pay 1:1 with no commission, but a Banker win with three cards totalling 7 "
        "is returned; Tie 8:1."
    )
    assert PRESETS["standard"].description.endswith("Tie pays 8:1.")
    assert PRESETS["standard-tie9"].description.endswith("Tie pays 9:1.")
    assert str(PRESETS["standard-tie9"].label) == "Standard, Tie 9:1"


def test_a_class_that_ticks_none_keeps_standard_and_no_commission():
    assert allowed_presets([]) == allowed_presets(["gone"]) == ["standard", "no-commission"]
    assert allowed_presets(["standard-tie9", "ez"]) == ["ez", "standard-tie9"]


def test_the_tie_nine_odds_are_cached_and_price_the_tie_at_nine():
    payouts = PRESETS["standard-tie9"].payouts
    assert odds_for_decks(8, payouts) is odds_for_decks(8, payouts)  # the named payout set's cache
    nine, eight = odds_for_decks(8, payouts).house_edge["tie"], odds_for_decks(8).house_edge["tie"]
    assert eight - nine == odds_for_decks(8).probabilities[Winner.TIE]  # one more chip on every tie


# Settlement at EZ and at Tie 9:1, through the services.


def test_an_ez_banker_win_with_three_cards_totalling_seven_is_returned(db):
    seat = learner_in_class(presets=["ez"])
    round = settle(seat, BANKER_THREE_CARD_SEVEN, banker=10)

    [bet] = round.bets.all()
    assert (bet.result, bet.stake_returned, bet.winnings, bet.commission) == ("push", D("10"), D("0"), D("0"))
    assert ledger(round) == [("stake", "", D("-10.00")), ("stake_return", "banker", D("10.00"))]
    assert Seat.objects.get(pk=seat.pk).balance == D("100.00")


def test_an_ez_banker_win_otherwise_pays_even_money_without_commission(db):
    seat = learner_in_class(presets=["ez"])
    round = settle(seat, BANKER_NATURAL, banker=10)

    [bet] = round.bets.all()
    assert bet.returned_total == D("20.00") and bet.commission == D("0.00")
    assert ledger(round) == [
        ("stake", "", D("-10.00")),
        ("stake_return", "banker", D("10.00")),
        ("winnings", "banker", D("10.00")),
    ]
    assert Seat.objects.get(pk=seat.pk).balance == D("110.00")


def test_dragon_7_pays_40_to_1_at_ez_when_the_class_offers_it(db):
    seat = learner_in_class(presets=["ez"], side_bets=["dragon_7", "panda_8"])
    round = settle(seat, BANKER_THREE_CARD_SEVEN, dragon_7=5, panda_8=5)

    won = {bet.kind: (bet.result, bet.returned_total) for bet in round.bets.all()}
    assert won == {"dragon_7": ("won", D("205.00")), "panda_8": ("lost", D("0.00"))}
    assert Seat.objects.get(pk=seat.pk).balance == D("295.00")  # 100 - 10 staked + 205


def test_panda_8_pays_25_to_1_at_ez_when_the_class_offers_it(db):
    seat = learner_in_class(presets=["ez"], side_bets=["dragon_7", "panda_8"])
    round = settle(seat, PLAYER_THREE_CARD_EIGHT, panda_8=5)

    [bet] = round.bets.all()
    assert (bet.result, bet.winnings, bet.returned_total) == ("won", D("125.00"), D("130.00"))
    assert Seat.objects.get(pk=seat.pk).balance == D("225.00")


def test_dragon_7_is_refused_where_the_class_does_not_offer_it(db):
    seat = learner_in_class(presets=["ez"], side_bets=["lion_player"])
    with pytest.raises(errors.InvalidInput):
        settle(seat, BANKER_THREE_CARD_SEVEN, dragon_7=5)
    assert Seat.objects.get(pk=seat.pk).balance == D("100.00")


def test_a_tie_pays_9_to_1_at_the_tie_nine_table(db):
    seat = learner_in_class(presets=["standard-tie9"])
    round = settle(seat, TIE_THREES, tie=10)

    assert ledger(round) == [
        ("stake", "", D("-10.00")),
        ("stake_return", "tie", D("10.00")),
        ("winnings", "tie", D("90.00")),
    ]
    assert Seat.objects.get(pk=seat.pk).balance == D("190.00")


# The shoe-start choices and the pages.


def preset_choices_on_the_page(client) -> list[str]:
    page = parse(client.get(reverse("table:play")).content)
    return [field.attrs["value"] for field in page.find_all("input", name="preset")]


@pytest.mark.parametrize("headers", [HX, None], ids=["htmx", "plain"])
def test_a_learner_whose_class_allows_ez_sees_it_and_starts_a_shoe_there(client, db, headers):
    seat = learner_in_class(presets=["standard", "ez"])
    client.force_login(seat.user)
    assert preset_choices_on_the_page(client) == ["standard", "ez"]

    response = client.post(reverse("table:seat-preset"), {"preset": "ez"}, headers=headers or {})

    assert response.status_code in (HTTPStatus.OK, HTTPStatus.FOUND)
    assert Seat.objects.get(pk=seat.pk).preset == "ez"
    confirmed = client.post(reverse("table:round-confirm"), {"round": "1", "stake_banker": "10"})
    assert confirmed.status_code == HTTPStatus.FOUND
    assert Round.objects.get(seat=seat).preset == "ez"
    assert "New shoe: 8 decks have just been shuffled." in client.get(reverse("table:play")).content.decode()


@pytest.mark.parametrize("headers", [HX, None], ids=["htmx", "plain"])
def test_a_learner_whose_class_does_not_allow_ez_is_refused_with_a_400(client, db, headers):
    seat = learner_in_class(presets=["standard"])
    client.force_login(seat.user)
    assert "ez" not in preset_choices_on_the_page(client)

    response = client.post(reverse("table:seat-preset"), {"preset": "ez"}, headers=headers or {})

    assert response.status_code == HTTPStatus.BAD_REQUEST
    message = errors.PRESET_NOT_ALLOWED.format(label=PRESETS["ez"].label)
    assert escape(str(message)) in response.content.decode()
    assert Seat.objects.get(pk=seat.pk).preset == "standard"


def test_a_learner_outside_any_class_keeps_the_two_default_tables(client, db):
    seat = SeatFactory()
    client.force_login(seat.user)
    assert preset_choices_on_the_page(client) == ["standard", "no-commission"]

    response = client.post(reverse("table:seat-preset"), {"preset": "standard-tie9"}, headers=HX)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    message = errors.PRESET_NOT_OPEN.format(label=PRESETS["standard-tie9"].label)
    assert escape(str(message)) in response.content.decode()


def test_the_tie_nine_felt_prints_9_to_1_on_the_tie_spot(client, db):
    seat = learner_in_class(presets=["standard-tie9"])
    client.force_login(seat.user)
    felt = parse(client.get(reverse("table:play")).content)
    assert felt.find("div", class_="spot-tie").find(class_="spot-pays").text == "pays 9:1"


def test_the_ez_felt_says_on_the_banker_spot_that_a_three_card_seven_is_returned(client, db):
    seat = learner_in_class(presets=["ez"])
    seat.preset = "ez"
    seat.save()
    client.force_login(seat.user)
    felt = parse(client.get(reverse("table:play")).content)
    pays = felt.find("div", class_="spot-banker").find(class_="spot-pays").text
    assert pays == "pays 1:1; a three-card 7 is returned"


def test_the_odds_and_results_pages_price_the_tie_nine_table(client, db):
    seat = learner_in_class(presets=["standard-tie9"])
    settle(seat, TIE_THREES, tie=10)
    client.force_login(seat.user)

    odds = client.get(reverse("table:odds"), headers=HX)
    results = client.get(reverse("table:results"))

    assert odds.status_code == results.status_code == HTTPStatus.OK
    rows = {row[0]: row for row in parse(odds.content).rows()}
    full_shoe = odds_for_decks(8, PRESETS["standard-tie9"].payouts).house_edge["tie"]
    # The arranged shoe's twelve tens always tie: paid 9:1, the house loses nine chips per chip staked.
    assert (
        rows["House edge on Tie"][1:]
        == ["\u2212900.0000%", f"{float(full_shoe):.4%}"]
        == ["\u2212900.0000%", "4.8440%"]
    )
    assert "Your balance went from 100.00 to 190.00 chips." in results.content.decode()
