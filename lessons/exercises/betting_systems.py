"""Lesson 10's exercise: reading the Big Road, and what betting systems do."""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from baccarat import (
    CENT,
    STANDARD,
    BetKind,
    Winner,
    big_road,
    martingale_stake,
    odds_for_decks,
)
from lessons.exercises.helpers import (
    _amount,
    _choice,
    _edges,
    _kind_name,
    _numbers,
)
from lessons.exercises.question import Question
from table.amounts import chips_text
from table.explain import (
    percent_sign,
    percent_text,
)

#: Martingale questions: the table of lesson 10 (limits 5 to 500).
SYSTEM_BASE, SYSTEM_MAXIMUM = 5, 500


def road_cells(winners: Sequence[Winner]) -> list[list[list[Any]]]:
    """The Big Road of these winners as columns of ``[winner, ties]`` cells (``["", 0]`` where empty)."""
    grid = big_road(winners).grid()
    return [[[cell.winner.value, cell.ties] if cell else ["", 0] for cell in column] for column in grid]


#: The longest runs a road question offers at least (1 to 8); a longer run adds choices in fours.
ROAD_CHOICES = 8


def road_choices(length: int) -> list[list[str]]:
    """The run lengths offered: 1 to 8, or up to the next multiple of 4 above a longer run.

    A longer run is rare (a 24-coup road can hold one), and it must be among the choices;
    rounding up to a multiple of 4 keeps it from always being the last one offered.
    """
    top = ROAD_CHOICES if length <= ROAD_CHOICES else 4 * (length // 4 + 1)
    return [[str(value), str(value)] for value in range(1, top + 1)]


def road_question(winners: list[str]) -> Question:
    """A Big Road drawn from these winners ("player", "banker", "tie"): how long is its longest run?"""
    road = big_road([Winner(winner) for winner in winners])
    side, length = road.longest_run or (Winner.BANKER, 0)
    cells = road_cells([Winner(winner) for winner in winners])
    figures = {"side": _kind_name(side.value), "length": length}
    return _choice(
        "systems",
        _("Read this Big Road. How many wins in a row make its longest run?"),
        road_choices(length),
        str(length),
        _(
            "Each column is one unbroken run of one side; the longest column (its tail included) "
            "is %(side)s, %(length)s in a row. Ties add no cell."
        )
        % figures,
        road=cells,
    )


def martingale_question(losses: int, base: int = SYSTEM_BASE) -> Question:
    """After ``losses`` losses in a row: the chips lost so far, and Martingale's next stake."""
    lost = sum(martingale_stake(base, step) for step in range(losses))
    stake = martingale_stake(base, losses)
    figures = {
        "base": _amount(base),
        "losses": losses,
        "lost": _amount(lost),
        "stake": _amount(stake),
        "stakes": " + ".join(_amount(martingale_stake(base, step)) for step in range(losses)),
    }
    return _numbers(
        "systems",
        ngettext(
            "You play Martingale on Player, starting with %(base)s chips, and lose %(losses)s coup. "
            "How much have you lost so far, and what does Martingale stake next?",
            "You play Martingale on Player, starting with %(base)s chips, and lose %(losses)s coups "
            "in a row. How much have you lost so far, and what does Martingale stake next?",
            losses,
        )
        % figures,
        [["lost", _("Lost so far")], ["stake", _("Next stake")]],
        [Decimal(lost), Decimal(stake)],
        _(
            "Martingale doubles the stake after each loss: %(stakes)s = %(lost)s lost, and the next stake "
            "is %(stake)s, which would win back %(lost)s plus the first stake of %(base)s."
        )
        % figures,
    )


def table_limit_question(losses: int, maximum: int = SYSTEM_MAXIMUM, base: int = SYSTEM_BASE) -> Question:
    """After ``losses`` losses in a row, does the table maximum allow Martingale's next stake?"""
    stake = martingale_stake(base, losses)
    allowed = stake <= maximum
    figures = {"base": _amount(base), "losses": losses, "stake": _amount(stake), "maximum": _amount(maximum)}
    if allowed:
        why = (
            _("After %(losses)s losses Martingale needs %(stake)s, within the maximum of %(maximum)s.")
            % figures
        )
    else:
        why = (
            _(
                "After %(losses)s losses Martingale needs %(stake)s, above the maximum of %(maximum)s: "
                "the progression ends here and its losses stay lost."
            )
            % figures
        )
    return _choice(
        "systems",
        _(
            "The table takes stakes from %(base)s to %(maximum)s chips. Martingale started at %(base)s and "
            "has lost %(losses)s coups in a row. Can you place the next stake?"
        )
        % figures,
        [["yes", _("Yes, it is within the limits")], ["no", _("No, it is above the table maximum")]],
        "yes" if allowed else "no",
        why,
    )


def system_loss_question(system: str, staked: int) -> Question:
    """What a system does to the expected loss on ``staked`` chips staked on Player: nothing."""
    edge = _edges()[BetKind.PLAYER]
    loss = (Decimal(staked) * Decimal(edge.numerator) / Decimal(edge.denominator)).quantize(CENT)
    names = {"martingale": "Martingale", "1-3-2-6": "1-3-2-6"}
    if system == "martingale":
        why = _(
            "Every chip staked on Player loses %(edge)s on average, whatever came before, so "
            "%(staked)s chips staked lose about %(loss)s with any system. Martingale changes only how the "
            "results spread: many small wins and a few large losses."
        )
    else:
        why = _(
            "Every chip staked on Player loses %(edge)s on average, whatever came before, so "
            "%(staked)s chips staked lose about %(loss)s with any system. 1-3-2-6 changes only how the "
            "results spread: many small losses and a few larger wins."
        )
    figures = {
        "system": names[system],
        "staked": chips_text(staked, 0, grouping=True),
        "loss": _amount(loss),
        "edge": percent_sign(percent_text(float(edge) * 100)),
    }
    return _choice(
        "systems",
        _(
            "Over an evening you stake %(staked)s chips in all on Player, following %(system)s. "
            "On average, what do these bets lose?"
        )
        % figures,
        [
            ["same", _("About %(loss)s chips, the same as flat bets of the same total") % figures],
            ["none", _("Nothing: the system wins every loss back")],
            ["less", _("Less than flat bets, because the stakes follow the results")],
        ],
        "same",
        why % figures,
    )


_ROAD_SIDES = ("player", "banker", "tie")


def generate_systems(rng: random.Random) -> Question:
    pick = rng.randrange(4)
    if pick == 0:
        chances = odds_for_decks(8, STANDARD).probabilities  # a generated road is as likely as a real one
        weights = [float(chances[Winner(side)]) for side in _ROAD_SIDES]
        return road_question(rng.choices(_ROAD_SIDES, weights=weights, k=rng.randrange(12, 25)))
    if pick == 1:
        return martingale_question(rng.randrange(1, 8))
    if pick == 2:
        return table_limit_question(rng.randrange(3, 10))
    return system_loss_question(rng.choice(["martingale", "1-3-2-6"]), rng.choice((500, 1000, 2000, 5000)))


#: The scripted first road, by first letters (Player, Banker, Tie).
_FIRST_ROAD = "PBBPPPTBPBBBBBTPPB"


_LETTERS = {"P": "player", "B": "banker", "T": "tie"}
