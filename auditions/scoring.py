"""An attempt's score from what was recorded before it ended: the engine weighs it, this module counts.

The written part counts each question answered right, in time and not faster than a person can
act; a question not answered counts as wrong. The practical part is what each dealer round
finished before the end earns, by the engine's ``round_points`` (its errors, its time against the
table's standard, an action faster than a person can act); a round not played earns nothing. The
engine's ``audition_score`` weighs the two parts and says whether the pass mark is reached, so
the audition and any other caller cannot disagree on a score.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from baccarat.dealer import PRACTICAL_ROUND_POINTS, audition_score, round_points
from table.amounts import amount_text


def percent_text(value: Decimal) -> str:
    """A score as a page shows it, in the active language: ``80``, ``73.33`` (never rounded up to a pass)."""
    whole = value.quantize(Decimal(1)) if value == value.to_integral_value() else value
    return amount_text(whole, decimal_pos=None)


@dataclass(frozen=True)
class WrittenTally:
    """The written part as recorded before the end."""

    total: int
    answered: int = 0
    right: int = 0
    too_fast: int = 0


@dataclass(frozen=True)
class PlayedRound:
    """One finished dealer round, as the score reads it."""

    number: int
    finished_at: datetime
    errors: int
    seconds: Decimal
    standard: Decimal
    too_fast: bool
    clean: bool

    @property
    def points(self) -> int:
        return round_points(self.errors, self.seconds, standard=self.standard, too_fast=self.too_fast)


@dataclass(frozen=True)
class Result:
    """An attempt's result: each part's percentage, the weighted score, and whether it passed."""

    written: WrittenTally
    rounds_total: int
    rounds_played: int
    rounds_clean: int
    rounds_too_fast: int
    points: int
    points_total: int
    written_score: Decimal
    practical_score: Decimal
    score: Decimal
    passed: bool
    pass_mark: int

    @property
    def score_text(self) -> str:
        return percent_text(self.score)

    @property
    def written_text(self) -> str:
        return percent_text(self.written_score)

    @property
    def practical_text(self) -> str:
        return percent_text(self.practical_score)


def counted_rounds(rounds: Iterable[PlayedRound], ends_at: datetime, limit: int) -> list[PlayedRound]:
    """The rounds finished before the attempt ended, the first ``limit`` of them."""
    return sorted((found for found in rounds if found.finished_at <= ends_at), key=lambda r: r.number)[:limit]


def result_of(
    *,
    written: WrittenTally,
    rounds: Sequence[PlayedRound],
    rounds_total: int,
    written_weight: int,
    practical_weight: int,
    pass_mark: int,
) -> Result:
    """The result of an attempt from its written tally and its counted rounds, weighed by the engine."""
    points = sum(found.points for found in rounds)
    points_total = rounds_total * PRACTICAL_ROUND_POINTS
    score = audition_score(
        written.right,
        written.total,
        points,
        points_total,
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
        points=points,
        points_total=points_total,
        written_score=score.written_percent,
        practical_score=score.practical_percent,
        score=score.percent,
        passed=score.passed,
        pass_mark=pass_mark,
    )
