"""Bets and the settlement arithmetic.

Design overview: a payout set is frozen data (``PayoutSet.STANDARD``,
``PayoutSet.NO_COMMISSION``, ``baccarat.paytable``), passed into ``settle``;
how each kind of bet is paid is its entry in the registry (``baccarat.bets``),
which answers with a ``PaymentCase``. Every amount is a ``Decimal`` quantized
to two places; a ``float`` reaching this module raises ``TypeError``.
``settle`` splits what each bet returns into the stake given back, the gross
winnings and the commission withheld, so
``returned = stake_returned + winnings - commission`` and a lost bet returns
exactly zero: settlement never creates chips on a lost bet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum, unique
from fractions import Fraction
from typing import cast

from baccarat.amounts import CENT
from baccarat.bets import BetSpec, all_bets, bet_spec
from baccarat.coup import Outcome
from baccarat.errors import InvalidBetError
from baccarat.paytable import EZ, NO_COMMISSION, STANDARD, PaymentCase, PayoutSet, Result

__all__ = [
    "EZ",
    "NO_COMMISSION",
    "STANDARD",
    "Bet",
    "BetKind",
    "BetResult",
    "PayoutSet",
    "Result",
    "expected_return",
    "payment_case",
    "payout_ratio",
    "settle",
    "validate_bets",
]

#: Stakes stay far inside Decimal's default 28-digit precision, so quantizing never fails.
MAX_DIGITS = 15


@unique
class BetKind(StrEnum):
    """The built-in bet kinds by name; every kind (these and any other) is an entry of ``baccarat.bets``."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"
    LION_PLAYER = "lion_player"
    LION_BANKER = "lion_banker"
    PLAYER_PAIR = "player_pair"
    BANKER_PAIR = "banker_pair"
    EITHER_PAIR = "either_pair"
    PERFECT_PAIR = "perfect_pair"
    DRAGON_7 = "dragon_7"
    PANDA_8 = "panda_8"

    @property
    def spec(self) -> BetSpec:
        """This kind's registry entry."""
        return bet_spec(self.value)

    @property
    def is_side_bet(self) -> bool:
        """Whether this is a side bet (from the registry)."""
        return self.spec.is_side_bet

    @property
    def is_lion(self) -> bool:
        """Whether this is a side bet: kept for ``lessons.payout`` and ``lessons.exercises`` until they
        read the registry (use ``is_side_bet``)."""
        return self.is_side_bet


def kind_of(key: str) -> BetKind:
    """A registered kind's key, as a ``BetKind`` member where it is a built-in one.

    :raises InvalidBetError: if no kind with that key is registered.
    """
    spec = bet_spec(key)
    return BetKind(spec.key) if spec.key in BetKind._value2member_map_ else cast(BetKind, spec.key)


def _amount(value: Decimal, what: str) -> Decimal:
    if isinstance(value, float):
        raise TypeError(f"{what} must be a Decimal, not the float {value!r}.")
    if not isinstance(value, Decimal):
        raise TypeError(f"{what} must be a Decimal, not {value!r}.")
    return value


@dataclass(frozen=True, slots=True, init=False)
class Bet:
    """A stake on one spot of the layout.

    ``kind`` is given as the key of any registered bet kind, a ``BetKind`` or a plain string
    (checked against the registry); it is kept as the ``BetKind`` member of a built-in kind.

    >>> Bet(BetKind.BANKER, Decimal("10")), Bet("dragon_7", Decimal("5")).kind
    (banker:10.00, <BetKind.DRAGON_7: 'dragon_7'>)

    :raises TypeError: if the amount is not a Decimal (a float never is).
    :raises InvalidBetError: if the amount is not positive or has more than two decimal places,
        or the kind is not registered.
    """

    #: A built-in kind is a ``BetKind``; a kind registered later is kept as its key (a ``str``),
    #: which is why everything here reads it through ``bet_spec``.
    kind: BetKind
    amount: Decimal

    def __init__(self, kind: BetKind | str, amount: Decimal) -> None:
        amount = _amount(amount, "A stake")
        if not amount.is_finite() or amount <= 0:
            raise InvalidBetError(f"A stake must be a positive amount, not {amount!r}.")
        if amount.adjusted() >= MAX_DIGITS:
            raise InvalidBetError(f"A stake must be below 10**{MAX_DIGITS} chips, not {amount!r}.")
        if amount != amount.quantize(CENT):
            raise InvalidBetError(f"A stake has at most two decimal places, not {amount!r}.")
        object.__setattr__(self, "kind", kind_of(kind))
        object.__setattr__(self, "amount", amount.quantize(CENT))

    def __repr__(self) -> str:
        return f"{self.kind}:{self.amount}"

    @property
    def spec(self) -> BetSpec:
        """The registry entry of this bet's kind."""
        return bet_spec(self.kind)


@dataclass(frozen=True, slots=True)
class BetResult:
    """What one bet returns: the stake given back, gross winnings, commission withheld."""

    bet: Bet
    result: Result
    stake_returned: Decimal
    winnings: Decimal
    commission: Decimal
    case: PaymentCase | None = None

    @property
    def returned(self) -> Decimal:
        """Everything handed back to the learner for this bet."""
        return self.stake_returned + self.winnings - self.commission

    @property
    def net(self) -> Decimal:
        """The gain (positive) or loss (negative) against the stake."""
        return self.returned - self.bet.amount


def payment_case(kind: str, outcome: Outcome, payouts: PayoutSet) -> PaymentCase:
    """How a bet of this kind is paid on this outcome (the registry's resolver).

    >>> six = Outcome(player_total=5, banker_total=6, player_count=3, banker_count=2, natural=False)
    >>> payment_case(BetKind.BANKER, six, PayoutSet.NO_COMMISSION).paid
    <Paid.WON_ON_SIX: 'won_on_six'>

    :raises InvalidBetError: if no kind with that key is registered.
    """
    return bet_spec(kind).resolve(outcome, payouts)


def payout_ratio(kind: str, outcome: Outcome, payouts: PayoutSet) -> tuple[Result, Decimal, Decimal]:
    """The result of a bet kind and its winnings and commission per chip staked.

    >>> banker_six = Outcome(player_total=5, banker_total=6, player_count=3, banker_count=2, natural=False)
    >>> payout_ratio(BetKind.BANKER, banker_six, PayoutSet.NO_COMMISSION)
    (<Result.WON: 'won'>, Decimal('0.5'), Decimal('0.0'))
    """
    case = payment_case(kind, outcome, payouts)
    return case.result, case.pays, case.commission


def validate_bets(bets: Iterable[Bet]) -> tuple[Bet, ...]:
    """Check a set of bets against the layout's rules and return it as a tuple.

    At most one bet per kind; a family taken on one side only (the Lion Bonus) on one hand.

    :raises InvalidBetError: if the set breaks a rule.
    """
    bets = tuple(bets)
    kinds = [bet.kind for bet in bets]
    if len(set(kinds)) != len(kinds):
        raise InvalidBetError("Each spot takes one bet: combine stakes on the same spot.")
    families = [bet.spec.family for bet in bets if bet.spec.one_side_only]
    if len(set(families)) != len(families):
        names = " or on ".join(spec.name("en") for spec in all_bets() if spec.family in families)
        raise InvalidBetError(f"That side bet goes on one hand only: {names}, not on both.")
    return bets


def settle(bets: Iterable[Bet], outcome: Outcome, payouts: PayoutSet) -> tuple[BetResult, ...]:
    """Settle every bet of a finished coup, main bets first, then the side bets.

    >>> banker = Outcome(player_total=5, banker_total=7, player_count=3, banker_count=2, natural=False)
    >>> [result] = settle([Bet(BetKind.BANKER, Decimal(10))], banker, PayoutSet.STANDARD)
    >>> result.returned, result.commission
    (Decimal('19.50'), Decimal('0.50'))

    :raises InvalidBetError: if the set of bets breaks a rule.
    :raises TypeError: if an amount is a float.
    """
    bets = validate_bets(bets)
    ordered = sorted(bets, key=lambda bet: bet.spec.is_side_bet)
    results = []
    for bet in ordered:
        case = payment_case(bet.kind, outcome, payouts)
        stake_returned = bet.amount if case.result is not Result.LOST else Decimal("0.00")
        winnings = (bet.amount * case.pays).quantize(CENT, ROUND_HALF_UP)
        commission = (bet.amount * case.commission).quantize(CENT, ROUND_HALF_UP)
        results.append(BetResult(bet, case.result, stake_returned.quantize(CENT), winnings, commission, case))
    return tuple(results)


def expected_return(kind: str, payouts: PayoutSet, distribution: Mapping[Outcome, Fraction]) -> Fraction:
    """Expected net gain per chip staked over a distribution of outcomes (exact).

    A push counts as zero; a loss as minus one.
    """
    resolve = bet_spec(kind).resolve
    total = Fraction(0)
    for outcome, probability in distribution.items():
        net = resolve(outcome, payouts).net
        if net:
            total += probability * Fraction(net)
    return total
