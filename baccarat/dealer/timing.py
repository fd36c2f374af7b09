"""Timing standards for a dealer-mode round, and the floor under which an action is not a person's.

Design overview: the app times a round on the server's clock from the first card to the last
payout; ``rate_round`` rates that time against a standard (``ROUND_STANDARD_SECONDS``, 12 s by
default; an instructor may set another). Why 12 s: a fast mini-baccarat game deals 5-6 rounds a
minute, 10-12 s a round; the 40-60 rounds an hour of a whole game (about 50) include betting,
shuffles and talk, which the trainer's round does not. So 12 s is the dealing-and-paying pace of
a table that makes about 50 rounds an hour.

``ACTION_FLOOR_SECONDS`` is the least time a person needs for each kind of action, measured
from the previous action (the round's first action from the round being shown); an action in
less time is ``too_fast`` and a round containing one is not counted (as in the payout drill).
The figures follow the drills' floors (``progress.models``): a deal, a stand, a take or a mark
is one click on a spot already in view, a simple reaction (about 0.2 s at best) plus moving the
pointer: 0.25 s; a call is a choice among four spoken-style options, a choice reaction like the
drawing-table drill: 0.5 s; a payout is an amount read off the layout and typed or built from
chips, like the payout drill: 1 s.

>>> rate_round(Decimal("11.4")).within, rate_round(Decimal("15")).pace
(True, <Pace.SLOW: 'slow'>)
>>> hands_per_hour(Decimal("12"))
Decimal('300')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum, unique
from types import MappingProxyType

from baccarat.dealer.actions import ActionKind
from baccarat.errors import EngineError

__all__ = [
    "ACTION_FLOOR_SECONDS",
    "ROUND_STANDARD_SECONDS",
    "ROUNDS_PER_HOUR",
    "Pace",
    "RoundRating",
    "action_floor",
    "hands_per_hour",
    "is_too_fast",
    "rate_round",
    "round_floor_seconds",
]

#: The default standard: a round dealt, called, taken and paid within 12 seconds.
ROUND_STANDARD_SECONDS = Decimal("12")
#: The rounds an hour a whole game makes at that pace (betting, shuffles and talk included).
ROUNDS_PER_HOUR = 50

#: The least time (seconds) a person needs for one action of each kind; see the module docstring.
ACTION_FLOOR_SECONDS: Mapping[ActionKind, Decimal] = MappingProxyType(
    {
        ActionKind.DEAL: Decimal("0.25"),
        ActionKind.STAND: Decimal("0.25"),
        ActionKind.TAKE: Decimal("0.25"),
        ActionKind.MARK: Decimal("0.25"),
        ActionKind.CALL: Decimal("0.5"),
        ActionKind.PAY: Decimal("1"),
        ActionKind.COLLECT: Decimal("1"),
    }
)


@unique
class Pace(StrEnum):
    """How a round's time compares with the standard; the values are stable ids."""

    #: Within the standard.
    WITHIN = "within"
    #: Slower than the standard.
    SLOW = "slow"
    #: Faster than a person can act: not counted.
    TOO_FAST = "too_fast"


@dataclass(frozen=True, slots=True)
class RoundRating:
    """A round's time against a standard: the pace and the time as a share of the standard."""

    seconds: Decimal
    standard: Decimal
    pace: Pace

    @property
    def within(self) -> bool:
        """Whether the round was within the standard (and a person's)."""
        return self.pace is Pace.WITHIN

    @property
    def ratio(self) -> Decimal:
        """The time as a multiple of the standard, to two places (0.95: 5 % inside it)."""
        return (self.seconds / self.standard).quantize(Decimal("0.01"), ROUND_HALF_UP)


def action_floor(kind: ActionKind | str) -> Decimal:
    """The least time a person needs for an action of this kind.

    >>> action_floor("pay")
    Decimal('1')
    """
    return ACTION_FLOOR_SECONDS[ActionKind(kind)]


def is_too_fast(kind: ActionKind | str, seconds: Decimal) -> bool:
    """Whether an action of this kind, ``seconds`` after the one before, came faster than a person acts."""
    return seconds < action_floor(kind)


def round_floor_seconds(kinds: Iterable[ActionKind | str]) -> Decimal:
    """The least time a person needs for a round of these actions: the sum of their floors.

    >>> round_floor_seconds(["deal"] * 4 + ["call", "call", "take", "pay"])
    Decimal('3.25')
    """
    return sum((action_floor(kind) for kind in kinds), Decimal("0.00"))


def rate_round(
    seconds: Decimal, *, standard: Decimal = ROUND_STANDARD_SECONDS, floor: Decimal = Decimal(0)
) -> RoundRating:
    """Rate a round's measured time (server clock) against ``standard``; under ``floor`` is too fast.

    :raises EngineError: if a time is negative, not a Decimal, or the standard is not positive.
    """
    for value in (seconds, standard, floor):
        if isinstance(value, float) or not isinstance(value, Decimal) or not value.is_finite() or value < 0:
            raise EngineError(f"A time is a non-negative Decimal number of seconds, not {value!r}.")
    if standard <= 0:
        raise EngineError(f"A round's standard is a positive number of seconds, not {standard!r}.")
    pace = Pace.TOO_FAST if seconds < floor else Pace.WITHIN if seconds <= standard else Pace.SLOW
    return RoundRating(seconds, standard, pace)


def hands_per_hour(seconds_per_round: Decimal) -> Decimal:
    """How many rounds an hour this pace deals if nothing else took time (whole rounds).

    :raises EngineError: if the time is not positive.
    """
    if not isinstance(seconds_per_round, Decimal) or not seconds_per_round > 0:
        raise EngineError(f"A round takes a positive number of seconds, not {seconds_per_round!r}.")
    return (Decimal(3600) / seconds_per_round).quantize(Decimal(1), ROUND_HALF_UP)
