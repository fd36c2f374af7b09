"""The common side bets beyond the Lion Bonus: pairs, Dragon 7 and Panda 8, and their exact prices.

Design overview: each bet is a resolver (``Outcome`` and ``PayoutSet`` in, a
``PaymentCase`` out), a list of its winning cases and, for the bets decided by
the cards themselves rather than by the totals, a *pricer*: the exact expected
net per chip staked, worked out from the composition of the undealt cards
(``CardCounts``: how many of each (rank, suit) are left; suit ``None`` for a
suitless card). ``baccarat.bets`` registers them with their names.

The pair bets look only at the first two cards of a hand. Cards 1 and 3 go to
Player, 2 and 4 to Banker, and every ordering of the shoe is equally likely,
so those four cards are a uniform ordered draw of four without replacement.
With ``x`` cards in a class (a rank, or one rank of one suit) and ``N`` cards
in all, one hand's two cards fall in the same class in ``sum x(x-1)`` of the
``N(N-1)`` ordered ways; both hands do in ``(sum a)^2 - sum a^2 + sum x(x-1)(x-2)(x-3)``
of the ``N(N-1)(N-2)(N-3)`` ways, where ``a = x(x-1)`` (two different classes,
or the same class four times). Either hand is inclusion-exclusion:
``P(Player) + P(Banker) - P(both)``. Fractions only, no floats.

>>> from baccarat.cards import Rank, Suit
>>> deck = {(rank, suit): 1 for rank in Rank for suit in Suit}
>>> pair_probability(deck)
Fraction(1, 17)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

from baccarat.cards import Card, Rank, Suit
from baccarat.coup import Hand, Outcome, Winner
from baccarat.errors import InvalidBetError
from baccarat.paytable import Paid, PaymentCase, PayoutSet

__all__ = [
    "CardCounts",
    "Pricer",
    "both_pairs_probability",
    "card_counts",
    "dragon_7",
    "dragon_7_cases",
    "either_pair",
    "either_pair_cases",
    "either_pair_price",
    "pair",
    "pair_cases",
    "pair_price",
    "pair_probability",
    "panda_8",
    "panda_8_cases",
    "perfect_pair",
    "perfect_pair_cases",
    "perfect_pair_price",
    "value_counts",
]

#: How many undealt cards there are of each (rank, suit); suit ``None`` for a suitless card.
CardCounts = Mapping[tuple[Rank, Suit | None], int]
#: The exact expected net per chip staked on a bet, from the undealt cards, under a payout set.
Pricer = Callable[[CardCounts, PayoutSet], Fraction]

_LOST = PaymentCase(Paid.LOST)


def card_counts(cards: Iterable[Card]) -> dict[tuple[Rank, Suit | None], int]:
    """How many of each (rank, suit) there are among ``cards``.

    >>> card_counts([Card.parse("KH"), Card.parse("KH"), Card.parse("7")])
    {(<Rank.KING: 'K'>, <Suit.HEARTS: 'H'>): 2, (<Rank.SEVEN: '7'>, None): 1}
    """
    return dict(Counter((card.rank, card.suit) for card in cards))


def value_counts(cards: CardCounts) -> tuple[int, ...]:
    """The counts per point value 0-9 of a composition (what the value enumeration of the odds needs).

    >>> value_counts({(Rank.KING, Suit.HEARTS): 2, (Rank.SEVEN, None): 1})
    (2, 0, 0, 0, 0, 0, 0, 1, 0, 0)
    """
    counts = [0] * 10
    for (rank, _suit), count in cards.items():
        counts[rank.points] += count
    return tuple(counts)


def _classes(cards: CardCounts, suited: bool) -> list[int]:
    """The sizes of the classes a pair is made of: ranks, or (for ``suited``) suited cards alone."""
    if suited:
        return [count for (_rank, suit), count in cards.items() if suit is not None]
    ranks: Counter[Rank] = Counter()
    for (rank, _suit), count in cards.items():
        ranks[rank] += count
    return list(ranks.values())


def _falling(n: int, k: int) -> int:
    product = 1
    for factor in range(n, n - k, -1):
        product *= factor
    return product


def pair_probability(cards: CardCounts, *, suited: bool = False) -> Fraction:
    """The chance that one hand's first two cards are a pair (of one rank; ``suited``: also one suit).

    >>> pair_probability({(Rank.ACE, Suit.SPADES): 2, (Rank.ACE, Suit.HEARTS): 1, (Rank.TWO, None): 1})
    Fraction(1, 2)

    :raises InvalidBetError: if fewer than four cards are left.
    """
    total = _total(cards)
    pairs = sum(count * (count - 1) for count in _classes(cards, suited))
    return Fraction(pairs, _falling(total, 2))


def both_pairs_probability(cards: CardCounts, *, suited: bool = False) -> Fraction:
    """The chance that Player's and Banker's first two cards are both pairs (``suited``: suited pairs).

    :raises InvalidBetError: if fewer than four cards are left.
    """
    total = _total(cards)
    classes = _classes(cards, suited)
    pairs = [count * (count - 1) for count in classes]
    fours = sum(count * (count - 1) * (count - 2) * (count - 3) for count in classes)
    return Fraction(sum(pairs) ** 2 - sum(a * a for a in pairs) + fours, _falling(total, 4))


def _total(cards: CardCounts) -> int:
    total = sum(cards.values())
    if total < 4:
        raise InvalidBetError(f"A pair bet needs four cards to be dealt, not {total}.")
    return total


def _net(probability: Fraction, pays: Fraction) -> Fraction:
    """Expected net per chip of a bet that pays ``pays`` to 1 with this probability and loses otherwise."""
    return probability * pays - (1 - probability)


def pair_price(cards: CardCounts, payouts: PayoutSet) -> Fraction:
    """The expected net per chip of Player Pair (or Banker Pair: the same by symmetry)."""
    return _net(pair_probability(cards), Fraction(payouts.pair_pays))


def either_pair_price(cards: CardCounts, payouts: PayoutSet) -> Fraction:
    """The expected net per chip of Either Pair."""
    either = 2 * pair_probability(cards) - both_pairs_probability(cards)
    return _net(either, Fraction(payouts.either_pair_pays))


def perfect_pair_price(cards: CardCounts, payouts: PayoutSet) -> Fraction:
    """The expected net per chip of Perfect Pair (a suited pair in either hand)."""
    either = 2 * pair_probability(cards, suited=True) - both_pairs_probability(cards, suited=True)
    return _net(either, Fraction(payouts.perfect_pair_pays))


def _first_two(outcome: Outcome, hand: Hand) -> tuple[Card, Card]:
    """A hand's first two cards.

    :raises InvalidBetError: if the outcome does not carry the cards.
    """
    cards = outcome.player_cards if hand is Hand.PLAYER else outcome.banker_cards
    if len(cards) < 2:
        raise InvalidBetError(
            f"A pair bet is settled on the cards, and this outcome carries none for {hand.value}: "
            "settle it on the outcome of a dealt coup."
        )
    return cards[0], cards[1]


def _is_pair(outcome: Outcome, hand: Hand, suited: bool = False) -> bool:
    first, second = _first_two(outcome, hand)
    if first.rank != second.rank:
        return False
    return not suited or (first.suit is not None and first.suit == second.suit)


def pair(side: Hand) -> Callable[[Outcome, PayoutSet], PaymentCase]:
    """Player Pair or Banker Pair: that hand's first two cards are of one rank (a ten and a king are not)."""

    def resolve(outcome: Outcome, payouts: PayoutSet) -> PaymentCase:
        return PaymentCase(Paid.WON_PAIR, payouts.pair_pays) if _is_pair(outcome, side) else _LOST

    return resolve


def pair_cases(payouts: PayoutSet) -> tuple[PaymentCase, ...]:
    return (PaymentCase(Paid.WON_PAIR, payouts.pair_pays),)


def either_pair(outcome: Outcome, payouts: PayoutSet) -> PaymentCase:
    """A pair in either hand pays (once, even with two pairs)."""
    if _is_pair(outcome, Hand.PLAYER) | _is_pair(outcome, Hand.BANKER):
        return PaymentCase(Paid.WON_PAIR, payouts.either_pair_pays)
    return _LOST


def either_pair_cases(payouts: PayoutSet) -> tuple[PaymentCase, ...]:
    return (PaymentCase(Paid.WON_PAIR, payouts.either_pair_pays),)


def perfect_pair(outcome: Outcome, payouts: PayoutSet) -> PaymentCase:
    """A suited pair (one rank, one suit) in either hand pays; a suitless card never makes one."""
    if _is_pair(outcome, Hand.PLAYER, True) | _is_pair(outcome, Hand.BANKER, True):
        return PaymentCase(Paid.WON_SUITED_PAIR, payouts.perfect_pair_pays)
    return _LOST


def perfect_pair_cases(payouts: PayoutSet) -> tuple[PaymentCase, ...]:
    return (PaymentCase(Paid.WON_SUITED_PAIR, payouts.perfect_pair_pays),)


def dragon_7(outcome: Outcome, payouts: PayoutSet) -> PaymentCase:
    """Banker wins with three cards totalling 7; anything else loses."""
    if outcome.winner is Winner.BANKER and outcome.banker_count == 3 and outcome.banker_total == 7:
        return PaymentCase(Paid.WON_THREE_CARD_SEVEN, payouts.dragon_7_pays)
    return _LOST


def dragon_7_cases(payouts: PayoutSet) -> tuple[PaymentCase, ...]:
    return (PaymentCase(Paid.WON_THREE_CARD_SEVEN, payouts.dragon_7_pays),)


def panda_8(outcome: Outcome, payouts: PayoutSet) -> PaymentCase:
    """Player wins with three cards totalling 8; anything else loses."""
    if outcome.winner is Winner.PLAYER and outcome.player_count == 3 and outcome.player_total == 8:
        return PaymentCase(Paid.WON_THREE_CARD_EIGHT, payouts.panda_8_pays)
    return _LOST


def panda_8_cases(payouts: PayoutSet) -> tuple[PaymentCase, ...]:
    return (PaymentCase(Paid.WON_THREE_CARD_EIGHT, payouts.panda_8_pays),)
