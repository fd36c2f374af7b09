"""The learner's seats: opening one, locking one, and the seat's own settings and chips.

Every service takes the learner (``user=``) and, for a lesson example's seat, its
``seat_id=``; it locks the seat itself (``lock_seat``), so no caller hands a
service a row it loaded, or a stand-in for one. Reading a seat is the selector
``table.selectors.table_seat``, which writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.db import transaction
from django.db.models import Q

from accounts.selectors import learner_class
from baccarat import Shoe
from progress.selectors import course_completed
from table import errors
from table.amounts import amount_text
from table.models import STARTING_BALANCE, LedgerEntry, Round, Seat, round_awaiting_call
from table.presets import PRESETS, allowed_presets
from table.services.ledger import Entry, ledger_append


def seat_open(*, user, starting_balance: Decimal | None = None) -> Seat:
    """The learner's practice-table seat, opened on first use with the class's starting chips (or 100)."""
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
            ledger_append(
                seat, [Entry(LedgerEntry.Kind.GRANT, starting_balance, note=LedgerEntry.NOTE_STARTING_CHIPS)]
            )
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
    seat = Seat.objects.select_for_update().get(pk=seat.pk)
    ledger_append(
        seat, [Entry(LedgerEntry.Kind.GRANT, starting_balance, note=LedgerEntry.NOTE_EXAMPLE_CHIPS)]
    )
    return seat


def lock_seat(user, seat_id: int | None = None) -> Seat:
    """Lock and load the learner's seat ``seat_id`` (theirs only), or else their table seat (opened
    on first use). Called inside a service's transaction, before anything is read.

    :raises errors.RoundNotFound: for a ``seat_id`` that is not one of the learner's seats.
    """
    seats = Seat.objects.select_for_update()
    if seat_id is not None:
        locked = seats.filter(pk=seat_id, user=user).first()
        if locked is None:
            raise errors.RoundNotFound(errors.ROUND_NOT_FOUND)
        return locked
    locked = seats.filter(user=user, kind=Seat.Kind.TABLE).first()
    return locked if locked is not None else seats.get(pk=seat_open(user=user).pk)


def round_in_play(seat: Seat) -> bool:
    """A round is being dealt, or waits for a call: no restart and no change of table until it is done.

    A coup over while a draw call waits must be refused alike, or the refusal would tell it is over.
    """
    return Round.objects.filter(Q(seat=seat, state=Round.State.DEALING) | round_awaiting_call(seat)).exists()


@transaction.atomic
def seat_set_coach(*, user, seat_id: int | None = None, on: bool) -> Seat:
    """Switch coach mode on or off; it applies from the next round (a round in play keeps its mode)."""
    seat = lock_seat(user, seat_id)
    seat.coach_mode = on
    seat.save(update_fields=["coach_mode", "updated_at"])
    return seat


@transaction.atomic
def seat_set_face_down(*, user, seat_id: int | None = None, on: bool) -> Seat:
    """Deal face down, or face up; it applies from the next card (only what the learner sees changes)."""
    seat = lock_seat(user, seat_id)
    seat.face_down = on
    seat.save(update_fields=["face_down", "updated_at"])
    return seat


def learner_chips_reset(*, user, actor) -> LedgerEntry:
    """An instructor's reset: the learner's table chips back to the class's starting balance."""
    classroom = learner_class(user)
    seat = seat_open(user=user)
    target = classroom.starting_balance if classroom is not None else seat.starting_balance
    return balance_reset(user=user, actor=actor, force=True, target=target)


@transaction.atomic
def balance_reset(
    *, user, seat_id: int | None = None, actor=None, force: bool = False, target: Decimal | None = None
) -> LedgerEntry:
    """Restart with the starting chips (or ``target``): one ledger entry for the difference.

    A learner may do it when the balance is below the table minimum and no
    round is in play, nor a coach call pending (a restart offered on a coup over
    before its call would tell the call's answer); ``force`` (an instructor's
    reset) skips the minimum, and needs only that no coup is being dealt.
    """
    seat = lock_seat(user, seat_id)
    dealt = Round.objects.filter(seat=seat, state=Round.State.DEALING).exists()
    if dealt or (not force and round_in_play(seat)):
        raise errors.WrongState(errors.ROUND_IN_PLAY)
    minimum = seat.table.min_bet
    if not force and seat.balance >= minimum:
        raise errors.WrongState(
            errors.RESET_NOT_NEEDED.format(
                starting=amount_text(seat.starting_balance), minimum=amount_text(minimum)
            )
        )
    target = seat.starting_balance if target is None else target
    note = LedgerEntry.NOTE_RESET_BY_INSTRUCTOR if actor is not None and actor != seat.user else ""
    (entry,) = ledger_append(
        seat, [Entry(LedgerEntry.Kind.RESET, target - seat.balance, actor=actor, note=note)]
    )
    return entry


@transaction.atomic
def seat_choose_preset(*, user, seat_id: int | None = None, preset: str) -> Seat:
    """Change the table between rounds: a new shoe of the chosen preset starts at the next confirm."""
    if preset not in PRESETS:
        raise errors.InvalidInput(errors.UNKNOWN_PRESET.format(preset=preset))
    seat = lock_seat(user, seat_id)
    classroom = learner_class(user)
    if preset not in allowed_presets(classroom.presets if classroom is not None else []):
        message = errors.PRESET_NOT_ALLOWED if classroom is not None else errors.PRESET_NOT_OPEN
        raise errors.InvalidInput(message.format(label=PRESETS[preset].label))
    if round_in_play(seat):
        raise errors.WrongState(errors.ROUND_IN_PLAY)
    if preset != seat.preset:
        seat.preset = preset
        seat.shoe_state = ""  # the next confirm shuffles a shoe of the new preset
        Round.objects.filter(seat=seat, state=Round.State.BETTING).update(preset=preset)
        seat.save(update_fields=["preset", "shoe_state", "updated_at"])
    return seat
