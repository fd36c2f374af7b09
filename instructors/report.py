"""Reads for the class progress page: one row per learner, and the class's Banker-table heat map.

Design overview:

- ``class_progress`` runs a fixed number of queries, whatever the size of the
  class: the memberships with every per-learner figure as a correlated
  subquery (counts and maxima are subqueries, never ``Count()`` over joins,
  which would multiply rows), the lessons, all the members' lesson progress,
  and one grouped aggregate of the members' drill cells; the payout drill's
  figures come from ``progress.selectors.payout_summary`` (two queries).
- Table figures (rounds, balance, restarts) come from the learner's
  practice-table seat only: lesson-example seats hold sandbox chips and do
  not count.
- "Last active" is the learner's own activity: lesson visits, answers (the
  payout drill's too),
  rounds on any seat, and ledger entries not made by someone else. The
  seat's ``updated_at`` is not used because an instructor's reset touches it.
- Why a learner may need help comes right after the learner (the red bar
  says *that* they do, this column says why), then the summary columns
  (lessons done, accuracy, mastery, rounds, chips, restarts, last active),
  so they are on screen without scrolling sideways; the class's assignments
  and then the lessons follow.
- Assignments: one column each, the learner's state from
  ``progress.assignments`` (done, done late, missing, pending).
- Every cell has one text (``LearnerRow.cells``), shown on the page and
  written to the CSV, so the two always match. ``csv_safe`` neutralises text
  that a spreadsheet would read as a formula.
- Sorting happens in Python on the computed rows (a class is at most a few
  hundred learners); a value that is missing (no seat, no answers, never
  active) sorts last in either direction.
- Statuses (``done``, ``in progress``, ``not started``) are machine values
  (sorting, CSS classes); their words, the column headings and the reasons
  for help are in the active language, on the page and in the CSV alike.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db.models import DateTimeField, F, Func, IntegerField, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import Classroom, Membership
from progress.assignments import DONE, LATE, MISSING, PENDING, AssignmentState, class_assignments, states_for
from progress.assignments import STATUS_LABELS as ASSIGNMENT_LABELS
from progress.heatmap import CELLS, HeatMap, class_heat_map, learner_heat_map, percent
from progress.models import (
    MASTERY_STREAK,
    PAYOUT_FLOOR_SECONDS,
    PAYOUT_MASTERY_STREAK,
    Assignment,
    Attempt,
    DrillCell,
    Lesson,
    LessonProgress,
    PayoutAnswer,
)
from progress.selectors import DONE as LESSON_DONE
from progress.selectors import (
    IN_PROGRESS,
    NOT_STARTED,
    STATUS_LABELS,
    PayoutSummary,
    lesson_status,
    payout_summary,
)
from table.charts import BalanceChart, balance_chart
from table.explain import amount_text
from table.models import LedgerEntry, Round, Seat

# --- Who needs help ------------------------------------------------------------------

#: Overall exercise accuracy below this, over at least ``LOW_ACCURACY_MIN_ATTEMPTS`` answers.
LOW_ACCURACY = 0.6
LOW_ACCURACY_MIN_ATTEMPTS = 5
#: Restarts of their own table chips (an instructor's resets are the instructor's choice).
MANY_RESTARTS = 2
#: Days without any activity.
INACTIVE_DAYS = 7
#: A lesson still in progress after this many answers.
STUCK_ATTEMPTS = 6

NONE_TEXT = "—"
_STATUS_RANK = {NOT_STARTED: 0, IN_PROGRESS: 1, LESSON_DONE: 2}
#: Assignment states from the most to the least worrying (ascending order puts the missing first).
_ASSIGNMENT_RANK = {MISSING: 0, LATE: 1, PENDING: 2, DONE: 3}

#: Text that a spreadsheet reads as the start of a formula (or that hides one after a tab or return).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_safe(text: str) -> str:
    """Neutralise a cell a spreadsheet would run as a formula, by prefixing a quote.

    >>> csv_safe("=1+1"), csv_safe("@SUM(A1)"), csv_safe("learner7")
    ("'=1+1", "'@SUM(A1)", 'learner7')
    """
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


# --- Rows ----------------------------------------------------------------------------


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
    def balance_text(self) -> str:
        return NONE_TEXT if self.balance is None else amount_text(self.balance)

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

    @property
    def cells(self) -> list[str]:
        """Every column's text, in the order of ``ClassProgress.columns``."""
        return [
            self.username,
            self.help_text,
            self.done_text,
            self.accuracy_text,
            self.mastery_text,
            str(self.rounds),
            self.balance_text,
            self.restarts_text,
            self.last_active_text,
            self.payout_text,
            self.payout_mastery_text,
            *(state.text for state in self.assignments),
            *(cell.text for cell in self.lessons),
        ]


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


# --- Columns and sorting ------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    label: str
    #: The ``order`` key that sorts by this column.
    key: str


def _assignment_sort(index: int) -> Callable[[LearnerRow], Any]:
    def value(row: LearnerRow) -> Any:
        return _ASSIGNMENT_RANK[row.assignments[index].status]

    return value


def _lesson_sort(index: int) -> Callable[[LearnerRow], Any]:
    def value(row: LearnerRow) -> Any:
        cell = row.lessons[index]
        return (_STATUS_RANK[cell.status], cell.accuracy or 0.0)

    return value


#: How each fixed column sorts; ``None`` values sort last.
SORTS: dict[str, Callable[[LearnerRow], Any]] = {
    "username": lambda row: row.username.casefold(),
    # Ascending puts the learners who need help first.
    "help": lambda row: 0 if row.needs_help else 1,
    "done": lambda row: row.lessons_done,
    "accuracy": lambda row: row.accuracy,
    "mastery": lambda row: row.mastered,
    "payout": lambda row: row.payout.accuracy,
    # Mastered first (earliest first), then by the best run.
    "payout-mastery": lambda row: (
        (0, row.payout.mastered_at.timestamp(), 0)
        if row.payout.mastered_at
        else (1, 0, -row.payout.best_streak)
    ),
    "rounds": lambda row: row.rounds,
    "balance": lambda row: row.balance,
    "restarts": lambda row: row.restarts,
    "active": lambda row: row.last_active,
}


#: The summary columns, right after the learner (the keys of ``SORTS``).
SUMMARY_KEYS = (
    "done",
    "accuracy",
    "mastery",
    "rounds",
    "balance",
    "restarts",
    "active",
    "payout",
    "payout-mastery",
)


def assignment_label(assignment: Assignment) -> str:
    return _("%(assignment)s, due %(due)s") % {
        "assignment": assignment.title,
        "due": timezone.localtime(assignment.due_at).strftime("%Y-%m-%d %H:%M"),
    }


def columns_for(lessons: list[Lesson], assignments: list[Assignment] | None = None) -> list[Column]:
    return [
        Column(_("Learner"), "username"),
        # Next to the learner, so that why they may need help is on screen without scrolling sideways.
        Column(_("Needs help"), "help"),
        Column(_("Lessons done"), "done"),
        Column(_("Exercise accuracy"), "accuracy"),
        Column(_("Drill mastery"), "mastery"),
        Column(_("Table rounds"), "rounds"),
        Column(_("Chip balance"), "balance"),
        Column(_("Restarts"), "restarts"),
        Column(_("Last active"), "active"),
        Column(_("Payout drill"), "payout"),
        Column(_("Payout-drill mastery"), "payout-mastery"),
        *(
            Column(assignment_label(assignment), f"assignment-{assignment.pk}")
            for assignment in assignments or []
        ),
        *(Column(str(lesson), f"lesson-{lesson.number}") for lesson in lessons),
    ]


def sort_rows(
    rows: list[LearnerRow], order: str, lessons: list[Lesson], assignments: list[Assignment] | None = None
) -> tuple[list[LearnerRow], str]:
    """The rows in the order asked for, and the order applied ("" when the key is unknown: the default).

    The default puts the learners who need help first, then goes by username.
    """
    key = order.removeprefix("-")
    sorts = dict(SORTS)
    sorts.update({f"lesson-{lesson.number}": _lesson_sort(i) for i, lesson in enumerate(lessons)})
    sorts.update({f"assignment-{item.pk}": _assignment_sort(i) for i, item in enumerate(assignments or [])})
    by_name = sorted(rows, key=SORTS["username"])
    if key not in sorts:
        return sorted(by_name, key=SORTS["help"]), ""
    value = sorts[key]
    present = [row for row in by_name if value(row) is not None]
    missing = [row for row in by_name if value(row) is None]
    # ``sorted`` is stable with ``reverse`` too, so ties stay in username order.
    return sorted(present, key=value, reverse=order.startswith("-")) + missing, order


# --- The page's data -----------------------------------------------------------------


@dataclass
class ClassProgress:
    classroom: Classroom
    lessons: list[Lesson]
    columns: list[Column]
    rows: list[LearnerRow]
    order: str
    heat: HeatMap
    assignments: list[Assignment] = field(default_factory=list)

    @property
    def header(self) -> list[str]:
        return [column.label for column in self.columns]

    @property
    def needing_help(self) -> int:
        return sum(row.needs_help for row in self.rows)

    @property
    def assignment_summaries(self) -> list[AssignmentSummary]:
        """Per assignment, who is in each state (for finding who is late at a glance)."""
        summaries = []
        for index, assignment in enumerate(self.assignments):
            by_status: dict[str, list[str]] = {status: [] for status in _ASSIGNMENT_RANK}
            for row in sorted(self.rows, key=SORTS["username"]):
                by_status[row.assignments[index].status].append(row.username)
            summaries.append(AssignmentSummary(assignment, by_status))
        return summaries


@dataclass(frozen=True)
class AssignmentSummary:
    assignment: Assignment
    #: Usernames by status, each list in username order.
    by_status: dict[str, list[str]]

    @property
    def title(self) -> str:
        return assignment_label(self.assignment)

    @property
    def groups(self) -> list[tuple[str, str, list[str]]]:
        """``(status, words, usernames)`` from the most worrying state to the least."""
        return [(status, str(ASSIGNMENT_LABELS[status]), names) for status, names in self.by_status.items()]


class _Count(Func):
    """``COUNT(...)`` as a plain function: a one-row subquery with no ``GROUP BY``."""

    function = "COUNT"
    output_field = IntegerField()


class _Max(Func):
    function = "MAX"
    output_field = DateTimeField()


def _count(queryset: QuerySet) -> Subquery:
    return Subquery(queryset.order_by().annotate(n=_Count("pk")).values("n"), output_field=IntegerField())


def _latest(queryset: QuerySet, field_name: str) -> Subquery:
    return Subquery(
        queryset.order_by().annotate(latest=_Max(F(field_name))).values("latest"),
        output_field=DateTimeField(),
    )


def members(classroom: Classroom) -> QuerySet:
    """The class's learners (staff members of a class are not learners)."""
    return Membership.objects.filter(classroom=classroom, user__is_staff=False)


def _membership_rows(classroom: Classroom) -> QuerySet:
    """The class's memberships, each with every per-learner figure annotated (one query)."""
    user = OuterRef("user_id")
    table_seat = Seat.objects.filter(user=user, kind=Seat.Kind.TABLE)
    resets = LedgerEntry.objects.filter(
        seat__user=user, seat__kind=Seat.Kind.TABLE, kind=LedgerEntry.Kind.RESET
    )
    return (
        members(classroom)
        .select_related("user")
        .annotate(
            mastered=_count(DrillCell.objects.filter(user=user, streak__gte=MASTERY_STREAK)),
            rounds=_count(
                Round.objects.filter(seat__user=user, seat__kind=Seat.Kind.TABLE, state=Round.State.SETTLED)
            ),
            balance=Subquery(table_seat.values("balance")[:1]),
            restarts=_count(resets),
            restarts_by_instructor=_count(resets.filter(actor__isnull=False).exclude(actor=user)),
            last_attempt=_latest(Attempt.objects.filter(user=user), "created_at"),
            last_payout=_latest(PayoutAnswer.objects.filter(user=user), "created_at"),
            last_round=_latest(Round.objects.filter(seat__user=user), "updated_at"),
            # The learner's own chip movements: not a reset or grant made by someone else.
            last_ledger=_latest(
                LedgerEntry.objects.filter(seat__user=user).filter(Q(actor__isnull=True) | Q(actor=user)),
                "created_at",
            ),
        )
    )


def _lesson_cells(lessons: list[Lesson], progress: dict[int, LessonProgress]) -> list[LessonCell]:
    cells = []
    for lesson in lessons:
        found = progress.get(lesson.pk)
        status = lesson_status(found)
        cells.append(
            LessonCell(lesson, status, found.attempts, found.correct) if found else LessonCell(lesson, status)
        )
    return cells


def help_reasons(row: LearnerRow, now: datetime) -> list[str]:
    """Why the learner may need help, in words (empty: no sign of it)."""
    reasons = []
    if row.attempts >= LOW_ACCURACY_MIN_ATTEMPTS and row.accuracy is not None and row.accuracy < LOW_ACCURACY:
        reasons.append(
            ngettext(
                "exercise accuracy %(percent)s over %(count)d answer",
                "exercise accuracy %(percent)s over %(count)d answers",
                row.attempts,
            )
            % {"percent": percent(row.correct, row.attempts), "count": row.attempts}
        )
    own_restarts = row.restarts - row.restarts_by_instructor
    if own_restarts >= MANY_RESTARTS:
        reasons.append(
            ngettext(
                "ran out of chips and restarted %(count)d time",
                "ran out of chips and restarted %(count)d times",
                own_restarts,
            )
            % {"count": own_restarts}
        )
    if row.last_active is None:
        days = (now - row.joined_at).days
        if days >= INACTIVE_DAYS:
            reasons.append(
                ngettext(
                    "no activity since joining %(count)d day ago",
                    "no activity since joining %(count)d days ago",
                    days,
                )
                % {"count": days}
            )
    else:
        days = (now - row.last_active).days
        if days >= INACTIVE_DAYS:
            reasons.append(
                ngettext("no activity for %(count)d day", "no activity for %(count)d days", days)
                % {"count": days}
            )
    stuck = [
        _("lesson %(number)s") % {"number": cell.lesson.number}
        for cell in row.lessons
        if cell.status == IN_PROGRESS and cell.attempts >= STUCK_ATTEMPTS
    ]
    if stuck:
        reasons.append(
            ngettext(
                "stuck on %(lessons)s after %(count)d or more answer",
                "stuck on %(lessons)s after %(count)d or more answers",
                STUCK_ATTEMPTS,
            )
            % {"lessons": ", ".join(stuck), "count": STUCK_ATTEMPTS}
        )
    missing = sum(state.status == MISSING for state in row.assignments)
    if missing:
        reasons.append(
            ngettext("%(count)d assignment missing", "%(count)d assignments missing", missing)
            % {"count": missing}
        )
    return reasons


def learner_rows(
    classroom: Classroom,
    lessons: list[Lesson],
    assignments: list[Assignment],
    now: datetime,
    user_id: int | None = None,
) -> list[LearnerRow]:
    """The class's learners (or the one learner ``user_id``) with every figure, in no particular order.

    Four queries, plus one per assignment, however many learners.
    """
    memberships = _membership_rows(classroom)
    if user_id is not None:
        memberships = memberships.filter(user_id=user_id)
    memberships = list(memberships)
    user_ids = [membership.user_id for membership in memberships]
    progress: dict[int, dict[int, LessonProgress]] = defaultdict(dict)
    for found in LessonProgress.objects.filter(user_id__in=user_ids):
        progress[found.user_id][found.lesson_id] = found
    states = states_for(assignments, user_ids, now) if assignments else {}

    rows = []
    payouts = payout_summary(user_ids)
    for membership in memberships:
        own_progress = progress.get(membership.user_id, {})
        visits = [found.last_visited for found in own_progress.values() if found.last_visited is not None]
        moments = [
            membership.last_attempt,
            membership.last_payout,
            membership.last_round,
            membership.last_ledger,
            *visits,
        ]
        row = LearnerRow(
            user_id=membership.user_id,
            username=membership.user.get_username(),
            joined_at=membership.joined_at,
            lessons=_lesson_cells(lessons, own_progress),
            mastered=membership.mastered or 0,
            rounds=membership.rounds or 0,
            balance=membership.balance,
            restarts=membership.restarts or 0,
            restarts_by_instructor=membership.restarts_by_instructor or 0,
            last_active=max((moment for moment in moments if moment is not None), default=None),
            assignments=states.get(membership.user_id, []),
            payout=payouts[membership.user_id],
        )
        row.reasons = help_reasons(row, now)
        rows.append(row)
    return rows


def class_progress(classroom: Classroom, order: str = "", *, now: datetime | None = None) -> ClassProgress:
    """Every learner of the class with their figures, sorted by ``order``, and the class heat map.

    ``order`` is a key of ``SORTS``, ``lesson-<number>`` or ``assignment-<id>``, with a
    leading "-" for descending; anything else gives the default order. Five queries, plus
    one per assignment, however many learners.
    """
    now = now or timezone.now()
    lessons = list(Lesson.objects.all())
    assignments = class_assignments(classroom)
    rows = learner_rows(classroom, lessons, assignments, now)
    rows, applied = sort_rows(rows, order, lessons, assignments)
    return ClassProgress(
        classroom=classroom,
        lessons=lessons,
        columns=columns_for(lessons, assignments),
        rows=rows,
        order=applied,
        heat=class_heat_map(members(classroom).values("user_id")),
        assignments=assignments,
    )


def progress_table(progress: ClassProgress) -> list[list[str]]:
    """The header and every row's cells as text, exactly as on the page (not yet made CSV-safe)."""
    return [progress.header, *(row.cells for row in progress.rows)]


# --- One learner ---------------------------------------------------------------------


@dataclass(frozen=True)
class Restart:
    """A reset of the learner's table chips: when, by whom (``None``: the learner) and the chips added."""

    at: datetime
    by: str | None
    amount: Decimal

    @property
    def at_text(self) -> str:
        return timezone.localtime(self.at).strftime("%Y-%m-%d %H:%M")

    @property
    def amount_text(self) -> str:
        return amount_text(self.amount)


@dataclass
class LearnerProgress:
    """One learner of a class: the class page's row, and the details behind it."""

    classroom: Classroom
    row: LearnerRow
    heat: HeatMap
    chart: BalanceChart | None
    restarts: list[Restart]

    @property
    def summary(self) -> list[tuple[str, str]]:
        """The class page's summary columns for this learner, as (heading, text)."""
        labels = [column.label for column in columns_for([])[1 : 1 + len(SUMMARY_KEYS)]]
        return list(zip(labels, self.row.cells[1 : 1 + len(SUMMARY_KEYS)], strict=True))


def learner_progress(
    classroom: Classroom, user_id: int, *, now: datetime | None = None
) -> LearnerProgress | None:
    """The learner ``user_id`` of the class with their details; ``None`` if they are not its learner."""
    now = now or timezone.now()
    lessons = list(Lesson.objects.all())
    found = learner_rows(classroom, lessons, class_assignments(classroom), now, user_id=user_id)
    if not found:
        return None
    [row] = found
    seat = Seat.objects.filter(user_id=user_id, kind=Seat.Kind.TABLE).first()
    resets = (
        LedgerEntry.objects.filter(
            seat__user_id=user_id, seat__kind=Seat.Kind.TABLE, kind=LedgerEntry.Kind.RESET
        )
        .select_related("actor")
        .order_by("-created_at", "-id")
    )
    restarts = [
        Restart(
            at=entry.created_at,
            by=None if entry.actor_id in (None, user_id) else entry.actor.get_username(),
            amount=entry.amount,
        )
        for entry in resets
    ]
    return LearnerProgress(
        classroom=classroom,
        row=row,
        heat=learner_heat_map(row.user_id),
        chart=balance_chart(seat) if seat is not None else None,
        restarts=restarts,
    )
