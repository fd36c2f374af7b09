"""The class table's locks, its idle end and its version: what every write service shares.

Lock order (docs/decisions/0001-locking-and-exactly-once.md, extended): the ``ClassTable`` row
first, then the learners' practice ``Seat`` rows ordered by pk. Every write of a class table's
rounds, plays, bets and calls holds the table row's lock, so they run one after the other on any
number of web processes; a practice-table request locks only its seat, so neither blocks the other
for longer than one statement.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import ParamSpec, TypeVar

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from classtable import errors
from classtable.models import ClassRound, ClassSeat, ClassTable
from classtable.services.settlement import table_close_locked
from table.models import Seat

P = ParamSpec("P")
R = TypeVar("R")


class _FoundIdle(Exception):
    """Raised inside a write's transaction when its session turns out idle: the write is undone and the
    session is closed in a transaction of its own (its stakes returned), then ``SessionEnded`` is raised."""

    def __init__(self, table_id: int) -> None:
        super().__init__(table_id)
        self.table_id = table_id


def write_service(function: Callable[P, R]) -> Callable[P, R]:
    """Run ``function`` in one transaction; a session found idle is closed (stakes returned) and refused."""

    @functools.wraps(function)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            with transaction.atomic():
                return function(*args, **kwargs)
        except _FoundIdle as idle:
            from_idle_close(idle.table_id)
            raise errors.SessionEnded(errors.ENDED) from None

    return run


def from_idle_close(table_id: int) -> None:
    """Close a session found idle, in a transaction of its own (its unfinished coup's stakes returned)."""
    with transaction.atomic():
        table = ClassTable.objects.select_for_update().filter(pk=table_id).first()
        if table is not None and table.state == ClassTable.State.OPEN:
            table_close_locked(table)


def lock_table(table_id: int, *, open_only: bool = True, lock: bool = True) -> ClassTable:
    """Lock and load the class table row (the first lock of every write that moves chips or changes what
    anyone sees; ``lock=False``: load it with the same checks, for a write that needs neither).

    :raises errors.NotFound: no such table. :raises errors.SessionEnded: closed (``open_only``).
    :raises _FoundIdle: idle (``write_service`` closes it and refuses).
    """
    tables = ClassTable.objects.select_for_update(of=("self",)) if lock else ClassTable.objects
    table = tables.select_related("classroom").filter(pk=table_id).first()
    if table is None:
        raise errors.NotFound(errors.NO_SUCH_TABLE)
    if open_only:
        if table.state == ClassTable.State.CLOSED:
            raise errors.SessionEnded(errors.ENDED)
        if table.idle():
            raise _FoundIdle(table.pk)
    return table


def lock_seats(seat_ids: Iterable[int]) -> dict[int, Seat]:
    """Lock the practice seats, ordered by pk (the second lock, after the table row)."""
    ids = sorted(set(seat_ids))
    if not ids:
        return {}
    return {seat.pk: seat for seat in Seat.objects.select_for_update().filter(pk__in=ids).order_by("pk")}


def current_round(table: ClassTable, round_number: int) -> ClassRound:
    """The table's latest round, if it is ``round_number`` (a stale form is refused)."""
    round = ClassRound.objects.filter(table=table).order_by("-number").first()
    if round is None or round.number != round_number:
        raise errors.WrongState(errors.NO_SUCH_ROUND)
    round.table = table
    return round


def touch(
    table: ClassTable, *, instructor: bool = False, learner: bool = False, fields: Iterable[str] = ()
) -> None:
    """Bump the version (and, for an instructor's action, the idle clock) and save with ``fields``.

    A learner's action (``learner``: a join, leave, draft, confirm or call) bumps ``activity_version``
    only: it changes the control page and the projector (the class's counts), never another learner's
    page, whose ETag names ``version`` alone (the learner's own page is answered by their post).
    """
    if learner:
        table.activity_version += 1
        names = {"activity_version", *fields}
    else:
        table.version += 1
        names = {"version", *fields}
    if instructor:
        table.last_activity = timezone.now()
        names.add("last_activity")
    table.save(update_fields=sorted(names))


def touch_own(class_seat: ClassSeat) -> None:
    """Bump the learner's own version (``ClassSeat.version``): their pages, in every tab, show the action."""
    ClassSeat.objects.filter(pk=class_seat.pk).update(version=F("version") + 1)


def require_dealer(table: ClassTable, user) -> None:
    """:raises errors.NotAllowed: for anyone but the instructor who opened the table."""
    if table.dealer_id != user.pk:
        raise errors.NotAllowed(errors.NOT_THE_DEALER)
