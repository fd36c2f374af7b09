"""The instructor's side of a class table: open and close it, start a round, "No more bets", deal, go on.

Every service locks the class table row first (``locking.lock_table``) and refuses anyone but the
instructor who opened it (403). A deal names the card it expects (``expected_index``, the table's
``card_wanted`` rule): a doubled or replayed deal changes nothing and answers the state as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import Classroom
from baccarat import Coup, Shoe, Step
from classtable import errors
from classtable.models import ClassRound, ClassTable
from classtable.services.locking import current_round, lock_table, require_dealer, touch, write_service
from classtable.services.settlement import round_settle_locked, table_close_locked
from table import coach, shuffle
from table import errors as table_errors
from table.presets import PRESETS, allowed_presets
from table.services import card_wanted


def teaches(user, classroom: Classroom) -> bool:
    """The user is an active staff instructor of the class (or a superuser)."""
    if not (user.is_authenticated and user.is_active and user.is_staff):
        return False
    return user.is_superuser or classroom.instructors.filter(pk=user.pk).exists()


def _new_shoe(table: ClassTable) -> None:
    """Shuffle the next shoe with the CSPRNG and burn its start, as at the practice table."""
    shoe = Shoe.shuffled(table.table.decks, rng=shuffle.rng())
    shoe.burn()
    table.shoe_state = shoe.dumps()
    table.shoe_number += 1


def _start_round(table: ClassTable, number: int) -> ClassRound:
    new_shoe = not table.shoe_state or Shoe.loads(table.shoe_state).finished
    if new_shoe:
        _new_shoe(table)
    return ClassRound.objects.create(
        table=table, number=number, shoe_number=table.shoe_number, new_shoe=new_shoe
    )


def class_table_open(*, user, classroom_id: int, preset: str, calls_draws: bool = True) -> ClassTable:
    """Open a class table for one of the user's classes, with its first round taking bets.

    :raises errors.NotAllowed: the user does not teach the class. :raises errors.InvalidInput: a table
        the class does not offer. :raises errors.WrongState: the class already has one open.
    """
    classroom = Classroom.objects.filter(pk=classroom_id).first()
    if classroom is None or not teaches(user, classroom):
        raise errors.NotAllowed(errors.NOT_AN_INSTRUCTOR)
    if preset not in PRESETS or preset not in allowed_presets(classroom.presets or []):
        label = PRESETS[preset].label if preset in PRESETS else preset
        raise errors.InvalidInput(errors.PRESET_NOT_OFFERED.format(label=label))
    try:
        with transaction.atomic():
            # An open session gone idle ends first: it blocks no new one.
            for stale in ClassTable.objects.select_for_update().filter(
                classroom=classroom, state=ClassTable.State.OPEN
            ):
                if stale.idle():
                    table_close_locked(stale)
            table = ClassTable(classroom=classroom, dealer=user, preset=preset, calls_draws=calls_draws)
            _new_shoe(table)
            table.save()
            ClassRound.objects.create(table=table, number=1, shoe_number=table.shoe_number, new_shoe=True)
    except IntegrityError:
        raise errors.WrongState(errors.ALREADY_OPEN) from None
    return table


@transaction.atomic
def class_table_close(*, user, table_id: int) -> ClassTable:
    """End the session (the dealing instructor): an unfinished coup's stakes go back to their seats.

    Closing a closed session changes nothing.
    """
    table = lock_table(table_id, open_only=False)
    if table.dealer_id != user.pk and not teaches(user, table.classroom):
        raise errors.NotAllowed(errors.NOT_THE_DEALER)
    if table.state == ClassTable.State.OPEN:
        table_close_locked(table)
    return table


def close_idle_tables() -> int:
    """Close every open session idle past ``CLASS_TABLE_IDLE_MINUTES`` (returning stakes); how many."""
    closed = 0
    for table_id in ClassTable.objects.filter(state=ClassTable.State.OPEN).values_list("pk", flat=True):
        with transaction.atomic():
            table = ClassTable.objects.select_for_update().get(pk=table_id)
            if table.state == ClassTable.State.OPEN and table.idle():
                table_close_locked(table)
                closed += 1
    return closed


@write_service
def round_start(*, user, table_id: int, round_number: int) -> ClassRound:
    """ "Place your bets" for round ``round_number`` (the next one): exactly once, after the last settled.

    A second request for the round already started returns it unchanged.
    """
    table = lock_table(table_id)
    require_dealer(table, user)
    latest = ClassRound.objects.filter(table=table).order_by("-number").first()
    if latest is not None and latest.number == round_number:
        return latest
    if latest is not None and (latest.is_open or round_number != latest.number + 1):
        raise errors.WrongState(errors.ROUND_IN_PLAY if latest.is_open else errors.NO_SUCH_ROUND)
    round = _start_round(table, round_number)
    touch(table, instructor=True, fields=["shoe_state", "shoe_number"])
    return round


@write_service
def bets_close(*, user, table_id: int, round_number: int) -> ClassRound:
    """ "No more bets": the round is dealt from now on; drafts never confirmed are dropped. Idempotent."""
    table = lock_table(table_id)
    require_dealer(table, user)
    round = current_round(table, round_number)
    if round.state != ClassRound.State.BETTING:
        return round
    round.state = ClassRound.State.DEALING
    round.bets_closed_at = timezone.now()
    round.save(update_fields=["state", "bets_closed_at"])
    round.plays.filter(state="draft").update(state="dropped")
    touch(table, instructor=True)
    return round


@dataclass(frozen=True)
class DealResult:
    """What a deal did: the round after it, the step dealt (``None``: a replayed request), and whether
    it settled the coup."""

    round: ClassRound
    step: Step | None
    settled: bool = False


def pending_decision(table: ClassTable, round: ClassRound, coup: Coup | None) -> coach.Question | None:
    """The draw decision the class is asked now (``None``: none, or the class does not call draws)."""
    if not table.calls_draws or coup is None:
        return None
    asked = coach.pending(coup, round.decisions)
    return asked if asked is not None and asked.key != coach.SETTLEMENT else None


def _close_decision(round: ClassRound, asked: coach.Question) -> None:
    right = coach.draw_answer(coach.grade_draw(asked, coach.DRAWS)[0])
    round.decisions = {
        **round.decisions,
        asked.key: {"right": right, "closed_at": timezone.now().isoformat()},
    }


@write_service
def card_deal(*, user, table_id: int, round_number: int, expected_index: int) -> DealResult:
    """Deal the card at ``expected_index`` of the coup (the dealing instructor), and settle when it ends.

    While the class is asked a draw decision, the deal waits: the instructor closes it first
    (``decision_close``, called or not). A coup over while a decision on it waits is settled when
    that decision closes.

    :raises errors.WrongState: bets still open, a decision open, or the coup is over.
    """
    table = lock_table(table_id)
    require_dealer(table, user)
    round = current_round(table, round_number)
    if round.state == ClassRound.State.BETTING:
        raise errors.WrongState(errors.NOT_BETTING)
    tokens = round.card_tokens
    try:
        wanted = card_wanted(len(tokens), expected_index)
    except table_errors.TableError as error:
        raise errors.InvalidInput(error.message) from None
    if not wanted:
        return DealResult(round=round, step=None)
    if round.state != ClassRound.State.DEALING:
        raise errors.WrongState(errors.COUP_OVER)
    coup = Coup.replay(tokens)
    if pending_decision(table, round, coup) is not None:
        raise errors.WrongState(errors.DECISION_OPEN)
    card, table.shoe_state = Shoe.draw_from(table.shoe_state)
    step = coup.deal(card)
    round.cards = " ".join([*tokens, step.card.token])
    settled = coup.outcome is not None and pending_decision(table, round, coup) is None
    if settled:
        round_settle_locked(table, round, coup)
    else:
        round.save(update_fields=["cards"])
    touch(table, instructor=True, fields=["shoe_state"])
    return DealResult(round=round, step=step, settled=settled)


@write_service
def decision_close(*, user, table_id: int, round_number: int, question: str) -> ClassRound:
    """Close the pending draw decision ``question`` (the instructor goes on; later calls are refused).

    Settles the coup when it is over and this was its last decision. Closing a closed one changes nothing.
    """
    table = lock_table(table_id)
    require_dealer(table, user)
    round = current_round(table, round_number)
    if question in round.decisions:
        return round
    coup = Coup.replay(round.card_tokens) if round.cards else None
    asked = pending_decision(table, round, coup) if round.state == ClassRound.State.DEALING else None
    if asked is None or asked.key != question:
        raise errors.WrongState(errors.NO_DECISION)
    assert coup is not None
    _close_decision(round, asked)
    if coup.outcome is not None and pending_decision(table, round, coup) is None:
        round_settle_locked(table, round, coup)
    else:
        round.save(update_fields=["decisions"])
    touch(table, instructor=True)
    return round
