"""The figures of lesson 9, all computed by the rules engine (none typed in).

- ``edges``: exact probabilities and house edges on both tables.
- ``six``: why the no-commission table pays half on a Banker six: how often
  Banker wins on six, and the Banker edge if those wins were paid in full.
- ``streaks``: a seeded simulation of real shuffled shoes: after Banker won
  three coups in a row, how often did it win the next one, against its rate
  overall? (Ties are left out of the runs and do not break them.)
- ``lion_table``: the Lion Bonus pay table line by line, read from the
  engine's ``PayoutSet``, with how often each line comes up on a fresh shoe.
- ``lion_example``: a 10-chip Lion Bonus on Banker settled on the cards of
  the lesson's worked example.
- ``tie_nine``: the Tie edge where a tie pays 9 to 1 instead of 8 to 1.
- ``conventions``: the Player and Banker edges stated both ways: per bet
  with ties as pushes (the course's figure) and per bet that wins or loses
  (ties left out, the figure many books print).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

from baccarat import (
    NO_COMMISSION,
    STANDARD,
    Bet,
    BetKind,
    BetSpec,
    PaymentCase,
    PayoutSet,
    Shoe,
    Winner,
    bet_spec,
    deck_counts,
    exact_odds,
    odds_for_decks,
    outcome_distribution,
    play_coup,
    settle,
)
from lessons.figures import example_outcome
from table.amounts import amount_text, chips_text

STREAK_COUPS = 60_000
STREAK_SEED = 416
RUN = 3
NO_COMMISSION_DECKS = 6


@dataclass(frozen=True)
class StreakStudy:
    """Among coups that were not ties: Banker's share right after a run, and overall.

    ``runs`` counts each run of ``RUN`` or more Banker wins in a row once;
    ``after_runs`` counts the coups that followed three or more Banker wins in
    a row, so a long run gives several (after its third, fourth, ... win).
    """

    coups: int
    runs: int
    after_runs: int
    banker_after_run: Fraction
    banker_overall: Fraction


@lru_cache(maxsize=1)
def edges() -> dict[str, Any]:
    return {"standard": odds_for_decks(8, STANDARD), "no_commission": odds_for_decks(6, NO_COMMISSION)}


@lru_cache(maxsize=1)
def six() -> dict[str, Fraction]:
    counts = deck_counts(NO_COMMISSION_DECKS)
    distribution = outcome_distribution(counts)
    probability = sum(
        (
            p
            for outcome, p in distribution.items()
            if outcome.winner is Winner.BANKER and outcome.banker_total == 6
        ),
        Fraction(0),
    )
    in_full = exact_odds(counts, PayoutSet(name="even money")).house_edge[BetKind.BANKER]
    return {"probability": probability, "edge_if_paid_in_full": in_full}


@lru_cache(maxsize=1)
def streaks(coups: int = STREAK_COUPS, seed: int = STREAK_SEED) -> StreakStudy:
    rng = random.Random(seed)
    shoe = Shoe.shuffled(8, rng=rng)
    run = runs = after_runs = after = banker = decided = 0
    for _ in range(coups):
        if shoe.finished:
            shoe = Shoe.shuffled(8, rng=rng)
        winner = play_coup(shoe.draw() for _ in itertools.count()).winner
        if winner is Winner.TIE:
            continue
        decided += 1
        banker += winner is Winner.BANKER
        if run >= RUN:
            after_runs += 1
            after += winner is Winner.BANKER
        run = run + 1 if winner is Winner.BANKER else 0
        runs += run == RUN
    return StreakStudy(
        coups, runs, after_runs, Fraction(after, after_runs or 1), Fraction(banker, decided or 1)
    )


#: The standard table, but a tie pays 9 to 1.
TIE_NINE = replace(STANDARD, name="standard, tie 9:1", tie_pays=Decimal(9))
LION_STAKE = Decimal(10)


def ratio_text(ratio: Decimal) -> str:
    """A payout ratio as a table prints it: ``30:1`` (``1:2`` for a half)."""
    if ratio < 1:
        return f"1:{chips_text(1 / ratio)}"
    return f"{chips_text(ratio)}:1"


def lion_table() -> list[dict[str, Any]]:
    """One row per winning line: ``margin`` (``None`` for a natural), its ratio, how often on each side.

    The lines are the Lion Bonus's payout cases in the bet registry, and each share is the chance
    that the registry's resolver pays that case.
    """
    distribution = edges()["standard"].distribution
    player, banker = bet_spec(BetKind.LION_PLAYER), bet_spec(BetKind.LION_BANKER)

    def share(spec: BetSpec, case: PaymentCase) -> Fraction:
        return sum(
            (p for outcome, p in distribution.items() if spec.resolve(outcome, STANDARD) == case), Fraction(0)
        )

    return [
        {
            "margin": case.margin,
            "pays": ratio_text(case.pays),
            "player": share(player, case),
            "banker": share(banker, case),
        }
        for case in banker.cases(STANDARD)
    ]


def lion_example() -> dict[str, Any]:
    """A Lion Bonus on Banker, the only bet, settled on the lesson's example cards."""
    outcome = example_outcome("house-edge", "lion-bonus")
    [result] = settle([Bet(BetKind.LION_BANKER, LION_STAKE)], outcome, STANDARD)
    return {
        "stake": chips_text(LION_STAKE),
        "player": outcome.player_total,
        "banker": outcome.banker_total,
        "margin": outcome.margin,
        "pays": ratio_text(result.case.pays if result.case else Decimal(0)),
        "winnings": amount_text(result.winnings),
        "returned": amount_text(result.returned),
        "returned_value": result.returned,
    }


@lru_cache(maxsize=1)
def _tie_nine_edge() -> Fraction:
    return exact_odds(deck_counts(8), TIE_NINE).house_edge[BetKind.TIE]


def tie_nine() -> dict[str, Any]:
    return {
        "pays": ratio_text(TIE_NINE.tie_pays),
        "standard_pays": ratio_text(STANDARD.tie_pays),
        "edge": _tie_nine_edge(),
        "standard_edge": edges()["standard"].house_edge[BetKind.TIE],
    }


@lru_cache(maxsize=1)
def conventions() -> dict[str, Fraction]:
    """Standard table, 8 decks: each edge per bet (ties push) and per bet decided (ties left out)."""
    odds = edges()["standard"]
    decided = 1 - odds.probabilities[Winner.TIE]
    return {
        "player": odds.house_edge[BetKind.PLAYER],
        "banker": odds.house_edge[BetKind.BANKER],
        "player_without_ties": odds.house_edge[BetKind.PLAYER] / decided,
        "banker_without_ties": odds.house_edge[BetKind.BANKER] / decided,
    }


def context() -> dict[str, Any]:
    return {
        "edges": edges(),
        "six": six(),
        "streaks": streaks(),
        "lion_table": lion_table(),
        "lion": lion_example(),
        "tie_nine": tie_nine(),
        "conventions": conventions(),
    }
