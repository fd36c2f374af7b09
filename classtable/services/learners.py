"""The learners' side of a class table: join, leave, draft and confirm bets, call the draws.

Every service locks the class table row first, then (to move chips) the learner's practice seat:
a confirm racing "No more bets" is either wholly in before it or refused with no chip moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.utils import timezone

from accounts.models import Membership
from baccarat import Bet, Coup
from classtable import errors
from classtable.models import ClassBet, ClassCall, ClassPlay, ClassRound, ClassSeat, ClassTable
from classtable.services.bets import bets_from, check_bets
from classtable.services.locking import (
    current_round,
    lock_seats,
    lock_table,
    touch,
    touch_own,
    write_service,
)
from classtable.services.sessions import pending_decision
from progress.services import drill_cell_record
from table import coach, placed_chips
from table import errors as table_errors
from table.models import LedgerEntry
from table.services import Entry, ledger_append, seat_open


def is_member(user, table: ClassTable) -> bool:
    return (
        bool(user.is_authenticated)
        and Membership.objects.filter(user=user, classroom=table.classroom_id).exists()
    )


@write_service
def seat_join(*, user, table_id: int) -> ClassSeat:
    """Sit down at the class table (members of its class only), with the practice table's chips.

    A learner who joins after "No more bets" plays from the next round. Joining again changes nothing.
    :raises errors.NotAllowed: not a member of the class.
    """
    table = lock_table(table_id)
    if not is_member(user, table):
        raise errors.NotAllowed(errors.NOT_A_MEMBER)
    seat = seat_open(user=user)
    class_seat, created = ClassSeat.objects.get_or_create(table=table, user=user, defaults={"seat": seat})
    if created or class_seat.left_at is not None:
        class_seat.left_at = None
        class_seat.save(update_fields=["left_at"])
        touch_own(class_seat)
        touch(table, learner=True)
    return class_seat


def _present_seat(table: ClassTable, user) -> ClassSeat:
    class_seat = (
        ClassSeat.objects.filter(table=table, user=user, left_at__isnull=True).select_related("seat").first()
    )
    if class_seat is None:
        raise errors.NotAllowed(errors.NOT_SEATED if is_member(user, table) else errors.NOT_A_MEMBER)
    return class_seat


@write_service
def seat_leave(*, user, table_id: int) -> ClassSeat:
    """Stand up: the chips stay on the learner's balance; an unconfirmed draft is dropped, confirmed
    stakes still settle with the coup."""
    table = lock_table(table_id)
    class_seat = _present_seat(table, user)
    class_seat.left_at = timezone.now()
    class_seat.save(update_fields=["left_at"])
    ClassPlay.objects.filter(class_seat=class_seat, state=ClassPlay.State.DRAFT).update(
        state=ClassPlay.State.DROPPED, draft={}
    )
    touch_own(class_seat)
    touch(table, learner=True)
    return class_seat


def _betting_play(table: ClassTable, class_seat: ClassSeat, round_number: int) -> ClassPlay:
    round = current_round(table, round_number)
    if round.state != ClassRound.State.BETTING:
        raise errors.WrongState(errors.BETS_CLOSED)
    play, _ = ClassPlay.objects.get_or_create(
        round=round, class_seat=class_seat, defaults={"user_id": class_seat.user_id}
    )
    if play.state != ClassPlay.State.DRAFT:
        raise errors.WrongState(errors.ALREADY_CONFIRMED)
    play.round = round
    return play


def _open_draft(user, table_id: int, round_number: int) -> tuple[ClassTable, ClassSeat, ClassPlay]:
    """The table (not locked: a draft moves no chip and no other page shows it), the learner's seat and
    their play of the round, still a draft."""
    table = lock_table(table_id, lock=False)
    class_seat = _present_seat(table, user)
    return table, class_seat, _betting_play(table, class_seat, round_number)


def _history(play: ClassPlay, stakes: dict[str, Decimal]) -> placed_chips.History:
    """The chips placed so far, while the stakes on screen are still what they made (else none)."""
    return placed_chips.kept(play.chips, placed_chips.stakes_of(bets_from(play.draft or {})), stakes)


def _save_draft(table: ClassTable, class_seat: ClassSeat, play: ClassPlay, stakes, chips: list) -> ClassPlay:
    """Check the draft (the minimum waits for the confirm) and store it with its undo history. A draft
    that races "No more bets" may land on the closed round: it stays a draft, dropped when the coup
    settles; one that races the learner's own confirm changes nothing."""
    bets = bets_from(stakes)
    check_bets(table, class_seat.seat.balance, bets, draft=True)
    play.draft = {str(bet.kind): str(bet.amount) for bet in bets}
    play.chips = chips
    ClassPlay.objects.filter(pk=play.pk, state=ClassPlay.State.DRAFT).update(draft=play.draft, chips=chips)
    touch_own(class_seat)
    return play


@write_service
def bets_draft(
    *, user, table_id: int, round_number: int, bets: Sequence[Bet], placed: tuple[str, Decimal] | None = None
) -> ClassPlay:
    """Save the learner's draft for the round: the stakes on screen, plus the chip ``placed`` on a spot
    (``(spot, chip)``: it can be taken back). No chip moves, and no page but the learner's own shows a
    draft: only their own version changes (``ClassSeat.version``), and the table's row is not locked
    (sixty drafts do not wait for each other).

    :raises errors.WrongState: bets closed, or already confirmed. :raises errors.InvalidInput: a limit.
    """
    table, class_seat, play = _open_draft(user, table_id, round_number)
    stakes = placed_chips.stakes_of(bets)
    chips = _history(play, stakes)
    if placed is not None:
        stakes, chips = placed_chips.place(stakes, chips, *placed)
    return _save_draft(table, class_seat, play, stakes, chips)


@write_service
def bets_undo(*, user, table_id: int, round_number: int, bets: Sequence[Bet]) -> ClassPlay:
    """Take back the last chip placed on the draft (``bets``: the stakes on screen).

    :raises errors.WrongState: no chip to take back (none placed, or the stakes were typed since).
    """
    table, class_seat, play = _open_draft(user, table_id, round_number)
    stakes = placed_chips.stakes_of(bets)
    taken = placed_chips.take_back(stakes, _history(play, stakes))
    if taken is None:
        raise errors.WrongState(table_errors.NOTHING_TO_UNDO)
    return _save_draft(table, class_seat, play, *taken)


@write_service
def bets_repeat(*, user, table_id: int, round_number: int) -> ClassPlay:
    """Make the draft the bets the learner played in their last settled round at this table.

    :raises errors.WrongState: they have played no round here yet.
    """
    table, class_seat, play = _open_draft(user, table_id, round_number)
    previous = (
        ClassPlay.objects.filter(class_seat=class_seat, state=ClassPlay.State.SETTLED)
        .order_by("-round__number")
        .first()
    )
    if previous is None:
        raise errors.WrongState(table_errors.NOTHING_TO_REPEAT)
    stakes = {bet.kind: bet.amount for bet in previous.bets.all()}
    return _save_draft(table, class_seat, play, stakes, [])


@write_service
def bets_confirm(*, user, table_id: int, round_number: int, bets: Sequence[Bet] | None = None) -> ClassPlay:
    """Confirm the learner's bets (``bets``, or the draft as it stands): the stake leaves the balance in
    one ledger step and can no longer change.

    :raises errors.WrongState: "No more bets" came first, or already confirmed (no chip moved).
    :raises errors.InvalidInput: a limit, or more than the balance.
    """
    table = lock_table(table_id)
    class_seat = _present_seat(table, user)
    play = _betting_play(table, class_seat, round_number)
    seat = lock_seats([class_seat.seat_id])[class_seat.seat_id]
    if bets is None:
        bets = bets_from(play.draft)
    total = check_bets(table, seat.balance, bets)
    ClassBet.objects.bulk_create(ClassBet(play=play, kind=str(bet.kind), amount=bet.amount) for bet in bets)
    play.state = ClassPlay.State.CONFIRMED
    play.draft = {}
    play.committed = total
    play.confirmed_at = timezone.now()
    play.save(update_fields=["state", "draft", "committed", "confirmed_at"])
    ledger_append(seat, [Entry(LedgerEntry.Kind.STAKE, -total, reference=play.reference)])
    touch_own(class_seat)
    touch(table, learner=True)
    return play


@write_service
def draw_call(*, user, table_id: int, round_number: int, question: str, answer: str) -> ClassCall:
    """The learner's call on the open draw decision (``table.coach``'s ``player_draw``/``banker_draw``),
    graded now; a Banker call counts in that cell of their Banker-table record. A second call on the same
    decision changes nothing and returns the first.

    :raises errors.WrongState: the decision is closed (or none is open). :raises errors.InvalidInput: not
        draws or stands.
    """
    table = lock_table(table_id)
    class_seat = _present_seat(table, user)
    if not table.calls_draws:
        raise errors.WrongState(errors.NO_CALLS)
    round = current_round(table, round_number)
    earlier = ClassCall.objects.filter(round=round, user=user, question=question).first()
    if earlier is not None:
        return earlier
    coup = Coup.replay(round.card_tokens) if round.cards else None
    asked = pending_decision(table, round, coup) if round.state == ClassRound.State.DEALING else None
    if asked is None or asked.key != question:
        raise errors.WrongState(errors.NO_DECISION)
    if answer not in (coach.DRAWS, coach.STANDS):
        raise errors.InvalidInput(errors.CALL_ANSWER)
    correct, _rule = coach.grade_draw(asked, answer)
    banker = asked.key == coach.BANKER_DRAW
    call = ClassCall.objects.create(
        round=round,
        class_seat=class_seat,
        user=user,
        question=asked.key,
        answer=answer,
        correct=correct,
        banker_total=asked.banker_total if banker else None,
        player_third=asked.player_third if banker else None,
    )
    if banker:
        drill_cell_record(
            user=user, banker_total=asked.banker_total, player_third=asked.player_third, correct=correct
        )
    touch_own(class_seat)
    touch(table, learner=True)
    return call
