"""The deal's written-out statements (``table.deal_rows``): they load, lock and write as the ORM would.

The first tests run on both databases; the lock-order and commit tests need PostgreSQL.
"""

from __future__ import annotations

import threading
import time
from decimal import Decimal
from http import HTTPStatus

import psycopg
import pytest
from django.db import connection, connections, transaction
from django.test import Client

from table import benchmark, deal_rows, services
from table.models import Round, Seat
from tests.factories import SeatFactory
from tests.support import HX
from tests.table.table_client import confirm, deal


def fields(instance) -> dict:
    return {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}


def typed(values: dict) -> dict:
    return {name: (type(value), value) for name, value in values.items()}


@pytest.mark.django_db
def test_the_locked_rows_load_exactly_as_the_orm_loads_them(player, seat):
    confirm(player, HX, player=10, tie=5)
    deal(player, 0, HX)
    Round.objects.filter(seat=seat, number=1).update(calls={"player-draw": {"answer": "draws"}})
    with transaction.atomic():
        locked_seat, locked_round = deal_rows.lock(seat.user, None, 1)
        by_pk_seat, by_pk_round = deal_rows.lock(seat.user, seat.pk, 1)

    orm_seat, orm_round = Seat.objects.get(pk=seat.pk), Round.objects.get(seat=seat, number=1)
    # Types too: Decimal balances, aware datetimes, JSON as dicts, booleans (SQLite stores 0/1).
    assert typed(fields(locked_seat)) == typed(fields(orm_seat)) == typed(fields(by_pk_seat))
    assert typed(fields(locked_round)) == typed(fields(orm_round)) == typed(fields(by_pk_round))
    assert locked_round.stakes == orm_round.stakes and isinstance(orm_round.stakes, dict)
    assert locked_seat.balance == Decimal("85.00")
    assert locked_round.seat is locked_seat
    assert not locked_seat._state.adding and not locked_round._state.adding


@pytest.mark.django_db
def test_without_that_round_nothing_is_loaded(seat):
    with transaction.atomic():
        assert deal_rows.lock(seat.user, None, 1) == (None, None)
        assert deal_rows.lock(seat.user, seat.pk, 1) == (None, None)


@pytest.mark.django_db
def test_a_card_is_written_to_both_rows_and_nothing_else(player, seat):
    confirm(player, HX, banker=10)
    before_seat, before_round = fields(Seat.objects.get(pk=seat.pk)), fields(Round.objects.get(seat=seat))

    assert deal(player, 0, HX).status_code == HTTPStatus.OK

    after_seat, after_round = fields(Seat.objects.get(pk=seat.pk)), fields(Round.objects.get(seat=seat))
    changed_seat = {name for name in after_seat if after_seat[name] != before_seat[name]}
    changed_round = {name for name in after_round if after_round[name] != before_round[name]}
    assert changed_seat == {"shoe_state", "updated_at"}
    assert changed_round == {"cards", "updated_at"}
    assert after_seat["updated_at"] == after_round["updated_at"] > before_round["updated_at"]
    assert len(after_round["cards"].split()) == 1


# --- PostgreSQL: the lock order and the commit --------------------------------------------------


def admin_connection():
    return benchmark.connect(connection.settings_dict, connection.settings_dict["NAME"])


def waiting_for(holder, prober) -> bool:
    """Whether a backend waits for a lock that ``holder`` holds (not any waiting lock of the server:
    the other test worker's database has its own)."""
    waiting = prober.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE %s = ANY(pg_blocking_pids(pid))",
        [holder.info.backend_pid],
    ).fetchone()[0]
    prober.rollback()
    return bool(waiting)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_deal_waiting_for_the_round_already_holds_the_seat_as_every_service_locks_them():
    """Seat first, then round (docs/decisions/0001): a deal that waits on a locked round holds its seat."""
    seat = SeatFactory()
    client = Client()
    client.force_login(seat.user)
    confirm(client, HX, player=10)
    round_id = Round.objects.get(seat=seat).pk
    statuses = []

    def deal_in_thread():
        try:
            other = Client()
            other.force_login(seat.user)
            statuses.append(deal(other, 0, HX).status_code)
        finally:
            connections.close_all()

    with admin_connection() as holder, admin_connection() as prober:
        holder.execute("SELECT 1 FROM table_round WHERE id = %s FOR UPDATE", [round_id])
        dealer = threading.Thread(target=deal_in_thread)
        dealer.start()
        try:
            for _ in range(200):  # until the deal is queued behind the round's lock (at most 10 s)
                if waiting_for(holder, prober):
                    break
                time.sleep(0.05)
            assert waiting_for(holder, prober)
            with pytest.raises(psycopg.errors.LockNotAvailable):
                prober.execute("SELECT 1 FROM table_seat WHERE id = %s FOR UPDATE NOWAIT", [seat.pk])
            prober.rollback()
        finally:
            holder.rollback()
            dealer.join(timeout=30)

    assert statuses == [HTTPStatus.OK]
    assert len(Round.objects.get(pk=round_id).cards.split()) == 1


def synchronous_commit() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('synchronous_commit')")
        return cursor.fetchone()[0]


def confirmed_round(cards_dealt: int) -> Seat:
    """A learner's seat with round 1 confirmed on an arranged shoe and its first cards dealt."""
    seat = SeatFactory(cards="5 3 K J 8")  # Player 5 draws an 8, Banker 3 stands: five cards
    client = Client()
    client.force_login(seat.user)
    confirm(client, HX, player=10)
    for index in range(cards_dealt):
        deal(client, index, HX)
    return seat


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("cards_dealt", "state", "setting"),
    [
        pytest.param(0, Round.State.DEALING, "off", id="a card that moves no chip: no wait for the disk"),
        pytest.param(4, Round.State.SETTLED, "on", id="a settling card: committed as every chip movement"),
    ],
)
def test_only_a_card_that_moves_no_chip_commits_without_waiting_for_the_disk(cards_dealt, state, setting):
    seat = confirmed_round(cards_dealt)
    with transaction.atomic():
        result = services.round_deal(user=seat.user, round_number=1, expected_index=cards_dealt)
        assert result.round.state == state
        assert synchronous_commit() == setting
