"""Racing class-table requests on PostgreSQL: 60 confirms against "No more bets", doubled deals, settlements.

They need real row locks (``select_for_update`` is a no-op on SQLite), so they carry the ``postgres``
marker and are skipped elsewhere. Each thread calls the service with its own connection, all released
at once by a barrier; a refusal must be one of the class table's 4xx errors, and the ledger exact.
"""

import threading
from decimal import Decimal

import pytest
from django.db import connections

from classtable import errors, services
from classtable.models import ClassPlay, ClassRound, ClassTable
from table.models import LedgerEntry, Seat
from table.services import ledger_problems
from tests.classtable.helpers import balance, bets, current
from tests.factories import ClassTableFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def together(calls):
    """Run each callable from its own thread, released at once; return what each returned or raised."""
    barrier = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(timeout=30)
            outcomes[index] = call()
        except Exception as error:  # noqa: BLE001 - judged by the test
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index, call)) for index, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_sixty_confirms_racing_no_more_bets_are_each_wholly_in_or_refused():
    table = ClassTableFactory(learners=60, cards="3 7 3 K")
    confirms = [
        (
            lambda user=user: services.bets_confirm(
                user=user, table_id=table.pk, round_number=1, bets=bets(banker=10)
            )
        )
        for user in table.learners
    ]
    close = [lambda: services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)]
    outcomes = together(confirms[:30] + close + confirms[30:])
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert all(isinstance(o, errors.WrongState) and o.message == errors.BETS_CLOSED for o in refused), refused
    confirmed = ClassPlay.objects.filter(round__table=table, state=ClassPlay.State.CONFIRMED)
    closed_at = current(table).bets_closed_at
    assert all(play.confirmed_at < closed_at for play in confirmed)
    assert confirmed.count() + len(refused) == 60
    for user in table.learners:
        staked = confirmed.filter(user=user).exists()
        assert balance(user) == (Decimal("90.00") if staked else Decimal("100.00"))
    stakes = LedgerEntry.objects.filter(kind=LedgerEntry.Kind.STAKE, reference__startswith="class-play:")
    assert stakes.count() == confirmed.count()
    assert ledger_problems() == []


def test_doubled_deals_deal_one_card_and_a_doubled_settlement_pays_once():
    table = ClassTableFactory(learners=6, cards="3 7 3 K")
    for user in table.learners:
        services.bets_confirm(user=user, table_id=table.pk, round_number=1, bets=bets(banker=10))
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    for index in range(4):  # the fourth card settles the coup: eight racing requests for each
        deal = lambda index=index: services.card_deal(  # noqa: E731
            user=table.dealer, table_id=table.pk, round_number=1, expected_index=index
        )
        outcomes = together([deal] * 8)
        assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
        assert sum(1 for o in outcomes if o.step is not None) == 1
        assert len(current(table).card_tokens) == index + 1
    assert current(table).state == ClassRound.State.SETTLED
    for user in table.learners:
        assert balance(user) == Decimal("109.50")
    paid = LedgerEntry.objects.filter(kind=LedgerEntry.Kind.STAKE_RETURN, reference__startswith="class-play:")
    assert paid.count() == 6
    assert ledger_problems() == []


def test_settling_decisions_racing_the_close_pay_once_or_return_once():
    table = ClassTableFactory(learners=6, cards="3 7 3 K", calls_draws=True)
    for user in table.learners:
        services.bets_confirm(user=user, table_id=table.pk, round_number=1, bets=bets(banker=10))
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    for index in range(4):
        services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=index)
    services.decision_close(user=table.dealer, table_id=table.pk, round_number=1, question="player_draw")
    settle = lambda: services.decision_close(  # noqa: E731
        user=table.dealer, table_id=table.pk, round_number=1, question="banker_draw"
    )
    close = lambda: services.class_table_close(user=table.dealer, table_id=table.pk)  # noqa: E731
    outcomes = together([settle] * 4 + [close] + [settle] * 3)
    assert all(
        o is None or not isinstance(o, Exception) or isinstance(o, errors.ClassTableError) for o in outcomes
    )
    round = current(table)
    assert ClassTable.objects.get(pk=table.pk).state == ClassTable.State.CLOSED
    expected = Decimal("109.50") if round.state == ClassRound.State.SETTLED else Decimal("100.00")
    assert round.state in (ClassRound.State.SETTLED, ClassRound.State.RETURNED)
    for user in table.learners:
        assert balance(user) == expected
    assert ledger_problems() == []
    assert not Seat.objects.filter(balance__lt=0).exists()


def test_drafts_racing_no_more_bets_and_their_own_confirms_move_no_chip_and_leave_no_draft_behind():
    """A draft takes no lock: one that loses the race to "No more bets" is refused or stays a draft until
    the coup drops it; one that races its learner's confirm leaves the confirmed stakes as they are."""
    table = ClassTableFactory(learners=40, cards="3 7 3 K")
    learners = table.learners
    drafts = [
        (
            lambda user=user: services.bets_draft(
                user=user, table_id=table.pk, round_number=1, bets=bets(tie=5)
            )
        )
        for user in learners
    ]
    confirms = [
        (
            lambda user=user: services.bets_confirm(
                user=user, table_id=table.pk, round_number=1, bets=bets(banker=10)
            )
        )
        for user in learners[:20]
    ]
    close = [lambda: services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)]
    outcomes = together(drafts[:20] + confirms[:10] + close + confirms[10:] + drafts[20:])
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert all(isinstance(o, errors.WrongState) for o in refused), refused
    confirmed = ClassPlay.objects.filter(round__table=table, state=ClassPlay.State.CONFIRMED)
    assert all(play.draft == {} and play.committed == Decimal("10.00") for play in confirmed)

    for index in range(4):  # Player 3 3 = 6 and Banker 7 K = 7 stand: the fourth card settles the coup
        services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=index)
    assert ClassRound.objects.get(table=table, number=1).state == ClassRound.State.SETTLED
    assert not ClassPlay.objects.filter(round__table=table, state=ClassPlay.State.DRAFT).exists()
    staked = set(confirmed.values_list("user_id", flat=True))
    for user in learners[20:]:  # drafts only: not a chip moved
        assert user.pk not in staked and balance(user) == Decimal("100.00")
    assert ledger_problems() == []
