"""The shoe: several decks shuffled together, with a cut card.

Design overview: a ``Shoe`` is an ordered list of cards and a position. It is
shuffled with a cryptographically secure generator (``secrets.SystemRandom``)
unless a generator is passed in (simulations with a seed), or arranged in
advance from a given sequence (lessons and tests). A cut card lies
``cut_from_end`` cards before the end: once the position has passed it,
``cut_card_out`` is true and the shoe is finished at the end of the current
coup. ``dumps()`` stores the whole shoe and its position in one short string
that ``loads()`` restores exactly.

Secrecy: ``repr`` and ``str`` show only counts and the position, never an
undealt card. Only ``draw()`` and ``dumps()`` reveal them, and the web layer
keeps the dump on the server.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence

from table.engine.cards import Card, Rank, Suit
from table.engine.errors import InvalidShoeError, ShoeEmptyError
from table.engine.rules import MAX_CARDS_PER_COUP

__all__ = ["DEFAULT_CUT_FROM_END", "DEFAULT_DECKS", "Shoe"]

DEFAULT_DECKS = 8
DEFAULT_CUT_FROM_END = 14
_FORMAT = "s1"

# One character per card: 52 suited cards, then 13 suitless ones (lessons).
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~"
_CODES: list[Card] = [Card(rank, suit) for suit in Suit for rank in Rank] + [Card(rank) for rank in Rank]
_CHAR_OF = {card: _ALPHABET[index] for index, card in enumerate(_CODES)}
_CARD_OF = {char: card for card, char in _CHAR_OF.items()}


def one_deck() -> list[Card]:
    """The 52 cards of one deck, in a fixed order."""
    return [Card(rank, suit) for suit in Suit for rank in Rank]


class Shoe:
    """Cards waiting to be dealt, in order, with a cut card.

    >>> shoe = Shoe.arranged([Card.parse(t) for t in "4 2 4 3".split()])
    >>> shoe.draw(), shoe.remaining
    (4, 3)
    >>> Shoe.loads(shoe.dumps()) == shoe
    True
    """

    __slots__ = ("_cards", "_cut", "_position", "decks")

    def __init__(
        self, cards: Sequence[Card], *, position: int = 0, cut: int | None = None, decks: int = 0
    ) -> None:
        self._cards = tuple(cards)
        size = len(self._cards)
        self._cut = size if cut is None else cut
        if not 0 <= self._cut <= size:
            raise InvalidShoeError(f"The cut card must lie within the shoe's {size} cards, not at {cut!r}.")
        if not 0 <= position <= size:
            raise InvalidShoeError(
                f"The position must lie within the shoe's {size} cards, not at {position!r}."
            )
        self._position = position
        self.decks = decks

    @classmethod
    def shuffled(
        cls,
        decks: int = DEFAULT_DECKS,
        *,
        cut_from_end: int = DEFAULT_CUT_FROM_END,
        rng: random.Random | None = None,
    ) -> Shoe:
        """A new shoe of ``decks`` full decks, shuffled.

        >>> len(Shoe.shuffled(6))
        312

        :raises InvalidShoeError: if ``decks`` is not 1 to 8 or the cut card does not fit.
        """
        if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= 8:
            raise InvalidShoeError(f"A shoe holds 1 to 8 decks, not {decks!r}.")
        cards = one_deck() * decks
        (rng or secrets.SystemRandom()).shuffle(cards)
        if not 0 <= cut_from_end < len(cards):
            raise InvalidShoeError(f"The cut card cannot lie {cut_from_end!r} cards from the end.")
        return cls(cards, cut=len(cards) - cut_from_end, decks=decks)

    @classmethod
    def arranged(cls, cards: Iterable[Card | str], *, cut: int | None = None) -> Shoe:
        """A shoe holding exactly these cards in this order (tokens are parsed).

        :raises InvalidCardError: if a token is not a card.
        """
        return cls([card if isinstance(card, Card) else Card.parse(card) for card in cards], cut=cut)

    @property
    def position(self) -> int:
        """How many cards have been drawn."""
        return self._position

    @property
    def cut(self) -> int:
        """The position of the cut card (the shoe ends once it is reached)."""
        return self._cut

    @property
    def remaining(self) -> int:
        """How many cards are left."""
        return len(self._cards) - self._position

    @property
    def cut_card_out(self) -> bool:
        """Whether the cut card has come out: finish this coup, then change shoes."""
        return self._position >= self._cut

    @property
    def finished(self) -> bool:
        """Whether no new coup starts from this shoe: the cut card is out, or fewer than six cards are left.

        >>> Shoe.arranged(["2", "3", "4", "5", "6"]).finished
        True
        """
        return self.cut_card_out or self.remaining < MAX_CARDS_PER_COUP

    def __len__(self) -> int:
        return len(self._cards)

    def draw(self) -> Card:
        """Take the next card.

        :raises ShoeEmptyError: if no card is left.
        """
        if self._position >= len(self._cards):
            raise ShoeEmptyError(f"The shoe is empty: all {len(self._cards)} cards have been dealt.")
        card = self._cards[self._position]
        self._position += 1
        return card

    def remaining_counts(self) -> tuple[int, ...]:
        """How many undealt cards there are of each point value 0-9 (for exact odds)."""
        counts = [0] * 10
        for card in self._cards[self._position :]:
            counts[card.points] += 1
        return tuple(counts)

    def dumps(self) -> str:
        """The shoe and its position as one short string (keep it on the server).

        >>> Shoe.arranged(["AS", "10H", "K"]).dumps()
        's1.0.3.0.AW~'
        """
        cards = "".join(_CHAR_OF[card] for card in self._cards)
        return f"{_FORMAT}.{self.decks}.{self._cut}.{self._position}.{cards}"

    @staticmethod
    def remaining_in(text: str) -> int:
        """How many cards a dumped shoe has left, read from the dump without rebuilding the shoe.

        >>> Shoe.remaining_in(Shoe.arranged(["AS", "10H", "K"]).dumps())
        3

        :raises InvalidShoeError: if the text is not a dumped shoe.
        """
        try:
            fmt, _decks, _cut, position, cards = text.split(".")
            if fmt != _FORMAT or not 0 <= int(position) <= len(cards):
                raise ValueError
        except (ValueError, AttributeError):
            raise InvalidShoeError(f"{str(text)[:40]!r} is not a dumped shoe.") from None
        return len(cards) - int(position)

    @classmethod
    def loads(cls, text: str) -> Shoe:
        """Restore a shoe from ``dumps()``.

        :raises InvalidShoeError: if the text is not a dumped shoe.
        """
        if not isinstance(text, str):
            raise InvalidShoeError(f"A dumped shoe is text, not {text!r}.")
        try:
            fmt, decks, cut, position, cards = text.split(".")
            if fmt != _FORMAT:
                raise ValueError
            return cls(
                [_CARD_OF[char] for char in cards], position=int(position), cut=int(cut), decks=int(decks)
            )
        except (ValueError, KeyError, AttributeError):
            raise InvalidShoeError(f"{text[:40]!r} is not a dumped shoe.") from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Shoe):
            return NotImplemented
        return (self._cards, self._position, self._cut, self.decks) == (
            other._cards,
            other._position,
            other._cut,
            other.decks,
        )

    __hash__ = None  # type: ignore[assignment]  # a shoe changes as it is drawn

    def __repr__(self) -> str:
        return f"Shoe({len(self._cards)} cards, {self._position} dealt, cut at {self._cut})"

    __str__ = __repr__
