"""Reads of the course: what a learner has done and where to continue."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise

from lessons.course import LESSONS
from progress.heatmap import CELLS
from progress.models import Lesson, LessonProgress
from progress.selectors import DONE, STATUS_LABELS, cells_mastered, lesson_progress_by_lesson, lesson_status


@dataclass
class LessonRow:
    lesson: Lesson
    summary: str | Promise
    progress: LessonProgress | None
    recommended: bool = False

    @property
    def status(self) -> str:
        """``not started``, ``in progress`` or ``done``: a machine value (CSS class, comparisons)."""
        return lesson_status(self.progress)

    @property
    def status_text(self) -> str:
        """The status in words, in the active language."""
        return str(STATUS_LABELS[self.status])


@dataclass
class CourseOverview:
    rows: list[LessonRow]
    mastered: int
    cells: int = len(CELLS)

    @property
    def done(self) -> int:
        return sum(row.status == DONE for row in self.rows)

    @property
    def next(self) -> LessonRow | None:
        return next((row for row in self.rows if row.recommended), None)


def course_overview(user) -> CourseOverview:
    """Every lesson with the learner's progress; the first lesson not done is the recommended next one."""
    lessons = list(Lesson.objects.all())
    progress = lesson_progress_by_lesson(user) if user is not None else {}
    rows = [
        LessonRow(
            lesson, LESSONS[lesson.slug].summary if lesson.slug in LESSONS else "", progress.get(lesson.id)
        )
        for lesson in lessons
    ]
    for row in rows:
        if row.status != DONE:
            row.recommended = True
            break
    return CourseOverview(rows=rows, mastered=cells_mastered(user) if user is not None else 0)
