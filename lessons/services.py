"""Writes of learner records: lessons, exercise answers, example attempts, drill cells."""

from __future__ import annotations

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from lessons import exercises, questions
from lessons.course import COURSE, LESSONS, Example
from lessons.models import (
    STOOD,
    Attempt,
    Classroom,
    DrillCell,
    Lesson,
    LessonProgress,
    Membership,
    join_code_expiry,
    new_join_code,
)


def drill_cell_record(*, user, banker_total: int, player_third: int | None, correct: bool) -> None:
    """Count one answer about one cell of the Banker table (from the drill or a coach-mode call)."""
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


# --- Lessons and exercises -------------------------------------------------------

#: Gaps longer than this between two requests in a lesson are a break, not study time.
STUDY_GAP = timedelta(minutes=10)

BAD_QUESTION = _("This question could not be read (it may be old or from another page). Here is a fresh one.")
BAD_ANSWER = _("Choose one of the answers, or write the amount as a number like 109.5.")
ALREADY_ANSWERED = _("You have already answered this question; here is the next one.")


class ExerciseError(Exception):
    """A refused answer; ``status`` is the HTTP answer."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message, self.status = message, status


def lessons_load() -> int:
    """Copy the course's identity and order into the database (idempotent); return how many lessons.

    The stored title is the English source text, whatever language is active.
    """
    with transaction.atomic(), translation.override(None):
        # Numbers are unique: park them out of the way before renumbering.
        Lesson.objects.exclude(slug__in=LESSONS).update(number=F("number") + 1000)
        for spec in COURSE:
            Lesson.objects.update_or_create(
                slug=spec.slug, defaults={"number": spec.number + 500, "title": str(spec.title)}
            )
        for spec in COURSE:
            Lesson.objects.filter(slug=spec.slug).update(number=spec.number)
    return len(COURSE)


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


def exercise_next(*, user, lesson: Lesson, progress: LessonProgress) -> tuple[dict, str]:
    """The learner's next question in this lesson, and its signed token."""
    question = exercises.question_for(LESSONS[lesson.slug].exercise, progress.correct) | {
        "lesson": lesson.slug
    }
    return question, questions.issue(user.pk, question)


@transaction.atomic
def exercise_answer(*, user, lesson: Lesson, token: str, data) -> tuple[dict, Attempt]:
    """Grade and record one answer; a replayed answer (same question twice) is refused.

    :raises ExerciseError: 400 for an unreadable question or answer, 409 for a replay.
    """
    try:
        nonce, question = questions.read(user.pk, token)
    except questions.BadToken as error:
        raise ExerciseError(BAD_QUESTION, 400) from error
    if question.get("lesson") != lesson.slug:
        raise ExerciseError(BAD_QUESTION, 400)
    try:
        answer = exercises.normalise(question, data)
    except exercises.BadAnswer as error:
        raise ExerciseError(BAD_ANSWER, 400) from error
    correct = answer == question["answer"]
    try:
        with transaction.atomic():
            attempt = Attempt.objects.create(
                user=user,
                source=Attempt.Source.LESSON,
                lesson=lesson,
                kind=question["kind"],
                nonce=nonce,
                question=question,
                answer=answer,
                correct=correct,
            )
    except IntegrityError as error:
        raise ExerciseError(ALREADY_ANSWERED, 409) from error
    progress, _ = LessonProgress.objects.select_for_update().get_or_create(user=user, lesson=lesson)
    progress.attempts += 1
    progress.correct += int(correct)
    progress.last_visited = timezone.now()
    if progress.completed_at is None and progress.correct >= LESSONS[lesson.slug].required:
        progress.completed_at = timezone.now()
    progress.save()
    return question, attempt


def example_label(lesson: Lesson, example: Example) -> str:
    return f"{lesson.slug}/{example.key}"


def example_current(*, user, lesson: Lesson, example: Example):
    """The learner's current attempt at a worked example, opened on first use."""
    from table.models import Seat

    seat = (
        Seat.objects.filter(user=user, kind=Seat.Kind.LESSON, label=example_label(lesson, example))
        .order_by("-id")
        .first()
    )
    return seat if seat is not None else example_restart(user=user, lesson=lesson, example=example)


def example_restart(*, user, lesson: Lesson, example: Example):
    """A fresh attempt: the arranged shoe from its first card, and 100 new sandbox chips."""
    from table import services as table_services

    with transaction.atomic():
        seat = table_services.sandbox_open(
            user=user, label=example_label(lesson, example), cards=example.cards
        )
        if not example.stakes:
            table_services.round_confirm(seat=seat, bets=[], watch=True)
    return seat


# --- Classes ---------------------------------------------------------------------

JOIN_CODE_UNKNOWN = _("There is no class with that join code. Check it with your instructor.")
JOIN_CODE_EXPIRED = _("That join code has expired. Ask your instructor for the new one.")
ALREADY_MEMBER = _("You are already in that class.")


class JoinError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def classroom_regenerate_code(*, classroom: Classroom) -> Classroom:
    """A new join code, valid for the usual time; the old one stops working."""
    classroom.join_code = new_join_code()
    classroom.join_code_expires_at = join_code_expiry()
    classroom.save(update_fields=["join_code", "join_code_expires_at"])
    return classroom


def classroom_join(*, user, code: str) -> Classroom:
    """Join the class with this code (case and spaces do not matter).

    :raises JoinError: for an unknown or expired code, or a class the learner is already in.
    """
    normalised = "".join(code.split()).upper()
    classroom = Classroom.objects.filter(join_code=normalised).first() if normalised else None
    if classroom is None:
        raise JoinError(JOIN_CODE_UNKNOWN)
    if classroom.join_code_expires_at <= timezone.now():
        raise JoinError(JOIN_CODE_EXPIRED)
    _, created = Membership.objects.get_or_create(user=user, classroom=classroom)
    if not created:
        raise JoinError(ALREADY_MEMBER)
    return classroom
