"""Reads of learner progress."""

from __future__ import annotations

from django.db.models import Count, Q
from django.utils.translation import gettext_lazy

from progress.models import MASTERY_STREAK, DrillCell, Lesson, LessonProgress


def course_completed(user) -> bool:
    """Whether the learner has completed every lesson of the course."""
    lessons = Lesson.objects.count()
    done = LessonProgress.objects.filter(user=user, completed_at__isnull=False).count()
    return lessons > 0 and done >= lessons


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
