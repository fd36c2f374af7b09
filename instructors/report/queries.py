"""Reads for the class progress page: one row per learner, and the class's Banker-table heat map.

- ``class_progress`` runs a fixed number of queries, whatever the size of the class: the
  memberships with every per-learner figure as a correlated subquery (counts and maxima are
  subqueries, never ``Count()`` over joins, which would multiply rows), the lessons, all the
  members' lesson progress, and one grouped aggregate of the members' drill cells; the payout
  drill's figures come from ``progress.selectors.payout_summary`` (two queries).
- Table figures (rounds, balance, restarts) come from the learner's practice-table seat only:
  lesson-example seats hold sandbox chips and do not count.
- "Last active" is the learner's own activity: lesson visits, answers (the payout drill's too),
  rounds on any seat, and ledger entries not made by someone else. The seat's ``updated_at`` is
  not used because an instructor's reset touches it.
- Every cell has one text (``Column.text``), shown on the page and written to the CSV, so the
  two always match; the columns are in ``instructors.report.columns``, the reasons for help in
  ``instructors.report.help``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from functools import cached_property

from django.db.models import DateTimeField, F, Func, IntegerField, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone

from accounts.models import Classroom, Membership
from auditions.selectors import AuditionRecord, audition_records
from classtable.models import ClassCall, ClassPlay
from instructors.report.auditions import summary_line as audition_summary
from instructors.report.auditions import with_audition_column
from instructors.report.columns import (
    ASSIGNMENT_RANK,
    Cell,
    Column,
    assignment_label,
    by_username,
    columns_for,
    sort_rows,
    summary_columns,
)
from instructors.report.help import help_reasons
from instructors.report.rows import LearnerRow, LessonCell
from progress.assignments import STATUS_LABELS as ASSIGNMENT_LABELS
from progress.assignments import class_assignments, states_for
from progress.dealer_selectors import dealer_summary
from progress.heatmap import HeatMap, class_heat_map, learner_heat_map
from progress.models import (
    MASTERY_STREAK,
    Assignment,
    Attempt,
    DrillCell,
    Lesson,
    LessonProgress,
    PayoutAnswer,
)
from progress.selectors import lesson_status, payout_summary
from table.amounts import chips_text
from table.charts import BalanceChart, balance_chart
from table.models import LedgerEntry, Round, Seat

# --- The page's data -----------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One learner's row of the table: the learner, and a cell per column."""

    row: LearnerRow
    cells: list[Cell]


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

    @cached_property
    def lines(self) -> list[Line]:
        """Each row with its cells, in the order of ``columns`` (the page's table body)."""
        return [Line(row, [column.cell(row) for column in self.columns]) for row in self.rows]

    @property
    def needing_help(self) -> int:
        return sum(row.needs_help for row in self.rows)

    @property
    def assignment_summaries(self) -> list[AssignmentSummary]:
        """Per assignment, who is in each state (for finding who is late at a glance)."""
        summaries = []
        for index, assignment in enumerate(self.assignments):
            by_status: dict[str, list[str]] = {status: [] for status in ASSIGNMENT_RANK}
            for row in sorted(self.rows, key=by_username):
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
            class_rounds=_count(ClassPlay.objects.filter(user=user, state=ClassPlay.State.SETTLED)),
            class_calls=_count(ClassCall.objects.filter(user=user)),
            class_right=_count(ClassCall.objects.filter(user=user, correct=True)),
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
    queryset = _membership_rows(classroom)
    if user_id is not None:
        queryset = queryset.filter(user_id=user_id)
    memberships = list(queryset)
    user_ids = [membership.user_id for membership in memberships]
    progress: dict[int, dict[int, LessonProgress]] = defaultdict(dict)
    for found in LessonProgress.objects.filter(user_id__in=user_ids):
        progress[found.user_id][found.lesson_id] = found
    states = states_for(assignments, user_ids, now) if assignments else {}

    rows = []
    payouts = payout_summary(user_ids)
    dealers = dealer_summary(user_ids)
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
            class_rounds=membership.class_rounds or 0,
            class_calls=membership.class_calls or 0,
            class_right=membership.class_right or 0,
            balance=membership.balance,
            restarts=membership.restarts or 0,
            restarts_by_instructor=membership.restarts_by_instructor or 0,
            last_active=max((moment for moment in moments if moment is not None), default=None),
            assignments=states.get(membership.user_id, []),
            payout=payouts[membership.user_id],
            dealer=dealers[membership.user_id],
        )
        row.reasons = help_reasons(row, now)
        rows.append(row)
    return rows


def class_progress(classroom: Classroom, order: str = "", *, now: datetime | None = None) -> ClassProgress:
    """Every learner of the class with their figures, sorted by ``order``, and the class heat map.

    ``order`` is a column's key (``lesson-<number>`` and ``assignment-<id>`` among them), with
    a leading "-" for descending; anything else gives the default order. Five queries, plus
    one per assignment, however many learners.
    """
    now = now or timezone.now()
    lessons = list(Lesson.objects.all())
    assignments = class_assignments(classroom)
    rows = learner_rows(classroom, lessons, assignments, now)
    auditions = audition_records(classroom, [row.user_id for row in rows], now)
    columns = with_audition_column(columns_for(lessons, assignments), auditions)
    rows, applied = sort_rows(rows, order, columns)
    return ClassProgress(
        classroom=classroom,
        lessons=lessons,
        columns=columns,
        rows=rows,
        order=applied,
        heat=class_heat_map(members(classroom).values("user_id")),
        assignments=assignments,
    )


def progress_table(progress: ClassProgress) -> list[list[str]]:
    """The header and every row's cells as text, exactly as on the page (not yet made CSV-safe)."""
    return [progress.header, *([cell.text for cell in line.cells] for line in progress.lines)]


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
        return chips_text(self.amount, 2)


@dataclass
class LearnerProgress:
    """One learner of a class: the class page's row, and the details behind it."""

    classroom: Classroom
    row: LearnerRow
    heat: HeatMap
    chart: BalanceChart | None
    restarts: list[Restart]
    #: The learner's dealer-audition attempts in the class (``instructors.report.auditions``).
    auditions: AuditionRecord | None = None

    @property
    def summary(self) -> list[tuple[str, str]]:
        """The class page's summary columns for this learner, as (heading, text)."""
        summary = [(column.label, column.text(self.row)) for column in summary_columns()]
        return [*summary, audition_summary(self.row, self.auditions)]


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
        auditions=audition_records(classroom, [user_id], now)[user_id],
    )
