"""Every write of learner progress: lesson visits, answers, and drill cells.

Design overview: an answer is one ``Attempt`` row, keyed by the question's
one-time nonce; the unique (user, nonce) constraint makes a replayed or
doubled answer fail before anything is counted, so attempts, lesson progress
and drill cells always agree. Grading is the caller's (the course knows the
questions); this module only records.

The payout drill keeps its answers apart (``PayoutAnswer``, also unique per
(user, nonce)) with one ``PayoutRecord`` per learner: streak, personal best and
mastery. ``payout_answer_record`` locks that record first, then writes the
answer, so two answers of one learner are counted one after the other and a
doubled one fails on the constraint before the record changes.
``payout_skip_record`` counts a question shown and never answered the same
way, as a wrong answer.

Answers faster than a person can give them (``PAYOUT_FLOOR_SECONDS``,
``DRILL_FLOOR_SECONDS``, timed on the server's clock from the question being
issued) are recorded, marked ``too_fast``, and never count towards mastery:
in the payout drill such an answer ends the run (otherwise answering too fast
would be a free way to skip a question), in the drawing-table drill it is not
counted on its cell.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from progress.models import (
    CELL_COUNT,
    DEALER_ERROR_KINDS,
    DRILL_FLOOR_SECONDS,
    MASTERY_STREAK,
    PAYOUT_FLOOR_SECONDS,
    PAYOUT_MASTERY_SECONDS,
    PAYOUT_MASTERY_STREAK,
    PAYOUT_MAX_SECONDS,
    STOOD,
    Attempt,
    DealerRecord,
    DrillCell,
    DrillMasteryReached,
    Lesson,
    LessonProgress,
    PayoutAnswer,
    PayoutRecord,
)

#: Gaps longer than this between two requests in a lesson are a break, not study time.
STUDY_GAP = timedelta(minutes=10)


class AnswerReplayed(Exception):
    """The question (its nonce) was answered before; ``attempt`` is the first answer, nothing was counted."""

    def __init__(self, attempt: Attempt | None) -> None:
        super().__init__("answer replayed")
        self.attempt = attempt


def drill_cell_record(*, user, banker_total: int, player_third: int | None, correct: bool) -> None:
    """Count one answer about one cell of the Banker table (from the drill or a coach-mode call).

    The answer that masters the last unmastered cell records the moment every cell was mastered
    (once per learner: ``DrillMasteryReached``).
    """
    third = STOOD if player_third is None else str(player_third)
    with transaction.atomic():
        cell, _ = DrillCell.objects.select_for_update().get_or_create(
            user=user, banker_total=banker_total, third=third
        )
        DrillCell.objects.filter(pk=cell.pk).update(
            attempts=F("attempts") + 1,
            correct=F("correct") + int(correct),
            streak=F("streak") + 1 if correct else 0,
        )
        if correct and cell.streak + 1 == MASTERY_STREAK:
            mastered = DrillCell.objects.filter(user=user, streak__gte=MASTERY_STREAK).count()
            if mastered >= CELL_COUNT:
                DrillMasteryReached.objects.get_or_create(user=user, defaults={"reached_at": timezone.now()})


def lesson_visit(*, user, lesson: Lesson) -> LessonProgress:
    """Note a visit: started, last visited, and study time since the previous request in this lesson."""
    now = timezone.now()
    progress, _ = LessonProgress.objects.get_or_create(user=user, lesson=lesson)
    gap = now - progress.last_visited if progress.last_visited else None
    LessonProgress.objects.filter(pk=progress.pk).update(
        last_visited=now,
        seconds_spent=F("seconds_spent") + (int(gap.total_seconds()) if gap and gap < STUDY_GAP else 0),
    )
    progress.refresh_from_db()
    return progress


#: One kind of answer row kept exactly once per (user, nonce).
Answer = TypeVar("Answer", Attempt, PayoutAnswer)


def _create_once(
    model: type[Answer], replayed: Callable[[Answer], Exception], *, user, nonce: str, **fields: Any
) -> Answer:
    """Write one answer row, or raise ``replayed(first)`` if its nonce is already recorded for the user."""
    try:
        with transaction.atomic():
            return model.objects.create(user=user, nonce=nonce, **fields)
    except IntegrityError:
        first = model.objects.filter(user=user, nonce=nonce).first()
        if first is None:
            raise
        raise replayed(first) from None


def _attempt_create(*, user, nonce: str, **fields: Any) -> Attempt:
    """Write one answer, or raise ``AnswerReplayed`` if its nonce is already recorded."""
    return _create_once(Attempt, AnswerReplayed, user=user, nonce=nonce, **fields)


@transaction.atomic
def lesson_answer_record(
    *, user, lesson: Lesson, required: int, nonce: str, question: dict, answer: str, correct: bool
) -> Attempt:
    """Record an exercise answer and count it in the lesson; ``required`` right answers complete it.

    After that, answers are recorded but no longer counted in the lesson's figures.

    :raises AnswerReplayed: if this question was answered before.
    """
    attempt = _attempt_create(
        user=user,
        nonce=nonce,
        source=Attempt.Source.LESSON,
        lesson=lesson,
        kind=question["kind"],
        question=question,
        answer=answer,
        correct=correct,
    )
    progress, _ = LessonProgress.objects.select_for_update().get_or_create(user=user, lesson=lesson)
    progress.last_visited = timezone.now()
    # Once the lesson is done, an answer is practice: kept as an attempt, not counted in the lesson, so
    # the accuracy an instructor sees is the one the lesson was done with.
    if progress.completed_at is None:
        progress.attempts += 1
        progress.correct += int(correct)
        if progress.correct >= required:
            progress.completed_at = timezone.now()
    progress.save()
    return attempt


@transaction.atomic
def drill_answer_record(
    *,
    user,
    nonce: str,
    question: dict,
    answer: str,
    correct: bool,
    banker_total: int,
    player_third: int | None,
    issued_at: datetime | None = None,
) -> Attempt:
    """Record a drill answer, timed from ``issued_at``, and count it on the learner's cell, together.

    An answer under ``DRILL_FLOOR_SECONDS`` is recorded as ``too_fast`` and not
    counted on the cell.

    :raises AnswerReplayed: if this question was answered before.
    """
    seconds = None if issued_at is None else payout_seconds(issued_at=issued_at, answered_at=timezone.now())
    too_fast = seconds is not None and seconds < DRILL_FLOOR_SECONDS
    attempt = _attempt_create(
        user=user,
        nonce=nonce,
        source=Attempt.Source.DRILL,
        kind=question["kind"],
        question=question,
        answer=answer,
        correct=correct,
        seconds=seconds,
        too_fast=too_fast,
    )
    if not too_fast:
        drill_cell_record(user=user, banker_total=banker_total, player_third=player_third, correct=correct)
    return attempt


class PayoutAnswerReplayed(Exception):
    """The payout question (its nonce) was answered before; ``answer`` is the first answer."""

    def __init__(self, answer: PayoutAnswer) -> None:
        super().__init__("payout answer replayed")
        self.answer = answer


def payout_seconds(*, issued_at: datetime, answered_at: datetime) -> Decimal:
    """The time an answer took, in hundredths of a second (never negative, at most a cap)."""
    elapsed = Decimal(str((answered_at - issued_at).total_seconds())).quantize(Decimal("0.01"))
    return min(max(elapsed, Decimal("0.00")), PAYOUT_MAX_SECONDS)


def payout_learner_lock(*, user) -> None:
    """Lock the learner's row till the caller's transaction ends (taken before the payout record);
    outside a transaction it raises ``TransactionManagementError``.

    Every new question and every skip of the payout drill takes it first, and a graded answer with the
    next question, so two requests at once (a doubled click) run one after the other and cannot leave
    two questions waiting. The learner's row, not the payout record: a question shown and not yet
    answered makes no record.
    """
    get_user_model()._default_manager.select_for_update().only("pk").get(pk=user.pk)


@transaction.atomic
def payout_answer_record(
    *,
    user,
    nonce: str,
    kind: str,
    question: dict,
    answer: dict,
    correct: bool,
    issued_at: datetime,
    answered_at: datetime | None = None,
) -> tuple[PayoutAnswer, PayoutRecord]:
    """Record one payout-drill answer, timed from ``issued_at``, and update the learner's record.

    A right answer under ``PAYOUT_MASTERY_SECONDS`` adds one to the streak; a
    wrong or slow one sets it to 0, and so does one under
    ``PAYOUT_FLOOR_SECONDS`` (``too_fast``), right or not. The first time the
    streak reaches ``PAYOUT_MASTERY_STREAK`` the learner has mastered the drill.

    :raises PayoutAnswerReplayed: if this question was answered before; nothing is counted.
    """
    now = answered_at or timezone.now()
    seconds = payout_seconds(issued_at=issued_at, answered_at=now)
    too_fast = seconds < PAYOUT_FLOOR_SECONDS
    fast = correct and not too_fast and seconds < PAYOUT_MASTERY_SECONDS
    record, _ = PayoutRecord.objects.select_for_update().get_or_create(user=user)
    saved = _payout_answer_create(
        user=user,
        nonce=nonce,
        kind=kind,
        question=question,
        answer=answer,
        correct=correct,
        seconds=seconds,
        fast=fast,
        too_fast=too_fast,
        created_at=now,
    )
    record.answers += 1
    record.correct += int(correct)
    record.streak = record.streak + 1 if fast else 0
    record.best_streak = max(record.best_streak, record.streak)
    if record.streak >= PAYOUT_MASTERY_STREAK:
        if record.mastered_at is None:
            record.mastered_at = now
        run = PayoutAnswer.objects.filter(user=user).order_by("-created_at", "-id")[:PAYOUT_MASTERY_STREAK]
        run_seconds = sum((row.seconds for row in run), Decimal("0.00"))
        if record.best_run_seconds is None or run_seconds < record.best_run_seconds:
            record.best_run_seconds = run_seconds
    record.save()
    return saved, record


def _payout_answer_create(*, user, nonce: str, **fields: Any) -> PayoutAnswer:
    """Write one payout answer, or raise ``PayoutAnswerReplayed`` if its nonce is already recorded."""
    return _create_once(PayoutAnswer, PayoutAnswerReplayed, user=user, nonce=nonce, **fields)


@transaction.atomic
def payout_skip_record(
    *, user, nonce: str, kind: str, question: dict, issued_at: datetime, skipped_at: datetime | None = None
) -> bool:
    """Count a payout question shown and never answered as a wrong answer: the run ends.

    ``seconds`` is how long it was on screen. Returns whether it was counted:
    ``False`` if its nonce was recorded already (answered in the meantime).
    """
    now = skipped_at or timezone.now()
    record, _ = PayoutRecord.objects.select_for_update().get_or_create(user=user)
    try:
        _payout_answer_create(
            user=user,
            nonce=nonce,
            kind=kind,
            question=question,
            answer={},
            correct=False,
            seconds=payout_seconds(issued_at=issued_at, answered_at=now),
            fast=False,
            skipped=True,
            created_at=now,
        )
    except PayoutAnswerReplayed:
        return False
    record.answers += 1
    record.streak = 0
    record.save()
    return True


def dealer_round_record(
    *,
    user,
    round_key: int,
    purpose: str,
    preset: str,
    seats: int,
    clean: bool,
    too_fast: bool,
    duration_ms: int,
    errors: dict[str, int],
    finished_at: datetime,
) -> DealerRecord:
    """Record one finished dealer-mode round once (a second call for the same round returns the first).

    A ``too_fast`` round is kept but never clean: it does not count for any rate, median or assignment.
    """
    kept = {kind: int(errors.get(kind, 0)) for kind in DEALER_ERROR_KINDS if errors.get(kind)}
    record, _ = DealerRecord.objects.get_or_create(
        user=user,
        round_key=round_key,
        defaults={
            "purpose": purpose,
            "preset": preset,
            "seats": seats,
            "clean": clean and not too_fast,
            "too_fast": too_fast,
            "duration_ms": duration_ms,
            "errors": kept,
            "finished_at": finished_at,
        },
    )
    return record
