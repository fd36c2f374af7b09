"""Monte Carlo play: many coups dealt from real shuffled shoes.

Design overview: ``simulate`` deals ``hands`` coups from ``Shoe.shuffled``
shoes, each coup to the end, and starts a new shoe once the cut card has come
out (or fewer than six cards remain, so a coup can always be finished). With a
``seed``, one ``random.Random(seed)`` shuffles every shoe in turn, so a run is
reproducible; without one, each shoe is shuffled by the shoe's secure default.

Speed: a ``Coup`` object logs a ``Step`` per card, which a lesson needs and a
simulation does not. ``_deal`` is the fast path: it draws cards one at a time
and makes the same decisions through the same functions of
``baccarat.rules`` (``is_natural``, ``player_draws``, ``banker_draws``),
keeping only the totals. ``play_coup`` exposes it for a sequence of cards, and
the tests check that it agrees with ``Coup.from_cards`` card for card.

Invariants: every coup uses 4 to 6 cards in dealing order (Player, Banker,
Player, Banker, then Player's and Banker's third cards); the wins of a result
add up to ``hands``; this module only counts, it never settles bets.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from baccarat.cards import Card
from baccarat.coup import Outcome, Winner
from baccarat.errors import InvalidCardError
from baccarat.rules import banker_draws, is_natural, player_draws
from baccarat.shoe import DEFAULT_CUT_FROM_END, DEFAULT_DECKS, Shoe

__all__ = ["SimulationResult", "play_coup", "simulate"]


@dataclass(frozen=True)
class SimulationResult:
    """What a simulation counted: coups, shoes used, wins per result and naturals.

    >>> result = simulate(100, seed=7)
    >>> sum(result.wins.values()) == result.hands == 100
    True
    """

    hands: int
    decks: int
    shoes: int
    wins: Mapping[Winner, int]
    naturals: int

    def frequency(self, winner: Winner) -> float:
        """The share of coups that ended with this result.

        >>> simulate(10, seed=1).frequency(Winner.TIE) <= 1.0
        True
        """
        return self.wins[winner] / self.hands


def _deal(draw: Callable[[], Card]) -> tuple[int, int, bool, int, int]:
    """Deal one coup with ``draw``: (player total, banker total, natural, player's cards, banker's cards)."""
    player = draw().points
    banker = draw().points
    player = (player + draw().points) % 10
    banker = (banker + draw().points) % 10
    if is_natural(player) or is_natural(banker):
        return player, banker, True, 2, 2
    if player_draws(player):
        third = draw().points
        player = (player + third) % 10
        if banker_draws(banker, third):
            return player, (banker + draw().points) % 10, False, 3, 3
        return player, banker, False, 3, 2
    if banker_draws(banker, None):
        return player, (banker + draw().points) % 10, False, 2, 3
    return player, banker, False, 2, 2


def play_coup(cards: Iterable[Card]) -> Outcome:
    """The outcome of the coup these cards make, in dealing order (the fast path).

    >>> play_coup(Card.parse(t) for t in "5 3 K J 8 9".split())
    Outcome(player 3, banker 3)

    :raises InvalidCardError: if the cards run out before the coup is over.
    """
    iterator = iter(cards)

    def draw() -> Card:
        try:
            return next(iterator)
        except StopIteration:
            raise InvalidCardError("The coup needs more cards than were given.") from None

    player, banker, natural, player_count, banker_count = _deal(draw)
    return Outcome(
        player_total=player,
        banker_total=banker,
        player_count=player_count,
        banker_count=banker_count,
        natural=natural,
    )


def simulate(
    hands: int,
    *,
    decks: int = DEFAULT_DECKS,
    seed: int | None = None,
    cut_from_end: int = DEFAULT_CUT_FROM_END,
) -> SimulationResult:
    """Play ``hands`` coups from shuffled shoes and count the results.

    >>> result = simulate(2_000, seed=2024)
    >>> result == simulate(2_000, seed=2024)
    True
    >>> 0.40 < result.frequency(Winner.BANKER) < 0.52
    True

    :raises ValueError: if ``hands`` is not a whole number of at least 1.
    :raises InvalidShoeError: if ``decks`` is not 1 to 8 or the cut card does not fit.
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise ValueError(f"A simulation plays at least one coup, not {hands!r}.")
    # A simulation is not a table: a fast seeded generator is enough (the table shuffles with
    # secrets.SystemRandom). Unseeded runs draw their seed from the system's secure source.
    rng = random.Random(seed if seed is not None else secrets.randbits(128))
    shoe = Shoe.shuffled(decks, cut_from_end=cut_from_end, rng=rng)
    shoes = 1
    player_wins = banker_wins = ties = naturals = 0
    for _ in range(hands):
        if shoe.finished:
            shoe = Shoe.shuffled(decks, cut_from_end=cut_from_end, rng=rng)
            shoes += 1
        player, banker, natural, _player_count, _banker_count = _deal(shoe.draw)
        winner = Winner.of(player, banker)
        if winner is Winner.PLAYER:
            player_wins += 1
        elif winner is Winner.BANKER:
            banker_wins += 1
        else:
            ties += 1
        if natural:
            naturals += 1
    wins = {Winner.PLAYER: player_wins, Winner.BANKER: banker_wins, Winner.TIE: ties}
    return SimulationResult(
        hands=hands, decks=decks, shoes=shoes, wins=MappingProxyType(wins), naturals=naturals
    )
