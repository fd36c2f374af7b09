"""The two statements of a deal that does not end the coup: both locks in one, both writes in one.

A learner's every card goes through ``services.round_deal``, so this is the table's
hottest path. Through the ORM a card cost four statements (lock the seat, lock the
round, save each), and compiling them took longer than PostgreSQL took to run them.
Here:

- ``lock`` locks and reads the seat row and the round row in one statement, in the
  fixed order of docs/decisions/0001-locking-and-exactly-once.md: seat, then round
  (PostgreSQL takes the locks of ``FOR UPDATE OF`` in the order it names them; a test
  holds the round and finds the seat already locked by the waiting deal).
- ``save_card`` writes the new card and the shoe after it to both rows in one statement,
  and lets PostgreSQL commit it without waiting for the disk (no chip moves on such a
  card; a crash can only undo the card and the shoe's step together).

The columns come from the models, and every value read passes through the
converters an ORM query would apply, so both rows load exactly as the ORM loads
them. A settling card still goes through the ORM (``_settle`` and the saves).
SQLite has no ``FOR UPDATE`` (it lets one writer in at a time) and no ``UPDATE`` in a
``WITH``: there the lock is a plain read and the writes are two statements.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Model
from django.utils import timezone

from table.models import Round, Seat

Converter = Callable[[Any, Any, Any], Any]


@cache
def _loader(vendor: str, model: type[Model]) -> tuple[list[str], list[tuple[Any, list[Converter]]]]:
    """The model's attribute names and, per column, the converters an ORM query applies on this backend."""
    names, converters = [], []
    for field in model._meta.concrete_fields:
        column = field.get_col(model._meta.db_table)
        names.append(field.attname)
        chain = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        converters.append((column, chain))
    return names, converters


def _load(model: type[Model], values: tuple) -> Any:
    names, converters = _loader(connection.vendor, model)
    converted = []
    for value, (column, chain) in zip(values, converters, strict=True):
        for convert in chain:
            value = convert(value, column, connection)
        converted.append(value)
    return model.from_db(connection.alias, names, converted)


@cache
def _lock_sql(vendor: str, by_pk: bool) -> str:
    quote = connection.ops.quote_name

    def columns(alias: str, model: type[Model]) -> str:
        return ", ".join(f"{alias}.{quote(field.column)}" for field in model._meta.concrete_fields)

    seat_is = "s.id = %s AND s.user_id = %s" if by_pk else "s.user_id = %s AND s.kind = %s"
    lock = " FOR UPDATE OF s, r" if connection.features.has_select_for_update_of else ""
    return (
        f"SELECT {columns('s', Seat)}, {columns('r', Round)} "
        f"FROM {quote(Seat._meta.db_table)} s JOIN {quote(Round._meta.db_table)} r ON r.seat_id = s.id "
        f"WHERE {seat_is} AND r.number = %s ORDER BY s.id LIMIT 1{lock}"
    )


def lock(user, seat_id: int | None, round_number: int) -> tuple[Seat | None, Round | None]:
    """The learner's seat ``seat_id`` (else their table seat) and its round ``round_number``, both
    locked and loaded; ``(None, None)`` without such a round (nothing is locked)."""
    by_pk = seat_id is not None
    params: list[int | str] = [seat_id, user.pk] if seat_id is not None else [user.pk, Seat.Kind.TABLE]
    with connection.cursor() as cursor:
        cursor.execute(_lock_sql(connection.vendor, by_pk), [*params, round_number])
        row = cursor.fetchone()
    if row is None:
        return None, None
    width = len(Seat._meta.concrete_fields)
    locked: Seat = _load(Seat, row[:width])
    round: Round = _load(Round, row[width:])
    round.seat = locked
    return locked, round


def save_card(seat: Seat, round: Round) -> None:
    """Write the round's cards and the seat's shoe (and both ``updated_at``) as they now are; rows locked."""
    now = timezone.now()
    seat.updated_at = round.updated_at = now
    stamp = Seat._meta.get_field("updated_at").get_db_prep_value(now, connection)
    seat_table, round_table = (connection.ops.quote_name(model._meta.db_table) for model in (Seat, Round))
    seat_update = f"UPDATE {seat_table} SET shoe_state = %s, updated_at = %s WHERE id = %s"
    seat_params, round_params = [seat.shoe_state, stamp, seat.pk], [round.cards, stamp, round.pk]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # No chip moves on such a card, so its commit need not wait for the disk: after a crash in
            # the next fraction of a second, the card and the shoe's step are both undone, never one
            # alone, and the learner deals that same card again (see the decision record).
            # set_config(…, true) is SET LOCAL, inside the one statement: for this transaction only.
            cursor.execute(
                f"WITH seat AS ({seat_update}) "
                f"UPDATE {round_table} SET cards = %s, updated_at = %s "
                "FROM (SELECT set_config('synchronous_commit', 'off', true)) AS commit_without_waiting "
                "WHERE id = %s",
                seat_params + round_params,
            )
        else:
            cursor.execute(seat_update, seat_params)
            cursor.execute(
                f"UPDATE {round_table} SET cards = %s, updated_at = %s WHERE id = %s", round_params
            )
