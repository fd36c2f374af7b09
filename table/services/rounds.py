"""A round from its confirm to its settlement: the stakes committed, one card per request, the coach's
calls, and the payment of every bet when the coup ends.

Each service locks the seat row first, then the round row (``select_for_update()``,
in that fixed order) and only then reads what it decides on; see
docs/decisions/0001-locking-and-exactly-once.md. A deal names the card it expects
(``card_wanted``, by the engine's ``deal_request``): one already dealt is answered with the current state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from baccarat import Bet, Coup, DealRequest, Shoe, Step, deal_request, settle
from progress.services import drill_cell_record
from table import coach, deal_rows, errors, shuffle
from table.models import LedgerEntry, Round, RoundBet, Seat
from table.presets import PRESETS
from table.services.drafts import betting_round, check_bets, check_settleable, replace_bets, stored_bets
from table.services.ledger import Entry, ledger_append
from table.services.seats import lock_seat


@transaction.atomic
def round_confirm(
    *,
    user,
    seat_id: int | None = None,
    bets: Sequence[Bet] | None = None,
    round_number: int | None = None,
    watch: bool = False,
) -> Round:
    """Commit the stakes: they leave the balance in one ledger step and can no longer change.

    ``bets`` replaces the draft; ``None`` confirms the draft as it stands. A
    fresh shoe is shuffled and burned here when the table's last one is
    finished (a lesson seat keeps its arranged shoe, which never burns). ``watch`` (lesson seats only) lets a
    round be dealt with no bet at all.
    """
    seat = lock_seat(user, seat_id)
    round = betting_round(seat, round_number)
    if bets is None:
        bets = stored_bets(round.bets.all())
    total = check_bets(
        seat, bets, watch=watch and seat.kind == Seat.Kind.LESSON
    )  # before anything is written
    replace_bets(round, bets)

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
    round.save()
    stake = [Entry(LedgerEntry.Kind.STAKE, -total, round=round)] if total else []
    ledger_append(seat, stake, fields=["shoe_state", "shoe_number"])
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


def card_wanted(dealt: int, expected_index: int) -> bool:
    """The exactly-once deal rule in the table's terms (the lesson examples' too): ``True`` to deal the
    card the form expects, ``False`` when it is dealt already (answer the current state).

    :raises errors.InvalidInput: for a card past the next one.
    """
    request = deal_request(dealt, expected_index)
    if request is DealRequest.AHEAD:
        raise errors.InvalidInput(errors.NO_SUCH_CARD)
    return request is DealRequest.NEXT


@dataclass(frozen=True)
class DealResult:
    """What a deal request did: the round after it, and the step it dealt (``None`` on a replay)."""

    round: Round
    step: Step | None


@transaction.atomic
def round_deal(*, user, seat_id: int | None = None, round_number: int, expected_index: int) -> DealResult:
    """Deal exactly one card, the one at ``expected_index`` of the coup, and settle when the coup ends.

    A request for a card already dealt (a double click, a replayed form)
    changes nothing and returns the current state.
    """
    # No bets are read here: the felt shows the confirmed stakes from ``round.stakes`` while the
    # coup is dealt, and ``_settle`` reads the bets only when the coup ends. A deal that does not
    # settle costs one statement for both locks and one for both writes (4 with the session's two).
    seat, round = deal_rows.lock(user, seat_id, round_number)
    if seat is None or round is None:
        raise errors.RoundNotFound(errors.ROUND_NOT_FOUND)
    if round.state == Round.State.BETTING:
        raise errors.WrongState(errors.CONFIRM_FIRST)
    tokens = round.card_tokens
    if not card_wanted(len(tokens), expected_index):
        return DealResult(round=round, step=None)
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
        _settle(seat, round, coup, fields=["shoe_state"])
    return DealResult(round=round, step=step)


@transaction.atomic
def round_call(
    *,
    user,
    seat_id: int | None = None,
    round_number: int,
    question: str,
    answer: str = "",
    amounts: Mapping[str, str] | None = None,
) -> Round:
    """Coach mode: grade the learner's call on the pending question and record it.

    A draws/stands call about Banker counts towards that cell of the learner's
    Banker-table record. Answering a question already answered changes nothing.
    """
    seat = lock_seat(user, seat_id)
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
                user=user,
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


def _settle(seat: Seat, round: Round, coup: Coup, *, fields: Sequence[str] = ()) -> None:
    """Pay every bet of a finished coup (main bets first, then the side bets) and save the round and
    the seat (with its other changed ``fields``). Locked by the caller.

    :raises errors.InvalidInput: for a stored bet the registry or the round's table does not have; nothing
        is paid or written then.
    """
    outcome = coup.outcome
    assert outcome is not None and round.state == Round.State.DEALING
    settled = list(round.bets.all())
    rows = {bet.kind: bet for bet in settled}
    bets = stored_bets(settled)
    check_settleable(round, bets)
    results = settle(bets, outcome, PRESETS[round.preset].payouts)
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
                entries.append(Entry(kind, amount, round=round, bet_kind=bet.kind))
    ledger_append(seat, entries, fields=fields)
    RoundBet.objects.bulk_update(rows.values(), ["result", "stake_returned", "winnings", "commission"])
    round._prefetched_objects_cache = {"bets": settled}  # type: ignore[attr-defined]  # the page shows these
    round.apply_outcome(outcome)
    round.returned = sum((result.returned for result in results), Decimal("0.00"))
    round.settled_at = timezone.now()
    round.save()
