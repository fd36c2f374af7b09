"""Bets, payout sets and the settlement arithmetic.

Design overview: a payout set is frozen data (``PayoutSet.STANDARD``,
``PayoutSet.NO_COMMISSION``), passed into ``settle``; there are no subclasses
per variant. Every amount is a ``Decimal`` quantized to two places; a ``float``
reaching this module raises ``TypeError``. ``settle`` splits what each bet
returns into the stake given back, the gross winnings and the commission
withheld, so ``returned = stake_returned + winnings - commission`` and a lost
bet returns exactly zero: settlement never creates chips on a lost bet.

Lion Bonus (a side bet on Player or on Banker, never both): won with a natural
pays 1:1; a natural tie is returned; won after a third card by 4 points or
more pays by the margin (9: 30:1, 8: 10:1, 7: 6:1, 6: 4:1, 5: 2:1, 4: 1:1);
anything else loses.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum, unique
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar

from baccarat.coup import Outcome, Winner
from baccarat.errors import InvalidBetError

__all__ = [
    "NO_COMMISSION",
    "STANDARD",
    "Bet",
    "BetKind",
    "BetResult",
    "PayoutSet",
    "Result",
    "expected_return",
    "payout_ratio",
    "settle",
    "validate_bets",
]

CENT = Decimal("0.01")
#: Stakes stay far inside Decimal's default 28-digit precision, so quantizing never fails.
MAX_DIGITS = 15


@unique
class BetKind(StrEnum):
    """Where a bet lies on the layout."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"
    LION_PLAYER = "lion_player"
    LION_BANKER = "lion_banker"

    @property
    def is_lion(self) -> bool:
        """Whether this is a Lion Bonus side bet."""
        return self in (BetKind.LION_PLAYER, BetKind.LION_BANKER)


@unique
class Result(StrEnum):
    """What happened to one bet."""

    WON = "won"
    LOST = "lost"
    PUSH = "push"


def _amount(value: Decimal, what: str) -> Decimal:
    if isinstance(value, float):
        raise TypeError(f"{what} must be a Decimal, not the float {value!r}.")
    if not isinstance(value, Decimal):
        raise TypeError(f"{what} must be a Decimal, not {value!r}.")
    return value


@dataclass(frozen=True, slots=True)
class Bet:
    """A stake on one spot of the layout.

    >>> Bet(BetKind.BANKER, Decimal("10"))
    banker:10.00

    :raises TypeError: if the amount is not a Decimal (a float never is).
    :raises InvalidBetError: if the amount is not positive or has more than two decimal places.
    """

    kind: BetKind
    amount: Decimal

    def __post_init__(self) -> None:
        amount = _amount(self.amount, "A stake")
        if not amount.is_finite() or amount <= 0:
            raise InvalidBetError(f"A stake must be a positive amount, not {amount!r}.")
        if amount.adjusted() >= MAX_DIGITS:
            raise InvalidBetError(f"A stake must be below 10**{MAX_DIGITS} chips, not {amount!r}.")
        if amount != amount.quantize(CENT):
            raise InvalidBetError(f"A stake has at most two decimal places, not {amount!r}.")
        object.__setattr__(self, "kind", BetKind(self.kind))
        object.__setattr__(self, "amount", amount.quantize(CENT))

    def __repr__(self) -> str:
        return f"{self.kind.value}:{self.amount}"


def _ratios(table: Mapping[int, str]) -> Mapping[int, Decimal]:
    return MappingProxyType({key: Decimal(value) for key, value in table.items()})


@dataclass(frozen=True, slots=True)
class PayoutSet:
    """A table's payouts, as data.

    ``banker_six_pays`` is the ratio a Banker win on a total of six pays, or
    ``None`` where such a win pays like any other.
    """

    name: str
    player_pays: Decimal = Decimal("1")
    banker_pays: Decimal = Decimal("1")
    banker_commission: Decimal = Decimal("0")
    banker_six_pays: Decimal | None = None
    tie_pays: Decimal = Decimal("8")
    lion_natural_pays: Decimal = Decimal("1")
    lion_margin_pays: Mapping[int, Decimal] = field(
        default_factory=lambda: _ratios({9: "30", 8: "10", 7: "6", 6: "4", 5: "2", 4: "1"})
    )

    STANDARD: ClassVar[PayoutSet]
    NO_COMMISSION: ClassVar[PayoutSet]

    def __repr__(self) -> str:
        return f"PayoutSet({self.name!r})"

    @classmethod
    def named(cls, name: str) -> PayoutSet:
        """The payout set with this name (``standard`` or ``no-commission``).

        >>> PayoutSet.named("no-commission").banker_six_pays
        Decimal('0.5')

        :raises InvalidBetError: if no payout set has that name.
        """
        for payout_set in (STANDARD, NO_COMMISSION):
            if payout_set.name == name:
                return payout_set
        raise InvalidBetError(f"{name!r} is not a payout set: use 'standard' or 'no-commission'.")


STANDARD = PayoutSet(name="standard", banker_commission=Decimal("0.05"))
NO_COMMISSION = PayoutSet(name="no-commission", banker_six_pays=Decimal("0.5"))
PayoutSet.STANDARD = STANDARD
PayoutSet.NO_COMMISSION = NO_COMMISSION


@dataclass(frozen=True, slots=True)
class BetResult:
    """What one bet returns: the stake given back, gross winnings, commission withheld."""

    bet: Bet
    result: Result
    stake_returned: Decimal
    winnings: Decimal
    commission: Decimal

    @property
    def returned(self) -> Decimal:
        """Everything handed back to the learner for this bet."""
        return self.stake_returned + self.winnings - self.commission

    @property
    def net(self) -> Decimal:
        """The gain (positive) or loss (negative) against the stake."""
        return self.returned - self.bet.amount


def payout_ratio(kind: BetKind, outcome: Outcome, payouts: PayoutSet) -> tuple[Result, Decimal, Decimal]:
    """The result of a bet kind and its winnings and commission per chip staked.

    >>> from baccarat.coup import Outcome, Winner
    >>> banker_six = Outcome(Winner.BANKER, 5, 6, False, 5)
    >>> payout_ratio(BetKind.BANKER, banker_six, PayoutSet.NO_COMMISSION)
    (<Result.WON: 'won'>, Decimal('0.5'), Decimal('0.0'))
    """
    winner = outcome.winner
    if kind is BetKind.TIE:
        return (Result.WON, payouts.tie_pays, Decimal(0)) if winner is Winner.TIE else _LOST
    if kind.is_lion:
        return _lion(kind, outcome, payouts)
    if winner is Winner.TIE:
        return _PUSH
    if kind is BetKind.PLAYER:
        return (Result.WON, payouts.player_pays, Decimal(0)) if winner is Winner.PLAYER else _LOST
    if winner is not Winner.BANKER:
        return _LOST
    ratio = payouts.banker_pays
    if payouts.banker_six_pays is not None and outcome.banker_total == 6:
        ratio = payouts.banker_six_pays
    return Result.WON, ratio, ratio * payouts.banker_commission


_LOST = (Result.LOST, Decimal(0), Decimal(0))
_PUSH = (Result.PUSH, Decimal(0), Decimal(0))


def _lion(kind: BetKind, outcome: Outcome, payouts: PayoutSet) -> tuple[Result, Decimal, Decimal]:
    side = Winner.PLAYER if kind is BetKind.LION_PLAYER else Winner.BANKER
    if outcome.natural:
        if outcome.winner is Winner.TIE:
            return _PUSH
        return (Result.WON, payouts.lion_natural_pays, Decimal(0)) if outcome.winner is side else _LOST
    if outcome.winner is side and outcome.margin in payouts.lion_margin_pays:
        return Result.WON, payouts.lion_margin_pays[outcome.margin], Decimal(0)
    return _LOST


def validate_bets(bets: Iterable[Bet]) -> tuple[Bet, ...]:
    """Check a set of bets against the layout's rules and return it as a tuple.

    At most one bet per kind; a Lion Bonus on Player or on Banker, never both.

    :raises InvalidBetError: if the set breaks a rule.
    """
    bets = tuple(bets)
    kinds = [bet.kind for bet in bets]
    if len(set(kinds)) != len(kinds):
        raise InvalidBetError("Each spot takes one bet: combine stakes on the same spot.")
    if BetKind.LION_PLAYER in kinds and BetKind.LION_BANKER in kinds:
        raise InvalidBetError("A Lion Bonus goes on Player or on Banker, not on both.")
    return bets


def settle(bets: Iterable[Bet], outcome: Outcome, payouts: PayoutSet) -> tuple[BetResult, ...]:
    """Settle every bet of a finished coup, main bets first, then the Lion Bonus.

    >>> from baccarat.coup import Outcome, Winner
    >>> banker = Outcome(Winner.BANKER, 5, 7, False, 5)
    >>> [result] = settle([Bet(BetKind.BANKER, Decimal(10))], banker, PayoutSet.STANDARD)
    >>> result.returned, result.commission
    (Decimal('19.50'), Decimal('0.50'))

    :raises InvalidBetError: if the set of bets breaks a rule.
    :raises TypeError: if an amount is a float.
    """
    bets = validate_bets(bets)
    ordered = sorted(bets, key=lambda bet: bet.kind.is_lion)
    results = []
    for bet in ordered:
        result, win_ratio, commission_ratio = payout_ratio(bet.kind, outcome, payouts)
        stake_returned = bet.amount if result is not Result.LOST else Decimal("0.00")
        winnings = (bet.amount * win_ratio).quantize(CENT, ROUND_HALF_UP)
        commission = (bet.amount * commission_ratio).quantize(CENT, ROUND_HALF_UP)
        results.append(BetResult(bet, result, stake_returned.quantize(CENT), winnings, commission))
    return tuple(results)


def expected_return(kind: BetKind, payouts: PayoutSet, distribution: Mapping[Outcome, Fraction]) -> Fraction:
    """Expected net gain per chip staked over a distribution of outcomes (exact).

    A push counts as zero; a loss as minus one.
    """
    total = Fraction(0)
    for outcome, probability in distribution.items():
        result, win_ratio, commission_ratio = payout_ratio(kind, outcome, payouts)
        if result is Result.WON:
            total += probability * (Fraction(win_ratio) - Fraction(commission_ratio))
        elif result is Result.LOST:
            total -= probability
    return total
