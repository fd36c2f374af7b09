"""The simulated players' bets of a round, in chip stacks (provisional, until the engine's layouts land).

A layout is a list of bets, each ``{"id", "seat", "kind", "amount", "chips"}``: ``id`` is
``"<seat>-<kind>"``, ``amount`` a string of the Decimal, ``chips`` the stack as
``[[value, count], ...]``, biggest chip first.
"""

from __future__ import annotations

import random
from decimal import Decimal

from table.presets import Preset

#: Chip values a stack is built from, biggest first.
DENOMINATIONS: tuple[Decimal, ...] = tuple(Decimal(v) for v in ("500", "100", "25", "5", "1"))
MAIN_KINDS = ("player", "banker")


def chip_stack(amount: Decimal) -> list[list[str | int]]:
    """``amount`` as chips of real denominations, biggest first (colour for colour)."""
    stack: list[list[str | int]] = []
    left = amount
    for value in DENOMINATIONS:
        count = int(left // value)
        if count:
            stack.append([str(value), count])
            left -= value * count
    return stack


def _stake(rng: random.Random, low: Decimal, high: Decimal) -> Decimal:
    steps = [Decimal(v) for v in range(int(low), int(high) + 1) if v % 5 == 0]
    return rng.choice(steps or [low])


def layout_deal(
    *, rng: random.Random, seats: list[int], preset: Preset, side_bets: tuple[str, ...]
) -> list[dict]:
    """One bet or two on each seat: Player or Banker mostly, now and then a Tie or a side bet."""
    layout: list[dict] = []
    for seat in seats:
        kinds = [rng.choice(MAIN_KINDS)]
        if rng.random() < 0.25:
            kinds.append("tie")
        if side_bets and rng.random() < 0.3:
            kinds.append(rng.choice(side_bets))
        for kind in kinds:
            low, high = (
                preset.limits(kind) if kind not in MAIN_KINDS + ("tie",) else (preset.min_bet, preset.max_bet)
            )
            amount = _stake(rng, low, min(high, Decimal("100")))
            layout.append(
                {
                    "id": f"{seat}-{kind}",
                    "seat": seat,
                    "kind": kind,
                    "amount": str(amount),
                    "chips": chip_stack(amount),
                }
            )
    return layout
