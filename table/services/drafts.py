"""The next round's bets while they are a draft: typed stakes, chips placed and taken back. No chip moves.

Also the checks a confirm shares: the table's limits and the balance (``check_bets``), and the round
open for bets (``betting_round``), which refuses a stale form.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Protocol

from django.db import transaction
from django.db.models import Max

from baccarat import Bet, InvalidBetError, validate_bets
from table import errors, placed_chips
from table.amounts import amount_text, chips_text
from table.bets import bet_name, learner_side_bets, stake_on
from table.models import Round, RoundBet, Seat, round_awaiting_call
from table.presets import CHIPS, PRESETS
from table.services.seats import lock_seat


def open_round(seat: Seat) -> Round | None:
    return Round.objects.select_for_update().filter(seat=seat).exclude(state=Round.State.SETTLED).first()


def _awaiting_call(seat: Seat) -> Round | None:
    """The seat's latest round if its coup is over while a call on it is still to be made."""
    return Round.objects.filter(round_awaiting_call(seat)).first()


def _next_number(seat: Seat) -> int:
    return (Round.objects.filter(seat=seat).aggregate(n=Max("number"))["n"] or 0) + 1


def check_bets(seat: Seat, bets: Sequence[Bet], *, watch: bool = False, draft: bool = False) -> Decimal:
    """Check the table's limits and the balance; return the total stake.

    ``watch``: no bet at all is fine. ``draft``: a spot may hold less than the minimum while
    chips are being stacked on it (the confirm checks it); the maximum and the balance hold.
    """
    table = seat.table
    if not bets:
        if watch or draft:
            return Decimal("0.00")
        raise errors.InvalidInput(errors.NO_BETS)
    _check_one_side(bets)
    if any(bet.spec.is_side_bet for bet in bets):
        if seat.kind == Seat.Kind.LESSON:
            raise errors.InvalidInput(errors.EXAMPLE_MAIN_BETS_ONLY)
        check_offered(bets, learner_side_bets(seat.user_id, table))
    try:
        validate_bets(bets)
    except InvalidBetError as error:
        raise errors.InvalidInput(str(error)) from error
    for bet in bets:
        low, high = table.limits(bet.kind)
        if bet.amount > high or (bet.amount < low and not draft):
            spec = bet.spec
            if not spec.is_side_bet:
                message = errors.MAIN_BET_LIMITS.format(min=chips_text(low), max=chips_text(high))
            else:
                message = errors.SIDE_BET_LIMITS.format(
                    bet=bet_name(spec.key), min=chips_text(low), max=chips_text(high)
                )
            raise errors.InvalidInput(message)
    total = sum((bet.amount for bet in bets), Decimal("0.00"))
    if total > seat.balance:
        raise errors.InvalidInput(
            errors.NOT_ENOUGH_CHIPS.format(total=amount_text(total), balance=amount_text(seat.balance))
        )
    return total


def check_offered(bets: Sequence[Bet], offered: Sequence[str]) -> None:
    """Refuse a side bet that is not among ``offered`` (the table's and the class's side bets).

    :raises errors.InvalidInput: naming the first such bet.
    """
    for bet in bets:
        spec = bet.spec
        if spec.is_side_bet and spec.key not in offered:
            raise errors.InvalidInput(errors.SIDE_BET_NOT_OFFERED.format(bet=bet_name(spec.key)))


class StoredBet(Protocol):
    """A stored bet row of any table (a practice round's or a class play's): its kind and its stake."""

    kind: str
    amount: Decimal


def stored_bets(rows: Iterable[StoredBet]) -> list[Bet]:
    """A round's stored bets (``round.bets.all()``) as engine bets, each kind checked against the registry.

    :raises errors.InvalidInput: for a stored kind the registry does not have (any more).
    """
    bets = []
    for row in rows:
        try:
            bets.append(stake_on(row.kind, row.amount))
        except InvalidBetError:
            raise errors.InvalidInput(errors.UNKNOWN_BET_KIND.format(kind=row.kind)) from None
    return bets


def check_settleable(round: Round, bets: Sequence[Bet]) -> None:
    """Refuse to settle a side bet the round's table does not offer (nothing is paid or written)."""
    check_offered(bets, PRESETS[round.preset].side_bets)


def _check_one_side(bets: Sequence[Bet]) -> None:
    """Refuse two bets of a family that goes on one hand only (``one_side_only`` in the registry)."""
    taken: dict[str, str] = {}
    for bet in bets:
        spec = bet.spec
        if spec.one_side_only and spec.family in taken:
            names = {"bet": bet_name(taken[spec.family]), "other": bet_name(spec.key)}
            raise errors.InvalidInput(errors.ONE_SIDE_ONLY.format(**names))
        taken[spec.family] = spec.key


def replace_bets(round: Round, bets: Sequence[Bet]) -> None:
    round.bets.all().delete()
    RoundBet.objects.bulk_create(RoundBet(round=round, kind=str(bet.kind), amount=bet.amount) for bet in bets)


def betting_round(seat: Seat, round_number: int | None) -> Round:
    """The locked round that is open for bets, created if needed; refuse a stale form."""
    # A round waiting for a call is still the round in play: the next one's bets wait, refused as
    # they are while its coup is dealt (a coup over before a draw call must not look any different).
    round = open_round(seat) or _awaiting_call(seat)
    expected = round.number if round is not None else _next_number(seat)
    if seat.kind == Seat.Kind.LESSON and expected > 1:
        raise errors.WrongState(errors.EXAMPLE_ONE_COUP)
    if round_number is not None and round_number != expected:
        raise errors.WrongState(errors.STALE_ROUND)
    if round is None:
        round = Round.objects.create(seat=seat, number=expected, preset=seat.preset)
    elif round.state != Round.State.BETTING:
        raise errors.WrongState(errors.BETS_CLOSED)
    return round


@transaction.atomic
def round_draft(
    *, user, seat_id: int | None = None, bets: Sequence[Bet], round_number: int | None = None
) -> Round:
    """Save the next round's bets as typed. No chip moves.

    The chips placed so far stay undoable while the stakes are what they made; a typed change
    starts the undo history afresh.
    """
    seat, round, saved, stakes, history = _open_draft(lock_seat(user, seat_id), round_number, bets)
    return _save_draft(seat, round, saved, stakes, history)


@transaction.atomic
def round_chip_place(
    *,
    user,
    seat_id: int | None = None,
    bets: Sequence[Bet],
    spot: str,
    chip: Decimal,
    round_number: int | None = None,
) -> Round:
    """Put one chip on a spot of the draft (``bets``: the stakes on screen, typed ones included)."""
    if chip not in CHIPS:
        raise errors.InvalidInput(errors.NO_SUCH_CHIP.format(chip=chips_text(chip)))
    seat, round, saved, stakes, history = _open_draft(lock_seat(user, seat_id), round_number, bets)
    return _save_draft(seat, round, saved, *placed_chips.place(stakes, history, spot, chip))


@transaction.atomic
def round_chip_undo(
    *, user, seat_id: int | None = None, bets: Sequence[Bet], round_number: int | None = None
) -> Round:
    """Take back the last chip placed on the draft."""
    seat, round, saved, stakes, history = _open_draft(lock_seat(user, seat_id), round_number, bets)
    taken = placed_chips.take_back(stakes, history)
    if taken is None:
        raise errors.WrongState(errors.NOTHING_TO_UNDO)
    return _save_draft(seat, round, saved, *taken)


@transaction.atomic
def round_draft_clear(*, user, seat_id: int | None = None, round_number: int | None = None) -> Round:
    """Take every chip off the draft."""
    seat = lock_seat(user, seat_id)
    round = betting_round(seat, round_number)
    return _save_draft(seat, round, _saved_stakes(round), {}, [])


@transaction.atomic
def round_draft_repeat(*, user, seat_id: int | None = None, round_number: int | None = None) -> Round:
    """Make the draft the same bets as the last settled round."""
    seat = lock_seat(user, seat_id)
    round = betting_round(seat, round_number)
    previous = last_bets(seat)
    if not previous:
        raise errors.WrongState(errors.NOTHING_TO_REPEAT)
    return _save_draft(seat, round, _saved_stakes(round), placed_chips.stakes_of(previous), [])


def last_bets(seat: Seat) -> list[Bet]:
    """The bets of the seat's last settled round (empty before the first)."""
    previous = Round.objects.filter(seat=seat, state=Round.State.SETTLED).order_by("-number").first()
    if previous is None:
        return []
    return stored_bets(previous.bets.all())


def _open_draft(
    seat: Seat, round_number: int | None, bets: Sequence[Bet]
) -> tuple[Seat, Round, dict[str, Decimal], dict[str, Decimal], placed_chips.History]:
    """Lock the (locked) seat's betting round; return the two with the saved stakes, the stakes on screen,
    and the undo history (kept only while the two agree)."""
    round = betting_round(seat, round_number)
    saved = _saved_stakes(round)
    stakes = placed_chips.stakes_of(bets)
    return seat, round, saved, stakes, placed_chips.kept(round.chips, saved, stakes)


def _saved_stakes(round: Round) -> dict[str, Decimal]:
    return {bet.kind: bet.amount for bet in round.bets.all()}


def _save_draft(
    seat: Seat,
    round: Round,
    saved: Mapping[str, Decimal],
    stakes: Mapping[str, Decimal],
    history: placed_chips.History,
) -> Round:
    """Check the draft (the minimum waits for the confirm) and store it with its undo history."""
    bets = [stake_on(kind, amount) for kind, amount in stakes.items() if amount > 0]
    check_bets(seat, bets, draft=True)
    if placed_chips.stakes_of(bets) != dict(saved):
        replace_bets(round, bets)
    if history != round.chips:
        round.chips = history
        round.save(update_fields=["chips", "updated_at"])
    round.seat = seat
    return round
