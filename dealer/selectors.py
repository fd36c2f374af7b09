"""Reads of dealer mode: a session's finished rounds with their results (for the auditions app too)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from dealer.models import ERROR_KINDS, DealerRound, DealerSession


@dataclass(frozen=True)
class RoundResult:
    """One finished round: clean or not, its time on the server's clock, its errors by kind."""

    round_id: int
    number: int
    clean: bool
    too_fast: bool
    duration_ms: int
    errors: dict[str, int]
    finished_at: datetime
    within_standard: bool


def session_results(session: DealerSession) -> list[RoundResult]:
    """The session's finished rounds, in order, with their results."""
    standard_ms = session.standard_seconds * 1000
    rows = DealerRound.objects.filter(
        session=session, phase=DealerRound.Phase.DONE, finished_at__isnull=False
    )
    return [
        RoundResult(
            round_id=row.pk,
            number=row.number,
            clean=row.clean,
            too_fast=row.too_fast,
            duration_ms=row.duration_ms or 0,
            errors={kind: int(row.errors.get(kind, 0)) for kind in ERROR_KINDS},
            finished_at=row.finished_at,
            within_standard=(row.duration_ms or 0) <= standard_ms,
        )
        for row in rows.order_by("number")
        if row.finished_at is not None
    ]


def session_played(session: DealerSession) -> bool:
    """Whether a session of a set number of rounds has them all finished."""
    if session.rounds is None:
        return False
    done = DealerRound.objects.filter(session=session, phase=DealerRound.Phase.DONE).count()
    return done >= session.rounds


def open_session(user) -> DealerSession | None:
    """The learner's open practice session, if any."""
    return (
        DealerSession.objects.filter(
            user=user, purpose=DealerSession.Purpose.PRACTICE, closed_at__isnull=True
        )
        .select_related("classroom")
        .first()
    )
