"""``ledger_append_seats``: many seats' movements in one insert and one update, or none of them."""

from decimal import Decimal

import pytest
from django.db import transaction

from table.models import LedgerEntry, Seat
from table.services import Entry, LedgerMismatch, ledger_append_seats, ledger_problems
from tests.factories import SeatFactory

pytestmark = pytest.mark.django_db


def locked(*seats):
    return list(Seat.objects.select_for_update().filter(pk__in=[seat.pk for seat in seats]).order_by("pk"))


def test_every_seat_moves_and_each_balance_is_its_ledger():
    first, second = SeatFactory(), SeatFactory()
    with transaction.atomic():
        a, b = locked(first, second)
        rows = ledger_append_seats(
            [
                (
                    a,
                    [
                        Entry(LedgerEntry.Kind.WINNINGS, Decimal("9.50")),
                        Entry(LedgerEntry.Kind.GRANT, Decimal(1)),
                    ],
                ),
                (b, [Entry(LedgerEntry.Kind.STAKE, Decimal("-5.00"))]),
            ]
        )
    assert [row.balance_after for row in rows] == [Decimal("109.50"), Decimal("110.50"), Decimal("95.00")]
    first.refresh_from_db(), second.refresh_from_db()
    assert (first.balance, second.balance) == (Decimal("110.50"), Decimal("95.00"))
    assert ledger_problems() == []


def test_a_seat_changed_since_it_was_read_writes_nothing_for_any_seat():
    first, second = SeatFactory(), SeatFactory()
    rows = LedgerEntry.objects.count()
    a, b = locked(first, second)
    Seat.objects.filter(pk=b.pk).update(balance=Decimal("1.00"))  # changed behind the reader's back
    with pytest.raises(LedgerMismatch):
        ledger_append_seats(
            [
                (a, [Entry(LedgerEntry.Kind.GRANT, Decimal(5))]),
                (b, [Entry(LedgerEntry.Kind.GRANT, Decimal(5))]),
            ]
        )
    first.refresh_from_db()
    assert (first.balance, LedgerEntry.objects.count()) == (Decimal("100.00"), rows)
    Seat.objects.filter(pk=b.pk).update(balance=Decimal("100.00"))  # as it was, for the ledger check after
