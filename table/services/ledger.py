"""The chip ledger: the one place chips move, and the check that every balance is its ledger's sum.

``ledger_append`` writes a seat's new ledger rows and its cached balance in one
transaction, as one call: no caller can save one and forget the other. The
balance is written with a compare-and-set on the balance the caller read under
its lock, so a caller that did not lock the seat is refused instead of losing a
concurrent movement. ``ledger_problems`` checks every seat (or some) and is what
the tests, the bench and ``manage.py ledger_verify`` use.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection, transaction
from django.db.models import OuterRef, QuerySet, Subquery, Sum
from django.utils import timezone

from table.models import LedgerEntry, Round, Seat


class LedgerMismatch(AssertionError):
    """The cached balance differs from the sum of the ledger (or the seat was written unlocked)."""


@dataclass(frozen=True)
class Entry:
    """One chip movement to append: its kind and signed amount, and what it belongs to."""

    kind: str
    amount: Decimal
    round: Round | None = None
    bet_kind: str = ""
    actor: Any = None
    #: What the movement belongs to outside the practice table (``LedgerEntry.reference``).
    reference: str = ""
    note: str = ""


@transaction.atomic
def ledger_append(seat: Seat, entries: Sequence[Entry], *, fields: Iterable[str] = ()) -> list[LedgerEntry]:
    """Append ``entries`` to the seat's ledger and write the balance after them, together.

    ``seat`` is the row the caller loaded with ``select_for_update()`` in this transaction (and
    decided on); ``fields`` are other seat columns the caller changed, written in the same
    statement. The balance update only matches the balance as it was read, so a seat that was
    not locked and changed meanwhile raises ``LedgerMismatch`` instead of losing chips.
    """
    read = seat.balance
    rows = []
    for entry in entries:
        seat.balance += entry.amount
        rows.append(
            LedgerEntry(
                seat=seat,
                round=entry.round,
                reference=entry.reference,
                kind=entry.kind,
                bet_kind=entry.bet_kind,
                amount=entry.amount,
                balance_after=seat.balance,
                actor=entry.actor,
                note=entry.note,
            )
        )
    seat.updated_at = timezone.now()
    changed = {name: getattr(seat, name) for name in fields}
    written = Seat.objects.filter(pk=seat.pk, balance=read).update(
        balance=seat.balance, updated_at=seat.updated_at, **changed
    )
    if written != 1:
        raise LedgerMismatch(f"{seat}: its balance changed since it was read; lock the seat first.")
    return LedgerEntry.objects.bulk_create(rows) if rows else []


@transaction.atomic
def ledger_append_seats(movements: Sequence[tuple[Seat, Sequence[Entry]]]) -> list[LedgerEntry]:
    """``ledger_append`` for many seats at once (a class table's settlement): every seat's rows in one
    insert and every balance in one update, with the same compare-and-set on the balances as read.

    Each seat is a row the caller locked in this transaction (in pk order, see ``ledger_append``).

    :raises LedgerMismatch: if any seat's balance changed since it was read (nothing is written then).
    """
    movements = [(seat, entries) for seat, entries in movements if entries]
    if not movements:
        return []
    now = timezone.now()
    rows, balances = [], []
    for seat, entries in movements:
        before = seat.balance
        for entry in entries:
            seat.balance += entry.amount
            rows.append(
                LedgerEntry(
                    seat=seat,
                    round=entry.round,
                    reference=entry.reference,
                    kind=entry.kind,
                    bet_kind=entry.bet_kind,
                    amount=entry.amount,
                    balance_after=seat.balance,
                    actor=entry.actor,
                    note=entry.note,
                )
            )
        seat.updated_at = now
        balances.append((seat.pk, before, seat.balance))
    if _write_balances(balances, now) != len(balances):
        raise LedgerMismatch("A seat's balance changed since it was read; lock the seats first.")
    return LedgerEntry.objects.bulk_create(rows)


def _write_balances(balances: Sequence[tuple[int, Decimal, Decimal]], now) -> int:
    """Set each seat's balance ``(pk, as read, new)`` where it still is as read, in one statement; return
    how many seats were written. Plain SQL: the ORM's ``Case`` over 60 seats took longer to compile than
    the database took to run it (SQLite has ``UPDATE … FROM`` since 3.33)."""
    table = connection.ops.quote_name(Seat._meta.db_table)
    # A derived table both databases read alike (SQLite's driver counts no rows for an UPDATE in a WITH).
    rows = " UNION ALL ".join(["SELECT %s AS id, %s AS old, %s AS new"] * len(balances))
    sql = (
        f"UPDATE {table} SET balance = CAST(v.new AS NUMERIC), updated_at = %s FROM ({rows}) AS v "
        f"WHERE {table}.id = v.id AND {table}.balance = CAST(v.old AS NUMERIC)"
    )
    params = [value for row in balances for value in row]
    with connection.cursor() as cursor:
        cursor.execute(sql, [now, *params])
        return cursor.rowcount


def ledger_problems(seats: QuerySet[Seat] | Iterable[Seat] | None = None) -> list[str]:
    """Every seat (or each of ``seats``) whose cached balance is not the sum of its ledger, or whose
    last row's balance after it differs: one sentence per seat, empty when all is well."""
    if seats is None:
        queryset = Seat.objects.all()
    elif isinstance(seats, QuerySet):
        queryset = seats
    else:
        queryset = Seat.objects.filter(pk__in=[seat.pk for seat in seats])
    entries = LedgerEntry.objects.filter(seat=OuterRef("pk"))
    checked = queryset.annotate(
        ledger_total=Subquery(
            entries.order_by().values("seat").annotate(total=Sum("amount")).values("total")[:1]
        ),
        last_after=Subquery(entries.order_by("-id").values("balance_after")[:1]),
    ).order_by("pk")
    problems = []
    for seat in checked:
        total = seat.ledger_total if seat.ledger_total is not None else Decimal("0.00")
        if total != seat.balance or (seat.last_after is not None and seat.last_after != seat.balance):
            problems.append(
                f"Seat {seat.pk} ({seat}): balance {seat.balance}, but the ledger sums to {total}"
                + (f" and its last row leaves {seat.last_after}." if seat.last_after is not None else ".")
            )
    return problems


def ledger_verify(seat: Seat) -> None:
    """Check one seat's ledger.

    :raises LedgerMismatch: if its balance is not the sum of its ledger.
    """
    problems = ledger_problems([seat])
    if problems:
        raise LedgerMismatch(problems[0])
