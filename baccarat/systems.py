"""Betting systems played out: sessions of Player bets under a progression, at a table with limits.

Design overview: a *system* only chooses the next stake from what happened
before (``next_stake``); it cannot change the coups. ``play_session`` bets on
Player (1 to 1, no commission, a tie gives the stake back) for a fixed number
of coups, taking each coup's result from an iterator of ``Winner`` values, and
keeps every chip: the final stack is always the start plus the coups won
minus the coups lost. ``winner_draws`` makes such an iterator from exact
probabilities (``baccarat.odds``) and a seeded ``random.Random``, so a
study is reproducible and thousands of sessions take well under a second per
system. ``study`` plays the same coups under every system it is given, so the
systems are compared on identical luck.

Stakes are whole chips (``int``): Player pays 1 to 1, so a stake of whole
chips never produces a fraction.

The table's limits cut a progression short: when a system asks for more than
the table maximum, or more than the stack holds, the progression is given up
(its losses stay lost) and starts again from the base stake. When the stack
cannot cover the base stake any more, the session ends early.

>>> limits = TableLimits(minimum=5, maximum=500)
>>> session = play_session(System.MARTINGALE, iter([Winner.BANKER] * 3 + [Winner.PLAYER]), coups=4,
...                        stack=100, limits=limits)
>>> session.stakes, session.end
((5, 10, 20, 40), 105)
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from fractions import Fraction

from baccarat.coup import Outcome, Winner
from baccarat.payouts import PayoutSet, payment_case

__all__ = [
    "ONE_THREE_TWO_SIX",
    "Session",
    "System",
    "SystemStudy",
    "TableLimits",
    "coup_variance",
    "martingale_stake",
    "next_stake",
    "play_session",
    "return_variance",
    "study",
    "winner_draws",
]

#: The 1-3-2-6 system's stakes, in base units, after 0, 1, 2 and 3 wins in a row.
ONE_THREE_TWO_SIX = (1, 3, 2, 6)


@unique
class System(StrEnum):
    """How the next stake is chosen."""

    #: The same base stake every coup.
    FLAT = "flat"
    #: Double the stake after every loss; back to the base stake after a win.
    MARTINGALE = "martingale"
    #: 1, 3, 2, 6 base units along a run of wins; back to 1 after a loss or after the 6.
    ONE_THREE_TWO_SIX = "1-3-2-6"


@dataclass(frozen=True, slots=True)
class TableLimits:
    """The smallest and the largest stake the table accepts on one bet.

    >>> TableLimits(minimum=5, maximum=500).allows(640)
    False
    """

    minimum: int
    maximum: int

    def __post_init__(self) -> None:
        if not 0 < self.minimum <= self.maximum:
            raise ValueError(f"Table limits must have 0 < minimum <= maximum, not {self!r}.")

    def allows(self, stake: int) -> bool:
        """Whether one bet of ``stake`` chips is within the limits."""
        return self.minimum <= stake <= self.maximum


def martingale_stake(base: int, losses: int) -> int:
    """The stake Martingale asks for after ``losses`` losses in a row: the base doubled each time.

    >>> [martingale_stake(5, losses) for losses in range(8)]
    [5, 10, 20, 40, 80, 160, 320, 640]
    """
    return int(base * 2**losses)


def next_stake(system: System, base: int, step: int) -> int:
    """The stake a system asks for at ``step`` of its progression (0 = the start).

    For Martingale the step is the number of losses in a row; for 1-3-2-6 the
    number of wins in a row (0 to 3); flat betting has only step 0.

    >>> [next_stake(System.ONE_THREE_TWO_SIX, 5, step) for step in range(4)]
    [5, 15, 10, 30]
    """
    if system is System.MARTINGALE:
        return martingale_stake(base, step)
    if system is System.ONE_THREE_TWO_SIX:
        return base * ONE_THREE_TWO_SIX[step]
    return base


def _ladder(system: System, base: int, limits: TableLimits) -> tuple[list[int], list[int], list[int]]:
    """The progression as tables: the stake at each step, and the next step after a win and after a loss.

    A next step equal to the number of stakes means "above the table maximum".

    >>> _ladder(System.MARTINGALE, 5, TableLimits(5, 40))
    ([5, 10, 20, 40], [0, 0, 0, 0], [1, 2, 3, 4])
    """
    if system is System.MARTINGALE:
        stakes = [base]
        while stakes[-1] * 2 <= limits.maximum:
            stakes.append(stakes[-1] * 2)
        return stakes, [0] * len(stakes), [step + 1 for step in range(len(stakes))]
    if system is System.ONE_THREE_TWO_SIX:
        stakes = [next_stake(system, base, step) for step in range(len(ONE_THREE_TWO_SIX))]
        steps = range(len(stakes))
        return stakes, [(step + 1) % len(stakes) for step in steps], [0] * len(stakes)
    return [base], [0], [0]


@dataclass(frozen=True, slots=True)
class Session:
    """One session: the stakes placed, the coups won and lost, and what cut progressions short.

    ``capped`` counts progressions given up because the next stake was above
    the table maximum; ``short`` those given up because it was more than the
    stack; ``broke`` says the stack fell below the base stake before the end.
    """

    system: System
    start: int
    end: int
    stakes: tuple[int, ...]
    won: int
    lost: int
    capped: int
    short: int
    broke: bool

    @property
    def net(self) -> int:
        """The session's result in chips (negative: a loss)."""
        return self.end - self.start

    @property
    def staked(self) -> int:
        """All chips put at risk, coup by coup (a pushed stake counts each time it is staked)."""
        return sum(self.stakes)


def play_session(
    system: System, winners: Iterator[Winner], *, coups: int, stack: int, limits: TableLimits, base: int = 0
) -> Session:
    """Bet on Player for ``coups`` coups with ``system`` (base stake: the table minimum unless given).

    >>> limits = TableLimits(minimum=5, maximum=30)
    >>> losses = iter([Winner.BANKER] * 4 + [Winner.PLAYER])
    >>> session = play_session(System.MARTINGALE, losses, coups=5, stack=100, limits=limits)
    >>> session.stakes, session.capped, session.net
    ((5, 10, 20, 5, 10), 1, -30)

    :raises ValueError: if the base stake is outside the table limits.
    """
    base = base or limits.minimum
    if not limits.allows(base):
        raise ValueError(f"The base stake {base!r} is outside the table limits {limits!r}.")
    stakes_at, after_win, after_loss = _ladder(system, base, limits)
    over = len(stakes_at)
    balance, step = stack, 0
    stakes: list[int] = []
    won = lost = capped = short = 0
    broke = False
    for _coup in range(coups):
        if balance < base:
            broke = True
            break
        if step == over or stakes_at[step] > limits.maximum:
            capped, step = capped + 1, 0
        stake = stakes_at[step]
        if stake > balance:
            short, step, stake = short + 1, 0, base
        stakes.append(stake)
        winner = next(winners)
        if winner is Winner.PLAYER:
            balance += stake
            won += stake
            step = after_win[step]
        elif winner is Winner.BANKER:
            balance -= stake
            lost += stake
            step = after_loss[step]
        # a tie gives the stake back, and the progression waits
    return Session(system, stack, balance, tuple(stakes), won, lost, capped, short, broke)


def winner_draws(probabilities: Mapping[Winner, Fraction], rng: random.Random) -> Iterator[Winner]:
    """Endless coup results drawn with the given probabilities from a seeded ``rng``.

    >>> draws = winner_draws({Winner.PLAYER: Fraction(1), Winner.BANKER: Fraction(0)}, random.Random(1))
    >>> [next(draws) for _ in range(3)] == [Winner.PLAYER] * 3
    True
    """
    order = (Winner.PLAYER, Winner.BANKER, Winner.TIE)
    cumulative: list[float] = []
    running = Fraction(0)
    for winner in order:
        running += probabilities.get(winner, Fraction(0))
        cumulative.append(float(running))
    while True:
        yield from rng.choices(order, cum_weights=cumulative, k=256)


@dataclass(frozen=True, slots=True)
class SystemStudy:
    """What many sessions of one system add up to.

    ``loss_per_chip`` is the chips lost per chip staked over all sessions
    together: the house edge, whatever the system (up to chance).
    """

    system: System
    sessions: int
    coups: int
    stack: int
    ahead: int
    behind: int
    even: int
    capped: int
    short: int
    broke: int
    staked: int
    net: int
    worst: int
    best: int
    median: Fraction
    #: Sessions by result: (upper bound of the bin, sessions), in order; the last bin is open.
    bins: tuple[tuple[int | None, int], ...]

    @property
    def loss_per_chip(self) -> Fraction:
        """Chips lost per chip staked, over every session (positive: the table wins)."""
        return Fraction(-self.net, self.staked or 1)

    @property
    def mean_net(self) -> Fraction:
        """The average session result in chips."""
        return Fraction(self.net, self.sessions or 1)


def _summary(
    system: System, played: Sequence[Session], stack: int, coups: int, edges: Sequence[int]
) -> SystemStudy:
    nets = [session.net for session in played]
    counts = [0] * (len(edges) + 1)
    for net in nets:
        counts[next((index for index, edge in enumerate(edges) if net <= edge), len(edges))] += 1
    bounds: list[int | None] = [*edges, None]
    return SystemStudy(
        system=system,
        sessions=len(played),
        coups=coups,
        stack=stack,
        ahead=sum(net > 0 for net in nets),
        behind=sum(net < 0 for net in nets),
        even=sum(net == 0 for net in nets),
        capped=sum(session.capped > 0 for session in played),
        short=sum(session.short > 0 for session in played),
        broke=sum(session.broke for session in played),
        staked=sum(session.staked for session in played),
        net=sum(nets),
        worst=min(nets, default=0),
        best=max(nets, default=0),
        median=Fraction(statistics.median(nets)) if nets else Fraction(0),
        bins=tuple(zip(bounds, counts, strict=True)),
    )


def study(
    systems: Sequence[System],
    probabilities: Mapping[Winner, Fraction],
    *,
    sessions: int,
    coups: int,
    stack: int,
    limits: TableLimits,
    seed: int,
    edges: Sequence[int] = (-500, -100, -1, 0, 100),
) -> dict[System, SystemStudy]:
    """Play ``sessions`` sessions of every system on the same seeded coups, and sum them up.

    ``edges`` are the upper bounds of the result bins (chips, inclusive).

    >>> half = {Winner.PLAYER: Fraction(1, 2), Winner.BANKER: Fraction(1, 2)}
    >>> found = study([System.FLAT], half, sessions=50, coups=10, stack=100,
    ...               limits=TableLimits(5, 500), seed=3)
    >>> found[System.FLAT].sessions, sum(count for _, count in found[System.FLAT].bins)
    (50, 50)
    """
    rng = random.Random(seed)
    played: dict[System, list[Session]] = {system: [] for system in systems}
    draws = winner_draws(probabilities, rng)
    for _session in range(sessions):
        coups_of_session = [next(draws) for _ in range(coups)]
        for system in systems:
            played[system].append(
                play_session(system, iter(coups_of_session), coups=coups, stack=stack, limits=limits)
            )
    return {system: _summary(system, played[system], stack, coups, edges) for system in systems}


def _gain(kind: str, outcome: Outcome, payouts: PayoutSet) -> Fraction:
    """The net gain of one chip staked on ``kind`` when the coup ends in ``outcome`` (exact)."""
    return Fraction(payment_case(kind, outcome, payouts).net)


def coup_variance(
    stakes: Mapping[str, Fraction], payouts: PayoutSet, distribution: Mapping[Outcome, Fraction]
) -> Fraction:
    """The variance of the net of every bet placed on one coup together (exact).

    Bets on one coup are settled by the same cards, so their nets move together:
    10 on Player and 10 on Banker never win both, and their sum barely moves.
    The variance is taken of the coup's total net, covariances included.

    >>> from baccarat.odds import deck_counts, outcome_distribution
    >>> from baccarat.payouts import STANDARD
    >>> eight = outcome_distribution(deck_counts(8))
    >>> both = coup_variance({"player": Fraction(10), "banker": Fraction(10)}, STANDARD, eight)
    >>> round(float(both), 4), round(float(100 * return_variance("player", STANDARD, eight)), 2)
    (0.0621, 90.47)
    """
    mean = second = Fraction(0)
    for outcome, probability in distribution.items():
        net = sum(
            (Fraction(stake) * _gain(kind, outcome, payouts) for kind, stake in stakes.items()), Fraction(0)
        )
        mean += probability * net
        second += probability * net * net
    return second - mean * mean


def return_variance(kind: str, payouts: PayoutSet, distribution: Mapping[Outcome, Fraction]) -> Fraction:
    """The variance of the net gain per chip staked on ``kind`` (exact): how widely single results spread.

    >>> from baccarat.odds import deck_counts, outcome_distribution
    >>> from baccarat.payouts import STANDARD
    >>> round(float(return_variance("player", STANDARD, outcome_distribution(deck_counts(8)))), 4)
    0.9047
    """
    return coup_variance({kind: Fraction(1)}, payouts, distribution)
