"""Figures that lessons 4 and 6 print, computed by the engine and the table presets (none typed in).

- ``limits``: the smallest and largest stake per spot at the app's tables.
- ``cut_from_end``: where the practice table's cut card lies (lesson 2).
- ``two_spots``: 10 on Player and 10 on Banker in the same coup, settled for the
  three results with the cards of lesson 6's worked examples.

Amounts come back as text in the active language (``99.50``, ``99,50``); a
loss carries a real minus sign (``−0.50``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from baccarat import DEFAULT_CUT_FROM_END, STANDARD, Bet, BetKind, Card, Coup, Outcome, settle
from lessons import side_bets
from lessons.course import LESSONS
from table.amounts import chips_text
from table.presets import STANDARD_TABLE

#: The stakes of the two-spot example: the same amount on Player and on Banker.
TWO_SPOT_STAKE = Decimal(10)
START = Decimal(100)


def example_cards(slug: str, key: str) -> tuple[str, ...]:
    """The arranged cards of a worked example, in dealing order."""
    return next(found for found in LESSONS[slug].examples if found.key == key).cards


def example_outcome(slug: str, key: str) -> Outcome:
    """How the arranged cards of a worked example end."""
    example = next(found for found in LESSONS[slug].examples if found.key == key)
    outcome = Coup.from_cards(Card.parse(token) for token in example.cards).outcome
    assert outcome is not None, f"{slug}/{key} does not deal a whole coup"
    return outcome


def limits() -> dict[str, str]:
    table = STANDARD_TABLE
    return {
        "min": chips_text(table.min_bet),
        "max": chips_text(table.max_bet),
        "lion_min": chips_text(table.lion_min),
        "lion_max": chips_text(table.lion_max),
    }


def two_spot_case(
    outcome: Outcome, stake: Decimal = TWO_SPOT_STAKE, start: Decimal = START
) -> dict[str, Any]:
    """``stake`` on Player and on Banker, settled on this outcome (standard payouts)."""
    bets = [Bet(BetKind.PLAYER, stake), Bet(BetKind.BANKER, stake)]
    results = {result.bet.kind.value: result for result in settle(bets, outcome, STANDARD)}
    committed = stake * 2
    returned = sum((result.returned for result in results.values()), Decimal(0))
    return {
        "player_returned": chips_text(results["player"].returned, 2),
        "banker_returned": chips_text(results["banker"].returned, 2),
        "commission": chips_text(results["banker"].commission, 2),
        "returned": chips_text(returned, 2),
        "final": chips_text(start - committed + returned, 2),
        "net": chips_text(returned - committed, 2, signed=True),
        "net_value": returned - committed,
    }


def two_spots() -> dict[str, Any]:
    stake = TWO_SPOT_STAKE
    return {
        "stake": chips_text(stake),
        "start": chips_text(START),
        "committed": chips_text(stake * 2),
        "after_confirm": chips_text(START - stake * 2),
        "player": two_spot_case(example_outcome("settlement", "player-wins")),
        "banker": two_spot_case(example_outcome("settlement", "both-spots")),
        "tie": two_spot_case(example_outcome("settlement", "a-tie")),
    }


def context(slug: str) -> dict[str, Any]:
    """The figures a lesson's text uses, by lesson."""
    if slug == "cards-and-suits":
        # The practice table deals every shoe with the engine's cut card (``Shoe.shuffled``).
        return {"cut_from_end": DEFAULT_CUT_FROM_END}
    if slug == "first-stake":
        return {"limits": limits(), "two": two_spots()}
    if slug == "settlement":
        return {"two": two_spots()}
    if slug == "house-edge":
        return {"limits": limits()}
    if slug == side_bets.SLUG:
        return side_bets.context()
    return {}
