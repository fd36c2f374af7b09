"""Where each learner stands on their class's assignments: done, done late, missing or pending.

Design overview:

- What "done" means depends on the assignment's kind, and only there: ``DONE_AT``
  maps each kind to a function that returns, for a set of learners, the moment
  each of them did it (learners who have not are left out). One more kind is
  one more ``Assignment.Kind`` member and one more entry here.
- The status is the same rule for every kind (``status_of``): done by the due
  moment is ``done``; done after it is ``late`` ("done late"); not done and past
  due is ``missing``; not done and not yet due is ``pending``.
- On a learner's own list, what was due before they joined the class (and is
  not done) is ``before-joining``, not ``missing``: a newcomer has not missed it.
- A class's statuses take one query for the assignments and one per assignment,
  whatever the number of learners.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext_lazy

from progress.models import (
    DEALER_ASSIGNMENT_ROUNDS,
    Assignment,
    DealerRecord,
    DrillMasteryReached,
    LessonProgress,
    PayoutRecord,
)

DONE, LATE, MISSING, PENDING = "done", "late", "missing", "pending"
#: Only on a learner's own list: not done, and due before they joined the class (so not theirs to miss).
BEFORE_JOINING = "before-joining"
#: A status in words, in the active language (the machine value is also the CSS class suffix).
STATUS_LABELS = {
    DONE: gettext_lazy("done"),
    LATE: gettext_lazy("done late"),
    MISSING: gettext_lazy("missing"),
    PENDING: gettext_lazy("pending"),
    BEFORE_JOINING: gettext_lazy("set before you joined"),
}
#: A symbol per status, so that colour is never the only signal.
STATUS_MARKERS = {DONE: "✓", LATE: "!", MISSING: "✗", PENDING: "…", BEFORE_JOINING: "–"}

DoneAt = Callable[[Assignment, Collection[int]], dict[int, datetime]]


def _lesson_done_at(assignment: Assignment, user_ids: Collection[int]) -> dict[int, datetime]:
    """When each learner completed the lesson."""
    rows = LessonProgress.objects.filter(
        lesson=assignment.lesson, user_id__in=user_ids, completed_at__isnull=False
    ).values_list("user_id", "completed_at")
    return {user_id: completed_at for user_id, completed_at in rows if completed_at is not None}


def _drill_mastery_done_at(assignment: Assignment, user_ids: Collection[int]) -> dict[int, datetime]:
    """When each learner first had every cell of the Banker table mastered."""
    return dict(DrillMasteryReached.objects.filter(user_id__in=user_ids).values_list("user_id", "reached_at"))


def _payout_mastery_done_at(assignment: Assignment, user_ids: Collection[int]) -> dict[int, datetime]:
    """When each learner first reached payout-drill mastery (kept once, never taken away)."""
    rows = PayoutRecord.objects.filter(user_id__in=user_ids, mastered_at__isnull=False)
    return {user_id: moment for user_id, moment in rows.values_list("user_id", "mastered_at") if moment}


def _dealer_rounds_done_at(assignment: Assignment, user_ids: Collection[int]) -> dict[int, datetime]:
    """When each learner finished their N-th clean dealer-mode round (practice or audition; rounds too
    fast for a person are never clean)."""
    needed = assignment.rounds or DEALER_ASSIGNMENT_ROUNDS
    done: dict[int, datetime] = {}
    counts: dict[int, int] = {}
    rows = DealerRecord.objects.filter(user_id__in=user_ids, clean=True).order_by("finished_at", "id")
    for user_id, finished_at in rows.values_list("user_id", "finished_at"):
        counts[user_id] = counts.get(user_id, 0) + 1
        if counts[user_id] == needed:
            done[user_id] = finished_at
    return done


#: How each kind of assignment is done: the one place that knows the kinds.
DONE_AT: dict[str, DoneAt] = {
    Assignment.Kind.LESSON: _lesson_done_at,
    Assignment.Kind.DRILL_MASTERY: _drill_mastery_done_at,
    Assignment.Kind.PAYOUT_MASTERY: _payout_mastery_done_at,
    Assignment.Kind.DEALER_ROUNDS: _dealer_rounds_done_at,
}


def status_of(due_at: datetime, done_at: datetime | None, now: datetime) -> str:
    """``done``, ``late``, ``missing`` or ``pending``, by the due moment, the moment done and now."""
    if done_at is not None:
        return DONE if done_at <= due_at else LATE
    return MISSING if now > due_at else PENDING


def moment_text(moment: datetime) -> str:
    """A moment in the site's time zone, written the same in every language (``2026-12-03 18:00``)."""
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")


@dataclass(frozen=True)
class AssignmentState:
    """One learner's standing on one assignment."""

    assignment: Assignment
    status: str
    done_at: datetime | None = None

    @property
    def status_text(self) -> str:
        return str(STATUS_LABELS[self.status])

    @property
    def marker(self) -> str:
        return STATUS_MARKERS[self.status]

    @property
    def text(self) -> str:
        """The status in words, with the moment it was done (the class page and the CSV)."""
        if self.done_at is None:
            return self.status_text
        return f"{self.status_text} ({moment_text(self.done_at)})"

    @property
    def css_class(self) -> str:
        return f"assignment-{self.status}"

    @property
    def title(self) -> str:
        return self.assignment.title

    @property
    def due_text(self) -> str:
        return moment_text(self.assignment.due_at)


def states_for(
    assignments: Iterable[Assignment], user_ids: Collection[int], now: datetime | None = None
) -> dict[int, list[AssignmentState]]:
    """Every learner's state on each assignment, in the order of ``assignments``."""
    now = now or timezone.now()
    states: dict[int, list[AssignmentState]] = {user_id: [] for user_id in user_ids}
    for assignment in assignments:
        done = DONE_AT[assignment.kind](assignment, user_ids)
        for user_id in user_ids:
            done_at = done.get(user_id)
            states[user_id].append(
                AssignmentState(assignment, status_of(assignment.due_at, done_at, now), done_at)
            )
    return states


def class_assignments(classroom) -> list[Assignment]:
    """The class's assignments, soonest due first."""
    return list(Assignment.objects.filter(classroom=classroom).select_related("lesson"))


def learner_assignments(user, now: datetime | None = None) -> list[AssignmentState]:
    """What the learner's classes ask of them, soonest due first.

    An assignment that was due before the learner joined its class was never theirs to miss: unless they
    have done it anyway, it is ``before-joining``, not ``missing``.
    """
    mine = Assignment.objects.filter(classroom__memberships__user=user)
    # When the learner joined each assignment's class (one membership per class, so one row each).
    joined = dict(mine.values_list("pk", "classroom__memberships__joined_at"))
    assignments = mine.select_related("lesson").distinct()
    return [
        AssignmentState(state.assignment, BEFORE_JOINING)
        if state.status == MISSING and state.assignment.due_at < joined[state.assignment.pk]
        else state
        for state in states_for(assignments, [user.pk], now)[user.pk]
    ]
