"""A table's payouts as data, and the record of how one bet was paid.

Design overview: a ``PayoutSet`` is frozen data (``STANDARD``,
``NO_COMMISSION``, ``EZ``); a bet kind's resolver (``baccarat.bets``) reads it and
answers with a ``PaymentCase``: which rule paid the bet (``Paid``), its
winnings and its commission per chip staked, and the margin where a margin
decided it. Settlement, the exact odds and every sentence about a settled
bet read the same record, so "how was this bet paid" is decided once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum, unique
from types import MappingProxyType
from typing import ClassVar

from baccarat.errors import InvalidBetError

__all__ = ["EZ", "NO_COMMISSION", "STANDARD", "Paid", "PaymentCase", "PayoutSet", "Result"]


@unique
class Result(StrEnum):
    """What happened to one bet."""

    WON = "won"
    LOST = "lost"
    PUSH = "push"


@unique
class Paid(StrEnum):
    """Which rule settled a bet; the values are stable ids."""

    #: The stake comes back, no winnings (a tie on a Player or Banker bet).
    PUSH = "push"
    #: A tie between naturals returns a side bet's stake.
    PUSH_NATURAL_TIE = "push_natural_tie"
    #: A Banker win with three cards totalling 7 returns the stake on an EZ table.
    PUSH_THREE_CARD_SEVEN = "push_three_card_seven"
    #: The stake stays with the table.
    LOST = "lost"
    #: The bet's hand won, but by too little for the side bet to pay.
    LOST_NARROW = "lost_narrow"
    #: Won at the bet's ratio, no commission.
    WON = "won"
    #: Won at the bet's ratio less the commission.
    WON_LESS_COMMISSION = "won_less_commission"
    #: Banker won on a total of six, which pays its own ratio (half the stake on no-commission tables).
    WON_ON_SIX = "won_on_six"
    #: Won with a natural.
    WON_NATURAL = "won_natural"
    #: Won after a third card by ``margin`` points, paid by the margin.
    WON_BY_MARGIN = "won_by_margin"
    #: The hand's first two cards are of the same rank (a pair bet).
    WON_PAIR = "won_pair"
    #: A hand's first two cards are the same rank and the same suit (Perfect Pair).
    WON_SUITED_PAIR = "won_suited_pair"
    #: Banker won with three cards totalling 7 (Dragon 7).
    WON_THREE_CARD_SEVEN = "won_three_card_seven"
    #: Player won with three cards totalling 8 (Panda 8).
    WON_THREE_CARD_EIGHT = "won_three_card_eight"

    @property
    def result(self) -> Result:
        """Whether this case wins, loses or pushes."""
        if self.value.startswith("push"):
            return Result.PUSH
        return Result.LOST if self.value.startswith("lost") else Result.WON


@dataclass(frozen=True, slots=True)
class PaymentCase:
    """How one bet was paid: the rule, the winnings and commission per chip staked, the margin.

    >>> PaymentCase(Paid.WON_LESS_COMMISSION, Decimal(1), Decimal("0.05")).net
    Decimal('0.95')
    >>> PaymentCase(Paid.LOST).result, PaymentCase(Paid.LOST).net
    (<Result.LOST: 'lost'>, Decimal('-1'))
    """

    paid: Paid
    pays: Decimal = Decimal(0)
    commission: Decimal = Decimal(0)
    margin: int | None = None

    @property
    def result(self) -> Result:
        """Won, lost or push."""
        return self.paid.result

    @property
    def net(self) -> Decimal:
        """The gain per chip staked: the winnings less commission, 0 on a push, -1 on a loss."""
        if self.result is Result.LOST:
            return Decimal(-1)
        return self.pays - self.commission


def _ratios(table: Mapping[int, str]) -> Mapping[int, Decimal]:
    return MappingProxyType({key: Decimal(value) for key, value in table.items()})


#: How a payout set's name marks a Tie ratio changed by ``PayoutSet.with_tie_pays``.
_TIE_SUFFIX = "-tie"


@dataclass(frozen=True, slots=True)
class PayoutSet:
    """A table's payouts, as data.

    ``banker_six_pays`` is the ratio a Banker win on a total of six pays, or
    ``None`` where such a win pays like any other. ``banker_pushes_three_card_seven``:
    a Banker win with three cards totalling 7 is returned (EZ Baccarat).
    ``lion_natural_pays`` and ``lion_margin_pays`` are the Lion Bonus pay table;
    the last five ratios pay the pair bets, Dragon 7 and Panda 8 (``baccarat.bets``).
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
    banker_pushes_three_card_seven: bool = False
    pair_pays: Decimal = Decimal("11")
    either_pair_pays: Decimal = Decimal("5")
    perfect_pair_pays: Decimal = Decimal("25")
    dragon_7_pays: Decimal = Decimal("40")
    panda_8_pays: Decimal = Decimal("25")

    STANDARD: ClassVar[PayoutSet]
    NO_COMMISSION: ClassVar[PayoutSet]
    EZ: ClassVar[PayoutSet]

    def __repr__(self) -> str:
        return f"PayoutSet({self.name!r})"

    def with_tie_pays(self, pays: Decimal) -> PayoutSet:
        """A copy whose Tie pays ``pays`` to 1, named after it (``standard-tie9``).

        >>> nine = PayoutSet.STANDARD.with_tie_pays(Decimal("9"))
        >>> nine, nine.tie_pays, PayoutSet.named("standard-tie9") == nine
        (PayoutSet('standard-tie9'), Decimal('9'), True)

        :raises InvalidBetError: if ``pays`` is not a positive Decimal.
        """
        if not isinstance(pays, Decimal) or not pays.is_finite() or pays <= 0:
            raise InvalidBetError(f"A Tie pays a positive Decimal ratio, not {pays!r}.")
        base = self.name.split(_TIE_SUFFIX)[0]
        return replace(self, name=f"{base}{_TIE_SUFFIX}{pays.normalize():f}", tie_pays=pays)

    @classmethod
    def named(cls, name: str) -> PayoutSet:
        """The payout set with this name (``standard``, ``no-commission``, ``ez``, each with ``-tie9`` etc.).

        >>> PayoutSet.named("no-commission").banker_six_pays
        Decimal('0.5')

        :raises InvalidBetError: if no payout set has that name.
        """
        base, _sep, tie = str(name).partition(_TIE_SUFFIX)
        for payout_set in (STANDARD, NO_COMMISSION, EZ):
            if payout_set.name == base:
                if not _sep:
                    return payout_set
                try:
                    named = payout_set.with_tie_pays(Decimal(tie))
                except (ArithmeticError, InvalidBetError):
                    break
                if named.name == name:
                    return named
        raise InvalidBetError(
            f"{name!r} is not a payout set: use 'standard', 'no-commission' or 'ez' "
            "(with '-tie9' for a Tie paying 9:1)."
        )


STANDARD = PayoutSet(name="standard", banker_commission=Decimal("0.05"))
NO_COMMISSION = PayoutSet(name="no-commission", banker_six_pays=Decimal("0.5"))
EZ = PayoutSet(name="ez", banker_pushes_three_card_seven=True)
PayoutSet.STANDARD = STANDARD
PayoutSet.NO_COMMISSION = NO_COMMISSION
PayoutSet.EZ = EZ
