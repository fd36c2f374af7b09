"""The figures of lesson 10 (scoreboards and betting systems), all computed by the rules engine.

- ``scoreboard``: the first coups of a seeded shoe, dealt by the engine, as a
  bead plate and a Big Road, with the longest run read off the road.
- ``sessions``: thousands of seeded sessions of flat betting, Martingale and
  1-3-2-6 on Player at a table with limits 5 to 500 and a stack of 1,000
  chips (200 times the minimum), each coup drawn with the exact chances of a
  fresh eight-deck shoe. Playing them takes seconds, so the results are kept
  in ``lessons/systems_figures.py`` and a test replays them
  (``sessions_played`` must equal ``SESSIONS``).
- ``counting``: the exact edges of Banker and Player for arranged shoe states
  (live; each takes milliseconds), and for every coup of seeded real shoes
  (kept in ``lessons/systems_figures.py``; a test replays one shoe).
- ``band``: what the spread of flat Player bets looks like: the standard
  deviation of one bet, from the engine's exact distribution.
"""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext as _

from baccarat import (
    STANDARD,
    BetKind,
    Card,
    System,
    TableLimits,
    Winner,
    all_bets,
    bead_plate,
    big_road,
    deck_counts,
    exact_odds,
    odds_for_decks,
    outcome_distribution,
    play_coup,
    return_variance,
    study,
)
from baccarat.shoe import one_deck
from lessons.exercises import road_cells
from lessons.systems_figures import COUNTING as KEPT_COUNTING
from lessons.systems_figures import SESSIONS as KEPT_SESSIONS
from table.amounts import chips_text, exact_decimal
from table.charts import EXAMPLE_STAKE

SLUG = "scoreboards-and-systems"
LIMITS = TableLimits(minimum=5, maximum=500)
STACK = 1_000
SESSIONS = 10_000
COUPS = 100
SESSION_SEED = 1010
DECKS = 8
#: Result bins of the session table (upper bounds in chips, inclusive); the last bin is open.
BINS = (-500, -100, -1, 0, 100)

ROAD_SEED, ROAD_COUPS = 44, 24
COUNTING_SEED, COUNTING_SHOES, CUT_FROM_END = 2024, 10, 14
#: Arranged shoe states: 8 decks less these cards (by point value).
STATES = {
    "small-gone": {1: 12, 2: 12, 3: 12, 4: 12},
    "big-gone": {6: 12, 7: 12, 8: 12, 9: 12},
}


def _shuffled_cards(rng: random.Random) -> list[Card]:
    cards = [card for _ in range(DECKS) for card in one_deck()]
    rng.shuffle(cards)
    return cards


# --- the scoreboards ------------------------------------------------------------


@lru_cache(maxsize=1)
def road_winners() -> tuple[Winner, ...]:
    """The winners of the first ``ROAD_COUPS`` coups of the seeded shoe, dealt by the engine."""
    cards = iter(_shuffled_cards(random.Random(ROAD_SEED)))
    return tuple(play_coup(cards).winner for _ in range(ROAD_COUPS))


def scoreboard() -> dict[str, Any]:
    winners = road_winners()
    road = big_road(winners)
    side, length = road.longest_run or (Winner.BANKER, 0)
    return {
        "bead": [[winner.value if winner else "" for winner in column] for column in bead_plate(winners)],
        "grid": road_cells(winners),
        "changes": road.columns - 1,
        "coups": len(winners),
        "columns": road.columns,
        "counts": {winner.value: winners.count(winner) for winner in Winner},
        "longest_side": side.value,
        "longest": length,
        "first_column": sum(1 for cell in road.cells if cell.column == 0),
    }


# --- the systems ----------------------------------------------------------------


def sessions_played() -> dict[str, dict[str, Any]]:
    """Play the lesson's sessions (seconds): a record per system, as kept in ``systems_figures``."""
    found = study(
        list(System),
        odds_for_decks(DECKS, STANDARD).probabilities,
        sessions=SESSIONS,
        coups=COUPS,
        stack=STACK,
        limits=LIMITS,
        seed=SESSION_SEED,
        edges=BINS,
    )
    records = {}
    for system, summary in found.items():
        record = asdict(summary)
        record["system"] = system.value
        record["median"] = str(summary.median)
        record["bins"] = [list(pair) for pair in summary.bins]
        records[system.value] = record
    return records


@dataclass(frozen=True)
class SystemRow:
    """One system's line of the lesson's table, from its record."""

    system: str
    sessions: int
    ahead: Fraction
    behind: Fraction
    capped: Fraction
    short: Fraction
    broke: Fraction
    mean_net: Fraction
    median: Fraction
    worst: int
    best: int
    staked: Fraction
    loss_per_chip: Fraction
    bins: list[tuple[int | None, Fraction]]

    @property
    def worst_loss(self) -> int:
        """The chips the worst session lost, as a plain number ("lost 1,000 chips", not "lost −1,000")."""
        return max(-self.worst, 0)


def _row(record: dict[str, Any]) -> SystemRow:
    sessions = record["sessions"]
    return SystemRow(
        system=record["system"],
        sessions=sessions,
        ahead=Fraction(record["ahead"], sessions),
        behind=Fraction(record["behind"], sessions),
        capped=Fraction(record["capped"], sessions),
        short=Fraction(record["short"], sessions),
        broke=Fraction(record["broke"], sessions),
        mean_net=Fraction(record["net"], sessions),
        median=Fraction(record["median"]),
        worst=record["worst"],
        best=record["best"],
        staked=Fraction(record["staked"], sessions),
        loss_per_chip=Fraction(-record["net"], record["staked"]),
        bins=[(bound, Fraction(count, sessions)) for bound, count in record["bins"]],
    )


def systems_table() -> dict[str, Any]:
    """The kept session results, by system, with the exact edge every system shares."""
    rows = {name: _row(record) for name, record in KEPT_SESSIONS.items()}
    return {
        "rows": rows,
        "edge": odds_for_decks(DECKS, STANDARD).house_edge[BetKind.PLAYER],
        "limits": LIMITS,
        "stack": STACK,
        "sessions": SESSIONS,
        "coups": COUPS,
        "stack_units": STACK // LIMITS.minimum,
        "martingale_ladder": _martingale_ladder(),
        "bins": BINS,
    }


def _martingale_ladder() -> list[tuple[int, int, int]]:
    """(losses in a row, next stake, chips lost so far) until the table maximum is passed."""
    ladder, losses, base = [], 0, LIMITS.minimum
    while True:
        stake = base * 2**losses
        ladder.append((losses, stake, base * (2**losses - 1)))
        if stake > LIMITS.maximum:
            return ladder
        losses += 1


# --- card counting --------------------------------------------------------------


def _edges(counts: tuple[int, ...]) -> tuple[Fraction, Fraction]:
    edges = exact_odds(counts, STANDARD).house_edge
    return edges[BetKind.BANKER], edges[BetKind.PLAYER]


#: The side-bet family the counting lesson follows (every kind of it in the registry, each side).
COUNTED_FAMILY = "lion"


def _side_edges(counts: tuple[int, ...]) -> tuple[Fraction, ...]:
    """The edges of every registered kind of ``COUNTED_FAMILY`` on the next coup from ``counts``."""
    edges = exact_odds(counts, STANDARD).house_edge
    return tuple(edges[spec.key] for spec in all_bets() if spec.family == COUNTED_FAMILY)


@lru_cache(maxsize=1)
def arranged_states() -> dict[str, dict[str, Any]]:
    """Banker's and Player's exact edges on a full shoe and on the arranged states of ``STATES``."""
    full = deck_counts(DECKS)
    states: dict[str, dict[str, Any]] = {}
    for name, gone in {"full": {}, **STATES}.items():
        counts = tuple(count - gone.get(value, 0) for value, count in enumerate(full))
        banker, player = _edges(counts)
        states[name] = {
            "cards": sum(counts),
            "banker": banker,
            "player": player,
            # How many cards were taken out, and how many of each value (the same for every value).
            "gone": sum(gone.values()),
            "each": max(gone.values(), default=0),
        }
    return states


def counting_shoe(index: int) -> dict[str, Any]:
    """Deal seeded shoe ``index`` to its cut card; the exact edges before every coup, summed up."""
    cards = _shuffled_cards(random.Random(COUNTING_SEED * 1000 + index))
    counts = list(deck_counts(DECKS))
    position = states = banker_ahead = player_ahead = lion_ahead = lion_most_left = 0
    lowest = [Fraction(1), Fraction(1), Fraction(1)]
    while len(cards) - position > CUT_FROM_END:
        banker, player = _edges(tuple(counts))
        lions = _side_edges(tuple(counts))
        states += 1
        banker_ahead += banker < 0
        player_ahead += player < 0
        if min(lions) < 0:
            lion_ahead += 1
            lion_most_left = max(lion_most_left, len(cards) - position)
        lowest = [min(lowest[0], banker), min(lowest[1], player), min(lowest[2], *lions)]
        outcome = play_coup(iter(cards[position:]))
        for card in cards[position : position + outcome.cards_dealt]:
            counts[card.points] -= 1
        position += outcome.cards_dealt
    return {
        "states": states,
        "banker_ahead": banker_ahead,
        "player_ahead": player_ahead,
        "banker_lowest": str(lowest[0]),
        "player_lowest": str(lowest[1]),
        # The Lion Bonus, a side bet: coups before which it had the bettor's edge on one side or the
        # other, and its lowest edge on either side.
        "lion_ahead": lion_ahead,
        "lion_lowest": str(lowest[2]),
        "lion_most_left": lion_most_left,  # the most cards left in the shoe before such a coup
    }


def counting_study() -> dict[str, Any]:
    """The kept shoes added up: coups looked at, how many gave the bettor the edge, the best edges."""
    shoes = KEPT_COUNTING
    return {
        "shoes": len(shoes),
        "states": sum(shoe["states"] for shoe in shoes),
        "ahead": sum(shoe["banker_ahead"] + shoe["player_ahead"] for shoe in shoes),
        "banker_lowest": min(Fraction(shoe["banker_lowest"]) for shoe in shoes),
        "player_lowest": min(Fraction(shoe["player_lowest"]) for shoe in shoes),
        "lion_ahead": sum(shoe["lion_ahead"] for shoe in shoes),
        "lion_lowest": min(Fraction(shoe["lion_lowest"]) for shoe in shoes),
        # The shoes in which the Lion Bonus had the bettor's edge at least once.
        "lion_shoes": sum(shoe["lion_ahead"] > 0 for shoe in shoes),
        "lion_most_left": max(shoe["lion_most_left"] for shoe in shoes),
        "cards": sum(deck_counts(DECKS)),
    }


# --- bankroll and variance ----------------------------------------------------------

#: The session the variance section works through: this many coups of ``EXAMPLE_STAKE`` on Player.
VARIANCE_COUPS = 100
#: The standard deviations either side of the expected result the section (and the band) uses.
VARIANCE_SIGMAS = 2


def _root(value: Fraction, places: int) -> Decimal:
    """The square root of an exact figure, to ``places`` decimals (rounded half away from zero)."""
    return exact_decimal(Decimal(value.numerator).sqrt() / Decimal(value.denominator).sqrt(), places)


@lru_cache(maxsize=1)
def variance_figures() -> dict[str, Any]:
    """Standard deviations per chip on a fresh 8-deck shoe, and one flat Player session, from the engine.

    ``spread`` is the standard deviation of one chip's net per bet kind; the session is
    ``VARIANCE_COUPS`` coups of ``EXAMPLE_STAKE`` on Player: its expected result and standard
    deviation, and the range two standard deviations either side. ``crossover`` is how many
    such coups it takes before the expected loss is larger than two standard deviations.
    """
    distribution = outcome_distribution(deck_counts(DECKS))
    # The kinds decided by the outcome: a pair bet needs the cards, which the value enumeration lacks.
    kinds = [kind for kind in BetKind if kind.spec.price is None]
    variances = {kind: return_variance(kind, STANDARD, distribution) for kind in kinds}
    edge = odds_for_decks(DECKS, STANDARD).house_edge[BetKind.PLAYER]
    stake, coups = Fraction(EXAMPLE_STAKE), VARIANCE_COUPS
    expected = -stake * coups * edge
    session_variance = stake**2 * coups * variances[BetKind.PLAYER]
    session_sd = _root(session_variance, 2)
    expected_text = exact_decimal(expected, 2)
    # Expected loss N·s·e passes k standard deviations k·s·σ·√N once N > (k·σ/e)².
    crossover = math.floor(VARIANCE_SIGMAS**2 * variances[BetKind.PLAYER] / edge**2) + 1
    return {
        "spread": {kind.value: _root(variance, 2) for kind, variance in variances.items()},
        "variances": variances,
        "coups": coups,
        "stake": EXAMPLE_STAKE,
        "staked": stake * coups,
        "edge": edge,
        "expected": expected_text,
        "loss": -expected_text,
        "session_sd": session_sd,
        "low": expected_text - VARIANCE_SIGMAS * session_sd,
        "high": expected_text + VARIANCE_SIGMAS * session_sd,
        "crossover": crossover,
        "sigmas": VARIANCE_SIGMAS,
    }


def _bin_label(low: int | None, high: int | None) -> str:
    """A result bin in words, in the active language (bounds in chips, inclusive)."""
    if low is None:
        return _("lost %(amount)s or more") % {
            "amount": chips_text(-high if high is not None else 0, 0, grouping=True)
        }
    if high is None:
        return _("won more than %(amount)s") % {"amount": chips_text(low - 1, 0, grouping=True)}
    if low == high == 0:
        return _("even")
    if high < 0:
        return _("lost %(low)s to %(high)s") % {
            "low": chips_text(-high, 0, grouping=True),
            "high": chips_text(-low, 0, grouping=True),
        }
    return _("won %(low)s to %(high)s") % {
        "low": chips_text(low, 0, grouping=True),
        "high": chips_text(high, 0, grouping=True),
    }


def _martingale_tails(row: SystemRow) -> dict[str, Any]:
    """Martingale's two tails, from the session table's outer bins: the share of sessions that won
    more than ``BINS[-1]`` chips, and of those that lost ``-BINS[0]`` or more."""
    return {
        "big_win": row.bins[-1][1],
        "win_over": chips_text(BINS[-1], 0, grouping=True),
        "big_loss": row.bins[0][1],
        "loss_from": chips_text(-BINS[0], 0, grouping=True),
    }


def context() -> dict[str, Any]:
    """Everything lesson 10's template prints."""
    table = systems_table()
    rows = [table["rows"][system.value] for system in System]
    lows: list[int | None] = [None, *(edge + 1 for edge in BINS)]
    highs: list[int | None] = [*BINS, None]
    bins = [
        (_bin_label(low, high), [row.bins[index][1] for row in rows])
        for index, (low, high) in enumerate(zip(lows, highs, strict=True))
    ]
    states = {name.replace("-", "_"): state for name, state in arranged_states().items()}
    return {
        "road": scoreboard(),
        "systems": table,
        "system_rows": rows,
        "martingale_row": table["rows"][System.MARTINGALE.value],
        "martingale": _martingale_tails(table["rows"][System.MARTINGALE.value]),
        "result_bins": bins,
        "counting": {"states": states, "study": counting_study()},
        "variance": variance_figures(),
        "example_stake": EXAMPLE_STAKE,
    }


def figures_source() -> str:
    """The source of ``lessons/systems_figures.py``: every kept figure, replayed now (about a minute)."""
    sessions = sessions_played()
    shoes = [counting_shoe(index) for index in range(COUNTING_SHOES)]
    return (
        '"""Lesson 10\'s slow figures, written by ``python -m lessons.systems``; a test replays them."""\n\n'
        f"SESSIONS = {sessions!r}\n\nCOUNTING = {shoes!r}\n"
    )


if __name__ == "__main__":
    source = figures_source()
    with open(__file__.replace("systems.py", "systems_figures.py"), "w", encoding="utf-8") as out:
        out.write(source)
