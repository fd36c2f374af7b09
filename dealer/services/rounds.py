"""One dealer-mode round, one action per request, each checked by the engine (``baccarat.dealer``).

Every action is a POST that names the round and the ``step`` it was drawn at: a doubled or
replayed form (an old step) is refused with 409 and counts nothing; another learner's round is a
404. Locks: the learner's row (which serialises every request of one learner), then the round, then its
session (``select_for_update``).

The engine answers every action with a verdict: a right one is applied (a right deal takes the
shoe's next card), a wrong one changes nothing, is counted by its error kind and shown with the
rule it broke and the right action, which the learner then takes.

Time is the server's: the round's clock starts at its first card and stops at its last payout (or
commission mark); ``duration_ms`` is the difference. An action that comes sooner after the one
before it than a person can act (the engine's ``is_too_fast``) flags the round ``too_fast``: it is
never clean and never counts for records. When the round is settled, players may leave (their box
squares are then collected) and at the shoe's end every square is collected, before the round is
done.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from baccarat import Card, EngineError, Shoe
from baccarat.coup import Hand
from baccarat.dealer import (
    Action,
    Call,
    CallOption,
    Collect,
    CommissionBox,
    Deal,
    Mark,
    Pay,
    Stand,
    Take,
    Verdict,
    is_too_fast,
    next_seats,
)
from dealer import errors
from dealer.engine import engine_round, mode_of, table_of
from dealer.models import DealerRound, DealerSession
from dealer.services.sessions import learner_lock, round_next
from progress.services import dealer_round_record
from table import shuffle
from table.amounts import typed_amount

#: The chance that a simulated player leaves after a round (and that an empty seat fills).
LEAVE_CHANCE = 0.1


def too_fast(kind: str, seconds: Decimal) -> bool:
    """Whether ``seconds`` since the previous action is faster than a person can take this action."""
    return is_too_fast(kind, seconds)


def _ms(start: datetime, end: datetime) -> int:
    return max(0, int((end - start).total_seconds() * 1000))


def round_find(*, user, round_id: int, lock: bool = False) -> DealerRound:
    rows = DealerRound.objects.select_related("session", "session__classroom")
    if lock:
        rows = rows.select_for_update(of=("self",))
    round = rows.filter(pk=round_id, session__user=user).first() if isinstance(round_id, int) else None
    if round is None:
        raise errors.NotFound(errors.ROUND_NOT_FOUND)
    return round


def read_amount(text: str) -> Decimal:
    """The typed amount, in the active language's way of writing numbers."""
    try:
        amount = typed_amount((text or "").strip())
    except (ValueError, ArithmeticError, EngineError):
        raise errors.DealerError(errors.AMOUNT_UNREADABLE) from None
    if not amount.is_finite() or amount < 0 or amount > Decimal("100000"):
        raise errors.DealerError(errors.AMOUNT_UNREADABLE)
    return amount.quantize(Decimal("0.01"))


def _seat(data: Mapping[str, str]) -> int:
    try:
        return int(data.get("seat", ""))
    except ValueError:
        raise errors.DealerError(errors.NO_SUCH_SEAT) from None


def action_of(data: Mapping[str, str]) -> Action:
    """The action a form posted (``do`` and its fields).

    :raises DealerError: 400 for a form that names no action the engine knows.
    """
    do = data.get("do", "")
    if do == "deal":
        if data.get("hand") not in ("player", "banker"):
            raise errors.DealerError(errors.FORM_INCOMPLETE)
        return Deal(Hand(data["hand"]))
    if do == "stand":
        return Stand()
    if do == "call":
        try:
            return Call(CallOption.from_code(data.get("option", "")))
        except EngineError:
            raise errors.DealerError(errors.NO_SUCH_OPTION) from None
    if do in ("take", "pay"):
        seat, _, bet = str(data.get("bet", "")).partition("-")
        if not (seat.isascii() and seat.isdigit()) or not bet:  # "²".isdigit(), but int() refuses it
            raise errors.DealerError(errors.NO_SUCH_BET)
        if do == "take":
            return Take(int(seat), bet)
        return Pay(int(seat), bet, read_amount(data.get("amount", "")))
    if do == "mark":
        return Mark(_seat(data), read_amount(data.get("amount", "")))
    if do == "collect":
        return Collect(_seat(data), read_amount(data.get("amount", "")))
    raise errors.DealerError(errors.FORM_INCOMPLETE)


def phase_of(expected: Action | None) -> str:
    """Which stage of the round the engine's next expected action is in."""
    if isinstance(expected, (Deal, Stand)):
        return DealerRound.Phase.DEAL
    if isinstance(expected, Call):
        return DealerRound.Phase.CALL
    return DealerRound.Phase.SETTLE


@transaction.atomic
def round_act(*, user, round_id: int, step: int, data: Mapping[str, str]) -> DealerRound:
    """Check one action (``data``: ``do`` and its fields) at ``step`` with the engine; return the round.

    :raises DealerError: 404 for a round not the learner's, 409 for a finished round, a closed session
        or an old step,
        400 for a form that cannot be read.
    """
    learner_lock(user)
    round = round_find(user=user, round_id=round_id, lock=True)
    session = DealerSession.objects.select_for_update().get(pk=round.session_id)
    round.session = session
    if round.phase == DealerRound.Phase.DONE:
        raise errors.WrongState(errors.ROUND_OVER)
    if session.closed_at is not None:  # a closed session's round is left unfinished and never counted
        raise errors.WrongState(errors.SESSION_CLOSED)
    if step != round.step:
        raise errors.WrongState(errors.STALE_STEP)
    action = action_of(data)
    now = timezone.now()
    if isinstance(action, Collect) != (round.phase == DealerRound.Phase.COLLECT):
        raise errors.WrongState(errors.WRONG_PHASE)
    if isinstance(action, Collect):  # the phase is COLLECT: checked above
        verdict = _collect(round, action)
    else:
        engine = engine_round(round)
        verdict = engine.act(action, draw=lambda: _draw(round))
    entry = _entry(verdict, now)
    if too_fast(action.kind.value, Decimal(_ms(round.last_action_at or round.created_at, now)) / 1000):
        round.too_fast = True
        entry["too_fast"] = True
    if verdict.error is not None:
        round.errors[verdict.error.value] = int(round.errors.get(verdict.error.value, 0)) + 1
    if verdict.card is not None and round.started_at is None:
        round.started_at = now
    round.actions.append(entry)
    round.step += 1
    round.last_action_at = now
    if round.phase == DealerRound.Phase.COLLECT:
        if not round.collect:
            _done(round, now)
    else:
        engine = engine_round(round)
        if engine.is_done:
            session.box = engine.box.to_dict()
            _settled(round, now)
        else:
            round.phase = phase_of(engine.expected())
    round.save()
    session.save(update_fields=["shoe_state", "box", "players"])
    return round


def _draw(round: DealerRound) -> Card:
    card, round.session.shoe_state = Shoe.draw_from(round.session.shoe_state)
    round.cards = " ".join([*round.card_tokens, str(card)])
    return card


def _entry(verdict: Verdict, now: datetime) -> dict:
    return {
        "action": verdict.given.to_dict(),
        "at": now.isoformat(),
        "ok": verdict.ok,
        "error": verdict.error.value if verdict.error else "",
        "rule": verdict.rule.value if verdict.rule else "",
        "right": verdict.right.to_dict() if verdict.right is not None else None,
        "card": str(verdict.card) if verdict.card is not None else "",
    }


def _collect(round: DealerRound, action: Collect) -> Verdict:
    """Collect a square of the box that this round's end settles; a wrong amount changes nothing."""
    if str(action.seat) not in round.collect:
        raise errors.DealerError(errors.NO_SUCH_SEAT)
    box = CommissionBox.from_dict(round.session.box)
    verdict = box.collect(action)
    if verdict.ok:
        round.collect.pop(str(action.seat))
        round.session.box = box.to_dict()
    return verdict


def _settled(round: DealerRound, now: datetime) -> None:
    """The last payout (or mark): the clock stops; players may leave; at the shoe's end the box is settled."""
    round.finished_at = now
    round.duration_ms = _ms(round.started_at or now, now)
    session = round.session
    box = CommissionBox.from_dict(session.box)
    seats = sorted(int(seat) for seat in session.players)
    if Shoe.loads(session.shoe_state).finished:
        owing = box.owing()
    else:
        change = next_seats(shuffle.rng(), seats, leave=LEAVE_CHANCE, join=LEAVE_CHANCE)
        owing = {seat: box.owed(seat) for seat in change.leaving if box.owed(seat)}
        session.players = {str(seat): seat for seat in change.seats}
    round.collect = {str(seat): str(amount) for seat, amount in owing.items()}
    if round.collect:
        round.phase = DealerRound.Phase.COLLECT
    else:
        _done(round, now)


def _done(round: DealerRound, now: datetime) -> None:
    round.phase = DealerRound.Phase.DONE
    round.clean = not round.errors and not round.too_fast
    session = round.session
    dealer_round_record(
        user=session.user,
        round_key=round.pk,
        purpose=session.purpose,
        preset=session.preset,
        seats=len(round.layout.get("seats", [])) if isinstance(round.layout, dict) else session.seats,
        clean=round.clean,
        too_fast=round.too_fast,
        duration_ms=round.duration_ms or 0,
        errors=round.errors,
        finished_at=round.finished_at or now,
    )


def box_of(session: DealerSession) -> CommissionBox:
    return CommissionBox.from_dict(session.box or {"marks": {}})


def uses_box(session: DealerSession) -> bool:
    return mode_of(session).value == "box" and bool(table_of(session).payouts.banker_commission)


@transaction.atomic
def round_deal_next(*, user, session_id: int) -> DealerRound:
    """The session's next round (after a finished one); refused while a round is open or all are played."""
    learner_lock(user)
    session = DealerSession.objects.select_for_update().filter(pk=session_id, user=user).first()
    if session is None:
        raise errors.NotFound(errors.SESSION_NOT_FOUND)
    if session.closed_at is not None:
        raise errors.WrongState(errors.SESSION_CLOSED)
    open_round = session.dealer_rounds.exclude(phase=DealerRound.Phase.DONE).first()
    if open_round is not None:
        return open_round
    if session.rounds is not None and session.dealer_rounds.count() >= session.rounds:
        raise errors.WrongState(errors.SESSION_OVER)
    return round_next(session)
