"""The figures of lesson 10 (side bets and other tables), all computed by the rules engine (none typed in).

- ``side_bets``: one row per side bet the common tables offer (``baccarat.TABLES``), in the order the
  EZ table lists them: its name, what it pays (read from the payout set's cases) and its exact house
  edge on a fresh shoe of 6 and of 8 decks (``odds_for_decks``).
- ``tables``: the three common tables, their decks, and the exact edges of Player, Banker and Tie.
- ``main_highest``/``side_lowest``: the worst main-bet edge and the best side-bet edge, so the lesson
  can say (and a test check) that every side bet costs more per chip than Player or Banker.
- ``seven_share``: how often Banker wins with three cards totalling 7 (EZ's push, Dragon 7's win).
- ``example``: the lesson's arranged coup settled for a few stakes on the EZ and the standard table.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

from baccarat import (
    EZ,
    STANDARD,
    TABLES,
    Bet,
    BetKind,
    Card,
    Coup,
    Hand,
    Odds,
    Outcome,
    PayoutSet,
    Winner,
    bet_spec,
    odds_for_decks,
    settle,
)
from lessons.course import LESSONS
from table.amounts import chips_text, ratio_text
from table.bets import bet_name
from table.explain import card_name

SLUG = "side-bets-and-tables"
EXAMPLE = "ez-three-card-seven"
#: The shoes side-bet edges are given for.
DECKS = (6, 8)
#: The stakes of the worked example: the main bet and each side bet beside it.
EXAMPLE_STAKES = {
    BetKind.BANKER: Decimal(20),
    BetKind.DRAGON_7: Decimal(5),
    BetKind.PLAYER_PAIR: Decimal(5),
    BetKind.PERFECT_PAIR: Decimal(5),
}


def side_bet_keys() -> tuple[str, ...]:
    """Every side bet some common table offers, in the order of the table that offers the most."""
    widest = max(TABLES.values(), key=lambda rules: len(rules.side_bets))
    return widest.side_bets


def _odds(decks: int, payouts: PayoutSet) -> Odds:
    """The exact odds of a fresh shoe (``odds_for_decks`` keeps them cached by payout set's name)."""
    return odds_for_decks(decks, payouts)


def pays_text(key: str, payouts: PayoutSet = EZ) -> str:
    """What a bet pays as a table prints it: ``11:1``, or the range ``1:1–30:1`` for a pay table."""
    ratios = sorted({case.pays for case in bet_spec(key).cases(payouts)})
    texts = [ratio_text(ratio) for ratio in ratios]
    return texts[0] if len(texts) == 1 else f"{texts[0]}–{texts[-1]}"


def side_bets() -> list[dict[str, Any]]:
    """Name, pay and the exact edge at 6 and 8 decks of every side bet (the side bets pay the same at
    every table; the EZ payout set is the one that offers them all)."""
    return [
        {
            "key": key,
            "name": bet_name(key),
            "pays": pays_text(key),
            "edges": {decks: _odds(decks, EZ).house_edge[key] for decks in DECKS},
        }
        for key in side_bet_keys()
    ]


def tables() -> list[dict[str, Any]]:
    """Each common table with its decks and its main bets' exact edges."""
    rows = []
    for rules in TABLES.values():
        edges = _odds(rules.decks, rules.payouts).house_edge
        rows.append(
            {
                "key": rules.key,
                "decks": rules.decks,
                "player": edges[BetKind.PLAYER],
                "banker": edges[BetKind.BANKER],
                "tie": edges[BetKind.TIE],
                "tie_pays": ratio_text(rules.payouts.tie_pays),
            }
        )
    return rows


def main_highest() -> Fraction:
    """The highest Player or Banker edge at any common table."""
    return max(max(row["player"], row["banker"]) for row in tables())


def side_lowest() -> Fraction:
    """The lowest edge of any side bet, on either shoe."""
    return min(edge for row in side_bets() for edge in row["edges"].values())


def _three_card_seven(outcome: Outcome) -> bool:
    return outcome.winner is Winner.BANKER and outcome.banker_count == 3 and outcome.banker_total == 7


@lru_cache(maxsize=1)
def seven_share() -> Fraction:
    """How often Banker wins with three cards totalling 7, first coup of a fresh 8-deck shoe."""
    distribution = _odds(8, EZ).distribution
    return sum((p for outcome, p in distribution.items() if _three_card_seven(outcome)), Fraction(0))


def example_outcome() -> Outcome:
    """How the lesson's arranged cards end (with the cards, which decide the pairs)."""
    example = next(found for found in LESSONS[SLUG].examples if found.key == EXAMPLE)
    outcome = Coup.from_cards(Card.parse(token) for token in example.cards).outcome
    assert outcome is not None, f"{SLUG}/{EXAMPLE} does not deal a whole coup"
    return outcome


def example() -> dict[str, Any]:
    """The example coup with the example's stakes settled at the EZ table, and Banker at the standard one."""
    outcome = example_outcome()
    bets = [Bet(kind, amount) for kind, amount in EXAMPLE_STAKES.items()]
    ez = {result.bet.kind.value: result for result in settle(bets, outcome, EZ)}
    [standard] = settle([Bet(BetKind.BANKER, EXAMPLE_STAKES[BetKind.BANKER])], outcome, STANDARD)
    staked = sum(EXAMPLE_STAKES.values(), Decimal(0))
    returned = sum((result.returned for result in ez.values()), Decimal(0))
    return {
        "player": outcome.player_total,
        "banker": outcome.banker_total,
        "player_cards": ", ".join(card_name(card) for card in outcome.player_cards),
        "banker_cards": ", ".join(card_name(card) for card in outcome.banker_cards),
        "pair_hand": bet_name(Hand.PLAYER.value),
        "stakes": {kind.value: chips_text(amount, 0) for kind, amount in EXAMPLE_STAKES.items()},
        "returned": {key: chips_text(result.returned, 2) for key, result in ez.items()},
        "winnings": {key: chips_text(result.winnings, 2) for key, result in ez.items()},
        "dragon_pays": ratio_text(EZ.dragon_7_pays),
        "pair_pays": ratio_text(EZ.pair_pays),
        "staked": chips_text(staked, 0),
        "total_returned": chips_text(returned, 2),
        "standard_returned": chips_text(standard.returned, 2),
        "standard_commission": chips_text(standard.commission, 2),
        "values": {"returned": {key: result.returned for key, result in ez.items()}},
    }


def context() -> dict[str, Any]:
    ez = TABLES["ez"]
    return {
        "side_bets": side_bets(),
        "side_tables": tables(),
        "main_highest": main_highest(),
        "side_lowest": side_lowest(),
        "seven_share": seven_share(),
        "ez_banker_edge": _odds(ez.decks, ez.payouts).house_edge[BetKind.BANKER],
        "pays": {key: pays_text(key) for key in side_bet_keys()},
        "commission": chips_text(STANDARD.banker_commission * 100, 0),
        "six_pays": ratio_text(TABLES["no-commission"].payouts.banker_six_pays or Decimal(1)),
        "table_decks": {key.replace("-", "_"): rules.decks for key, rules in TABLES.items()},
        "side_example": example(),
    }
