"""Audition scoring: the written part and the practical rounds, weighted, against a pass mark.

Design overview: an audition has a written part (questions, each right or wrong) and a
practical part (dealer-mode rounds, each earning points). ``audition_score`` weights the two
parts' percentages (by default written 30 %, practical 70 %, as a college table-games course
does) and passes at ``pass_mark`` (80 % by default). Everything is ``Decimal``; the comparison
with the pass mark uses the exact score, and the percentages shown are rounded *down* to two
places, so a score shown as 80.00 has really reached 80 and 79.99 never shows as 80. A part
with no questions (or no rounds) is left out and the other part counts alone.

What a practical round earns (``round_points``), out of ``PRACTICAL_ROUND_POINTS`` (10):
a clean round within the time standard earns all 10; each procedure error costs 3 points; a
round slower than the standard costs 2 points, slower than twice the standard 4; a round with an
action faster than a person can act (``baccarat.dealer.timing``) earns nothing; never below 0.
So a competent, not perfect, learner passes: four clean rounds and one with an error, slow,
make 45 of 50 (90 %).

>>> score = audition_score(8, 10, 45, 50)
>>> score.percent, score.written_percent, score.practical_percent, score.passed
(Decimal('87.00'), Decimal('80.00'), Decimal('90.00'), True)
>>> round_points(0, Decimal("11")), round_points(1, Decimal("13")), round_points(0, Decimal("30"))
(10, 5, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from fractions import Fraction

from baccarat.dealer.timing import ROUND_STANDARD_SECONDS
from baccarat.errors import EngineError

__all__ = [
    "DEFAULT_PASS_MARK",
    "DEFAULT_PRACTICAL_WEIGHT",
    "DEFAULT_WRITTEN_WEIGHT",
    "ERROR_POINTS",
    "PRACTICAL_ROUND_POINTS",
    "AuditionScore",
    "audition_score",
    "round_points",
]

DEFAULT_WRITTEN_WEIGHT = 30
DEFAULT_PRACTICAL_WEIGHT = 70
DEFAULT_PASS_MARK = 80
#: What one practical round is worth.
PRACTICAL_ROUND_POINTS = 10
#: What each procedure error in a round costs.
ERROR_POINTS = 3
#: What a round slower than the standard costs, and one slower than twice the standard.
SLOW_POINTS = 2
VERY_SLOW_POINTS = 4

_HUNDREDTH = Decimal("0.01")


def round_points(
    errors: int,
    seconds: Decimal | None,
    *,
    standard: Decimal = ROUND_STANDARD_SECONDS,
    too_fast: bool = False,
) -> int:
    """What one practical round earns (0 to ``PRACTICAL_ROUND_POINTS``); see the module docstring.

    ``seconds`` is the round's time on the server's clock (``None``: not timed, no time penalty).

    :raises EngineError: for a negative error count or a standard that is not positive.
    """
    if isinstance(errors, bool) or not isinstance(errors, int) or errors < 0:
        raise EngineError(f"A round's errors are counted 0 or more, not {errors!r}.")
    if not isinstance(standard, Decimal) or not standard > 0:
        raise EngineError(f"A round's standard is a positive number of seconds, not {standard!r}.")
    if too_fast:
        return 0
    points = PRACTICAL_ROUND_POINTS - ERROR_POINTS * errors
    if seconds is not None and seconds > standard:
        points -= VERY_SLOW_POINTS if seconds > 2 * standard else SLOW_POINTS
    return max(points, 0)


@dataclass(frozen=True, slots=True)
class AuditionScore:
    """An audition's result: the weighted percent, each part's percent (rounded down to 0.01), passed."""

    percent: Decimal
    written_percent: Decimal
    practical_percent: Decimal
    passed: bool


def _share(got: Decimal | int, out_of: Decimal | int, what: str) -> Fraction | None:
    for value in (got, out_of):
        if isinstance(value, (bool, float)) or not isinstance(value, (int, Decimal)) or value < 0:
            raise EngineError(
                f"The {what} score is counted in non-negative whole or Decimal points, not {value!r}."
            )
    if got > out_of:
        raise EngineError(f"The {what} score {got} cannot be over its total {out_of}.")
    return None if out_of == 0 else Fraction(got) / Fraction(out_of)


def _percent(value: Fraction) -> Decimal:
    exact = Decimal(value.numerator * 100) / Decimal(value.denominator)
    return exact.quantize(_HUNDREDTH, ROUND_FLOOR)


def audition_score(
    written_correct: int,
    written_total: int,
    practical_points: Decimal | int,
    practical_total: Decimal | int,
    *,
    written_weight: Decimal | int = DEFAULT_WRITTEN_WEIGHT,
    practical_weight: Decimal | int = DEFAULT_PRACTICAL_WEIGHT,
    pass_mark: Decimal | int = DEFAULT_PASS_MARK,
) -> AuditionScore:
    """The audition's score: each part as a percentage, weighted; passed at ``pass_mark`` percent.

    >>> audition_score(6, 10, 80, 100).passed, audition_score(6, 10, 80, 100).percent
    (False, Decimal('74.00'))
    >>> audition_score(0, 0, 8, 10).percent
    Decimal('80.00')

    :raises EngineError: for a negative count, a score over its total, weights that are negative
        or add up to nothing, a pass mark outside 0-100, or no question and no round at all.
    """
    written = _share(written_correct, written_total, "written")
    practical = _share(practical_points, practical_total, "practical")
    for weight in (written_weight, practical_weight):
        if isinstance(weight, (bool, float)) or not isinstance(weight, (int, Decimal)) or weight < 0:
            raise EngineError(f"A part's weight is a non-negative number, not {weight!r}.")
    if (
        isinstance(pass_mark, (bool, float))
        or not isinstance(pass_mark, (int, Decimal))
        or not 0 <= pass_mark <= 100
    ):
        raise EngineError(f"The pass mark is a percentage from 0 to 100, not {pass_mark!r}.")
    parts = [
        (Fraction(weight), share)
        for weight, share in ((written_weight, written), (practical_weight, practical))
    ]
    counted = [(weight, share) for weight, share in parts if share is not None]
    weights = sum(weight for weight, _share_ in counted)
    if not counted or not weights:
        raise EngineError("An audition needs questions or rounds, with a weight above zero.")
    score = sum(weight * share for weight, share in counted) / weights
    return AuditionScore(
        percent=_percent(score),
        written_percent=_percent(written if written is not None else Fraction(0)),
        practical_percent=_percent(practical if practical is not None else Fraction(0)),
        passed=score * 100 >= Fraction(pass_mark),
    )
