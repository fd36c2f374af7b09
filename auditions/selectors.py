"""Reads of the audition: a learner's auditions and attempts, an attempt's state and result, records.

Nothing here writes. An attempt whose time ran out is ended on read (``ends_at``), and its result
counts only what was recorded before then, so the same attempt reads the same before and after a
later write records its end.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from django.db.models import Count, Max, Q, QuerySet
from django.utils import timezone

from accounts.models import Membership
from auditions.models import Audition, AuditionAttempt, AuditionQuestion
from auditions.scoring import PlayedRound, Result, WrittenTally, counted_rounds, percent_text, result_of
from dealer.models import DealerRound
from table.presets import PRESETS


def ends_at(attempt: AuditionAttempt) -> datetime:
    """When the attempt ends (or ended): when the learner ended it, else when its time is up."""
    if attempt.finished_at is not None and attempt.finished_at < attempt.deadline:
        return attempt.finished_at
    return attempt.deadline


def is_running(attempt: AuditionAttempt, now: datetime | None = None) -> bool:
    return attempt.finished_at is None and (now or timezone.now()) < attempt.deadline


def seconds_left(attempt: AuditionAttempt, now: datetime | None = None) -> int:
    return max(0, int((attempt.deadline - (now or timezone.now())).total_seconds()))


def table_label(preset: str) -> str:
    found = PRESETS.get(preset)
    return str(found.label) if found is not None else preset


def learner_auditions(user) -> QuerySet:
    """The auditions of the learner's classes: open ones, and closed ones they have attempts at."""
    classes = Membership.objects.filter(user=user).values("classroom_id")
    return (
        Audition.objects.filter(classroom__in=classes)
        .filter(Q(is_open=True) | Q(attempts__user=user))
        .select_related("classroom")
        .distinct()
    )


def learner_audition(user, audition_id: int) -> Audition | None:
    """The audition if it is one of the learner's classes' (open or not), else ``None``."""
    classes = Membership.objects.filter(user=user).values("classroom_id")
    return Audition.objects.filter(pk=audition_id, classroom__in=classes).select_related("classroom").first()


def learner_attempts(user, audition: Audition) -> list[AuditionAttempt]:
    return list(AuditionAttempt.objects.filter(user=user, audition=audition).order_by("-number"))


def learner_attempt(user, audition: Audition, number: int) -> AuditionAttempt | None:
    return (
        AuditionAttempt.objects.filter(user=user, audition=audition, number=number)
        .select_related("audition__classroom", "dealer_session", "signed_off_by")
        .first()
    )


def running_attempt(user, now: datetime | None = None) -> AuditionAttempt | None:
    """The learner's attempt still running, whatever the audition (one at most)."""
    found = (
        AuditionAttempt.objects.filter(user=user, finished_at__isnull=True).select_related("audition").first()
    )
    return found if found is not None and is_running(found, now) else None


def questions_of(attempt: AuditionAttempt) -> list[AuditionQuestion]:
    return list(AuditionQuestion.objects.filter(attempt=attempt).order_by("position"))


def current_question(attempt: AuditionAttempt) -> AuditionQuestion | None:
    """The written question waiting for an answer: the first one not answered."""
    return (
        AuditionQuestion.objects.filter(attempt=attempt, answered_at__isnull=True)
        .order_by("position")
        .first()
    )


def question_clock_start(attempt: AuditionAttempt) -> datetime:
    """When the question waiting now came on screen: the last answer, or the attempt's start."""
    last = AuditionQuestion.objects.filter(attempt=attempt, answered_at__isnull=False).aggregate(
        last=Max("answered_at")
    )["last"]
    return max(last, attempt.started_at) if last is not None else attempt.started_at


def _tallies(attempts: list[AuditionAttempt]) -> dict[int, WrittenTally]:
    """Each attempt's written tally, counting only answers recorded before it ended (one query)."""
    rows = AuditionQuestion.objects.filter(attempt__in=[a.pk for a in attempts]).values_list(
        "attempt_id", "answered_at", "correct", "too_fast"
    )
    by_attempt: dict[int, list[tuple[datetime | None, bool, bool]]] = defaultdict(list)
    for attempt_id, answered_at, correct, too_fast in rows:
        by_attempt[attempt_id].append((answered_at, correct, too_fast))
    tallies = {}
    for attempt in attempts:
        end = ends_at(attempt)
        answered = [row for row in by_attempt[attempt.pk] if row[0] is not None and row[0] <= end]
        tallies[attempt.pk] = WrittenTally(
            total=attempt.questions,
            answered=len(answered),
            right=sum(correct and not too_fast for _at, correct, too_fast in answered),
            too_fast=sum(too_fast for _at, _correct, too_fast in answered),
        )
    return tallies


def _rounds(attempts: list[AuditionAttempt]) -> dict[int, list[PlayedRound]]:
    """Each attempt's finished dealer rounds, for every attempt in one query (a class's report must
    not run one per learner)."""
    session_ids = {a.dealer_session_id: a.pk for a in attempts if a.dealer_session_id is not None}
    found: dict[int, list[PlayedRound]] = {attempt.pk: [] for attempt in attempts}
    rows = DealerRound.objects.filter(
        session_id__in=list(session_ids), phase=DealerRound.Phase.DONE, finished_at__isnull=False
    ).select_related("session")
    for row in rows.order_by("session_id", "number"):
        if row.finished_at is None:  # excluded by the query; said again for the type checker
            continue
        found[session_ids[row.session_id]].append(
            PlayedRound(
                number=row.number,
                finished_at=row.finished_at,
                errors=row.error_count,
                seconds=Decimal(row.duration_ms or 0) / 1000,
                standard=Decimal(row.session.standard_seconds),
                too_fast=row.too_fast,
                clean=row.clean,
            )
        )
    return found


def results_for(attempts: Iterable[AuditionAttempt]) -> dict[int, Result]:
    """Each attempt's result (so far, for one still running), by attempt id."""
    attempts = list(attempts)
    tallies, rounds = _tallies(attempts), _rounds(attempts)
    return {
        attempt.pk: result_of(
            written=tallies[attempt.pk],
            rounds=counted_rounds(rounds[attempt.pk], ends_at(attempt), attempt.rounds),
            rounds_total=attempt.rounds,
            written_weight=attempt.written_weight,
            practical_weight=attempt.practical_weight,
            pass_mark=attempt.pass_mark,
        )
        for attempt in attempts
    }


def result_of_attempt(attempt: AuditionAttempt) -> Result:
    return results_for([attempt])[attempt.pk]


def rounds_played(attempt: AuditionAttempt) -> int:
    """How many of the attempt's dealer rounds are finished (before it ended)."""
    return result_of_attempt(attempt).rounds_played


# --- The certificate ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Certificate:
    """Everything a certificate shows, and nothing else about the learner."""

    name: str
    table: str
    score: str
    date: datetime
    instructor: str


def person_name(user) -> str:
    return user.get_full_name() or user.get_username()


def certificate_for(code: str) -> Certificate | None:
    """The certificate with this code: a passed, signed-off attempt's; ``None`` for any other code."""
    if not isinstance(code, str) or not code or len(code) > 64:
        return None
    attempt = (
        AuditionAttempt.objects.filter(
            certificate_code=code, passed=True, signed_off_at__isnull=False, finished_at__isnull=False
        )
        .select_related("user", "signed_off_by")
        .first()
    )
    if attempt is None or attempt.signed_off_by is None or attempt.signed_off_at is None:
        return None
    return Certificate(
        name=person_name(attempt.user),
        table=table_label(attempt.preset),
        score=percent_text(attempt.score) if attempt.score is not None else "",
        date=attempt.signed_off_at,
        instructor=person_name(attempt.signed_off_by),
    )


# --- Records for instructors -------------------------------------------------------------------


@dataclass
class AttemptLine:
    """One attempt as the instructor's pages list it."""

    attempt: AuditionAttempt
    result: Result
    running: bool

    @property
    def signed_off(self) -> bool:
        return self.attempt.signed_off_at is not None


@dataclass
class AuditionRecord:
    """A learner's audition attempts in one class, newest first."""

    lines: list[AttemptLine] = field(default_factory=list)

    @property
    def attempts(self) -> int:
        return len(self.lines)

    @property
    def best(self) -> AttemptLine | None:
        ended = [line for line in self.lines if not line.running]
        return max(ended, key=lambda line: line.result.score, default=None)

    @property
    def passed(self) -> bool:
        return any(line.result.passed and not line.running for line in self.lines)

    @property
    def signed_off(self) -> bool:
        return any(line.signed_off for line in self.lines)


def audition_records(
    classroom, user_ids: list[int], now: datetime | None = None
) -> dict[int, AuditionRecord]:
    """Every learner's audition attempts in the class's auditions (a fixed number of queries per class)."""
    now = now or timezone.now()
    attempts = list(
        AuditionAttempt.objects.filter(audition__classroom=classroom, user_id__in=user_ids)
        .select_related("audition", "signed_off_by")
        .order_by("-started_at", "-id")
    )
    results = results_for(attempts)
    records: dict[int, AuditionRecord] = {user_id: AuditionRecord() for user_id in user_ids}
    for attempt in attempts:
        records[attempt.user_id].lines.append(
            AttemptLine(attempt, results[attempt.pk], is_running(attempt, now))
        )
    return records


def attempt_counts(audition_ids: list[int]) -> dict[int, int]:
    rows = (
        AuditionAttempt.objects.filter(audition_id__in=audition_ids)
        .values("audition_id")
        .annotate(n=Count("id"))
    )
    return {row["audition_id"]: row["n"] for row in rows}
