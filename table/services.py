"""Every write of the practice table: bets, the deal, settlement, resets.

Design overview (see docs/decisions/0001-locking-and-exactly-once.md):

- Each service is ``@transaction.atomic`` and locks the seat row first, then
  the round row, with ``select_for_update()`` in that fixed order, and only
  then reads the state it decides on. Two requests for the same learner
  therefore run one after the other, on any number of web processes.
- Exactly once by construction: the confirm form carries the round number and
  the deal form the index of the card it expects to deal. A request whose
  number or index is already past is answered with the current state and
  changes nothing. A unique constraint on (round, entry kind, bet) makes a
  second settlement impossible to write.
- The only place chips move is ``_post``, which appends a ledger row and
  updates the cached balance together; ``ledger_verify`` checks that the
  balance equals the sum of the ledger.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.db.models import Max, Q, Sum
from django.utils import timezone

from accounts.selectors import learner_class
from baccarat import Bet, BetKind, Coup, InvalidBetError, Shoe, Step, settle, validate_bets
from progress.selectors import course_completed
from progress.services import drill_cell_record
from table import coach, deal_rows, errors, shuffle
from table.bets import bet_name
from table.explain import amount_text, chips_text
from table.models import STARTING_BALANCE, LedgerEntry, Round, RoundBet, Seat, round_awaiting_call
from table.presets import CHIPS, PRESETS, allowed_presets


class LedgerMismatch(AssertionError):
    """The cached balance differs from the sum of the ledger."""


def seat_for_learner(*, user, starting_balance: Decimal | None = None) -> Seat:
    """The learner's practice-table seat, created on first use with the class's starting chips (or 100)."""
    seat = Seat.objects.filter(user=user, kind=Seat.Kind.TABLE).first()
    if seat is not None:
        return seat
    classroom = learner_class(user)
    if starting_balance is None:
        starting_balance = classroom.starting_balance if classroom is not None else STARTING_BALANCE
    with transaction.atomic():
        seat, created = Seat.objects.get_or_create(
            user=user,
            kind=Seat.Kind.TABLE,
            defaults={
                "starting_balance": starting_balance,
                # Coach mode starts on for learners who have not finished the course.
                "coach_mode": not course_completed(user),
                "preset": allowed_presets(classroom.presets if classroom is not None else [])[0],
            },
        )
        if created:
            seat = Seat.objects.select_for_update().get(pk=seat.pk)
            _post(seat, LedgerEntry.Kind.GRANT, starting_balance, note=LedgerEntry.NOTE_STARTING_CHIPS).save()
            seat.save(update_fields=["balance", "updated_at"])
    return seat


@transaction.atomic
def sandbox_open(
    *, user, label: str, cards: Sequence[str], attempt: int = 1, starting_balance: Decimal = STARTING_BALANCE
) -> Seat:
    """A lesson example's own seat: an arranged shoe and fresh sandbox chips, never mixed with the table's.

    :raises IntegrityError: if that attempt at the example is already open (a racing request opened it).
    """
    seat = Seat.objects.create(
        user=user,
        kind=Seat.Kind.LESSON,
        label=label,
        attempt=attempt,
        coach_mode=False,
        starting_balance=starting_balance,
        shoe_state=Shoe.arranged(cards).dumps(),
        shoe_number=1,
    )
    seat = _lock_seat(seat)
    _post(seat, LedgerEntry.Kind.GRANT, starting_balance, note=LedgerEntry.NOTE_EXAMPLE_CHIPS).save()
    seat.save(update_fields=["balance", "updated_at"])
    return seat


def learner_seat(user) -> Seat:
    """A handle on the learner's table seat that the services lock and load themselves (no query here)."""
    return Seat(user=user, kind=Seat.Kind.TABLE)


def _lock_seat(seat: Seat) -> Seat:
    """Lock and load the seat row; a handle from ``learner_seat`` is looked up by learner."""
    if seat.pk is not None:
        return Seat.objects.select_for_update().get(pk=seat.pk)
    locked = Seat.objects.select_for_update().filter(user=seat.user, kind=seat.kind).first()
    if locked is None:
        locked = Seat.objects.select_for_update().get(pk=seat_for_learner(user=seat.user).pk)
    return locked


def _post(
    seat: Seat,
    kind: str,
    amount: Decimal,
    *,
    round: Round | None = None,
    bet_kind: str = "",
    actor=None,
    note: str = "",
) -> LedgerEntry:
    """Move chips: change the locked seat's balance and return its ledger row, for the caller to insert."""
    seat.balance += amount
    return LedgerEntry(
        seat=seat,
        round=round,
        kind=kind,
        bet_kind=bet_kind,
        amount=amount,
        balance_after=seat.balance,
        actor=actor,
        note=note,
    )


def _open_round(seat: Seat) -> Round | None:
    return Round.objects.select_for_update().filter(seat=seat).exclude(state=Round.State.SETTLED).first()


def _awaiting_call(seat: Seat) -> Round | None:
    """The seat's latest round if its coup is over while a call on it is still to be made."""
    return Round.objects.filter(round_awaiting_call(seat)).first()


def _round_in_play(seat: Seat) -> bool:
    """A round is being dealt, or waits for a call: no restart and no change of table until it is done.

    A coup over while a draw call waits must be refused alike, or the refusal would tell it is over.
    """
    return Round.objects.filter(Q(seat=seat, state=Round.State.DEALING) | round_awaiting_call(seat)).exists()


def _next_number(seat: Seat) -> int:
    return (Round.objects.filter(seat=seat).aggregate(n=Max("number"))["n"] or 0) + 1


def _check_bets(seat: Seat, bets: Sequence[Bet], *, watch: bool = False, draft: bool = False) -> Decimal:
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
    if seat.kind == Seat.Kind.LESSON and any(bet.spec.is_side_bet for bet in bets):
        raise errors.InvalidInput(errors.EXAMPLE_NO_LION)
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
                message = errors.FAMILY_LIMITS.get(spec.family, errors.SIDE_BET_LIMITS).format(
                    bet=bet_name(spec.key), min=chips_text(low), max=chips_text(high)
                )
            raise errors.InvalidInput(message)
    total = sum((bet.amount for bet in bets), Decimal("0.00"))
    if total > seat.balance:
        raise errors.InvalidInput(
            errors.NOT_ENOUGH_CHIPS.format(total=amount_text(total), balance=amount_text(seat.balance))
        )
    return total


def _check_one_side(bets: Sequence[Bet]) -> None:
    """Refuse two bets of a family that goes on one hand only (a Lion Bonus on both sides)."""
    taken: dict[str, str] = {}
    for bet in bets:
        spec = bet.spec
        if spec.one_side_only and spec.family in taken:
            message = errors.FAMILY_ONE_SIDE.get(spec.family, errors.ONE_SIDE_ONLY)
            names = {"bet": bet_name(taken[spec.family]), "other": bet_name(spec.key)}
            raise errors.InvalidInput(message.format(**names))
        taken[spec.family] = spec.key


def _replace_bets(round: Round, bets: Sequence[Bet]) -> None:
    round.bets.all().delete()
    RoundBet.objects.bulk_create(RoundBet(round=round, kind=str(bet.kind), amount=bet.amount) for bet in bets)


def _stakes(bets: Sequence[Bet]) -> dict[BetKind, Decimal]:
    return {bet.kind: bet.amount for bet in bets}


def _betting_round(seat: Seat, round_number: int | None) -> Round:
    """The locked round that is open for bets, created if needed; refuse a stale form."""
    # A round waiting for a call is still the round in play: the next one's bets wait, refused as
    # they are while its coup is dealt (a coup over before a draw call must not look any different).
    round = _open_round(seat) or _awaiting_call(seat)
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
def round_draft(*, seat: Seat, bets: Sequence[Bet], round_number: int | None = None) -> Round:
    """Save the next round's bets as typed. No chip moves.

    The chips placed so far stay undoable while the stakes are what they made; a typed change
    starts the undo history afresh.
    """
    seat, round, saved, stakes, history = _open_draft(seat, round_number, bets)
    return _save_draft(seat, round, saved, stakes, history)


@transaction.atomic
def round_chip_place(
    *, seat: Seat, bets: Sequence[Bet], spot: BetKind, chip: Decimal, round_number: int | None = None
) -> Round:
    """Put one chip on a spot of the draft (``bets``: the stakes on screen, typed ones included)."""
    if chip not in CHIPS:
        raise errors.InvalidInput(errors.NO_SUCH_CHIP.format(chip=chips_text(chip)))
    seat, round, saved, stakes, history = _open_draft(seat, round_number, bets)
    stakes[spot] = stakes.get(spot, Decimal("0.00")) + chip
    return _save_draft(seat, round, saved, stakes, [*history, [spot.value, str(chip)]])


@transaction.atomic
def round_chip_undo(*, seat: Seat, bets: Sequence[Bet], round_number: int | None = None) -> Round:
    """Take back the last chip placed on the draft."""
    seat, round, saved, stakes, history = _open_draft(seat, round_number, bets)
    if not history:
        raise errors.WrongState(errors.NOTHING_TO_UNDO)
    kind, amount = history.pop()
    spot = BetKind(kind)
    stakes[spot] = stakes.get(spot, Decimal("0.00")) - Decimal(amount)
    return _save_draft(seat, round, saved, stakes, history)


@transaction.atomic
def round_draft_clear(*, seat: Seat, round_number: int | None = None) -> Round:
    """Take every chip off the draft."""
    seat = _lock_seat(seat)
    round = _betting_round(seat, round_number)
    return _save_draft(seat, round, _saved_stakes(round), {}, [])


@transaction.atomic
def round_draft_repeat(*, seat: Seat, round_number: int | None = None) -> Round:
    """Make the draft the same bets as the last settled round."""
    seat = _lock_seat(seat)
    round = _betting_round(seat, round_number)
    previous = last_bets(seat)
    if not previous:
        raise errors.WrongState(errors.NOTHING_TO_REPEAT)
    return _save_draft(seat, round, _saved_stakes(round), _stakes(previous), [])


def last_bets(seat: Seat) -> list[Bet]:
    """The bets of the seat's last settled round (empty before the first)."""
    previous = Round.objects.filter(seat=seat, state=Round.State.SETTLED).order_by("-number").first()
    if previous is None:
        return []
    return [Bet(BetKind(bet.kind), bet.amount) for bet in previous.bets.all()]


def _open_draft(
    seat: Seat, round_number: int | None, bets: Sequence[Bet]
) -> tuple[Seat, Round, dict[BetKind, Decimal], dict[BetKind, Decimal], list]:
    """Lock the seat and its betting round; return them with the saved stakes, the stakes on screen,
    and the undo history (kept only while the two agree)."""
    seat = _lock_seat(seat)
    round = _betting_round(seat, round_number)
    saved = _saved_stakes(round)
    stakes = _stakes(bets)
    return seat, round, saved, stakes, _history(round, saved, stakes)


def _saved_stakes(round: Round) -> dict[BetKind, Decimal]:
    return {BetKind(bet.kind): bet.amount for bet in round.bets.all()}


def _history(round: Round, saved: Mapping[BetKind, Decimal], stakes: Mapping[BetKind, Decimal]) -> list:
    """The chips placed so far, while the stakes on screen are still what they made (else none)."""
    return list(round.chips) if dict(stakes) == dict(saved) else []


def _save_draft(
    seat: Seat,
    round: Round,
    saved: Mapping[BetKind, Decimal],
    stakes: Mapping[BetKind, Decimal],
    history: list,
) -> Round:
    """Check the draft (the minimum waits for the confirm) and store it with its undo history."""
    bets = [Bet(kind, amount) for kind, amount in stakes.items() if amount > 0]
    _check_bets(seat, bets, draft=True)
    if _stakes(bets) != dict(saved):
        _replace_bets(round, bets)
    if history != round.chips:
        round.chips = history
        round.save(update_fields=["chips", "updated_at"])
    round.seat = seat
    return round


@transaction.atomic
def round_confirm(
    *, seat: Seat, bets: Sequence[Bet] | None = None, round_number: int | None = None, watch: bool = False
) -> Round:
    """Commit the stakes: they leave the balance in one ledger step and can no longer change.

    ``bets`` replaces the draft; ``None`` confirms the draft as it stands. A
    fresh shoe is shuffled and burned here when the table's last one is
    finished (a lesson seat keeps its arranged shoe, which never burns). ``watch`` (lesson seats only) lets a
    round be dealt with no bet at all.
    """
    seat = _lock_seat(seat)
    round = _betting_round(seat, round_number)
    if bets is None:
        bets = [Bet(BetKind(bet.kind), bet.amount) for bet in round.bets.all()]
    total = _check_bets(
        seat, bets, watch=watch and seat.kind == Seat.Kind.LESSON
    )  # before anything is written
    _replace_bets(round, bets)

    if seat.kind == Seat.Kind.TABLE and _shoe_finished(seat):
        _new_shoe(seat)
        round.new_shoe = True
    round.shoe_number = seat.shoe_number
    round.preset = seat.preset
    round.state = Round.State.DEALING
    round.committed = total
    round.stakes = {str(bet.kind): str(bet.amount) for bet in bets}
    round.coached = seat.coach_mode  # coach mode switched later applies from the next round
    round.chips = []
    stake = _post(seat, LedgerEntry.Kind.STAKE, -total, round=round)
    seat.save(update_fields=["balance", "shoe_state", "shoe_number", "updated_at"])
    round.save()
    if total:
        stake.save()
    round.seat = seat
    return round


def _shoe_finished(seat: Seat) -> bool:
    if not seat.shoe_state:
        return True
    shoe = Shoe.loads(seat.shoe_state)
    return shoe.finished


def _new_shoe(seat: Seat) -> None:
    """Shuffle the table's next shoe and burn its start, as a dealer does (the shoe records the burn)."""
    shoe = Shoe.shuffled(seat.table.decks, rng=shuffle.rng())
    shoe.burn()
    seat.shoe_state = shoe.dumps()
    seat.shoe_number += 1


@dataclass(frozen=True)
class DealResult:
    """What a deal request did: the round after it, and the step it dealt (``None`` on a replay)."""

    round: Round
    step: Step | None


@transaction.atomic
def round_deal(*, seat: Seat, round_number: int, expected_index: int) -> DealResult:
    """Deal exactly one card, the one at ``expected_index`` of the coup, and settle when the coup ends.

    A request for a card already dealt (a double click, a replayed form)
    changes nothing and returns the current state.
    """
    # No bets are read here: the felt shows the confirmed stakes from ``round.stakes`` while the
    # coup is dealt, and ``_settle`` reads the bets only when the coup ends. A deal that does not
    # settle costs one statement for both locks and one for both writes (4 with the session's two).
    seat, round = deal_rows.lock(seat, round_number)
    if round is None:
        raise errors.RoundNotFound(errors.ROUND_NOT_FOUND)
    if round.state == Round.State.BETTING:
        raise errors.WrongState(errors.CONFIRM_FIRST)
    tokens = round.card_tokens
    if expected_index < len(tokens):
        return DealResult(round=round, step=None)
    if expected_index > len(tokens):
        raise errors.InvalidInput(errors.NO_SUCH_CARD)
    coup = Coup.replay(tokens)
    # Asked first: a coup over before its draw call is refused as one that goes on.
    if round.coached and _draw_call_pending(coup, round.calls):
        raise errors.WrongState(errors.CALL_FIRST)
    if round.state == Round.State.SETTLED:
        raise errors.WrongState(errors.COUP_OVER)
    card, seat.shoe_state = Shoe.draw_from(seat.shoe_state)
    step = coup.deal(card)
    round.cards = " ".join([*tokens, step.card.token])
    # A coached coup over on this card while a draw call on it is still to be made (Banker stands) is
    # settled by that call, not here: until then the card is written as any other, so neither what
    # the deal answers, nor what it writes, nor the time it takes tells that the coup is over.
    if coup.outcome is None or (round.coached and _draw_call_pending(coup, round.calls)):
        deal_rows.save_card(seat, round)
    else:
        _settle(seat, round, coup)
        seat.save(update_fields=["balance", "shoe_state", "updated_at"])
        round.save()
    return DealResult(round=round, step=step)


@transaction.atomic
def round_call(
    *,
    seat: Seat,
    round_number: int,
    question: str,
    answer: str = "",
    amounts: Mapping[str, str] | None = None,
) -> Round:
    """Coach mode: grade the learner's call on the pending question and record it.

    A draws/stands call about Banker counts towards that cell of the learner's
    Banker-table record. Answering a question already answered changes nothing.
    """
    seat = _lock_seat(seat)
    round = (
        Round.objects.select_for_update()
        .filter(seat=seat, number=round_number)
        .prefetch_related("bets")
        .first()
    )
    if round is None:
        raise errors.RoundNotFound(errors.ROUND_NOT_FOUND)
    round.seat = seat
    if question in round.calls:
        return round
    if Round.objects.filter(seat=seat, number__gt=round.number).exists():
        raise errors.WrongState(errors.NO_QUESTION)  # an old round left without its call: long over
    coup = Coup.replay(round.card_tokens) if round.cards else None
    asked = coach.pending(coup, round.calls) if round.coached else None
    if asked is None or asked.key != question:
        raise errors.WrongState(errors.NO_QUESTION)
    assert coup is not None
    if asked.key == coach.SETTLEMENT:
        round.calls[asked.key] = _grade_settlement(round, amounts or {})
    else:
        if answer not in (coach.DRAWS, coach.STANDS):
            raise errors.InvalidInput(errors.CALL_ANSWER)
        correct, _rule = coach.grade_draw(asked, answer)
        round.calls[asked.key] = {"answer": answer, "correct": correct}
        if asked.key == coach.BANKER_DRAW:
            drill_cell_record(
                user=seat.user,
                banker_total=asked.banker_total,
                player_third=asked.player_third,
                correct=correct,
            )
        if (
            round.state == Round.State.DEALING
            and coup.outcome is not None
            and not _draw_call_pending(coup, round.calls)
        ):
            # The last draw call of a coup already over: the settlement the deal held back.
            _settle(seat, round, coup)
            seat.save(update_fields=["balance", "updated_at"])
            round.save()
            return round
    round.save(update_fields=["calls", "updated_at"])
    return round


def _draw_call_pending(coup: Coup, calls: Mapping[str, object]) -> bool:
    asked = coach.pending(coup, calls)
    return asked is not None and asked.key != coach.SETTLEMENT


def _grade_settlement(round: Round, amounts: Mapping[str, str]) -> dict:
    answers, marks = {}, {}
    for bet in round.bets.all():
        amount = coach.parse_call_amount(amounts.get(bet.kind, ""))  # raises InvalidInput
        answers[bet.kind] = str(amount)
        marks[bet.kind] = amount == bet.returned_total
    return {"answers": answers, "marks": marks, "correct": all(marks.values())}


@transaction.atomic
def seat_set_coach(*, seat: Seat, on: bool) -> Seat:
    """Switch coach mode on or off; it applies from the next round (a round in play keeps its mode)."""
    seat = _lock_seat(seat)
    seat.coach_mode = on
    seat.save(update_fields=["coach_mode", "updated_at"])
    return seat


def _settle(seat: Seat, round: Round, coup: Coup) -> None:
    """Pay every bet of a finished coup (main bets first, then the Lion Bonus). Locked by the caller."""
    outcome = coup.outcome
    assert outcome is not None and round.state == Round.State.DEALING
    settled = list(round.bets.all())
    rows = {bet.kind: bet for bet in settled}
    results = settle(
        [Bet(BetKind(kind), bet.amount) for kind, bet in rows.items()],
        outcome,
        PRESETS[round.preset].payouts,
    )
    entries = []
    for result in results:
        bet = rows[str(result.bet.kind)]
        bet.result = result.result.value
        bet.stake_returned, bet.winnings, bet.commission = (
            result.stake_returned,
            result.winnings,
            result.commission,
        )
        for kind, amount in (
            (LedgerEntry.Kind.STAKE_RETURN, result.stake_returned),
            (LedgerEntry.Kind.WINNINGS, result.winnings),
            (LedgerEntry.Kind.COMMISSION, -result.commission),
        ):
            if amount:
                entries.append(_post(seat, kind, amount, round=round, bet_kind=bet.kind))
    LedgerEntry.objects.bulk_create(entries)
    RoundBet.objects.bulk_update(rows.values(), ["result", "stake_returned", "winnings", "commission"])
    round._prefetched_objects_cache = {"bets": settled}  # type: ignore[attr-defined]  # the page shows these
    round.state = Round.State.SETTLED
    round.winner = outcome.winner.value
    round.player_total = outcome.player_total
    round.banker_total = outcome.banker_total
    round.natural = outcome.natural
    round.returned = sum((result.returned for result in results), Decimal("0.00"))
    round.settled_at = timezone.now()


def learner_chips_reset(*, user, actor) -> LedgerEntry:
    """An instructor's reset: the learner's table chips back to the class's starting balance."""
    classroom = learner_class(user)
    seat = seat_for_learner(user=user)
    target = classroom.starting_balance if classroom is not None else seat.starting_balance
    return balance_reset(seat=seat, actor=actor, force=True, target=target)


@transaction.atomic
def balance_reset(
    *, seat: Seat, actor=None, force: bool = False, target: Decimal | None = None
) -> LedgerEntry:
    """Restart with the starting chips (or ``target``): one ledger entry for the difference.

    A learner may do it when the balance is below the table minimum and no
    round is in play, nor a coach call pending (a restart offered on a coup over
    before its call would tell the call's answer); ``force`` (an instructor's
    reset) skips the minimum, and needs only that no coup is being dealt.
    """
    seat = _lock_seat(seat)
    dealt = Round.objects.filter(seat=seat, state=Round.State.DEALING).exists()
    if dealt or (not force and _round_in_play(seat)):
        raise errors.WrongState(errors.ROUND_IN_PLAY)
    minimum = seat.table.min_bet
    if not force and seat.balance >= minimum:
        raise errors.WrongState(
            errors.RESET_NOT_NEEDED.format(
                starting=amount_text(seat.starting_balance), minimum=amount_text(minimum)
            )
        )
    target = seat.starting_balance if target is None else target
    entry = _post(
        seat,
        LedgerEntry.Kind.RESET,
        target - seat.balance,
        actor=actor,
        note=LedgerEntry.NOTE_RESET_BY_INSTRUCTOR if actor is not None and actor != seat.user else "",
    )
    seat.save(update_fields=["balance", "updated_at"])
    entry.save()
    return entry


@transaction.atomic
def seat_choose_preset(*, seat: Seat, preset: str) -> Seat:
    """Change the table between rounds: a new shoe of the chosen preset starts at the next confirm."""
    if preset not in PRESETS:
        raise errors.InvalidInput(errors.UNKNOWN_PRESET.format(preset=preset))
    seat = _lock_seat(seat)
    classroom = learner_class(seat.user)
    if classroom is not None and preset not in allowed_presets(classroom.presets):
        raise errors.InvalidInput(errors.PRESET_NOT_ALLOWED.format(label=PRESETS[preset].label))
    if _round_in_play(seat):
        raise errors.WrongState(errors.ROUND_IN_PLAY)
    if preset != seat.preset:
        seat.preset = preset
        seat.shoe_state = ""  # the next confirm shuffles a shoe of the new preset
        Round.objects.filter(seat=seat, state=Round.State.BETTING).update(preset=preset)
        seat.save(update_fields=["preset", "shoe_state", "updated_at"])
    return seat


def ledger_verify(seat: Seat) -> None:
    """Check that the seat's cached balance equals the sum of its ledger.

    :raises LedgerMismatch: if it does not.
    """
    seat = Seat.objects.get(pk=seat.pk)
    total = LedgerEntry.objects.filter(seat=seat).aggregate(total=Sum("amount"))["total"] or Decimal("0.00")
    last = LedgerEntry.objects.filter(seat=seat).order_by("-id").first()
    if total != seat.balance or (last is not None and last.balance_after != seat.balance):
        raise LedgerMismatch(f"{seat}: balance {seat.balance} but the ledger sums to {total}.")
