"""Writes of the course: loading the lessons, grading exercise answers, worked-example attempts,
and the drills' questions: the Banker-table drill's and the payout drill's (issued, graded, ended
when left waiting).

Recording what a learner did is ``progress.services``; dealing is ``table.services``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from common.errors import AppError
from lessons import drill, exercises, questions
from lessons.course import COURSE, LESSONS, Example
from lessons.payout.answers import Feedback, parse_answers
from lessons.payout.question import (
    TOKEN_BAD,
    AlreadyAnswered,
    PayoutError,
    PayoutQuestion,
    questions_data,
    read_question,
)
from progress.models import Attempt, Lesson, LessonProgress, PayoutAnswer
from progress.services import (
    AnswerReplayed,
    PayoutAnswerReplayed,
    drill_answer_record,
    lesson_answer_record,
    payout_answer_record,
    payout_learner_lock,
    payout_skip_record,
)
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


def exercise_waiting(*, user, lesson: Lesson) -> tuple[dict, str] | None:
    """The question of this lesson waiting for the learner and its token, if any (a read: a lesson's
    GET shows it again rather than issue one)."""
    issued = questions.question_waiting(user=user, lesson=lesson)
    return None if issued is None else (issued.question, issued.nonce)


def exercise_show(*, user, lesson: Lesson, progress: LessonProgress, rng: random.Random) -> tuple[dict, str]:
    """The question waiting in this lesson, else the next one issued (the page's POST to show it):
    a repeated request shows the same question, it does not pile up new ones."""
    waiting = exercise_waiting(user=user, lesson=lesson)
    return (
        waiting
        if waiting is not None
        else exercise_next(user=user, lesson=lesson, progress=progress, rng=rng)
    )


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
    """The learner's current attempt at a worked example, opened on first use.

    Exactly once: a doubled or racing request finds the attempt the first one opened (the unique
    constraint on learner, example and attempt lets only one request open it).
    """
    seat = example_seat(user=user, lesson=lesson, example=example)
    return seat if seat is not None else _example_open(user, lesson, example, attempt=1)


def example_seat(*, user, lesson: Lesson, example: Example):
    """The learner's current attempt at a worked example, read without writing; ``None`` if not opened."""
    return _latest_attempt(user, lesson, example)


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
                table_services.round_confirm(user=user, seat_id=seat.pk, bets=[], watch=True)
    except IntegrityError:
        return Seat.objects.get(user=user, kind=Seat.Kind.LESSON, label=label, attempt=attempt)
    return seat


# --- The payout drill --------------------------------------------------------------


PLACE = questions.Place.PAYOUT


def payout_question_issue(*, user, question: dict[str, Any]) -> str:
    """Keep the question for the learner (its ``created_at`` is when the clock starts); returns its token.

    The question waiting before it, if any, is ended first: counted as skipped.
    """
    return payout_question_ask(user=user, question=question)[0]


@transaction.atomic
def payout_question_ask(*, user, question: dict[str, Any]) -> tuple[str, int]:
    """``payout_question_issue``, also saying how many waiting questions it ended as skipped.

    The waiting question is ended and the new one issued in one transaction under the lock on the
    learner's row: two requests at once cannot leave two questions waiting.
    """
    payout_learner_lock(user=user)
    skipped = payout_questions_end(user=user)
    return questions.question_issue(user=user, question=question, place=PLACE), skipped


@transaction.atomic
def payout_question_again(*, user, new: Callable[[], dict[str, Any]]) -> tuple[PayoutQuestion, str, int]:
    """The question waiting for this learner and its token, else a ``new()`` one issued (after a doubled
    answer: a new one would end the one on screen as skipped). Also how many it ended as skipped.

    Looked for under the lock, so a doubled request that finished first is seen here.
    """
    payout_learner_lock(user=user)
    waiting = payout_question_waiting(user=user)
    if waiting is not None:
        return waiting[0], waiting[1], 0
    question = new()
    token, skipped = payout_question_ask(user=user, question=question)
    return read_question(question), token, skipped


@transaction.atomic
def payout_answer_and_ask(
    *, user, token: str, data: Mapping[str, str], new: Callable[[], dict[str, Any]]
) -> tuple[Feedback, dict[str, Any], str]:
    """``payout_answer_grade``, then a ``new()`` question issued as the next one (returned with its
    token), in one transaction under the lock: a doubled answer waits for both and finds the next
    question waiting (``payout_question_again``).
    """
    payout_learner_lock(user=user)
    feedback = payout_answer_grade(user=user, token=token, data=data)
    question = new()
    return feedback, question, payout_question_ask(user=user, question=question)[0]


def payout_questions_end(*, user) -> int:
    """Count the learner's newest waiting payout question as skipped (a wrong answer), and forget it.

    Older ones waiting (from before each place kept its own questions, when a reload left one more
    each time) were never all on screen: they are forgotten without being counted. Returns how many
    were counted (one at most, but for a question answered meanwhile: none). One query when none is
    waiting, the usual case on every other page.
    """
    if not questions.questions_waiting(user=user, place=PLACE):
        return 0
    with transaction.atomic():
        payout_learner_lock(user=user)
        waiting = questions.questions_waiting(user=user, place=PLACE)  # again, under the lock
        if not waiting:
            return 0
        *older, newest = waiting
        for issued in older:
            questions.question_discard(user=user, nonce=issued.nonce)
        try:
            kept = questions_data(read_question(newest.question))
        except PayoutError:  # not a question the engine can settle: recorded as it was kept
            kept = newest.question
        counted = payout_skip_record(
            user=user,
            nonce=newest.nonce,
            kind=str(kept.get("kind", ""))[:30],
            question=kept,
            issued_at=newest.created_at,
        )
        questions.question_discard(user=user, nonce=newest.nonce)
    return int(counted)


def payout_question_waiting(*, user) -> tuple[PayoutQuestion, str] | None:
    """The payout question waiting for this learner and its token (shown again after a doubled answer)."""
    waiting = questions.questions_waiting(user=user, place=PLACE)
    if not waiting or waiting[-1].created_at < timezone.now() - questions.MAX_AGE:
        return None
    try:
        return read_question(waiting[-1].question), waiting[-1].nonce
    except PayoutError:
        return None


def payout_question_find(*, user, token: str) -> tuple[PayoutQuestion, datetime]:
    """The payout question waiting for this learner under this token, and when it was issued.

    :raises AlreadyAnswered: if the learner already answered it.
    :raises PayoutError: ``TOKEN_BAD`` for anything else.
    """
    first = PayoutAnswer.objects.filter(user=user, nonce=token).first() if isinstance(token, str) else None
    if first is not None:
        raise AlreadyAnswered(first)
    try:
        issued = questions.question_find(user=user, token=token, place=PLACE)
    except (questions.Answered, questions.BadToken):
        raise PayoutError(TOKEN_BAD) from None
    return read_question(issued.question), issued.created_at


@transaction.atomic
def payout_answer_grade(*, user, token: str, data: Mapping[str, str]) -> Feedback:
    """Grade the typed amounts against the engine's settlement, record them once, and forget the question.

    :raises AlreadyAnswered: if this question was answered before (nothing is counted twice).
    :raises PayoutError: for a bad token (``TOKEN_BAD``) or an amount that cannot be read (nothing counted).
    """
    question, issued_at = payout_question_find(user=user, token=token)
    given = parse_answers(question, data)
    expected = question.expected()
    correct = all(given[name] == expected[name] for name in expected)
    try:
        saved, record = payout_answer_record(
            user=user,
            nonce=token,
            kind=question.kind,
            question=questions_data(question),
            answer={name: str(value) for name, value in given.items()},
            correct=correct,
            issued_at=issued_at,
        )
    except PayoutAnswerReplayed as replay:
        raise AlreadyAnswered(replay.answer) from None
    questions.question_discard(user=user, nonce=token)
    return Feedback(question, given, saved.seconds, saved.fast, record, saved.too_fast)


# --- The Banker-table drill ------------------------------------------------------------


def drill_question_issue(*, user, cell: drill.Cell) -> str:
    """Keep the question about this cell for the learner; its nonce is the page's token."""
    return questions.question_issue(user=user, question=drill.question_for(cell))


@transaction.atomic
def drill_attempt_record(
    *, user, nonce: str, cell: drill.Cell, answer: str, issued_at: datetime | None = None
) -> drill.Feedback:
    """Record one drill answer: the attempt, its count on the learner's cell, and forget the question.

    ``issued_at``: when the question was issued; the answer's time runs from it (see ``DRILL_FLOOR_SECONDS``).

    :raises AlreadyAnswered: if this question (its nonce) was answered before; nothing is counted.
    """
    correct = answer == drill.answer_for(cell)
    try:
        attempt = drill_answer_record(
            user=user,
            nonce=nonce,
            question=drill.question_for(cell),
            answer=answer,
            correct=correct,
            banker_total=cell.banker_total,
            player_third=cell.player_third,
            issued_at=issued_at,
        )
    except AnswerReplayed as replay:
        raise drill.AlreadyAnswered(replay.attempt) from None
    questions.question_discard(user=user, nonce=nonce)
    return drill.Feedback(cell, answer, correct, attempt.too_fast)
