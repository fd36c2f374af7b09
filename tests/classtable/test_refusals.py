"""Who may do what at a class table, and the ended, idle and crashed sessions: a 4xx, never a chip lost."""

import io
from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.utils import timezone

from baccarat import Coup
from classtable import errors, services
from classtable.models import ClassPlay, ClassRound, ClassTable
from classtable.services import settlement
from table.models import LedgerEntry, Seat
from table.services import Entry, ledger_append, ledger_problems
from tests.classtable.helpers import balance, bets, current, deal_out, ledger_rows
from tests.factories import ClassroomFactory, ClassTableFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_only_members_of_the_class_join_and_bet(table, outsider):
    with pytest.raises(errors.NotAllowed) as refused:
        services.seat_join(user=outsider, table_id=table.pk)
    assert refused.value.status == 403 and refused.value.message == errors.NOT_A_MEMBER
    with pytest.raises(errors.NotAllowed):
        services.bets_confirm(user=outsider, table_id=table.pk, round_number=1, bets=bets(player=10))
    other_class = MembershipFactory().user
    with pytest.raises(errors.NotAllowed):
        services.seat_join(user=other_class, table_id=table.pk)
    assert ledger_problems() == []


def test_a_second_instructor_of_the_class_may_not_deal(table):
    second = UserFactory(instructor=True)
    table.classroom.instructors.add(second)
    for action in (
        lambda: services.bets_close(user=second, table_id=table.pk, round_number=1),
        lambda: services.card_deal(user=second, table_id=table.pk, round_number=1, expected_index=0),
        lambda: services.round_start(user=second, table_id=table.pk, round_number=2),
    ):
        with pytest.raises(errors.NotAllowed) as refused:
            action()
        assert refused.value.status == 403 and refused.value.message == errors.NOT_THE_DEALER
    assert current(table).state == ClassRound.State.BETTING


def test_a_learner_may_not_deal(table):
    with pytest.raises(errors.NotAllowed):
        services.bets_close(user=table.learners[0], table_id=table.pk, round_number=1)


def test_only_an_instructor_of_the_class_opens_one_and_only_one(table):
    stranger = UserFactory(instructor=True)
    with pytest.raises(errors.NotAllowed):
        services.class_table_open(user=stranger, classroom_id=table.classroom_id, preset="standard")
    with pytest.raises(errors.NotAllowed):
        services.class_table_open(user=table.learners[0], classroom_id=table.classroom_id, preset="standard")
    with pytest.raises(errors.WrongState) as refused:
        services.class_table_open(user=table.dealer, classroom_id=table.classroom_id, preset="standard")
    assert refused.value.message == errors.ALREADY_OPEN


def test_a_table_the_class_does_not_offer_is_refused():
    dealer = UserFactory(instructor=True)
    classroom = ClassroomFactory(instructors=[dealer], presets=["standard"])
    for preset in ("ez", "no-such-table"):
        with pytest.raises(errors.InvalidInput):
            services.class_table_open(user=dealer, classroom_id=classroom.pk, preset=preset)
    assert not ClassTable.objects.exists()


def test_a_closed_session_refuses_every_write_and_returns_the_stakes(table):
    a, b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(player=10, tie=5))
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=0)
    services.class_table_close(user=table.dealer, table_id=table.pk)
    assert balance(a) == Decimal("100.00")
    assert ClassPlay.objects.get(user=a).state == ClassPlay.State.RETURNED
    assert current(table).state == ClassRound.State.RETURNED
    assert ClassTable.objects.get(pk=table.pk).shoe_state == ""
    rows = ledger_rows()
    for action in (
        lambda: services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=1),
        lambda: services.bets_confirm(user=b, table_id=table.pk, round_number=1, bets=bets(player=10)),
        lambda: services.seat_join(user=b, table_id=table.pk),
        lambda: services.round_start(user=table.dealer, table_id=table.pk, round_number=2),
    ):
        with pytest.raises(errors.SessionEnded) as refused:
            action()
        assert refused.value.status == 410
    services.class_table_close(user=table.dealer, table_id=table.pk)  # again: nothing changes
    assert ledger_rows() == rows
    assert ledger_problems() == []
    # The class may open a new session now.
    services.class_table_open(user=table.dealer, classroom_id=table.classroom_id, preset="standard")


def test_an_idle_session_ends_itself_on_the_next_write_and_returns_the_stakes(table, settings):
    settings.CLASS_TABLE_IDLE_MINUTES = 30
    a, _b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=20))
    ClassTable.objects.filter(pk=table.pk).update(last_activity=timezone.now() - timedelta(minutes=31))
    assert ClassTable.objects.get(pk=table.pk).ended()
    with pytest.raises(errors.SessionEnded):
        services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    closed = ClassTable.objects.get(pk=table.pk)
    assert closed.state == ClassTable.State.CLOSED
    assert balance(a) == Decimal("100.00")
    assert ledger_problems() == []


def test_idle_sessions_are_closed_by_the_sweep_and_a_new_one_may_open(table):
    a, _b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=20))
    assert services.close_idle_tables() == 0
    ClassTable.objects.filter(pk=table.pk).update(last_activity=timezone.now() - timedelta(hours=2))
    assert services.close_idle_tables() == 1
    assert balance(a) == Decimal("100.00")
    other = ClassTableFactory(classroom=table.classroom, dealer=table.dealer)
    assert other.state == ClassTable.State.OPEN


def test_opening_over_an_idle_session_ends_it_first(table):
    a, _b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=20))
    ClassTable.objects.filter(pk=table.pk).update(last_activity=timezone.now() - timedelta(hours=2))
    services.class_table_open(user=table.dealer, classroom_id=table.classroom_id, preset="standard")
    assert ClassTable.objects.get(pk=table.pk).state == ClassTable.State.CLOSED
    assert balance(a) == Decimal("100.00")


def test_a_doubled_settlement_writes_nothing_twice(table):
    a, _b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10))
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    round = deal_out(table)
    rows = ledger_rows()
    locked = ClassTable.objects.get(pk=table.pk)
    settlement.round_settle_locked(locked, round, Coup.replay(round.card_tokens))
    assert ledger_rows() == rows
    assert balance(a) == Decimal("109.50")


def test_the_ledger_refuses_a_second_payment_of_a_play(table):
    a, _b = table.learners
    play = services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10))
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    deal_out(table)
    with pytest.raises(IntegrityError), transaction.atomic():
        seat = Seat.objects.select_for_update().get(user=a, kind=Seat.Kind.TABLE)
        ledger_append(
            seat,
            [Entry(LedgerEntry.Kind.WINNINGS, Decimal("9.50"), bet_kind="banker", reference=play.reference)],
        )
    assert balance(a) == Decimal("109.50")


def test_a_worker_killed_mid_settlement_writes_nothing_and_the_retry_settles_once(table, monkeypatch):
    a, b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10))
    services.bets_confirm(user=b, table_id=table.pk, round_number=1, bets=bets(banker=20))
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    for index in range(3):
        services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=index)
    rows, before = ledger_rows(), ClassTable.objects.get(pk=table.pk)
    real = settlement.ledger_append_seats
    calls = []

    def dies_after_paying(movements):
        calls.append(real(movements))  # every seat's rows are written in the transaction ...
        raise SystemExit("worker killed")

    monkeypatch.setattr(settlement, "ledger_append_seats", dies_after_paying)
    with pytest.raises(SystemExit):
        services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=3)
    assert len(calls[0]) == 6  # stake back, winnings and commission for each of the two seats
    after = ClassTable.objects.get(pk=table.pk)
    assert ledger_rows() == rows  # ... and rolled back with it
    assert (after.shoe_state, after.version, current(table).cards) == (
        before.shoe_state,
        before.version,
        "3 7 3",
    )
    assert (balance(a), balance(b)) == (Decimal("90.00"), Decimal("80.00"))
    monkeypatch.setattr(settlement, "ledger_append_seats", real)
    result = services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=3)
    assert result.settled
    assert (balance(a), balance(b)) == (Decimal("109.50"), Decimal("119.00"))
    assert ledger_problems() == []


def test_the_sweep_command_closes_idle_sessions(table):
    ClassTable.objects.filter(pk=table.pk).update(last_activity=timezone.now() - timedelta(hours=2))
    out = io.StringIO()
    call_command("classtable_close_idle", stdout=out)
    assert out.getvalue().startswith("1 idle")
    assert ClassTable.objects.get(pk=table.pk).state == ClassTable.State.CLOSED
