"""Exact odds of the next coup, by exhaustive enumeration of the shoe.

Design overview: the composition of a shoe is ten counts, one per point value
0-9 (suits and the rank of a zero card never matter). ``outcome_distribution``
walks every way the next coup can be dealt from those counts, drawing without
replacement, and returns the exact probability of every distinct ``Outcome``
as a ``Fraction``. No simulation and no floating point are involved.

How it stays fast (well under a second for eight full decks):

- Cards are enumerated by point value (10 classes), not by card.
- Player's first two cards and Banker's first two cards are unordered pairs.
  The number of ordered ways to draw a multiset of values depends only on the
  multiset (a falling product of the counts), so a pair of two different
  values is counted once with multiplicity 2.
- Weights are integers: the number of ordered card sequences that lead to a
  result. They are accumulated separately for coups of 4, 5 and 6 cards and
  divided only at the end by the falling factorial ``N (N-1) ... (N-k+1)``.
- Banker's third card is aggregated by value straight into the table of
  (player total, banker total) counters.

The drawing rules are not repeated here: the decision tables below are built
once from ``baccarat.rules`` (``is_natural``, ``player_draws`` and
``banker_draws``), the same functions a ``Coup`` uses.

Invariants: the probabilities of a distribution sum to exactly 1 whenever at
least six cards remain (any coup can then be dealt to the end); only outcomes
with a positive probability appear; a house edge is minus the expected return
per chip staked, so a positive edge favours the house. ``Odds.house_edge``
prices every bet kind in the registry (``baccarat.bets``), one registered
after the import included: a kind decided by the outcome from the value
enumeration above, a kind decided by the cards themselves (the pair bets, a
``BetSpec`` with a ``price``) from the composition of the undealt cards by
(rank, suit), ``cards``. Without ``cards`` those kinds are left out of
``house_edge`` (the ten value counts cannot tell a pair); ``odds_for_decks``
always supplies a full shoe's cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache, partial
from types import MappingProxyType

from baccarat.bets import all_bets, registry_version
from baccarat.cards import Rank, Suit
from baccarat.coup import Outcome, Winner
from baccarat.errors import InvalidBetError, InvalidShoeError
from baccarat.payouts import STANDARD, PayoutSet, expected_return
from baccarat.rules import MAX_CARDS_PER_COUP, banker_draws, is_natural, player_draws
from baccarat.sidebets import CardCounts, value_counts

__all__ = ["Odds", "deck_cards", "deck_counts", "exact_odds", "odds_for_decks", "outcome_distribution"]

#: Cards of each point value 0-9 in one 52-card deck (10, J, Q and K count 0).
_PER_DECK = (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
_VALUES = range(10)

# Decision tables built from the rule functions (no second copy of the rules).
_NATURAL = tuple(is_natural(total) for total in _VALUES)
_PLAYER_DRAWS = tuple(player_draws(total) for total in _VALUES)
_BANKER_DRAWS_PLAYER_STOOD = tuple(banker_draws(total, None) for total in _VALUES)
#: For each Banker total, the Player third-card values on which Banker draws.
_BANKER_DRAWS_ON = tuple(
    tuple(banker_draws(total, third) for third in _VALUES) if not is_natural(total) else (False,) * 10
    for total in _VALUES
)


def deck_counts(decks: int) -> tuple[int, ...]:
    """The counts of cards per point value 0-9 in a shoe of ``decks`` full decks.

    >>> deck_counts(1)
    (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
    >>> sum(deck_counts(8))
    416

    :raises InvalidShoeError: if ``decks`` is not a whole number from 1 to 8.
    """
    if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= 8:
        raise InvalidShoeError(f"A shoe holds 1 to 8 decks, not {decks!r}.")
    return tuple(count * decks for count in _PER_DECK)


def deck_cards(decks: int) -> Mapping[tuple[Rank, Suit | None], int]:
    """The count of every (rank, suit) in a shoe of ``decks`` full decks (``decks`` of each card).

    >>> cards = deck_cards(8)
    >>> len(cards), cards[Rank.KING, Suit.HEARTS]
    (52, 8)

    :raises InvalidShoeError: if ``decks`` is not a whole number from 1 to 8.
    """
    deck_counts(decks)
    return MappingProxyType({(rank, suit): decks for rank in Rank for suit in Suit})


#: A composition as hashable, sorted items (the key of the cache of priced odds).
_CardItems = tuple[tuple[tuple[Rank, Suit | None], int], ...]


def _validated_cards(cards: CardCounts, counts: tuple[int, ...]) -> dict[tuple[Rank, Suit | None], int]:
    """The composition as a dict, after checking it maps cards to counts that add up to ``counts``."""
    try:
        composition = dict(cards.items())
    except (AttributeError, TypeError):
        raise InvalidShoeError(
            f"The cards must map (Rank, Suit or None) to a count, not {cards!r}."
        ) from None
    for key, count in composition.items():
        if not (
            isinstance(key, tuple)
            and len(key) == 2
            and isinstance(key[0], Rank)
            and (key[1] is None or isinstance(key[1], Suit))
        ):
            raise InvalidShoeError(f"A card is keyed (Rank, Suit or None), not {key!r}.")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise InvalidShoeError(f"The count of {key!r} must be a whole number of cards, not {count!r}.")
    if value_counts(composition) != counts:
        raise InvalidShoeError("The cards by rank and suit do not add up to the counts per point value.")
    return composition


def _validated(counts: Sequence[int]) -> tuple[int, ...]:
    """The counts as a tuple, after checking they describe a shoe one coup can be dealt from."""
    try:
        values = tuple(counts)
    except TypeError:
        raise InvalidShoeError(f"The counts must be a sequence of ten numbers, not {counts!r}.") from None
    if len(values) != 10:
        raise InvalidShoeError(f"The counts must give one number per point value 0-9, not {len(values)}.")
    for value, count in enumerate(values):
        if isinstance(count, bool) or not isinstance(count, int):
            raise InvalidShoeError(f"The count of value {value} must be a whole number, not {count!r}.")
        if count < 0:
            raise InvalidShoeError(f"The count of value {value} cannot be negative ({count!r}).")
    if sum(values) < MAX_CARDS_PER_COUP:
        raise InvalidShoeError(
            f"A coup needs at least {MAX_CARDS_PER_COUP} cards in the shoe, not {sum(values)}."
        )
    return values


def _falling(n: int, k: int) -> int:
    """The falling factorial ``n (n-1) ... (n-k+1)``: ordered draws of ``k`` cards out of ``n``."""
    product = 1
    for factor in range(n, n - k, -1):
        product *= factor
    return product


def _weights(counts: tuple[int, ...]) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """Integer weights per (player total * 10 + banker total): naturals, both stood, only Player
    drew, only Banker drew, both drew.

    Each weight is the number of ordered card sequences (cards told apart) that
    end the coup with those totals and that number of cards.
    """
    natural4 = [0] * 100
    stood4 = [0] * 100
    player_drew = [0] * 100
    banker_drew = [0] * 100
    six = [0] * 100
    left = list(counts)
    for p1 in _VALUES:
        w_p1 = left[p1]
        if not w_p1:
            continue
        left[p1] -= 1
        for p2 in range(p1, 10):
            w_p2 = left[p2]
            if not w_p2:
                continue
            left[p2] -= 1
            w_player = w_p1 * w_p2 * (1 if p1 == p2 else 2)
            player = (p1 + p2) % 10
            for b1 in _VALUES:
                w_b1 = left[b1]
                if not w_b1:
                    continue
                left[b1] -= 1
                for b2 in range(b1, 10):
                    w_b2 = left[b2]
                    if not w_b2:
                        continue
                    weight = w_player * w_b1 * w_b2 * (1 if b1 == b2 else 2)
                    banker = (b1 + b2) % 10
                    if _NATURAL[player] or _NATURAL[banker]:
                        natural4[player * 10 + banker] += weight
                        continue
                    left[b2] -= 1
                    if _PLAYER_DRAWS[player]:
                        draws_on = _BANKER_DRAWS_ON[banker]
                        for third in _VALUES:
                            w_third = left[third]
                            if not w_third:
                                continue
                            w_third *= weight
                            final = (player + third) % 10
                            if draws_on[third]:
                                left[third] -= 1
                                row = final * 10
                                for b3 in _VALUES:
                                    if left[b3]:
                                        six[row + (banker + b3) % 10] += w_third * left[b3]
                                left[third] += 1
                            else:
                                player_drew[final * 10 + banker] += w_third
                    elif _BANKER_DRAWS_PLAYER_STOOD[banker]:
                        row = player * 10
                        for b3 in _VALUES:
                            if left[b3]:
                                banker_drew[row + (banker + b3) % 10] += weight * left[b3]
                    else:
                        stood4[player * 10 + banker] += weight
                    left[b2] += 1
                left[b1] += 1
            left[p2] += 1
        left[p1] += 1
    return natural4, stood4, player_drew, banker_drew, six


@lru_cache(maxsize=256)
def _distribution(counts: tuple[int, ...]) -> Mapping[Outcome, Fraction]:
    """The cached, read-only distribution for validated counts."""
    total = sum(counts)
    natural4, stood4, player_drew, banker_drew, six = _weights(counts)
    tables = (
        (natural4, True, 2, 2),
        (stood4, False, 2, 2),
        (player_drew, False, 3, 2),
        (banker_drew, False, 2, 3),
        (six, False, 3, 3),
    )
    distribution: dict[Outcome, Fraction] = {}
    for weights, natural, player_count, banker_count in tables:
        denominator = _falling(total, player_count + banker_count)
        ending = partial(Outcome, player_count=player_count, banker_count=banker_count, natural=natural)
        for index, weight in enumerate(weights):
            if weight:
                player, banker = divmod(index, 10)
                distribution[ending(player_total=player, banker_total=banker)] = Fraction(weight, denominator)
    return MappingProxyType(distribution)


def outcome_distribution(counts: Sequence[int]) -> dict[Outcome, Fraction]:
    """The exact probability of every outcome of the next coup from a shoe with these counts.

    ``counts[v]`` is the number of undealt cards of point value ``v`` (0-9).

    >>> from baccarat.coup import Winner
    >>> distribution = outcome_distribution((5, 0, 0, 0, 0, 0, 0, 0, 0, 1))
    >>> sum(distribution.values())
    Fraction(1, 1)
    >>> sum(p for outcome, p in distribution.items() if outcome.winner is Winner.PLAYER)
    Fraction(1, 2)

    :raises InvalidShoeError: if fewer than six cards remain or a count is negative.
    """
    return dict(_distribution(_validated(counts)))


@dataclass(frozen=True)
class Odds:
    """The exact chances of the next coup and the house edge of every bet.

    ``house_edge`` is a fraction of the stake; positive favours the house. On
    a tie, Player and Banker bets are returned (a push counts as zero).

    >>> odds = odds_for_decks(8)
    >>> f"{float(odds.house_edge['banker']):.4%}"
    '1.0579%'
    """

    counts: tuple[int, ...]
    payouts: PayoutSet
    probabilities: Mapping[Winner, Fraction]
    #: Per registered bet kind's key (a ``BetKind`` looks up a built-in one).
    house_edge: Mapping[str, Fraction]
    distribution: Mapping[Outcome, Fraction]
    #: The undealt cards by (rank, suit) the card-decided kinds were priced from (``None``: not given,
    #: and those kinds are absent from ``house_edge``).
    cards: CardCounts | None = None

    @property
    def natural_probability(self) -> Fraction:
        """The probability that the coup ends on a natural.

        >>> odds_for_decks(8).natural_probability > Fraction(1, 6)
        True
        """
        return sum((p for outcome, p in self.distribution.items() if outcome.natural), Fraction(0))


def _odds(counts: tuple[int, ...], payouts: PayoutSet) -> Odds:
    distribution = _distribution(counts)
    probabilities = dict.fromkeys(Winner, Fraction(0))
    for outcome, probability in distribution.items():
        probabilities[outcome.winner] += probability
    house_edge = {
        spec.key: -expected_return(spec.key, payouts, distribution)
        for spec in all_bets()
        if spec.price is None
    }
    return Odds(
        counts=counts,
        payouts=payouts,
        probabilities=MappingProxyType(probabilities),
        house_edge=MappingProxyType(house_edge),
        distribution=distribution,
    )


@lru_cache(maxsize=64)
def _named_odds(counts: tuple[int, ...], payouts_name: str, _version: int) -> Odds:
    """Cached odds for a named payout set (``PayoutSet`` itself is not hashable).

    ``_version`` is the registry's: a bet kind registered later is priced, not missed.
    """
    return _odds(counts, PayoutSet.named(payouts_name))


def _is_named(payouts: PayoutSet) -> bool:
    """Whether ``PayoutSet.named`` gives this very payout set back (then its odds are cached)."""
    try:
        return PayoutSet.named(payouts.name) == payouts
    except InvalidBetError:
        return False


def exact_odds(
    counts: Sequence[int], payouts: PayoutSet = STANDARD, *, cards: CardCounts | None = None
) -> Odds:
    """The exact odds of the next coup from a shoe with these counts, under these payouts.

    ``cards``: the undealt cards by (rank, suit) (``Shoe.remaining_cards()``), which must add up
    to ``counts``; with them the pair bets are priced too, without them they are not in
    ``house_edge``.

    >>> from baccarat.coup import Winner
    >>> odds = exact_odds(deck_counts(8))
    >>> round(float(odds.probabilities[Winner.BANKER]), 6), "player_pair" in odds.house_edge
    (0.458597, False)

    :raises InvalidShoeError: if fewer than six cards remain, a count is negative, or the cards
        do not add up to the counts.
    """
    values = _validated(counts)
    named = _is_named(payouts)
    odds = _named_odds(values, payouts.name, registry_version()) if named else _odds(values, payouts)
    if cards is None:
        return odds
    composition = _validated_cards(cards, values)
    if not named:
        return _priced(odds, composition)
    key = tuple(sorted(composition.items(), key=lambda item: (item[0][0].value, item[0][1] or "")))
    return _named_priced_odds(values, payouts.name, registry_version(), key)


def _priced(odds: Odds, cards: Mapping[tuple[Rank, Suit | None], int]) -> Odds:
    """The odds with the card-decided kinds priced from ``cards`` too, in registry order."""
    composition = MappingProxyType(dict(cards))
    priced = {
        spec.key: -spec.price(composition, odds.payouts) for spec in all_bets() if spec.price is not None
    }
    merged = {**odds.house_edge, **priced}
    edges = {spec.key: merged[spec.key] for spec in all_bets()}
    return replace(odds, house_edge=MappingProxyType(edges), cards=composition)


@lru_cache(maxsize=64)
def _named_priced_odds(
    counts: tuple[int, ...],
    payouts_name: str,
    version: int,
    cards: tuple[tuple[tuple[Rank, Suit | None], int], ...],
) -> Odds:
    """Cached odds of a named payout set with the card-decided kinds priced (``cards`` as sorted items)."""
    return _priced(_named_odds(counts, payouts_name, version), dict(cards))


def odds_for_decks(decks: int, payouts: PayoutSet = STANDARD) -> Odds:
    """The exact odds of the first coup from a fresh shoe of ``decks`` decks, every registered kind priced.

    >>> from baccarat.payouts import NO_COMMISSION
    >>> f"{float(odds_for_decks(8, NO_COMMISSION).house_edge['banker']):.4%}"
    '1.4581%'
    >>> f"{float(odds_for_decks(8).house_edge['player_pair']):.2%}"
    '10.36%'

    :raises InvalidShoeError: if ``decks`` is not a whole number from 1 to 8.
    """
    return exact_odds(deck_counts(decks), payouts, cards=deck_cards(decks))
