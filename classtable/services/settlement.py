"""Paying a class round for every seat at once, and giving stakes back when a session ends.

Both run inside the caller's transaction, with the class table row locked; they lock the
learners' practice seats themselves, ordered by pk. A settlement is one transaction: a worker
killed in the middle writes nothing, and the retry settles once. Each play's ledger rows name
``ClassPlay.reference`` and are unique per (reference, kind, bet kind), so a second settlement
of the same play cannot be written even if a bug tried.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from django.utils import timezone

from baccarat import Coup, settle
from classtable.models import ClassBet, ClassPlay, ClassRound, ClassTable
from table.models import LedgerEntry, Seat
from table.services import Entry, ledger_append_seats
from table.services.drafts import stored_bets

ZERO = Decimal("0.00")


def _locked_seats(plays: list[ClassPlay]) -> dict[int, Seat]:
    ids = sorted({play.class_seat.seat_id for play in plays})
    return {seat.pk: seat for seat in Seat.objects.select_for_update().filter(pk__in=ids).order_by("pk")}


def _update_alike(model, rows, fields: list[str]) -> None:
    """Save ``fields`` of ``rows``: one UPDATE per set of equal values (a class's bets settle alike in a
    handful of ways), which is cheaper than ``bulk_update``'s ``CASE`` over every row."""
    groups: dict[tuple, list[int]] = defaultdict(list)
    for row in rows:
        groups[tuple(getattr(row, name) for name in fields)].append(row.pk)
    for values, pks in groups.items():
        model.objects.filter(pk__in=pks).update(**dict(zip(fields, values, strict=True)))


def _confirmed(round: ClassRound) -> list[ClassPlay]:
    return list(
        ClassPlay.objects.filter(round=round, state=ClassPlay.State.CONFIRMED)
        .select_related("class_seat")
        .prefetch_related("bets")
        .order_by("class_seat__seat_id")
    )


def round_settle_locked(table: ClassTable, round: ClassRound, coup: Coup) -> None:
    """Pay every confirmed play of the finished coup (one ledger step per seat) and mark the round settled.

    A round already settled is left as it is (a doubled settlement changes nothing).
    """
    outcome = coup.outcome
    assert outcome is not None
    if round.state != ClassRound.State.DEALING:
        return
    plays = _confirmed(round)
    seats = _locked_seats(plays)
    payouts = table.table.payouts
    now = timezone.now()
    changed_bets: list[ClassBet] = []
    by_seat: dict[int, list[Entry]] = defaultdict(list)
    for play in plays:
        rows = {bet.kind: bet for bet in play.bets.all()}
        results = settle(stored_bets(rows.values()), outcome, payouts)
        returned = ZERO
        for result in results:
            bet = rows[str(result.bet.kind)]
            bet.result = result.result.value
            bet.stake_returned, bet.winnings, bet.commission = (
                result.stake_returned,
                result.winnings,
                result.commission,
            )
            changed_bets.append(bet)
            returned += result.returned
            for kind, amount in (
                (LedgerEntry.Kind.STAKE_RETURN, result.stake_returned),
                (LedgerEntry.Kind.WINNINGS, result.winnings),
                (LedgerEntry.Kind.COMMISSION, -result.commission),
            ):
                if amount:
                    by_seat[play.class_seat.seat_id].append(
                        Entry(kind, amount, bet_kind=bet.kind, reference=play.reference)
                    )
        play.state = ClassPlay.State.SETTLED
        play.returned = returned
        play.settled_at = now
    ledger_append_seats([(seat, by_seat.get(seat_id, [])) for seat_id, seat in seats.items()])
    _update_alike(ClassBet, changed_bets, ["result", "stake_returned", "winnings", "commission"])
    _update_alike(ClassPlay, plays, ["state", "returned", "settled_at"])
    ClassPlay.objects.filter(round=round, state=ClassPlay.State.DRAFT).update(state=ClassPlay.State.DROPPED)
    round.state = ClassRound.State.SETTLED
    round.winner = outcome.winner.value
    round.player_total = outcome.player_total
    round.banker_total = outcome.banker_total
    round.natural = outcome.natural
    round.settled_at = now
    round.save()


def round_return_locked(round: ClassRound) -> None:
    """Give every confirmed stake of an unfinished round back to its seat, and mark the round returned."""
    if not round.is_open:
        return
    plays = _confirmed(round)
    seats = _locked_seats(plays)
    now = timezone.now()
    by_seat: dict[int, list[Entry]] = defaultdict(list)
    returned: list[ClassBet] = []
    for play in plays:
        for bet in play.bets.all():
            by_seat[play.class_seat.seat_id].append(
                Entry(LedgerEntry.Kind.STAKE_RETURN, bet.amount, bet_kind=bet.kind, reference=play.reference)
            )
            bet.result = ClassBet.Result.PUSH
            bet.stake_returned = bet.amount
            returned.append(bet)
        play.state = ClassPlay.State.RETURNED
        play.returned = play.committed
        play.settled_at = now
    ledger_append_seats([(seat, by_seat.get(seat_id, [])) for seat_id, seat in seats.items()])
    _update_alike(ClassBet, returned, ["result", "stake_returned"])
    _update_alike(ClassPlay, plays, ["state", "returned", "settled_at"])
    ClassPlay.objects.filter(round=round, state=ClassPlay.State.DRAFT).update(state=ClassPlay.State.DROPPED)
    round.state = ClassRound.State.RETURNED
    round.settled_at = now
    round.save(update_fields=["state", "settled_at"])


def table_close_locked(table: ClassTable) -> None:
    """End the (locked) session: the unfinished coup's stakes go back, the shoe's secret rest is dropped."""
    for round in ClassRound.objects.filter(table=table, state__in=ClassRound.open_states()):
        round_return_locked(round)
    table.state = ClassTable.State.CLOSED
    table.closed_at = timezone.now()
    table.shoe_state = ""
    table.version += 1
    table.save(update_fields=["state", "closed_at", "shoe_state", "version"])
