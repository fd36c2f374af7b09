"""An attempt's score from what was recorded before it ended: the engine weighs it, this module counts.

The written part counts each question answered right, in time and not faster than a person can
act; a question not answered counts as wrong. The practical part is what each dealer round
finished before the end earns (the engine says what a round earns); a round not played earns
nothing. The engine's ``audition_score`` weighs the two parts and says whether the pass mark is
reached, so the audition and any other caller cannot disagree on a score.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from dealer.selectors import RoundResult

HUNDRED = Decimal(100)


# TEMPORARY until the engine's audition_score lands (dl-engine).
@dataclass(frozen=True)
class _Score:
    written: Decimal
    practical: Decimal
    total: Decimal
    passed: bool


def practical_round_points(*, clean: bool, too_fast: bool, within_standard: bool) -> Decimal:
    if too_fast or not clean:
        return Decimal(0)
    return Decimal(1) if within_standard else Decimal("0.5")


def audition_score(
    *,
    written_right: int,
    written_total: int,
    practical_points: Sequence[Decimal],
    practical_total: int,
    written_weight: int,
    practical_weight: int,
    pass_mark: int,
) -> _Score:
    written = HUNDRED * written_right / written_total if written_total else Decimal(0)
    practical = HUNDRED * sum(practical_points, Decimal(0)) / practical_total if practical_total else Decimal(0)
    total = (written * written_weight + practical * practical_weight) / HUNDRED
    return _Score(written, practical, total, total >= pass_mark)


@dataclass(frozen=True)
class WrittenTally:
    """The written part as recorded before the end."""

    total: int
    answered: int = 0
    right: int = 0
    too_fast: int = 0


@dataclass(frozen=True)
class Result:
    """An attempt's result: each part's percentage, the weighted score, and whether it passed."""

    written: WrittenTally
    rounds_total: int
    rounds_played: int
    rounds_clean: int
    rounds_too_fast: int
    written_score: Decimal
    practical_score: Decimal
    score: Decimal
    passed: bool
    pass_mark: int


def counted_rounds(rounds: Iterable[RoundResult], ends_at: datetime, limit: int) -> list[RoundResult]:
    """The rounds finished before the attempt ended, the first ``limit`` of them."""
    return sorted((found for found in rounds if found.finished_at <= ends_at), key=lambda r: r.number)[:limit]


def result_of(
    *,
    written: WrittenTally,
    rounds: Sequence[RoundResult],
    rounds_total: int,
    written_weight: int,
    practical_weight: int,
    pass_mark: int,
) -> Result:
    """The result of an attempt from its written tally and its counted rounds, weighed by the engine."""
    earned = [
        practical_round_points(
            clean=found.clean, too_fast=found.too_fast, within_standard=found.within_standard
        )
        for found in rounds
    ]
    score = audition_score(
        written_right=written.right,
        written_total=written.total,
        practical_points=earned,
        practical_total=rounds_total,
        written_weight=written_weight,
        practical_weight=practical_weight,
        pass_mark=pass_mark,
    )
    return Result(
        written=written,
        rounds_total=rounds_total,
        rounds_played=len(rounds),
        rounds_clean=sum(found.clean for found in rounds),
        rounds_too_fast=sum(found.too_fast for found in rounds),
        written_score=score.written,
        practical_score=score.practical,
        score=score.total,
        passed=score.passed,
        pass_mark=pass_mark,
    )
