"""Side bets at the class table: the learner's felt offers those of the class table's preset that the class
shows (as the practice felt does), the services settle them once through the ledger, and one the table or
the class does not offer is refused with a 4xx and no chip moved. The projector counts them."""

from __future__ import annotations

import re
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.urls import reverse

from classtable import errors, services
from classtable.models import ClassBet, ClassPlay
from table.models import LedgerEntry
from table.services import ledger_problems
from tests.classtable.helpers import balance, bets, current, deal_out, ledger_rows
from tests.classtable.support import HX, client_for
from tests.factories import ClassroomFactory, ClassTableFactory, UserFactory

pytestmark = pytest.mark.django_db
ALL_SIDE_BETS = ["lion_player", "lion_banker", "player_pair", "banker_pair", "dragon_7", "panda_8"]


def side_table(preset: str, cards: str, side_bets=ALL_SIDE_BETS, learners: int = 1):
    dealer = UserFactory(instructor=True)
    classroom = ClassroomFactory(instructors=[dealer], presets=["standard", "ez"], side_bets=list(side_bets))
    return ClassTableFactory(
        dealer=dealer, classroom=classroom, preset=preset, cards=cards, learners=learners
    )


def url(table, name: str) -> str:
    return reverse(f"classtable:{name or 'table'}", args=[table.pk])


def spots_in(html: str) -> list[str]:
    return re.findall(r'name="stake_(\w+)"', html)


def test_the_felt_offers_the_presets_side_bets_the_class_shows_behind_the_disclosure():
    ez = side_table("ez", "3 9 3 K", side_bets=["lion_banker", "player_pair", "dragon_7"])
    learner = client_for(ez.learners[0])
    html = learner.get(url(ez, "")).content.decode()

    assert spots_in(html) == ["player", "banker", "tie", "lion_banker", "player_pair", "dragon_7"]
    assert '<details class="side-bets"' in html and "Side bets (3)" in html
    assert 'class="side-terms"' in html  # each family's whole name, limits and pay table

    # The Standard preset has no Dragon 7: the same class sees only the Lion Bonus and the pair.
    standard = side_table("standard", "3 9 3 K", side_bets=["lion_banker", "player_pair", "dragon_7"])
    html = client_for(standard.learners[0]).get(url(standard, ""), headers=HX).content.decode()
    assert spots_in(html) == ["player", "banker", "tie", "lion_banker", "player_pair"]

    # A class that shows no side bet: Player, Banker and Tie only, and no disclosure.
    plain = side_table("standard", "3 9 3 K", side_bets=[])
    html = client_for(plain.learners[0]).get(url(plain, "")).content.decode()
    assert spots_in(html) == ["player", "banker", "tie"] and "side-bets" not in html


def test_a_chip_on_a_side_spot_is_drafted_then_confirmed_and_the_disclosure_stays_open():
    table = side_table("standard", "3 9 3 K")
    learner = client_for(table.learners[0])
    answer = learner.post(url(table, "draft"), {"round": "1", "add": "player_pair", "chip": "10"}, headers=HX)
    assert answer.status_code == 200
    assert ClassPlay.objects.get(user=table.learners[0]).draft == {"player_pair": "10.00"}
    assert re.search(r'<details class="side-bets"[^>]* open', answer.content.decode())
    assert balance(table.learners[0]) == Decimal("100.00")  # a draft moves no chip

    confirmed = learner.post(url(table, "confirm"), {"round": "1", "stake_player_pair": "10"}, headers=HX)
    assert confirmed.status_code == 200
    assert balance(table.learners[0]) == Decimal("90.00")
    assert "10 chips" in confirmed.content.decode()  # the placed spot shows the stake


def test_a_pair_and_a_lion_bonus_settle_once_through_the_ledger():
    """Player 3 3 (a pair) against Banker 9 K (a natural 9): Banker wins, the Player pair pays 11:1 and the
    Lion Bonus on Banker's natural win pays 1:1."""
    table = side_table("standard", "3 9 3 K")
    a = table.learners[0]
    stakes = bets(banker=10, player_pair=10, lion_banker=10)
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=stakes)
    assert balance(a) == Decimal("70.00")
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    round = deal_out(table)

    returned = {bet.kind: (bet.result, bet.returned_total) for bet in ClassBet.objects.filter(play__user=a)}
    assert returned == {
        "banker": (ClassBet.Result.WON, Decimal("19.50")),
        "player_pair": (ClassBet.Result.WON, Decimal("120.00")),
        "lion_banker": (ClassBet.Result.WON, Decimal("20.00")),
    }
    assert balance(a) == Decimal("70.00") + Decimal("159.50")
    paid = LedgerEntry.objects.filter(reference=ClassPlay.objects.get(user=a).reference)
    assert set(paid.exclude(kind=LedgerEntry.Kind.STAKE).values_list("bet_kind", flat=True)) == {
        "banker",
        "lion_banker",
        "player_pair",
    }

    # A doubled settlement (a second deal of the ended coup) moves nothing.
    rows = ledger_rows()
    with pytest.raises(errors.AppError):
        services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=4)
    assert (ledger_rows(), balance(a), current(table).pk) == (rows, Decimal("229.50"), round.pk)
    assert ledger_problems() == []


def test_a_dragon_7_at_the_ez_table_pays_40_to_1_and_the_banker_bet_is_returned():
    """Player K Q 5 (5) against Banker 4 K 3: Banker wins with three cards totalling 7."""
    table = side_table("ez", "K 4 Q K 5 3")
    a = table.learners[0]
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10, dragon_7=10))
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    deal_out(table)

    returned = {bet.kind: (bet.result, bet.returned_total) for bet in ClassBet.objects.filter(play__user=a)}
    assert returned == {
        "banker": (ClassBet.Result.PUSH, Decimal("10.00")),
        "dragon_7": (ClassBet.Result.WON, Decimal("410.00")),
    }
    assert balance(a) == Decimal("500.00")
    assert ledger_problems() == []


@pytest.mark.parametrize(
    ("preset", "side_bets", "kind"),
    [
        ("standard", ALL_SIDE_BETS, "dragon_7"),  # the class shows it, the Standard table has none
        ("ez", ["lion_banker"], "player_pair"),  # the table offers it, the class does not show it
    ],
    ids=["not-at-the-table", "not-in-the-class"],
)
@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_side_bet_not_offered_is_refused_with_no_chip_moved(preset, side_bets, kind, headers):
    table = side_table(preset, "3 9 3 K", side_bets=side_bets)
    a = table.learners[0]
    learner = client_for(a)
    rows = ledger_rows()
    for name, fields in (
        ("draft", {"round": "1", "add": kind, "chip": "10"}),
        ("draft", {"round": "1", f"stake_{kind}": "10"}),
        ("confirm", {"round": "1", f"stake_{kind}": "10", "stake_banker": "10"}),
    ):
        answer = learner.post(url(table, name), fields, headers=headers, follow=not headers)
        if headers:
            assert answer.status_code == HTTPStatus.BAD_REQUEST, (name, answer.status_code)
            page = answer.content.decode()
        else:  # POST, redirect, GET: the page says why
            assert answer.redirect_chain[0][1] == HTTPStatus.FOUND
            page = answer.content.decode()
        assert "is not offered at your table" in page, (name, page[:300])
    assert (ledger_rows(), balance(a)) == (rows, Decimal("100.00"))
    assert not ClassBet.objects.filter(play__user=a).exists()
    assert not ClassPlay.objects.filter(user=a).exclude(draft={}).exists()  # no draft kept either
    with pytest.raises(errors.InvalidInput):
        services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(**{kind: 10}))


def test_a_side_bet_over_its_limit_is_refused():
    table = side_table("standard", "3 9 3 K")
    a = table.learners[0]
    with pytest.raises(errors.InvalidInput):
        services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(lion_banker=60))
    with pytest.raises(errors.InvalidInput):  # under the Lion Bonus's minimum of 10
        services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(lion_banker=5))
    assert balance(a) == Decimal("100.00")


def test_the_projector_counts_the_side_bets_that_have_chips():
    table = side_table("standard", "3 9 3 K", learners=2)
    a, b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10, player_pair=5))
    services.bets_confirm(
        user=b, table_id=table.pk, round_number=1, bets=bets(player_pair=20, lion_banker=10)
    )

    html = client_for(table.dealer).get(url(table, "projector")).content.decode()

    counts = re.findall(
        r'<tr class="spot-row-(\w+)"><th scope="row".*?</th><td>(\d+)</td><td>(\d+)</td>', html
    )
    assert counts == [
        ("player", "0", "0"),
        ("banker", "1", "10"),
        ("tie", "0", "0"),
        ("lion_banker", "1", "10"),
        ("player_pair", "2", "25"),
    ]
    assert "banker_pair" not in html  # a side bet nobody staked is no row
    # The projector's column prints the felt's short name; the whole one is the row's accessible name.
    assert re.search(
        r'title="Lion Bonus \(Dragon Bonus\) on Banker"><span aria-hidden="true">Lion Bonus · Banker<', html
    )
