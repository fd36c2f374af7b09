"""Reads of the course: what a learner has done and where to continue."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from lessons.course import LESSONS
from lessons.models import (
    MASTERY_STREAK,
    THIRD_CARD_COLUMNS,
    Classroom,
    DrillCell,
    Lesson,
    LessonProgress,
    Membership,
)

DRILL_CELLS = 8 * len(THIRD_CARD_COLUMNS)


@dataclass
class LessonRow:
    lesson: Lesson
    summary: str
    progress: LessonProgress | None
    recommended: bool = False

    @property
    def status(self) -> str:
        """``not started``, ``in progress`` or ``done``: a machine value (CSS class, comparisons)."""
        if self.progress is None:
            return "not started"
        return "done" if self.progress.completed else "in progress"

    @property
    def status_text(self) -> str:
        """The status in words, in the active language."""
        return {"not started": _("not started"), "in progress": _("in progress"), "done": _("done")}[
            self.status
        ]


@dataclass
class CourseOverview:
    rows: list[LessonRow]
    mastered: int
    cells: int = DRILL_CELLS

    @property
    def done(self) -> int:
        return sum(row.status == "done" for row in self.rows)

    @property
    def next(self) -> LessonRow | None:
        return next((row for row in self.rows if row.recommended), None)


def course_overview(user) -> CourseOverview:
    """Every lesson with the learner's progress; the first lesson not done is the recommended next one."""
    lessons = list(Lesson.objects.all())
    progress = {}
    mastered = 0
    if user is not None:
        progress = {p.lesson_id: p for p in LessonProgress.objects.filter(user=user)}
        mastered = DrillCell.objects.filter(user=user).aggregate(
            n=Count("id", filter=Q(streak__gte=MASTERY_STREAK))
        )["n"]
    rows = [
        LessonRow(
            lesson, LESSONS[lesson.slug].summary if lesson.slug in LESSONS else "", progress.get(lesson.id)
        )
        for lesson in lessons
    ]
    for row in rows:
        if row.status != "done":
            row.recommended = True
            break
    return CourseOverview(rows=rows, mastered=mastered)


def course_completed(user) -> bool:
    """Whether the learner has completed every lesson of the course."""
    lessons = Lesson.objects.count()
    done = LessonProgress.objects.filter(user=user, completed_at__isnull=False).count()
    return lessons > 0 and done >= lessons


def learner_class(user) -> Classroom | None:
    """The class whose settings apply to the learner at the table: the first one joined."""
    membership = Membership.objects.filter(user=user).select_related("classroom").first()
    return membership.classroom if membership else None
