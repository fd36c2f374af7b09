"""Banker commission as a croupier handles it: taken from the payout or marked in the box.

Design overview: at a commission table (``PayoutSet.banker_commission``, 5 % on the standard
table) a winning Banker bet owes commission on its winnings. ``CommissionMode`` is the table's
procedure: ``TAKE`` takes it from each payout (a 100 bet is paid 95), ``BOX`` pays in full and
marks the commission in the seat's square of the commission box ("mark one, pay one").
``Rounding`` is the house's arithmetic: ``EXACT`` is 5 % to the cent (the engine's ``settle``),
``QUARTER`` rounds each commission *up* to the next quarter chip, the brackets many casinos
use: a bet of 1-5 owes 0.25, 6-10 owes 0.50, 11-15 owes 0.75, ... 100 owes 5 (for a 1:1
Banker win at 5 % that is ``ceil(stake / 5) * 0.25``). No-commission and EZ tables owe none.

A ``CommissionBox`` lasts a whole shoe: each mark adds to a seat's square, the marks carry from
round to round, and the box is settled seat by seat when a player leaves (``settle_seat``) or
for every seat at the shoe's end (``settle_shoe``). ``collect`` grades the learner collecting a
seat's commission. ``to_dict``/``from_dict`` store the box as plain JSON types.

>>> rate = Decimal("0.05")
>>> commission_for(Decimal("7"), rate, Rounding.QUARTER), commission_for(Decimal("7"), rate)
(Decimal('0.50'), Decimal('0.35'))
>>> box = CommissionBox()
>>> box.mark(3, Decimal("5")); box.mark(3, Decimal("0.50")); box.owed(3)
Decimal('5.50')
>>> box.settle_shoe()
{3: Decimal('5.50')}
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum, unique
from typing import Any

from baccarat.amounts import CENT
from baccarat.dealer.actions import Collect
from baccarat.dealer.chips import QUARTER
from baccarat.dealer.verdict import ErrorKind, Rule, Verdict
from baccarat.errors import EngineError
from baccarat.payouts import BetResult

__all__ = ["CommissionBox", "CommissionMode", "Rounding", "commission_due", "commission_for"]


@unique
class CommissionMode(StrEnum):
    """How the table collects Banker commission; the values are stable ids."""

    #: Taken from each Banker payout: a 100 bet is paid 95.
    TAKE = "take"
    #: Paid in full and marked in the seat's square of the commission box.
    BOX = "box"


@unique
class Rounding(StrEnum):
    """The house's commission arithmetic; the values are stable ids."""

    #: Exactly 5 % (the rate), to the cent, as the engine's ``settle`` computes it.
    EXACT = "exact"
    #: Rounded up to the next quarter: 1-5 owes 0.25, 6-10 owes 0.50, and so on.
    QUARTER = "quarter"


def commission_for(winnings: Decimal, rate: Decimal, rounding: Rounding = Rounding.EXACT) -> Decimal:
    """The commission on ``winnings`` at ``rate`` (0.05 for 5 %), by the house's ``rounding``.

    >>> stakes = (1, 5, 6, 10, 11, 100)
    >>> [str(commission_for(Decimal(stake), Decimal("0.05"), Rounding.QUARTER)) for stake in stakes]
    ['0.25', '0.25', '0.50', '0.50', '0.75', '5.00']
    """
    exact = winnings * rate
    if rounding is Rounding.QUARTER and exact > 0:
        return (QUARTER * math.ceil(exact / QUARTER)).quantize(CENT)
    return exact.quantize(CENT, ROUND_HALF_UP)


def commission_due(result: BetResult, rounding: Rounding = Rounding.EXACT) -> Decimal:
    """What a settled bet owes in commission: the settlement's own figure, or house-rounded.

    Zero for every bet that is not a Banker win at a commission table.
    """
    case = result.case
    if case is None or not case.commission:
        return Decimal("0.00")
    if rounding is Rounding.EXACT:
        return result.commission
    rate = case.commission / case.pays if case.pays else case.commission
    return commission_for(result.winnings, rate, rounding)


@dataclass(slots=True)
class CommissionBox:
    """The commission box of one shoe: the marks in each seat's square, carried between rounds."""

    marks: dict[int, list[Decimal]] = field(default_factory=dict)

    def mark(self, seat: int, amount: Decimal) -> None:
        """Add a mark of ``amount`` to ``seat``'s square.

        :raises EngineError: if the amount is not a positive Decimal.
        """
        if not isinstance(amount, Decimal) or not amount.is_finite() or amount <= 0:
            raise EngineError(f"A commission mark is a positive amount, not {amount!r}.")
        self.marks.setdefault(int(seat), []).append(amount.quantize(CENT))

    def owed(self, seat: int) -> Decimal:
        """What ``seat`` owes: the sum of its marks (0.00 for an empty square)."""
        return sum(self.marks.get(seat, []), Decimal("0.00"))

    @property
    def total(self) -> Decimal:
        """What the whole box holds."""
        return sum((self.owed(seat) for seat in self.marks), Decimal("0.00"))

    def owing(self) -> dict[int, Decimal]:
        """Every seat that owes something, in seat order, and how much."""
        return {seat: self.owed(seat) for seat in sorted(self.marks) if self.owed(seat)}

    def settle_seat(self, seat: int) -> Decimal:
        """The seat leaves: what it owes, and its square is cleared."""
        owed = self.owed(seat)
        self.marks.pop(seat, None)
        return owed

    def settle_shoe(self) -> dict[int, Decimal]:
        """The shoe is over: what every seat owes (seat order); the box is cleared."""
        owing = self.owing()
        self.marks.clear()
        return owing

    def collect(self, action: Collect) -> Verdict:
        """Grade the learner collecting a seat's commission; if right, the square is cleared.

        A wrong amount is a ``commission`` error (``Rule.BOX_OWED``) with the right amount, and
        the box is left as it was.
        """
        owed = self.owed(action.seat)
        right = Collect(action.seat, owed)
        if not owed or action.amount != owed:
            rule = Rule.BOX_OWED if owed else Rule.NO_COMMISSION_DUE
            return Verdict(action, False, ErrorKind.COMMISSION, rule, right if owed else None)
        self.settle_seat(action.seat)
        return Verdict(action, True, right=right)

    def to_dict(self) -> dict[str, Any]:
        """The box as plain JSON types (seats as strings, amounts as strings)."""
        return {
            "marks": {str(seat): [str(mark) for mark in marks] for seat, marks in sorted(self.marks.items())}
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CommissionBox:
        """The box ``to_dict`` wrote.

        :raises EngineError: if the data is not a box.
        """
        box = cls()
        try:
            for seat, marks in dict(data.get("marks", {})).items():
                for mark in marks:
                    box.mark(int(seat), Decimal(str(mark)))
        except (ValueError, TypeError, ArithmeticError) as error:
            raise EngineError(f"{data!r} is not a commission box.") from error
        return box
