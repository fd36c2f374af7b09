"""The learner's balance over rounds beside the balance the house edge predicts, as SVG data.

Design overview: the expected balance starts where the actual one does and
moves, round by round, by minus each stake times the exact house edge of that
bet on that table (a full shoe of the preset's decks, from the engine).
Grants and resets move both lines alike, so the gap between them is luck
alone. Around the expected line a shaded band shows how far luck usually
reaches: two standard deviations of the net of the bets made so far. Bets
on one coup are settled by the same cards, so each coup's variance is that of
its total net (10 on Player and 10 on Banker nearly cancel), exact from the
engine's enumeration; coups add up independently. About 95 results in 100
fall inside it. The chart is drawn by the template from the points computed here: no
chart library, nothing fetched at run time.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from baccarat import (
    Winner,
    coup_variance,
    deck_counts,
    odds_for_decks,
    outcome_distribution,
    return_variance,
    winner_draws,
)
from table.models import LedgerEntry, Round, RoundBet, Seat
from table.presets import PRESETS
from table.selectors import settled_rounds

WIDTH, HEIGHT, PAD = 640, 240, 36
MAX_ROUNDS = 200
#: The band's half-width, in standard deviations of the net.
BAND_SIGMAS = 2
#: The example chart shown before a learner's first round: flat Player bets from a seeded shoe.
EXAMPLE_ROUNDS, EXAMPLE_STAKE, EXAMPLE_START, EXAMPLE_SEED, EXAMPLE_PRESET = 100, 10, 500, 17, "standard"


@dataclass(frozen=True)
class BalanceChart:
    rounds: int
    actual: list[Decimal]
    expected: list[Decimal]
    actual_points: str
    expected_points: str
    #: (y, whole chips) of the grid lines; the template writes the chips in the active language.
    y_ticks: list[tuple[float, Decimal]]
    staked: Decimal
    expected_loss: Decimal
    #: Restarts with the starting chips: (x of the mark, chips added), in order.
    restarts: list[tuple[float, Decimal]]
    #: The band around the expected line (a closed polygon), and its last half-width in chips.
    band_points: str = ""
    band_width: Decimal = Decimal("0.00")
    #: True for the seeded example shown before the learner's first round.
    example: bool = False

    @property
    def width(self) -> int:
        return WIDTH

    @property
    def height(self) -> int:
        return HEIGHT

    @property
    def restart_total(self) -> Decimal:
        return sum((amount for _, amount in self.restarts), Decimal("0.00"))

    @property
    def top(self) -> int:
        return PAD

    @property
    def bottom(self) -> int:
        return HEIGHT - PAD

    @property
    def luck(self) -> Decimal:
        return self.actual[-1] - self.expected[-1] if self.actual else Decimal("0.00")


def house_edge(preset: str, kind: str) -> Fraction:
    """The exact house edge of a bet kind on a preset's full shoe."""
    table = PRESETS[preset]
    return odds_for_decks(table.decks, table.payouts).house_edge[kind]


@lru_cache(maxsize=32)
def bet_variance(preset: str, kind: str) -> Fraction:
    """The exact variance of the net of one chip staked on a bet kind, on a preset's full shoe."""
    table = PRESETS[preset]
    return return_variance(kind, table.payouts, outcome_distribution(deck_counts(table.decks)))


@lru_cache(maxsize=64)
def bet_covariance(preset: str, first: str, second: str) -> Fraction:
    """The exact covariance of the nets of one chip on each of two bet kinds on the same coup.

    Read off the engine's variance of the two bets together: Var(a + b) = Var a + Var b + 2 Cov(a, b).
    """
    if first == second:
        return bet_variance(preset, first)
    table = PRESETS[preset]
    together = coup_variance(
        {first: Fraction(1), second: Fraction(1)},
        table.payouts,
        outcome_distribution(deck_counts(table.decks)),
    )
    return (together - bet_variance(preset, first) - bet_variance(preset, second)) / 2


def round_variance(preset: str, stakes: dict[str, Decimal]) -> Fraction:
    """The exact variance of the total net of these bets (stake by kind) placed on one coup together.

    A round's bets share its cards, so they are not independent: the covariances count
    (10 on Player and 10 on Banker nearly cancel). Equal to the engine's ``coup_variance``.
    """
    return sum(
        (
            Fraction(stakes[first]) * Fraction(stakes[second]) * bet_covariance(preset, first, second)
            for first in stakes
            for second in stakes
        ),
        Fraction(0),
    )


def _spreads(variances: list[Fraction]) -> list[Decimal]:
    """The band's half-width after each point: ``BAND_SIGMAS`` standard deviations of the net so far."""
    total, widths = Fraction(0), []
    for variance in variances:
        total += variance
        widths.append(Decimal(BAND_SIGMAS * math.sqrt(total)).quantize(Decimal("0.01")))
    return widths


def balance_chart(seat: Seat) -> BalanceChart | None:
    """The last ``MAX_ROUNDS`` settled rounds as two lines; ``None`` before the first one."""
    rounds = list(settled_rounds(seat).order_by("-number")[:MAX_ROUNDS])
    if not rounds:
        return None
    rounds.reverse()
    first = rounds[0]
    entries = list(
        LedgerEntry.objects.filter(seat=seat, id__gte=_first_entry_id(first))
        .order_by("id")
        .values("round_id", "kind", "amount", "balance_after")
    )
    drift: dict[int, Decimal] = {}
    stakes: dict[int, dict[str, Decimal]] = {}
    presets: dict[int, str] = {}
    staked = Decimal("0.00")
    for bet in RoundBet.objects.filter(round__in=rounds).values(
        "round_id", "round__preset", "kind", "amount"
    ):
        edge = house_edge(bet["round__preset"], bet["kind"])
        drift[bet["round_id"]] = drift.get(bet["round_id"], Decimal(0)) - bet["amount"] * Decimal(
            edge.numerator
        ) / Decimal(edge.denominator)
        staked += bet["amount"]
        on_coup = stakes.setdefault(bet["round_id"], {})
        on_coup[bet["kind"]] = on_coup.get(bet["kind"], Decimal(0)) + bet["amount"]
        presets[bet["round_id"]] = bet["round__preset"]
    spread = {round_id: round_variance(presets[round_id], on_coup) for round_id, on_coup in stakes.items()}

    # One point per settled round: the balance after its last ledger entry. A grant
    # or reset between two rounds moves the expected line by the same amount.
    # A restart (a reset to the starting chips) is marked where it happened, so the caption's
    # "from ... to ..." is never read as play alone; one after the last round adds a last point.
    settled = {round.id for round in rounds}
    after_round: dict[int, Decimal] = {}
    moved_before: dict[int, Decimal] = {}
    reset_before: dict[int, Decimal] = {}
    moved = reset = Decimal(0)
    for entry in entries:
        if entry["round_id"] is None:
            moved += entry["amount"]
            if entry["kind"] == LedgerEntry.Kind.RESET:
                reset += entry["amount"]
        elif entry["round_id"] in settled:
            after_round[entry["round_id"]] = entry["balance_after"]
            moved_before.setdefault(entry["round_id"], moved)
            if reset:
                reset_before.setdefault(entry["round_id"], reset)
            moved = reset = Decimal(0)

    start = entries[0]["balance_after"] - entries[0]["amount"]
    actual, expected = [start], [start]
    variances = [Fraction(0)]
    restarts: list[tuple[float, Decimal]] = []  # (index of the point after it, chips added)
    for round in rounds:
        if round.id in reset_before:
            restarts.append((len(actual) - 0.5, reset_before[round.id]))
        expected.append(
            expected[-1] + moved_before.get(round.id, Decimal(0)) + drift.get(round.id, Decimal(0))
        )
        actual.append(after_round.get(round.id, actual[-1]))
        variances.append(spread.get(round.id, Fraction(0)))
    if reset:
        restarts.append((len(actual) - 0.5, reset))
        actual.append(actual[-1] + moved)
        expected.append(expected[-1] + moved)
        variances.append(Fraction(0))
    expected = [value.quantize(Decimal("0.01")) for value in expected]
    loss = -sum(drift.values(), Decimal(0)).quantize(Decimal("0.01"))
    return _draw(
        actual, expected, staked, loss, rounds=len(rounds), restarts=restarts, band=_spreads(variances)
    )


@lru_cache(maxsize=1)
def example_chart() -> BalanceChart:
    """What the chart looks like after ``EXAMPLE_ROUNDS`` flat Player bets, from a seeded shoe.

    Each coup's result is drawn with the exact chances of the preset's full shoe. The chart
    holds no words, so one copy serves every language.
    """
    table = PRESETS[EXAMPLE_PRESET]
    odds = odds_for_decks(table.decks, table.payouts)
    draws = winner_draws(odds.probabilities, random.Random(EXAMPLE_SEED))
    stake = Decimal(EXAMPLE_STAKE)
    edge = odds.house_edge["player"]
    drift = stake * Decimal(edge.numerator) / Decimal(edge.denominator)
    actual, expected = [Decimal(EXAMPLE_START)], [Decimal(EXAMPLE_START)]
    for _round in range(EXAMPLE_ROUNDS):
        winner = next(draws)
        actual.append(
            actual[-1] + (stake if winner is Winner.PLAYER else -stake if winner is Winner.BANKER else 0)
        )
        expected.append(expected[-1] - drift)
    variances = [Fraction(0)] + [
        Fraction(EXAMPLE_STAKE) ** 2 * bet_variance(EXAMPLE_PRESET, "player")
    ] * EXAMPLE_ROUNDS
    chart = _draw(
        [value.quantize(Decimal("0.01")) for value in actual],
        [value.quantize(Decimal("0.01")) for value in expected],
        stake * EXAMPLE_ROUNDS,
        (drift * EXAMPLE_ROUNDS).quantize(Decimal("0.01")),
        rounds=EXAMPLE_ROUNDS,
        restarts=[],
        band=_spreads(variances),
    )
    return replace(chart, example=True)


def _first_entry_id(round: Round) -> int:
    entry = LedgerEntry.objects.filter(round=round).order_by("id").values_list("id", flat=True).first()
    return entry or 0


def _draw(
    actual: list[Decimal],
    expected: list[Decimal],
    staked: Decimal,
    loss: Decimal,
    *,
    rounds: int,
    restarts: list[tuple[float, Decimal]],
    band: list[Decimal],
) -> BalanceChart:
    upper = [value + width for value, width in zip(expected, band, strict=True)]
    lower = [value - width for value, width in zip(expected, band, strict=True)]
    low = min(min(actual), min(lower))
    high = max(max(actual), max(upper))
    if high - low < 10:
        low, high = low - 5, high + 5
    steps = max(len(actual) - 1, 1)

    def x(index: float) -> float:
        return PAD + (WIDTH - 2 * PAD) * index / steps

    def y(value: Decimal) -> float:
        return HEIGHT - PAD - float((value - low) / (high - low)) * (HEIGHT - 2 * PAD)

    def points(values: list[Decimal]) -> str:
        return " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))

    band_points = " ".join(
        [points(upper), *(f"{x(i):.1f},{y(v):.1f}" for i, v in reversed(list(enumerate(lower))))]
    )

    ticks = [(y(value), value.quantize(Decimal(1))) for value in (low, (low + high) / 2, high)]
    return BalanceChart(
        rounds=rounds,
        actual=actual,
        expected=expected,
        actual_points=points(actual),
        expected_points=points(expected),
        y_ticks=ticks,
        staked=staked,
        expected_loss=loss,
        restarts=[(round(x(index), 1), amount) for index, amount in restarts],
        band_points=band_points,
        band_width=band[-1],
    )
