"""Teaching chips: the denominations on the dealer-school table and how stakes are stacked.

Design overview: a chip stack is a tuple of chip values, largest first (``(25, 5, 5)`` is a
stake of 35). The players' stakes are built from ``BET_DENOMINATIONS`` (1, 5, 25, 100 and 500,
the usual casino run of white, red, green, black and purple); the dealer pays from the same
chips plus the quarter (0.25) that commission change needs, ``PAY_DENOMINATIONS``. With these
every payout the dealer school asks for is a whole number of quarters, so it can always be
built from chips (see ``baccarat.dealer.layout`` for how stakes are chosen to keep it so).

>>> chips_for(Decimal("135"))
(Decimal('100'), Decimal('25'), Decimal('5'), Decimal('5'))
>>> chips_total(chips_for(Decimal("9.50")))
Decimal('9.50')
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from decimal import Decimal

from baccarat.errors import InvalidAmountError

__all__ = [
    "BET_DENOMINATIONS",
    "FULL_STACK",
    "PAY_DENOMINATIONS",
    "QUARTER",
    "ChipStack",
    "chips_for",
    "chips_total",
    "player_stack",
]

#: The quarter: the smallest chip, for commission change (a Banker win of 5 pays 4.75).
QUARTER = Decimal("0.25")
#: The chips players stake with, largest first.
BET_DENOMINATIONS: tuple[Decimal, ...] = tuple(Decimal(value) for value in ("500", "100", "25", "5", "1"))
#: The chips the dealer pays with, largest first: the players' chips and the quarter.
PAY_DENOMINATIONS: tuple[Decimal, ...] = (*BET_DENOMINATIONS, QUARTER)
#: A full stack of chips of one colour.
FULL_STACK = 20

#: A stack of chips, largest first.
ChipStack = tuple[Decimal, ...]


def chips_total(chips: Iterable[Decimal]) -> Decimal:
    """The value of a pile of chips, to the cent.

    >>> chips_total([Decimal("25"), Decimal("0.25")])
    Decimal('25.25')

    :raises InvalidAmountError: if one of them is not a chip of ``PAY_DENOMINATIONS``.
    """
    total = Decimal("0.00")
    for chip in chips:
        if not isinstance(chip, Decimal) or chip not in PAY_DENOMINATIONS:
            raise InvalidAmountError(f"{chip!r} is not a chip: the chips are 500, 100, 25, 5, 1 and 0.25.")
        total += chip
    return total.quantize(Decimal("0.01"))


def chips_for(amount: Decimal, denominations: tuple[Decimal, ...] = PAY_DENOMINATIONS) -> ChipStack:
    """The fewest chips that make ``amount`` (colour for colour, largest first).

    :raises InvalidAmountError: if the chips cannot make the amount (not a whole number of the
        smallest chip, or not positive).
    """
    if not isinstance(amount, Decimal) or not amount.is_finite() or amount <= 0:
        raise InvalidAmountError(f"A pile of chips has a positive value, not {amount!r}.")
    left = amount
    chips: list[Decimal] = []
    for chip in sorted(denominations, reverse=True):
        count = int(left // chip)
        chips.extend([chip] * count)
        left -= chip * count
    if left:
        raise InvalidAmountError(
            f"{amount} cannot be made from chips of {', '.join(map(str, denominations))}."
        )
    return tuple(chips)


def player_stack(amount: Decimal, rng: random.Random) -> ChipStack:
    """How a player might stack ``amount`` from ``BET_DENOMINATIONS``: the fewest chips, but now and
    then one chip broken into the next colour down (25 as five 5s), never over a full stack.

    >>> chips_total(player_stack(Decimal("35"), random.Random(3)))
    Decimal('35.00')

    :raises InvalidAmountError: if the amount is not a positive whole number of chips.
    """
    chips = list(chips_for(amount, BET_DENOMINATIONS))
    if (len(chips) > 1 or chips[0] > 1) and rng.random() < 0.35:
        index = rng.randrange(len(chips))
        chip = chips[index]
        smaller = [value for value in BET_DENOMINATIONS if value < chip]
        if smaller:
            broken = chips_for(chip, (smaller[0], *smaller[1:]))
            if len(chips) - 1 + len(broken) <= FULL_STACK:
                chips[index : index + 1] = broken
    return tuple(sorted(chips, reverse=True))
