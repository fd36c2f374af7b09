"""Reads of learner progress."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from statistics import median

from django.db.models import Count, Q
from django.utils.translation import gettext_lazy

from progress.models import (
    MASTERY_STREAK,
    PAYOUT_FLOOR_SECONDS,
    Attempt,
    DrillCell,
    Lesson,
    LessonProgress,
    PayoutAnswer,
    PayoutRecord,
)


def course_completed(user) -> bool:
    """Whether the learner has completed every lesson of the course."""
    lessons = Lesson.objects.count()
    done = LessonProgress.objects.filter(user=user, completed_at__isnull=False).count()
    return lessons > 0 and done >= lessons


def lesson_attempt(*, user, lesson: Lesson, nonce: str) -> Attempt | None:
    """The learner's own answer to an exercise of this lesson, by its question's nonce (``None`` if none)."""
    return Attempt.objects.filter(
        user=user, lesson=lesson, source=Attempt.Source.LESSON, nonce=nonce[:32]
    ).first()


def lesson_progress(*, user, lesson: Lesson) -> LessonProgress:
    """The learner's progress in this lesson; a blank unsaved one before their first visit (a read only:
    a lesson's GET writes nothing, its visit is recorded by ``progress.services.lesson_visit`` on a POST)."""
    found = LessonProgress.objects.filter(user=user, lesson=lesson).first()
    return found if found is not None else LessonProgress(user=user, lesson=lesson)


def lesson_progress_by_lesson(user) -> dict[int, LessonProgress]:
    """The learner's progress rows by lesson id."""
    return {progress.lesson_id: progress for progress in LessonProgress.objects.filter(user=user)}


def cells_mastered(user) -> int:
    """How many cells of the Banker table the learner has mastered."""
    return DrillCell.objects.filter(user=user).aggregate(n=Count("id", filter=Q(streak__gte=MASTERY_STREAK)))[
        "n"
    ]


DONE, IN_PROGRESS, NOT_STARTED = "done", "in progress", "not started"
#: A status in words, in the active language.
STATUS_LABELS = {
    DONE: gettext_lazy("done"),
    IN_PROGRESS: gettext_lazy("in progress"),
    NOT_STARTED: gettext_lazy("not started"),
}


def lesson_status(progress: LessonProgress | None) -> str:
    """``not started``, ``in progress`` or ``done``: a machine value (CSS class, sorting, comparisons)."""
    if progress is None:
        return NOT_STARTED
    return DONE if progress.completed else IN_PROGRESS


@dataclass(frozen=True)
class PayoutSummary:
    """One learner's results in the timed payout drill.

    ``streak``: right answers in a row, each under the mastery time, up to now;
    ``best_streak`` (the personal best): the longest such run;
    ``best_run_seconds``: the fastest time for a mastery run;
    ``mastered_at``: when the streak first reached mastery (``None``: not yet);
    ``median_seconds`` and ``fastest_seconds`` (the ``FASTEST`` shortest times,
    shortest first) are of the answers given, not of the questions skipped;
    ``too_fast``: answers under ``PAYOUT_FLOOR_SECONDS``; ``skipped``: questions
    shown and never answered.
    """

    answers: int = 0
    correct: int = 0
    median_seconds: Decimal | None = None
    streak: int = 0
    best_streak: int = 0
    best_run_seconds: Decimal | None = None
    mastered_at: datetime | None = None
    fastest_seconds: tuple[Decimal, ...] = ()
    too_fast: int = 0
    skipped: int = 0

    @property
    def accuracy(self) -> float | None:
        """Right answers as a share of all answers (``None`` before the first answer)."""
        return self.correct / self.answers if self.answers else None

    @property
    def accuracy_percent(self) -> int | None:
        """The accuracy as a whole percentage, rounded (``None`` before the first answer)."""
        return round(100 * self.correct / self.answers) if self.answers else None

    @property
    def mastered(self) -> bool:
        return self.mastered_at is not None

    @property
    def median_below_floor(self) -> bool:
        """Half the answers or more came faster than a person can read and type: a record to look at."""
        return self.median_seconds is not None and self.median_seconds < PAYOUT_FLOOR_SECONDS


#: How many of a learner's fastest payout-drill times a summary keeps.
FASTEST = 3


def payout_summary(user_ids: Iterable[int]) -> dict[int, PayoutSummary]:
    """The payout-drill results of each of these learners (an empty summary for one who never answered).

    Two queries, whatever the number of learners.
    """
    ids = list(user_ids)
    seconds: defaultdict[int, list[Decimal]] = defaultdict(list)
    too_fast: defaultdict[int, int] = defaultdict(int)
    skipped: defaultdict[int, int] = defaultdict(int)
    answers = PayoutAnswer.objects.filter(user_id__in=ids).values_list(
        "user_id", "seconds", "too_fast", "skipped"
    )
    for user_id, value, fast_beyond_belief, was_skipped in answers:
        if was_skipped:
            skipped[user_id] += 1
            continue
        seconds[user_id].append(value)
        too_fast[user_id] += fast_beyond_belief
    records = {record.user_id: record for record in PayoutRecord.objects.filter(user_id__in=ids)}
    summaries = {}
    for user_id in ids:
        record = records.get(user_id)
        if record is None:
            summaries[user_id] = PayoutSummary()
            continue
        times = seconds.get(user_id)
        summaries[user_id] = PayoutSummary(
            answers=record.answers,
            correct=record.correct,
            median_seconds=Decimal(median(times)).quantize(Decimal("0.01")) if times else None,
            streak=record.streak,
            best_streak=record.best_streak,
            best_run_seconds=record.best_run_seconds,
            mastered_at=record.mastered_at,
            fastest_seconds=tuple(sorted(times)[:FASTEST]) if times else (),
            too_fast=too_fast[user_id],
            skipped=skipped[user_id],
        )
    return summaries
