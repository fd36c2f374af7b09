"""A class round through the services: bets, "No more bets", one card per request, the settlement."""

from decimal import Decimal

import pytest

from classtable import errors, services
from classtable.models import ClassBet, ClassPlay, ClassRound, ClassTable
from table import services as table_services
from table.models import LedgerEntry
from table.services import ledger_problems
from tests.classtable.helpers import balance, bets, current, deal_out, ledger_rows
from tests.factories import MembershipFactory

pytestmark = pytest.mark.django_db


def test_a_whole_round_moves_every_chip_once_and_starts_the_next(table):
    a, b = table.learners
    versions = [ClassTable.objects.get(pk=table.pk).version]
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10))
    services.bets_confirm(user=b, table_id=table.pk, round_number=1, bets=bets(player=10, tie=5))
    assert (balance(a), balance(b)) == (Decimal("90.00"), Decimal("85.00"))
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    for index in range(4):
        result = services.card_deal(
            user=table.dealer, table_id=table.pk, round_number=1, expected_index=index
        )
        assert result.step is not None
        versions.append(ClassTable.objects.get(pk=table.pk).version)
    assert result.settled
    round = current(table)
    assert (round.state, round.winner, round.cards) == (ClassRound.State.SETTLED, "banker", "3 7 3 K")
    # Banker 7 beats Player 6: 10 on Banker returns 19.50 (5% commission), Player and Tie lose.
    assert (balance(a), balance(b)) == (Decimal("109.50"), Decimal("85.00"))
    assert ClassPlay.objects.filter(round=round, state=ClassPlay.State.SETTLED).count() == 2
    assert versions == sorted(set(versions))  # every card bumped the version
    assert ledger_problems() == []
    services.round_start(user=table.dealer, table_id=table.pk, round_number=2)
    assert current(table).state == ClassRound.State.BETTING


def test_a_draft_moves_no_chip_and_a_confirm_of_it_does(table):
    a, _b = table.learners
    services.bets_draft(user=a, table_id=table.pk, round_number=1, bets=bets(player=25))
    assert balance(a) == Decimal("100.00")
    services.bets_confirm(user=a, table_id=table.pk, round_number=1)
    assert balance(a) == Decimal("75.00")
    assert ClassBet.objects.get(play__user=a).amount == Decimal("25.00")


def test_a_draft_not_confirmed_by_no_more_bets_is_dropped(table):
    a, _b = table.learners
    services.bets_draft(user=a, table_id=table.pk, round_number=1, bets=bets(player=25))
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    assert ClassPlay.objects.get(user=a).state == ClassPlay.State.DROPPED
    deal_out(table)
    assert balance(a) == Decimal("100.00")


def test_a_bet_after_no_more_bets_is_refused_and_moves_no_chip(table):
    a, _b = table.learners
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    rows = ledger_rows()
    with pytest.raises(errors.WrongState) as refused:
        services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(player=10))
    assert refused.value.status == 409 and refused.value.message == errors.BETS_CLOSED
    with pytest.raises(errors.WrongState):
        services.bets_draft(user=a, table_id=table.pk, round_number=1, bets=bets(player=10))
    assert (ledger_rows(), balance(a)) == (rows, Decimal("100.00"))
    assert ledger_problems() == []


def test_a_second_confirm_is_refused_with_no_second_stake(table):
    a, _b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(player=10))
    with pytest.raises(errors.WrongState) as refused:
        services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(player=10))
    assert refused.value.message == errors.ALREADY_CONFIRMED
    assert balance(a) == Decimal("90.00")


@pytest.mark.parametrize(
    ("stakes", "message_start"),
    [
        ({"player": 3}, "Bets on Player"),
        ({"player": 101}, "Bets on Player"),
        ({"lion_player": 5, "lion_banker": 5}, ""),
    ],
)
def test_bets_outside_the_limits_are_refused(table, stakes, message_start):
    a, _b = table.learners
    with pytest.raises(errors.InvalidInput) as refused:
        services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(**stakes))
    assert refused.value.status == 400 and refused.value.message.startswith(message_start)
    assert balance(a) == Decimal("100.00")


def test_more_than_the_balance_is_refused(table):
    a, _b = table.learners
    with pytest.raises(errors.InvalidInput):
        services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(player=100, tie=5))


def test_a_replayed_deal_changes_nothing(table):
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=0)
    version = ClassTable.objects.get(pk=table.pk).version
    shoe = ClassTable.objects.get(pk=table.pk).shoe_state
    again = services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=0)
    assert again.step is None
    assert current(table).cards == "3"
    assert ClassTable.objects.get(pk=table.pk).version == version
    assert ClassTable.objects.get(pk=table.pk).shoe_state == shoe
    with pytest.raises(errors.ClassTableError):  # a card past the next one
        services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=3)


def test_a_deal_before_no_more_bets_and_after_the_coup_is_refused(table):
    with pytest.raises(errors.WrongState) as refused:
        services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=0)
    assert refused.value.message == errors.NOT_BETTING
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    deal_out(table)
    with pytest.raises(errors.WrongState) as refused:
        services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=4)
    assert refused.value.message == errors.COUP_OVER


def test_a_stale_round_number_is_refused(table):
    with pytest.raises(errors.WrongState):
        services.bets_close(user=table.dealer, table_id=table.pk, round_number=2)
    with pytest.raises(errors.WrongState):  # the next round waits for this one
        services.round_start(user=table.dealer, table_id=table.pk, round_number=2)


def test_a_learner_who_leaves_keeps_their_chips_and_their_stakes_settle(table):
    a, b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10))
    services.bets_draft(user=b, table_id=table.pk, round_number=1, bets=bets(banker=10))
    services.seat_leave(user=a, table_id=table.pk)
    services.seat_leave(user=b, table_id=table.pk)
    assert ClassPlay.objects.get(user=b).state == ClassPlay.State.DROPPED
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    deal_out(table)
    assert (balance(a), balance(b)) == (Decimal("109.50"), Decimal("100.00"))
    with pytest.raises(errors.NotAllowed):  # gone: no bets until they sit down again
        services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10))
    assert ledger_problems() == []


def test_a_late_joiner_plays_from_the_next_round(table):
    late = MembershipFactory(classroom=table.classroom).user
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    services.seat_join(user=late, table_id=table.pk)
    with pytest.raises(errors.WrongState):
        services.bets_confirm(user=late, table_id=table.pk, round_number=1, bets=bets(banker=10))
    deal_out(table)
    services.round_start(user=table.dealer, table_id=table.pk, round_number=2)
    services.bets_confirm(user=late, table_id=table.pk, round_number=2, bets=bets(banker=10))
    assert balance(late) == Decimal("90.00")


def test_a_practice_round_in_play_does_not_block_the_class_table_nor_the_other_way(table):
    a, _b = table.learners
    table_services.seat_set_coach(user=a, on=False)
    table_services.round_confirm(user=a, bets=bets(player=10))  # dealing at the practice table
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10))
    table_services.round_deal(user=a, round_number=1, expected_index=0)
    assert balance(a) == Decimal("80.00")
    assert ledger_problems() == []
    assert LedgerEntry.objects.filter(seat__user=a, kind=LedgerEntry.Kind.STAKE).count() == 2
