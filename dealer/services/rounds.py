"""One dealer-mode round, one checked action per request: deal or stand, call, take, pay, mark, collect.

Every action is a POST that names the round and the ``step`` it was drawn at: a doubled or
replayed form (an old step) is refused with 409 and counts nothing; another learner's round is a
404. Locks: the learner's row, then the session, then the round (``select_for_update``).

Time is the server's: the round's clock starts at its first card and stops at its last payout (or
mark); ``duration_ms`` is the difference. An action that comes sooner after the one before it than
a person can act (``FLOOR_SECONDS``) flags the round ``too_fast``: it is never clean and never counts
for records. A wrong action is recorded with its error kind and corrected (the right action is done
and shown), so the round always goes on to its end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from accounts.models import DealerCommission
from baccarat import EngineError, Shoe
from dealer import errors, procedure
from dealer.models import DealerRound, DealerSession
from dealer.services.sessions import learner_lock, round_next
from progress.services import dealer_round_record
from table import shuffle
from table.amounts import typed_amount
from table.presets import PRESETS

#: The least time, in seconds, from one action to the next that a person needs. A deal or a take is one
#: click on a choice just read (a choice reaction is about 0.4 s at best; the round trip comes on top),
#: a call means reading four sentences, a payout or a box amount reading a stake and typing a number.
FLOOR_SECONDS: dict[str, Decimal] = {
    "deal": Decimal("0.3"),
    "stand": Decimal("0.3"),
    "call": Decimal("0.6"),
    "take": Decimal("0.3"),
    "pay": Decimal("0.6"),
    "mark": Decimal("0.6"),
    "collect": Decimal("0.6"),
}
PHASE_ACTIONS = {
    DealerRound.Phase.DEAL: {"deal", "stand"},
    DealerRound.Phase.CALL: {"call"},
    DealerRound.Phase.SETTLE: {"take", "pay", "mark"},
    DealerRound.Phase.COLLECT: {"collect"},
}
#: The chance that a simulated player leaves their seat after a round (their box square is then settled).
LEAVE_CHANCE = 0.15


def _ms(start: datetime, end: datetime) -> int:
    return max(0, int((end - start).total_seconds() * 1000))


def round_find(*, user, round_id: int, lock: bool = False) -> DealerRound:
    rows = DealerRound.objects.select_related("session")
    if lock:
        rows = rows.select_for_update()
    round = rows.filter(pk=round_id, session__user=user).first() if isinstance(round_id, int) else None
    if round is None:
        raise errors.NotFound(errors.ROUND_NOT_FOUND)
    return round


def is_box(session: DealerSession) -> bool:
    return session.commission == DealerCommission.BOX and bool(
        PRESETS[session.preset].payouts.banker_commission
    )


def round_dues(round: DealerRound) -> list[procedure.Due]:
    session = round.session
    return procedure.dues(
        round.layout,
        round.card_tokens,
        PRESETS[session.preset].payouts,
        box=is_box(session),
        house_rounding=session.house_rounding,
    )


def done_ids(round: DealerRound) -> set[str]:
    return {entry["bet"] for entry in round.actions if entry.get("done") and entry.get("bet")}


def marked_seats(round: DealerRound) -> dict[int, Decimal]:
    marked: dict[int, Decimal] = {}
    for entry in round.actions:
        if entry.get("marked"):
            marked[int(entry["seat"])] = marked.get(int(entry["seat"]), Decimal(0)) + Decimal(entry["marked"])
    return marked


def marks_owed(round: DealerRound) -> dict[int, Decimal]:
    """What each seat's Banker wins put in the box this round (box procedure), by seat."""
    owed: dict[int, Decimal] = {}
    if not is_box(round.session):
        return owed
    for due in round_dues(round):
        if due.action == procedure.PAY and due.commission:
            owed[due.seat] = owed.get(due.seat, Decimal(0)) + due.commission
    return owed


def call_choices(round: DealerRound) -> list[procedure.CallOption]:
    """The call options of the round (the same on every showing: drawn from a seed of the round)."""
    return procedure.call_options(round.card_tokens, random.Random(f"{round.pk}-{round.cards}"))


@transaction.atomic
def round_act(*, user, round_id: int, step: int, data: Mapping[str, str]) -> DealerRound:
    """Check and apply one action of ``data`` (``do`` and its fields) at ``step``; return the round.

    :raises DealerError: 404 for a round not the learner's, 409 for a finished round, an old step or an
        action the round is not waiting for, 400 for a bet, an option or an amount that cannot be read.
    """
    learner_lock(user)
    round = round_find(user=user, round_id=round_id, lock=True)
    session = DealerSession.objects.select_for_update().get(pk=round.session_id)
    round.session = session
    if round.phase == DealerRound.Phase.DONE:
        raise errors.WrongState(errors.ROUND_OVER)
    if step != round.step:
        raise errors.WrongState(errors.STALE_STEP)
    action = data.get("do", "")
    if action not in PHASE_ACTIONS[DealerRound.Phase(round.phase)]:
        raise errors.WrongState(errors.WRONG_PHASE)
    now = timezone.now()
    entry: dict = {"do": action, "at": now.isoformat()}
    before = round.last_action_at or round.created_at
    if Decimal(_ms(before, now)) < FLOOR_SECONDS[action] * 1000:
        round.too_fast = True
        entry["too_fast"] = True
    {
        "deal": _deal,
        "stand": _deal,
        "call": _call,
        "take": _settle,
        "pay": _settle,
        "mark": _mark,
        "collect": _collect,
    }[action](round, entry, data, now)
    if entry.get("error"):
        round.errors[entry["error"]] = int(round.errors.get(entry["error"], 0)) + 1
    round.actions.append(entry)
    round.step += 1
    round.last_action_at = now
    if round.phase == DealerRound.Phase.SETTLE and _settled(round):
        _finish_settling(round, now)
    if round.phase == DealerRound.Phase.COLLECT and not round.collect:
        _done(round, now)
    round.save()
    session.save(update_fields=["shoe_state", "box", "players"])
    return round


def _deal(round: DealerRound, entry: dict, data: Mapping[str, str], now: datetime) -> None:
    chosen = "stand" if entry["do"] == "stand" else data.get("hand", "")
    if chosen not in ("player", "banker", "stand"):
        raise errors.DealerError(errors.FORM_INCOMPLETE)
    cards = round.card_tokens
    right = procedure.next_card(cards) or "stand"
    entry.update(chosen=chosen, right=right)
    kind = procedure.deal_error(cards, chosen)
    if kind:
        entry["error"] = kind
    if right == "stand":
        round.phase = DealerRound.Phase.CALL
        return
    if round.started_at is None:
        round.started_at = now
    card, round.session.shoe_state = Shoe.draw_from(round.session.shoe_state)
    round.cards = " ".join([*cards, str(card)])
    entry["card"] = str(card)


def _call(round: DealerRound, entry: dict, data: Mapping[str, str], now: datetime) -> None:
    options = call_choices(round)
    chosen = procedure.CallOption.from_code(data.get("option", ""))
    if chosen is None or chosen not in options:
        raise errors.DealerError(errors.NO_SUCH_OPTION)
    right = procedure.right_call(round.card_tokens)
    entry.update(chosen=chosen.code, right=right.code)
    if chosen != right:
        entry["error"] = "call"
    round.phase = DealerRound.Phase.SETTLE


def read_amount(text: str) -> Decimal:
    """The typed amount, in the active language's way of writing numbers."""
    from_text = (text or "").strip()
    try:
        amount = typed_amount(from_text)
    except (ValueError, ArithmeticError, EngineError):
        raise errors.DealerError(errors.AMOUNT_UNREADABLE) from None
    if amount < 0 or amount > Decimal("100000"):
        raise errors.DealerError(errors.AMOUNT_UNREADABLE)
    return amount.quantize(procedure.CENT)


def _settle(round: DealerRound, entry: dict, data: Mapping[str, str], now: datetime) -> None:
    dues = {due.id: due for due in round_dues(round)}
    done = done_ids(round)
    due = dues.get(data.get("bet", ""))
    if due is None or due.id in done:
        raise errors.DealerError(errors.NO_SUCH_BET)
    entry.update(bet=due.id, seat=due.seat, kind=due.kind, right_action=due.action)
    typed = read_amount(data.get("amount", "")) if entry["do"] == "pay" else None
    if due.action != entry["do"]:
        entry["error"] = "payout"  # a winner taken, a loser paid, a push touched: not done
        return
    waiting = [other for other in dues.values() if other.id not in done and other.action != procedure.PUSH]
    if waiting and min(other.order for other in waiting) < due.order:
        first = min(waiting, key=lambda other: other.order)
        entry.update(error="take_pay_order", next_bet=first.id, next_seat=first.seat, next_kind=first.kind)
    entry["done"] = True
    if typed is not None:
        entry.update(typed=str(typed), right=str(due.pay))
        if typed != due.pay and not entry.get("error"):
            full = due.pay + due.commission
            commission_slip = due.commission and (
                (is_box(round.session) and typed == due.pay - due.commission)
                or (not is_box(round.session) and typed == full)
            )
            entry["error"] = "commission" if commission_slip else "payout"


def _mark(round: DealerRound, entry: dict, data: Mapping[str, str], now: datetime) -> None:
    try:
        seat = int(data.get("seat", ""))
    except ValueError:
        raise errors.DealerError(errors.NO_SUCH_SEAT) from None
    if str(seat) not in round.session.players:
        raise errors.DealerError(errors.NO_SUCH_SEAT)
    typed = read_amount(data.get("amount", ""))
    owed = marks_owed(round).get(seat, Decimal(0)) - marked_seats(round).get(seat, Decimal(0))
    entry.update(seat=seat, typed=str(typed), right=str(owed))
    if owed <= 0:
        entry["error"] = "commission"  # nothing to mark for this seat (or commission comes off the payout)
        return
    if typed != owed:
        entry["error"] = "commission"
    _box_add(round.session, seat, owed)
    entry["marked"] = str(owed)


def _box_add(session: DealerSession, seat: int, amount: Decimal) -> None:
    session.box[str(seat)] = str(Decimal(session.box.get(str(seat), "0")) + amount)


def _settled(round: DealerRound) -> bool:
    done = done_ids(round)
    pending = [due for due in round_dues(round) if due.action != procedure.PUSH and due.id not in done]
    if pending:
        return False
    marked = marked_seats(round)
    return all(marked.get(seat, Decimal(0)) >= owed for seat, owed in marks_owed(round).items())


def _finish_settling(round: DealerRound, now: datetime) -> None:
    """The last payout (or mark): the round's clock stops; then seats may leave and the box is settled."""
    round.finished_at = now
    round.duration_ms = _ms(round.started_at or now, now)
    session = round.session
    shoe_over = Shoe.loads(session.shoe_state).finished
    rng = shuffle.rng()
    leaving = [seat for seat in sorted(session.players, key=int) if shoe_over or rng.random() < LEAVE_CHANCE]
    collect = {}
    for seat in leaving:
        owed = Decimal(session.box.get(seat, "0"))
        if owed > 0:
            collect[seat] = str(owed)
        if not shoe_over:
            session.players[seat] = max(session.players.values()) + 1  # a new player sits down
    round.collect = collect
    round.phase = DealerRound.Phase.COLLECT if collect else DealerRound.Phase.DONE
    if not collect:
        _done(round, now)


def _collect(round: DealerRound, entry: dict, data: Mapping[str, str], now: datetime) -> None:
    seat = data.get("seat", "")
    if seat not in round.collect:
        raise errors.DealerError(errors.NO_SUCH_SEAT)
    typed = read_amount(data.get("amount", ""))
    owed = Decimal(round.collect.pop(seat))
    entry.update(seat=int(seat), typed=str(typed), right=str(owed))
    if typed != owed:
        entry["error"] = "commission"
    round.session.box.pop(seat, None)


def _done(round: DealerRound, now: datetime) -> None:
    round.phase = DealerRound.Phase.DONE
    round.clean = not round.errors and not round.too_fast
    session = round.session
    dealer_round_record(
        user=session.user,
        round_key=round.pk,
        purpose=session.purpose,
        preset=session.preset,
        seats=session.seats,
        clean=round.clean,
        too_fast=round.too_fast,
        duration_ms=round.duration_ms or 0,
        errors=round.errors,
        finished_at=round.finished_at or now,
    )


@transaction.atomic
def round_deal_next(*, user, session_id: int) -> DealerRound:
    """The session's next round (after a finished one); refused while a round is open or all are played."""
    learner_lock(user)
    session = DealerSession.objects.select_for_update().filter(pk=session_id, user=user).first()
    if session is None:
        raise errors.NotFound(errors.SESSION_NOT_FOUND)
    open_round = session.dealer_rounds.exclude(phase=DealerRound.Phase.DONE).first()
    if open_round is not None:
        return open_round
    if session.closed_at is not None or (
        session.rounds is not None and session.dealer_rounds.count() >= session.rounds
    ):
        raise errors.WrongState(errors.SESSION_OVER)
    return round_next(session)
