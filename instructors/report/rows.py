"""The class progress page's rows: one learner's figures, and each figure's text in the active language.

The texts are the cells of the page and of the CSV alike (``instructors.report.columns`` says
which text goes in which column). Statuses (``done``, ``in progress``, ``not started``) are
machine values (sorting, CSS classes); their words are in the active language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from progress.assignments import AssignmentState
from progress.heatmap import CELLS, percent
from progress.models import PAYOUT_FLOOR_SECONDS, PAYOUT_MASTERY_STREAK, Lesson
from progress.selectors import DONE as LESSON_DONE
from progress.selectors import NOT_STARTED, STATUS_LABELS, PayoutSummary
from table.amounts import amount_text, chips_text

NONE_TEXT = "—"


@dataclass(frozen=True)
class LessonCell:
    """One learner's state in one lesson."""

    lesson: Lesson
    status: str
    attempts: int = 0
    correct: int = 0

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.attempts if self.attempts else None

    @property
    def status_text(self) -> str:
        return str(STATUS_LABELS[self.status])

    @property
    def text(self) -> str:
        if self.status == NOT_STARTED or not self.attempts:
            return self.status_text
        return f"{self.status_text} · {self.correct}/{self.attempts} ({percent(self.correct, self.attempts)})"

    @property
    def css_class(self) -> str:
        return "status-" + self.status.replace(" ", "-")


@dataclass
class LearnerRow:
    user_id: int
    username: str
    joined_at: datetime
    lessons: list[LessonCell]
    mastered: int
    rounds: int
    balance: Decimal | None
    restarts: int
    restarts_by_instructor: int
    last_active: datetime | None
    #: The class table: rounds played there (stakes settled), draw calls made and how many right.
    class_rounds: int = 0
    class_calls: int = 0
    class_right: int = 0
    assignments: list[AssignmentState] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    payout: PayoutSummary = field(default_factory=PayoutSummary)

    @property
    def needs_help(self) -> bool:
        return bool(self.reasons)

    @property
    def lessons_done(self) -> int:
        return sum(cell.status == LESSON_DONE for cell in self.lessons)

    @property
    def attempts(self) -> int:
        return sum(cell.attempts for cell in self.lessons)

    @property
    def correct(self) -> int:
        return sum(cell.correct for cell in self.lessons)

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.attempts if self.attempts else None

    # The texts shown on the page and written to the CSV, column by column.

    @property
    def reasons_text(self) -> str:
        return "; ".join(self.reasons)

    @property
    def help_text(self) -> str:
        return _("Needs help: %(reasons)s") % {"reasons": self.reasons_text} if self.reasons else ""

    @property
    def done_text(self) -> str:
        return _("%(count)s of %(total)s") % {"count": self.lessons_done, "total": len(self.lessons)}

    @property
    def accuracy_text(self) -> str:
        if not self.attempts:
            return NONE_TEXT
        return f"{percent(self.correct, self.attempts)} ({self.correct}/{self.attempts})"

    @property
    def mastery_text(self) -> str:
        return _("%(count)s of %(total)s") % {"count": self.mastered, "total": len(CELLS)}

    @property
    def payout_text(self) -> str:
        """Payout-drill answers: accuracy and right/all, with the median time."""
        summary = self.payout
        if not summary.answers:
            return NONE_TEXT
        return _("%(percent)s (%(correct)s/%(answers)s), median %(seconds)s s") % {
            "percent": percent(summary.correct, summary.answers),
            "correct": summary.correct,
            "answers": summary.answers,
            "seconds": amount_text(summary.median_seconds or 0, decimal_pos=1),
        }

    @property
    def payout_mastery_text(self) -> str:
        """When the payout drill was mastered, or the best run so far, then how fast: see ``payout_speed``."""
        summary = self.payout
        if summary.mastered_at is not None:
            mastery = _("mastered %(date)s") % {
                "date": timezone.localtime(summary.mastered_at).strftime("%Y-%m-%d")
            }
        elif not summary.answers:
            return NONE_TEXT
        else:
            mastery = _("best run %(best)s of %(needed)s") % {
                "best": summary.best_streak,
                "needed": PAYOUT_MASTERY_STREAK,
            }
        return " · ".join([mastery, *payout_speed(summary)])

    @property
    def payout_speed_text(self) -> str:
        """How fast the payout-drill answers came (the learner's page): see ``payout_speed``."""
        return " · ".join(payout_speed(self.payout)) or NONE_TEXT

    @property
    def rounds_text(self) -> str:
        return str(self.rounds)

    @property
    def class_accuracy(self) -> float | None:
        return self.class_right / self.class_calls if self.class_calls else None

    @property
    def class_calls_text(self) -> str:
        if not self.class_calls:
            return NONE_TEXT
        return f"{percent(self.class_right, self.class_calls)} ({self.class_right}/{self.class_calls})"

    @property
    def balance_text(self) -> str:
        return NONE_TEXT if self.balance is None else chips_text(self.balance, 2)

    @property
    def restarts_text(self) -> str:
        if self.restarts_by_instructor:
            return _("%(restarts)s (%(by_instructor)s by an instructor)") % {
                "restarts": self.restarts,
                "by_instructor": self.restarts_by_instructor,
            }
        return str(self.restarts)

    @property
    def last_active_text(self) -> str:
        if self.last_active is None:
            return _("never")
        return timezone.localtime(self.last_active).strftime("%Y-%m-%d %H:%M")


def payout_speed(summary: PayoutSummary) -> list[str]:
    """Beside payout-drill mastery: the flag, the fastest times, the answers too fast and the skipped.

    The flag (⚑) is for a median under ``PAYOUT_FLOOR_SECONDS``: most answers came faster than a
    person can read a question and type its amount.
    """
    floor = amount_text(PAYOUT_FLOOR_SECONDS, decimal_pos=None)
    parts = []
    if summary.median_below_floor:
        parts.append(
            _("⚑ median %(median)s s, under the %(floor)s s a person needs")
            % {"median": amount_text(summary.median_seconds or 0, decimal_pos=1), "floor": floor}
        )
    if summary.fastest_seconds:
        times = " / ".join(amount_text(value, decimal_pos=1) for value in summary.fastest_seconds)
        parts.append(_("fastest %(times)s s") % {"times": times})
    if summary.too_fast:
        parts.append(
            ngettext(
                "%(count)s answer under %(floor)s s, not counted",
                "%(count)s answers under %(floor)s s, not counted",
                summary.too_fast,
            )
            % {"count": summary.too_fast, "floor": floor}
        )
    if summary.skipped:
        parts.append(
            ngettext("%(count)s question skipped", "%(count)s questions skipped", summary.skipped)
            % {"count": summary.skipped}
        )
    return parts
