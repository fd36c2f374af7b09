"""The class progress page's columns: one ``Column`` record each, and sorting the rows by one.

- A column holds everything about itself: its heading (``label``), the ``order`` key that sorts by
  it (``key``), a learner's text in it (``text``) and the value it sorts by (``sort``). The page,
  the CSV and the learner's summary all read the cells from the columns, so a heading, its text
  and its order cannot drift apart.
- Why a learner may need help comes right after the learner (the red bar says *that* they do,
  this column says why), then the summary columns (lessons done, accuracy, mastery, rounds,
  chips, restarts, last active, the payout drill), so they are on screen without scrolling
  sideways; the class's assignments and then the lessons follow.
- Assignments: one column each, the learner's state from ``progress.assignments`` (done, done
  late, missing, pending).
- Sorting happens in Python on the computed rows (a class is at most a few hundred learners); a
  value that is missing (``None``: no seat, no answers, never active) sorts last in either
  direction. ``csv_safe`` neutralises text that a spreadsheet would read as a formula.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from instructors.report.rows import LearnerRow
from progress.assignments import DONE, LATE, MISSING, PENDING
from progress.models import Assignment, Lesson
from progress.selectors import DONE as LESSON_DONE
from progress.selectors import IN_PROGRESS, NOT_STARTED

_STATUS_RANK = {NOT_STARTED: 0, IN_PROGRESS: 1, LESSON_DONE: 2}
#: Assignment states from the most to the least worrying (ascending order puts the missing first).
ASSIGNMENT_RANK = {MISSING: 0, LATE: 1, PENDING: 2, DONE: 3}

#: Text that a spreadsheet reads as the start of a formula (or that hides one after a tab or return).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

#: The keys of the learner column and of the "Needs help" column (the page marks both up apart).
LEARNER_KEY = "username"
HELP_KEY = "help"

RowText = Callable[[LearnerRow], str]


def csv_safe(text: str) -> str:
    """Neutralise a cell a spreadsheet would run as a formula, by prefixing a quote.

    >>> csv_safe("=1+1"), csv_safe("@SUM(A1)"), csv_safe("learner7")
    ("'=1+1", "'@SUM(A1)", 'learner7')
    """
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def _nothing(row: LearnerRow) -> str:
    return ""


@dataclass(frozen=True)
class Cell:
    """One learner's cell in one column: its text (the page's and the CSV's), CSS class and marker."""

    column: Column
    text: str
    css_class: str = ""
    #: A sign shown before the text for sighted readers only (assignment states).
    marker: str = ""


@dataclass(frozen=True)
class Column:
    """One column of the class progress table."""

    label: str
    #: The ``order`` key that sorts by this column.
    key: str
    #: The learner's text in this column, on the page and in the CSV.
    text: RowText
    #: The value this column sorts by; ``None`` sorts last in either direction.
    sort: Callable[[LearnerRow], Any]
    css_class: RowText = _nothing
    marker: RowText = _nothing

    def cell(self, row: LearnerRow) -> Cell:
        return Cell(self, self.text(row), self.css_class(row), self.marker(row))


def by_username(row: LearnerRow) -> str:
    return row.username.casefold()


def _payout_mastery(row: LearnerRow) -> tuple[int, float, int] | None:
    """Mastered first (earliest first), then by the best run; no answers yet is a missing value."""
    mastered_at = row.payout.mastered_at
    if mastered_at is not None:
        return (0, mastered_at.timestamp(), 0)
    return (1, 0, -row.payout.best_streak) if row.payout.answers else None


def learner_column() -> Column:
    return Column(_("Learner"), LEARNER_KEY, text=lambda row: row.username, sort=by_username)


def help_column() -> Column:
    # Ascending puts the learners who need help first.
    return Column(
        _("Needs help"),
        HELP_KEY,
        text=lambda row: row.help_text,
        sort=lambda row: 0 if row.needs_help else 1,
        css_class=lambda row: "reasons",
    )


def summary_columns() -> list[Column]:
    """The summary columns, right after the learner: on the class page and the learner's page."""
    return [
        Column(_("Lessons done"), "done", text=lambda row: row.done_text, sort=lambda row: row.lessons_done),
        Column(
            _("Exercise accuracy"),
            "accuracy",
            text=lambda row: row.accuracy_text,
            sort=lambda row: row.accuracy,
        ),
        Column(
            _("Drill mastery"), "mastery", text=lambda row: row.mastery_text, sort=lambda row: row.mastered
        ),
        Column(_("Table rounds"), "rounds", text=lambda row: row.rounds_text, sort=lambda row: row.rounds),
        Column(_("Chip balance"), "balance", text=lambda row: row.balance_text, sort=lambda row: row.balance),
        Column(_("Restarts"), "restarts", text=lambda row: row.restarts_text, sort=lambda row: row.restarts),
        Column(
            _("Last active"),
            "active",
            text=lambda row: row.last_active_text,
            sort=lambda row: row.last_active,
        ),
        Column(
            _("Payout drill"),
            "payout",
            text=lambda row: row.payout_text,
            sort=lambda row: row.payout.accuracy,
        ),
        Column(
            _("Payout-drill mastery"),
            "payout-mastery",
            text=lambda row: row.payout_mastery_text,
            sort=_payout_mastery,
        ),
        Column(
            _("Class-table rounds"),
            "class-rounds",
            text=lambda row: str(row.class_rounds),
            sort=lambda row: row.class_rounds,
        ),
        Column(
            _("Class-table calls"),
            "class-calls",
            text=lambda row: row.class_calls_text,
            sort=lambda row: row.class_accuracy,
        ),
    ]


def assignment_label(assignment: Assignment) -> str:
    return _("%(assignment)s, due %(due)s") % {
        "assignment": assignment.title,
        "due": timezone.localtime(assignment.due_at).strftime("%Y-%m-%d %H:%M"),
    }


def assignment_column(index: int, assignment: Assignment) -> Column:
    """The ``index``-th of the class's assignments (``LearnerRow.assignments`` is in the same order)."""
    return Column(
        assignment_label(assignment),
        f"assignment-{assignment.pk}",
        text=lambda row: row.assignments[index].text,
        sort=lambda row: ASSIGNMENT_RANK[row.assignments[index].status],
        css_class=lambda row: row.assignments[index].css_class,
        marker=lambda row: row.assignments[index].marker,
    )


def lesson_column(index: int, lesson: Lesson) -> Column:
    """The ``index``-th lesson (``LearnerRow.lessons`` is in the same order): by state, then accuracy."""
    return Column(
        str(lesson),
        f"lesson-{lesson.number}",
        text=lambda row: row.lessons[index].text,
        sort=lambda row: (_STATUS_RANK[row.lessons[index].status], row.lessons[index].accuracy or 0.0),
        css_class=lambda row: row.lessons[index].css_class,
    )


def columns_for(lessons: list[Lesson], assignments: list[Assignment] | None = None) -> list[Column]:
    """Every column of the class page, left to right."""
    return [
        learner_column(),
        # Next to the learner, so that why they may need help is on screen without scrolling sideways.
        help_column(),
        *summary_columns(),
        *(assignment_column(index, assignment) for index, assignment in enumerate(assignments or [])),
        *(lesson_column(index, lesson) for index, lesson in enumerate(lessons)),
    ]


def sort_rows(rows: list[LearnerRow], order: str, columns: list[Column]) -> tuple[list[LearnerRow], str]:
    """The rows in the order asked for, and the order applied ("" when the key is unknown: the default).

    ``order`` is a column's key, with a leading "-" for descending. The default puts the learners
    who need help first, then goes by username.
    """
    by_key = {column.key: column for column in columns}
    by_name = sorted(rows, key=by_username)
    column = by_key.get(order.removeprefix("-"))
    if column is None:
        return sorted(by_name, key=help_column().sort), ""
    value = column.sort
    present = [row for row in by_name if value(row) is not None]
    missing = [row for row in by_name if value(row) is None]
    # ``sorted`` is stable with ``reverse`` too, so ties stay in username order.
    return sorted(present, key=value, reverse=order.startswith("-")) + missing, order
