"""Cards, ranks, suits and point values.

Design overview: a ``Card`` is an immutable value made of a ``Rank`` and an
optional ``Suit`` (lessons and the command line may name a card by rank alone,
since suits never change a value). The notation is the rank token followed by
an optional suit letter: ``A``, ``7c``, ``10H``, ``KD``. Point values: ace 1,
two to nine their face value, ten and picture cards 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from baccarat.errors import InvalidCardError

__all__ = ["Card", "Rank", "Suit", "hand_total", "is_pair"]


@unique
class Rank(StrEnum):
    """The thirteen ranks; each value is the rank's notation."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def points(self) -> int:
        """The rank's baccarat value.

        >>> Rank.KING.points, Rank.ACE.points, Rank.SEVEN.points
        (0, 1, 7)
        """
        return _POINTS[self]


_POINTS = {rank: min(index + 1, 10) % 10 for index, rank in enumerate(Rank)}


@unique
class Suit(StrEnum):
    """The four suits; each value is the suit's letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def is_red(self) -> bool:
        """Whether the suit is printed in red (hearts and diamonds)."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_RANK_ALIASES = {"T": Rank.TEN}  # the common one-letter notation for ten


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card; the suit may be left out where it does not matter.

    >>> Card.parse("7c")
    7C
    >>> Card.parse("10").points
    0
    """

    rank: Rank
    suit: Suit | None = None

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read a card from its notation (case does not matter).

        >>> Card.parse("kh")
        KH

        :raises InvalidCardError: if the token is not a card.
        """
        if not isinstance(token, str):
            raise InvalidCardError(f"A card must be given as text, not {token!r}.")
        text = token.strip().upper()
        suit: Suit | None = None
        if len(text) >= 2 and text[-1] in _SUIT_LETTERS:
            suit = Suit(text[-1])
            text = text[:-1]
        rank = _RANK_ALIASES.get(text)
        if rank is None:
            try:
                rank = Rank(text)
            except ValueError:
                raise InvalidCardError(
                    f"{token!r} is not a card: use A, 2-9, 10 (or T), J, Q or K, "
                    "optionally followed by a suit letter S, H, D or C."
                ) from None
        return cls(rank, suit)

    @property
    def points(self) -> int:
        """The card's baccarat value (0-9)."""
        return _POINTS[self.rank]

    @property
    def token(self) -> str:
        """The card's notation, e.g. ``"10H"`` or ``"K"``."""
        return self.rank.value + (self.suit.value if self.suit else "")

    def __repr__(self) -> str:
        return self.token

    def __str__(self) -> str:
        return self.token


_SUIT_LETTERS = frozenset(suit.value for suit in Suit)


def hand_total(cards: tuple[Card, ...] | list[Card]) -> int:
    """The total of a hand: the last digit of the sum of its points.

    >>> hand_total([Card.parse("7"), Card.parse("8")])
    5
    """
    return sum(card.points for card in cards) % 10


def is_pair(first: Card, second: Card) -> bool:
    """Whether two cards are a pair: the same rank, whatever their suits (a ten and a king are not).

    >>> is_pair(Card.parse("8H"), Card.parse("8S")), is_pair(Card.parse("10"), Card.parse("K"))
    (True, False)
    """
    return first.rank is second.rank
