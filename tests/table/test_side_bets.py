"""Which side bets a learner sees and may place: the table's, narrowed by the class, read from the registry.

Through the Django test client (with and without htmx) and the services; the felt is read as parsed HTML.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from html import escape
from http import HTTPStatus

import pytest
from django.urls import reverse

from accounts.models import DEFAULT_SIDE_BETS
from table import errors, playing, services
from table.bets import bet_name
from table.models import LedgerEntry, Round, RoundBet, Seat
from table.presets import PRESETS
from tests.engine.test_bets import ANY_NATURAL, throwaway_bet  # noqa: F401  (the fixture)
from tests.factories import ClassroomFactory, MembershipFactory, SeatFactory, UserFactory, arrange_shoe
from tests.support import HX, parse

D = Decimal
MAIN = ["player", "banker", "tie"]


def learner_in_class(**classroom) -> Seat:
    user = UserFactory()
    MembershipFactory(user=user, classroom=ClassroomFactory(**classroom))
    return SeatFactory(user=user)


def spots_on_the_felt(client, headers=None) -> list[str]:
    html = client.get(reverse("table:play"), headers=headers or {}).content
    return [
        field.attrs["name"].removeprefix("stake_")
        for field in parse(html).find_all("input", class_="spot-field")
    ]


def ledger(seat: Seat) -> list[tuple[str, Decimal]]:
    return list(LedgerEntry.objects.filter(seat=seat).order_by("id").values_list("kind", "amount"))


@pytest.mark.parametrize("headers", [HX, None], ids=["htmx", "plain"])
def test_a_class_with_side_bets_ticked_shows_exactly_those_spots(client, db, headers):
    seat = learner_in_class(side_bets=["lion_banker"])
    client.force_login(seat.user)
    assert spots_on_the_felt(client, headers) == [*MAIN, "lion_banker"]


@pytest.mark.parametrize("headers", [HX, None], ids=["htmx", "plain"])
def test_a_class_with_no_side_bet_ticked_shows_the_main_bets_only(client, db, headers):
    seat = learner_in_class(side_bets=[])
    client.force_login(seat.user)
    html = client.get(reverse("table:play"), headers=headers or {}).content
    assert spots_on_the_felt(client, headers) == MAIN
    assert not parse(html).find_all(class_="spot-side")


@pytest.mark.parametrize("headers", [HX, None], ids=["htmx", "plain"])
def test_a_learner_outside_any_class_sees_the_default_side_bets(client, db, headers):
    seat = SeatFactory()
    client.force_login(seat.user)
    assert spots_on_the_felt(client, headers) == [*MAIN, *DEFAULT_SIDE_BETS]


def test_a_new_class_shows_the_default_side_bets(db):
    assert ClassroomFactory().side_bets == list(DEFAULT_SIDE_BETS)


def test_each_side_bet_spot_prints_its_name_limits_and_pay_table(client, db):
    seat = SeatFactory()
    client.force_login(seat.user)
    felt = parse(client.get(reverse("table:play")).content)
    spot = felt.find("div", class_="spot-lion_player")
    assert "spot-side" in spot.classes and "side-player" in spot.classes
    # The spot prints a short name; the whole one is its title and names its field.
    assert spot.find(class_="spot-name").text.startswith("Lion Bonus · Player")
    assert spot.attrs["title"] == bet_name("lion_player")
    assert spot.find("input", class_="spot-field").attrs["aria-label"] == f"{bet_name('lion_player')} chips"
    assert spot.find(class_="spot-limits").text == "10 to 50 chips"
    lines = [line.text for line in spot.find(class_="spot-table").find_all("li")]
    assert lines == ["natural 1:1", "by 9 30:1", "by 8 10:1", "by 7 6:1", "by 6 4:1", "by 5 2:1", "by 4 1:1"]
    assert spot.find(class_="spot-excludes").text == f"not with {bet_name('lion_banker')}"
    limits = felt.find("p", class_="limits").text
    assert f"{bet_name('lion_player')}, {bet_name('lion_banker')}: only one of them per coup." in limits


@pytest.mark.parametrize("headers", [HX, None], ids=["htmx", "plain"])
@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"stake_lion_player": "10"}, errors.SIDE_BET_NOT_OFFERED.format(bet=bet_name("lion_player"))),
        ({"stake_roulette": "10"}, errors.UNKNOWN_BET_KIND.format(kind="roulette")),
        ({"stake_player": "10", "stake_" + "x" * 80: "5"}, errors.UNKNOWN_BET_KIND.format(kind="x" * 30)),
    ],
    ids=["not offered", "unknown", "long unknown"],
)
@pytest.mark.parametrize("url", ["table:round-confirm", "table:round-draft"])
def test_an_unoffered_or_unknown_kind_is_a_400_and_moves_no_chip(client, db, headers, data, message, url):
    seat = learner_in_class(side_bets=["lion_banker"])
    client.force_login(seat.user)
    before = ledger(seat)

    response = client.post(reverse(url), {"round": "1", **data}, headers=headers or {})

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert escape(str(message)) in response.content.decode()
    assert Seat.objects.get(pk=seat.pk).balance == D("100.00") and ledger(seat) == before
    assert not RoundBet.objects.filter(round__seat=seat).exists()


@pytest.mark.parametrize("headers", [HX, None], ids=["htmx", "plain"])
def test_a_chip_on_an_unoffered_spot_is_refused(client, db, headers):
    seat = learner_in_class(side_bets=[])
    client.force_login(seat.user)
    response = client.post(
        reverse("table:round-draft"),
        {"round": "1", "add": "lion_player", "chip": "10"},
        headers=headers or {},
    )
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert (
        escape(str(errors.SIDE_BET_NOT_OFFERED.format(bet=bet_name("lion_player"))))
        in response.content.decode()
    )
    assert not RoundBet.objects.filter(round__seat=seat).exists()


def test_the_settlement_refuses_a_side_bet_the_rounds_table_does_not_offer(db, monkeypatch):
    seat = SeatFactory()
    arrange_shoe(seat, "9S 2H KD 3C")
    playing.round_confirm(seat, {"lion_player": 10})
    balance, entries = Seat.objects.get(pk=seat.pk).balance, ledger(seat)
    # The table stops offering the Lion Bonus while the coup is dealt (stored rows no learner can make).
    monkeypatch.setitem(PRESETS, "standard", replace(PRESETS["standard"], side_bets=()))

    with pytest.raises(errors.InvalidInput) as refused:
        playing.cards_deal(seat, 4)

    assert refused.value.message == errors.SIDE_BET_NOT_OFFERED.format(bet=bet_name("lion_player"))
    assert Seat.objects.get(pk=seat.pk).balance == balance and ledger(seat) == entries
    assert Round.objects.get(seat=seat).state == Round.State.DEALING


def test_a_stored_kind_the_registry_does_not_know_is_refused_not_a_crash(client, db):
    seat = SeatFactory()
    client.force_login(seat.user)
    round = services.round_draft(user=seat.user, bets=playing.bets_from({"player": 10}))
    RoundBet.objects.filter(round=round).update(kind="gone_bet")

    with pytest.raises(errors.InvalidInput) as refused:
        services.round_confirm(user=seat.user)  # the draft as it stands

    assert refused.value.message == errors.UNKNOWN_BET_KIND.format(kind="gone_bet")
    assert Seat.objects.get(pk=seat.pk).balance == D("100.00")
    assert client.get(reverse("table:play"), headers=HX).status_code == HTTPStatus.OK  # the felt still draws


@pytest.fixture
def offered_throwaway(throwaway_bet, monkeypatch):  # noqa: F811
    """The throw-away side bet at the standard table, as ``baccarat.tables`` would list it."""
    table = PRESETS["standard"]
    monkeypatch.setitem(PRESETS, "standard", replace(table, side_bets=(*table.side_bets, ANY_NATURAL)))
    return throwaway_bet


@pytest.mark.parametrize("headers", [HX, None], ids=["htmx", "plain"])
def test_a_throwaway_side_bet_appears_on_the_felt_when_offered(client, db, offered_throwaway, headers):
    seat = learner_in_class(side_bets=[ANY_NATURAL])
    client.force_login(seat.user)
    assert spots_on_the_felt(client, headers) == [*MAIN, ANY_NATURAL]
    spot = parse(client.get(reverse("table:play"), headers=headers or {}).content).find(
        "div", class_=f"spot-{ANY_NATURAL}"
    )
    assert spot.find(class_="spot-name").text.startswith("Any natural")
    assert spot.find(class_="spot-pays").text == "pays 4:1"
    assert spot.find(class_="spot-limits").text == "1 to 20 chips" and "side-none" in spot.classes


def test_a_throwaway_side_bet_is_not_shown_to_a_class_that_did_not_tick_it(client, db, offered_throwaway):
    seat = learner_in_class()  # the defaults: the Lion Bonus only
    client.force_login(seat.user)
    assert ANY_NATURAL not in spots_on_the_felt(client)


def test_a_throwaway_side_bet_is_bet_and_settled_through_the_services(client, db, offered_throwaway):
    seat = learner_in_class(side_bets=[ANY_NATURAL, "lion_banker"])
    client.force_login(seat.user)
    arrange_shoe(seat, "9S 2H KD 3C")  # Player 9 against Banker 5: a natural

    placed = client.post(
        reverse("table:round-draft"), {"round": "1", "add": ANY_NATURAL, "chip": "10"}, headers=HX
    )
    assert placed.status_code == HTTPStatus.OK
    confirmed = client.post(reverse("table:round-confirm"), {"round": "1", f"stake_{ANY_NATURAL}": "10"})
    assert confirmed.status_code == HTTPStatus.FOUND
    round = playing.round_finish(Seat.objects.get(pk=seat.pk))

    [bet] = round.bets.all()
    assert (bet.kind, bet.result, bet.winnings, bet.stake_returned) == (
        ANY_NATURAL,
        "won",
        D("40.00"),
        D("10.00"),
    )
    assert Seat.objects.get(pk=seat.pk).balance == D("140.00")
    winnings = LedgerEntry.objects.get(seat=seat, kind=LedgerEntry.Kind.WINNINGS)
    assert (winnings.bet_kind, winnings.amount) == (ANY_NATURAL, D("40.00"))


@pytest.mark.parametrize("headers", [HX, None], ids=["htmx", "plain"])
@pytest.mark.parametrize(
    ("ticked", "rows", "side_note"),
    [
        (["lion_banker"], ["player", "banker", "tie", "lion_banker"], True),
        ([], ["player", "banker", "tie"], False),
    ],
)
def test_the_odds_page_lists_only_the_bets_the_table_offers(client, db, headers, ticked, rows, side_note):
    seat = learner_in_class(side_bets=ticked)
    arrange_shoe(seat, "9S 2H KD 3C 5D 6C 7H 8S")
    client.force_login(seat.user)

    page = parse(client.get(reverse("table:odds"), headers=headers or {}).content)

    edges = [
        row.attrs["class"].removeprefix("edge-")
        for row in page.find("table", class_="odds-table").find_all("tr")
        if row.attrs.get("class", "").startswith("edge-")
    ]
    assert edges == rows
    assert bool(page.find_all("p", class_="side-bets")) is side_note


def test_a_pair_bet_ticked_by_the_class_is_on_the_felt_and_priced_on_the_odds_page(client, db):
    seat = learner_in_class(side_bets=["player_pair"])
    arrange_shoe(seat, "9S 2H KD 3C 5D 6C 7H 8S")
    client.force_login(seat.user)

    assert spots_on_the_felt(client) == [*MAIN, "player_pair"]
    page = parse(client.get(reverse("table:odds")).content)
    row = page.find("tr", class_="edge-player_pair")
    assert "%" in row.text and "not worked out" not in row.text
