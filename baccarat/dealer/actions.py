"""The learner's actions as the croupier, as frozen data with a stable JSON-able form.

Design overview: every action is a small frozen dataclass; ``action.kind`` says which
(``ActionKind``, stable string values). ``to_dict()`` / ``action_from_dict()`` round-trip an
action through plain JSON types (amounts as strings), so the web layer can store every action
and rebuild a round from the database.

- ``Deal(hand)``: deal the next card from the shoe to Player or Banker.
- ``Stand()``: no more cards (only right when the rules give no more).
- ``Call(option)``: call the hand, one of the spoken-style options (``baccarat.dealer.calls``).
- ``Take(seat, bet)``: take a seat's losing bet ``bet`` (a bet registry key such as ``"tie"``).
- ``Pay(seat, bet, amount)``: pay a seat's winning bet; ``amount`` is the winnings placed beside
  the stake (the stake stays where it is), typed or built from chips (``Pay.from_chips``).
- ``Mark(seat, amount)``: mark a commission in the seat's square of the commission box.
- ``Collect(seat, amount)``: collect what the box says a seat owes (when it leaves, or at the
  shoe's end).

>>> action_from_dict(Pay(3, "banker", Decimal("9.50")).to_dict())
Pay(seat=3, bet='banker', amount=Decimal('9.50'))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum, unique
from typing import Any, ClassVar

from baccarat.coup import Hand
from baccarat.dealer.calls import CallOption
from baccarat.dealer.chips import chips_total
from baccarat.errors import EngineError

__all__ = [
    "Action",
    "ActionKind",
    "Call",
    "Collect",
    "Deal",
    "Mark",
    "Pay",
    "Stand",
    "Take",
    "action_from_dict",
]


@unique
class ActionKind(StrEnum):
    """Which action; the values are stable ids."""

    DEAL = "deal"
    STAND = "stand"
    CALL = "call"
    TAKE = "take"
    PAY = "pay"
    MARK = "mark"
    COLLECT = "collect"


def _money(amount: Decimal) -> Decimal:
    if isinstance(amount, float) or not isinstance(amount, Decimal):
        raise TypeError(f"An amount must be a Decimal, not {amount!r}.")
    if not amount.is_finite() or amount < 0 or amount.adjusted() >= 15:
        raise EngineError(f"An amount of chips is a finite, non-negative number, not {amount!r}.")
    return amount.quantize(Decimal("0.01"))


@dataclass(frozen=True, slots=True)
class Deal:
    """Deal the next card to ``hand``."""

    hand: Hand

    kind: ClassVar[ActionKind] = ActionKind.DEAL

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", Hand(self.hand))

    def to_dict(self) -> dict[str, Any]:
        """The action as plain JSON types."""
        return {"action": self.kind.value, "hand": self.hand.value}


@dataclass(frozen=True, slots=True)
class Stand:
    """No more cards: the deal is over."""

    kind: ClassVar[ActionKind] = ActionKind.STAND

    def to_dict(self) -> dict[str, Any]:
        """The action as plain JSON types."""
        return {"action": self.kind.value}


@dataclass(frozen=True, slots=True)
class Call:
    """Call the hand with one of the options."""

    option: CallOption

    kind: ClassVar[ActionKind] = ActionKind.CALL

    def to_dict(self) -> dict[str, Any]:
        """The action as plain JSON types."""
        return {"action": self.kind.value, "option": self.option.code}


@dataclass(frozen=True, slots=True)
class Take:
    """Take the losing bet ``bet`` (a bet registry key, e.g. ``"tie"``) at ``seat``."""

    seat: int
    bet: str

    kind: ClassVar[ActionKind] = ActionKind.TAKE

    def __post_init__(self) -> None:
        object.__setattr__(self, "bet", str(self.bet))

    def to_dict(self) -> dict[str, Any]:
        """The action as plain JSON types."""
        return {"action": self.kind.value, "seat": self.seat, "bet": self.bet}


@dataclass(frozen=True, slots=True)
class Pay:
    """Pay ``amount`` (the winnings, placed beside the stake) on the bet ``bet`` at ``seat``.

    :raises TypeError: if the amount is not a Decimal.
    """

    seat: int
    bet: str
    amount: Decimal

    kind: ClassVar[ActionKind] = ActionKind.PAY

    def __post_init__(self) -> None:
        object.__setattr__(self, "bet", str(self.bet))
        object.__setattr__(self, "amount", _money(self.amount))

    @classmethod
    def from_chips(cls, seat: int, bet: str, chips: Iterable[Decimal]) -> Pay:
        """A payout built from chips (``baccarat.dealer.chips.PAY_DENOMINATIONS``).

        >>> Pay.from_chips(1, "player", [Decimal("5"), Decimal("5")]).amount
        Decimal('10.00')

        :raises InvalidAmountError: if one of them is not a chip.
        """
        return cls(seat, bet, chips_total(chips))

    def to_dict(self) -> dict[str, Any]:
        """The action as plain JSON types."""
        return {"action": self.kind.value, "seat": self.seat, "bet": self.bet, "amount": str(self.amount)}


@dataclass(frozen=True, slots=True)
class Mark:
    """Mark ``amount`` of commission in ``seat``'s square of the commission box."""

    seat: int
    amount: Decimal

    kind: ClassVar[ActionKind] = ActionKind.MARK

    def __post_init__(self) -> None:
        object.__setattr__(self, "amount", _money(self.amount))

    def to_dict(self) -> dict[str, Any]:
        """The action as plain JSON types."""
        return {"action": self.kind.value, "seat": self.seat, "amount": str(self.amount)}


@dataclass(frozen=True, slots=True)
class Collect:
    """Collect ``amount``, what the commission box says ``seat`` owes."""

    seat: int
    amount: Decimal

    kind: ClassVar[ActionKind] = ActionKind.COLLECT

    def __post_init__(self) -> None:
        object.__setattr__(self, "amount", _money(self.amount))

    def to_dict(self) -> dict[str, Any]:
        """The action as plain JSON types."""
        return {"action": self.kind.value, "seat": self.seat, "amount": str(self.amount)}


Action = Deal | Stand | Call | Take | Pay | Mark | Collect


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """The action ``to_dict()`` wrote.

    :raises EngineError: if the data is not an action.
    """
    try:
        kind = ActionKind(data["action"])
        if kind is ActionKind.DEAL:
            return Deal(Hand(data["hand"]))
        if kind is ActionKind.STAND:
            return Stand()
        if kind is ActionKind.CALL:
            return Call(CallOption.from_code(str(data["option"])))
        if kind is ActionKind.TAKE:
            return Take(int(data["seat"]), str(data["bet"]))
        if kind is ActionKind.PAY:
            return Pay(int(data["seat"]), str(data["bet"]), Decimal(str(data["amount"])))
        if kind is ActionKind.MARK:
            return Mark(int(data["seat"]), Decimal(str(data["amount"])))
        return Collect(int(data["seat"]), Decimal(str(data["amount"])))
    except (KeyError, ValueError, TypeError, ArithmeticError) as error:
        raise EngineError(f"{data!r} is not a dealer action.") from error
