"""Writes of the course: loading the lessons, grading exercise answers, worked-example attempts.

Recording what a learner did is ``progress.services``; dealing is ``table.services``.
"""

from __future__ import annotations

import random

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from common.errors import AppError
from lessons import exercises, questions
from lessons.course import COURSE, LESSONS, Example
from progress.models import Attempt, Lesson, LessonProgress
from progress.services import AnswerReplayed, lesson_answer_record
from table import services as table_services
from table.models import Seat

# --- Lessons and exercises -------------------------------------------------------

BAD_QUESTION = _("This question could not be read (it may be old or from another page). Here is a fresh one.")
BAD_ANSWER = _("Choose one of the answers, or write the amount as a number like 109.5.")
ALREADY_ANSWERED = _("You have already answered this question; here is the next one.")


class ExerciseError(AppError):
    """A refused answer; ``status`` is the HTTP answer."""


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


def exercise_next(*, user, lesson: Lesson, progress: LessonProgress, rng: random.Random) -> tuple[dict, str]:
    """The learner's next question in this lesson (a generated one drawn with ``rng``), and its token.

    The question, right answer included, is kept on the server; the token is only its nonce.
    """
    # The lesson's count stops when it is done; practice after that goes on through the questions.
    index = progress.correct
    if progress.completed_at is not None:
        index = Attempt.objects.filter(
            user=user, lesson=lesson, source=Attempt.Source.LESSON, correct=True
        ).count()
    question = exercises.question_for(LESSONS[lesson.slug].exercise, index, rng).as_data() | {
        "lesson": lesson.slug
    }
    return question, questions.question_issue(user=user, question=question, lesson=lesson)


def exercise_again(*, user, lesson: Lesson, question: dict) -> str:
    """A fresh token for a question asked before (to try it again after a wrong answer)."""
    return questions.question_issue(user=user, question=question, lesson=lesson)


@transaction.atomic
def exercise_answer(*, user, lesson: Lesson, token: str, data) -> tuple[dict, Attempt]:
    """Grade one answer against the question kept for this token, record it, and forget the question.

    A replayed answer (same question twice) is refused and counted once.

    :raises ExerciseError: 400 for an unknown question or an unreadable answer, 409 for a replay.
    """
    try:
        issued = questions.question_find(user=user, token=token, lesson=lesson)
    except questions.Answered as error:
        raise ExerciseError(ALREADY_ANSWERED, 409) from error
    except questions.BadToken as error:
        raise ExerciseError(BAD_QUESTION, 400) from error
    question = issued.question
    try:
        answer = exercises.grade(question, data)
    except exercises.BadAnswer as error:
        raise ExerciseError(error.message or BAD_ANSWER, 400) from error
    correct = answer == question["answer"]
    try:
        attempt = lesson_answer_record(
            user=user,
            lesson=lesson,
            required=LESSONS[lesson.slug].required,
            nonce=issued.nonce,
            question=question,
            answer=answer,
            correct=correct,
        )
    except AnswerReplayed as error:
        raise ExerciseError(ALREADY_ANSWERED, 409) from error
    questions.question_discard(user=user, nonce=issued.nonce)
    return question, attempt


def example_label(lesson: Lesson, example: Example) -> str:
    return f"{lesson.slug}/{example.key}"


def example_current(*, user, lesson: Lesson, example: Example):
    """The learner's current attempt at a worked example, opened on first use."""
    seat = _latest_attempt(user, lesson, example)
    return seat if seat is not None else _example_open(user, lesson, example, attempt=1)


def example_restart(*, user, lesson: Lesson, example: Example, after: int | None = None):
    """A fresh attempt: the arranged shoe from its first card, and 100 new sandbox chips.

    ``after`` is the attempt (seat id) the form restarts: when it is no longer the current one, a
    restart already happened (a doubled click) and the current attempt is returned as it is.
    Exactly once under races: attempts are numbered, and a unique constraint on (learner,
    example, attempt) lets only one of several simultaneous requests open the next one.
    """
    current = _latest_attempt(user, lesson, example)
    if current is not None and after is not None and current.pk != after:
        return current
    return _example_open(user, lesson, example, attempt=current.attempt + 1 if current is not None else 1)


def _latest_attempt(user, lesson: Lesson, example: Example):
    return (
        Seat.objects.filter(user=user, kind=Seat.Kind.LESSON, label=example_label(lesson, example))
        .order_by("-attempt")
        .first()
    )


def _example_open(user, lesson: Lesson, example: Example, *, attempt: int):
    """Open attempt number ``attempt``, or return it if a racing request opened it first."""
    label = example_label(lesson, example)
    try:
        with transaction.atomic():
            seat = table_services.sandbox_open(user=user, label=label, cards=example.cards, attempt=attempt)
            if not example.stakes:
                table_services.round_confirm(seat=seat, bets=[], watch=True)
    except IntegrityError:
        return Seat.objects.get(user=user, kind=Seat.Kind.LESSON, label=label, attempt=attempt)
    return seat
