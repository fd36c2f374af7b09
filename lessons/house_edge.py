"""The figures of lesson 9, all computed by the rules engine (none typed in).

- ``edges``: exact probabilities and house edges on both tables.
- ``six``: why the no-commission table pays half on a Banker six: how often
  Banker wins on six, and the Banker edge if those wins were paid in full.
- ``streaks``: a seeded simulation of real shuffled shoes: after Banker won
  three coups in a row, how often did it win the next one, against its rate
  overall? (Ties are left out of the runs and do not break them.)
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from table.engine import (
    NO_COMMISSION,
    STANDARD,
    BetKind,
    PayoutSet,
    Shoe,
    Winner,
    deck_counts,
    exact_odds,
    odds_for_decks,
    outcome_distribution,
    play_coup,
)

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


def context() -> dict[str, Any]:
    return {"edges": edges(), "six": six(), "streaks": streaks()}
