"""Racing requests for one learner on PostgreSQL: each round is confirmed, dealt and settled once.

These tests need real row locks (``select_for_update`` is a no-op on SQLite),
so they carry the ``postgres`` marker and are skipped elsewhere.
"""

import threading
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from table.models import LedgerEntry, Round, Seat
from table.services import ledger_verify
from tests.factories import SeatFactory, arrange_shoe
from tests.support import HX

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 8


def race(user, requests):
    """Send each (url, data) from its own thread and client, all released at once; return the statuses."""
    barrier = threading.Barrier(len(requests))
    statuses, failures = [], []

    def send(url, data):
        try:
            client = Client()
            client.force_login(user)
            barrier.wait(timeout=10)
            statuses.append(client.post(url, data, headers=HX).status_code)
        except Exception as error:  # noqa: BLE001 - reported to the test below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send, args=request) for request in requests]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures
    return statuses


@pytest.fixture
def seat():
    return SeatFactory()


def test_racing_confirms_commit_the_stakes_exactly_once(seat):
    confirm = (reverse("table:round-confirm"), {"round": "1", "stake_player": "10"})

    statuses = race(seat.user, [confirm] * THREADS)

    assert sorted(statuses) == [HTTPStatus.OK] + [HTTPStatus.CONFLICT] * (THREADS - 1)
    assert Seat.objects.get(pk=seat.pk).balance == Decimal("90.00")
    assert LedgerEntry.objects.filter(seat=seat, kind="stake").count() == 1
    ledger_verify(seat)


def test_racing_deals_deal_each_card_once_and_settle_once(seat):
    arrange_shoe(seat, "5 3 K J 8")  # Player 5 draws an 8; Banker 3 stands: a tie
    client = Client()
    client.force_login(seat.user)
    client.post(reverse("table:round-confirm"), {"round": "1", "stake_tie": "10", "stake_player": "10"})

    for index in range(5):
        deal = (reverse("table:round-deal"), {"round": "1", "card": str(index)})
        statuses = race(seat.user, [deal] * THREADS)
        assert set(statuses) == {HTTPStatus.OK}, statuses

    round = Round.objects.get(seat=seat)
    assert (round.cards, round.state, round.winner) == ("5 3 K J 8", "settled", "tie")
    # 100 - 20 staked + 90 for the Tie bet + 10 for the returned Player bet
    assert Seat.objects.get(pk=seat.pk).balance == Decimal("180.00")
    assert LedgerEntry.objects.filter(round=round).exclude(kind="stake").count() == 3
    ledger_verify(seat)


def test_confirm_and_deal_racing_each_other_never_break_the_ledger(seat):
    arrange_shoe(seat, "4 2 4 3")
    requests = [(reverse("table:round-confirm"), {"round": "1", "stake_banker": "10"})] * 4 + [
        (reverse("table:round-deal"), {"round": "1", "card": str(index % 4)}) for index in range(8)
    ]

    statuses = race(seat.user, requests)

    assert HTTPStatus.INTERNAL_SERVER_ERROR not in statuses
    assert set(statuses) <= {HTTPStatus.OK, HTTPStatus.CONFLICT, HTTPStatus.BAD_REQUEST, HTTPStatus.NOT_FOUND}
    assert LedgerEntry.objects.filter(seat=seat, kind="stake").count() == 1
    ledger_verify(seat)


def test_two_learners_playing_at_once_do_not_wait_on_each_other_or_mix(db):
    seats = [SeatFactory(), SeatFactory()]
    for seat in seats:
        arrange_shoe(seat, "4 2 4 3")
        client = Client()
        client.force_login(seat.user)
        client.post(reverse("table:round-confirm"), {"round": "1", "stake_player": "10"})

    for index in range(4):
        for seat in seats:
            race(seat.user, [(reverse("table:round-deal"), {"round": "1", "card": str(index)})] * 2)

    for seat in seats:
        assert Seat.objects.get(pk=seat.pk).balance == Decimal("110.00")
        ledger_verify(seat)
