"""The shoe: several decks shuffled together, with a cut card and the burn.

Design overview: a ``Shoe`` is an ordered list of cards and a position. It is
shuffled with a cryptographically secure generator (``secrets.SystemRandom``)
unless a generator is passed in (simulations with a seed), or arranged in
advance from a given sequence (lessons and tests). ``dumps()`` stores the
whole shoe, its position and its burn in one short string that ``loads()``
restores exactly.

The shoe procedure of a real table, as this engine plays it:

- The burn: ``burn()`` turns the first card face up, and its value says how
  many cards are then taken out face down (an ace burns 1, two to nine their
  number, a ten or a picture card 10). The shoe records it (``burned``): the
  turned card and how many were burned, never which. Only a shoe that asks
  for it burns: the practice table burns every new shoe; arranged shoes
  (lessons, worked examples, tests) and simulations never burn, so their
  cards and figures stay as they were.
- The cut card lies ``cut_from_end`` cards before the end (counted from the
  end of the whole shoe, burn or not). Once the position has reached it,
  ``cut_card_out`` is true: the coup in progress is dealt to its end and is
  the last coup of the shoe (``finished``); the next coup starts a new shoe.
  (Many casinos deal one more coup after the cut card comes out; this table
  stops at the coup in which it came out, as it always has.)
- Exact odds for someone watching (``unseen_counts``) count the burned cards
  among the cards not yet seen: they are gone, but nobody saw them.

Secrecy: ``repr`` and ``str`` show only counts and the position, never an
undealt card. Only ``draw()`` and ``dumps()`` reveal them, and the web layer
keeps the dump on the server.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from baccarat.cards import Card, Rank, Suit
from baccarat.errors import InvalidShoeError, ShoeEmptyError
from baccarat.rules import MAX_CARDS_PER_COUP
from baccarat.sidebets import card_counts, value_counts

__all__ = [
    "BURN_OF_A_ZERO",
    "DEFAULT_CUT_FROM_END",
    "DEFAULT_DECKS",
    "Burn",
    "Shoe",
    "ShoeFacts",
    "burn_count",
]

DEFAULT_DECKS = 8
DEFAULT_CUT_FROM_END = 14
#: A ten or a picture card (0 points) burns ten cards.
BURN_OF_A_ZERO = 10
_FORMAT = "s1"
#: The format of a shoe that has been burned: one more field, how many cards were burned.
_FORMAT_BURNED = "b1"

# One character per card: 52 suited cards, then 13 suitless ones (lessons).
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~"
_CODES: list[Card] = [Card(rank, suit) for suit in Suit for rank in Rank] + [Card(rank) for rank in Rank]
_CHAR_OF = {card: _ALPHABET[index] for index, card in enumerate(_CODES)}
_CARD_OF = {char: card for card, char in _CHAR_OF.items()}
_CARD_CHARS = frozenset(_CARD_OF)


def _check_fit(first: Sequence[Card], size: int, *, cut: int, position: int, burned: int | None) -> None:
    """Whether the cut card, the position and the burn fit a shoe of ``size`` cards (``first``: its first
    card, if any), for a shoe built and for a dump read without building one.

    :raises InvalidShoeError: if one of them does not fit.
    """
    if not 0 <= cut <= size:
        raise InvalidShoeError(f"The cut card must lie within the shoe's {size} cards, not at {cut!r}.")
    if not 0 <= position <= size:
        raise InvalidShoeError(f"The position must lie within the shoe's {size} cards, not at {position!r}.")
    if burned is not None:
        if not first or burned != burn_count(first[0]):
            raise InvalidShoeError(f"A burn of {burned!r} cards does not match the shoe's first card.")
        if position < 1 + burned:
            raise InvalidShoeError(
                f"After a burn of {burned} cards the position is at least {1 + burned}, not {position}."
            )


def _dump(decks: int, cut: int, position: int, burned: int | None, cards: str) -> str:
    """A dump's text: format, decks, cut, position, the burn (if there was one), the card characters."""
    if burned is not None:
        return f"{_FORMAT_BURNED}.{decks}.{cut}.{position}.{burned}.{cards}"
    return f"{_FORMAT}.{decks}.{cut}.{position}.{cards}"


def one_deck() -> list[Card]:
    """The 52 cards of one deck, in a fixed order."""
    return [Card(rank, suit) for suit in Suit for rank in Rank]


def burn_count(card: Card) -> int:
    """How many cards a turned card burns: its points, and ten for a card worth 0.

    >>> [burn_count(Card.parse(t)) for t in ("A", "7", "9", "10", "K")]
    [1, 7, 9, 10, 10]
    """
    return card.points or BURN_OF_A_ZERO


@dataclass(frozen=True)
class Burn:
    """The burn at the start of a shoe: the card turned face up and how many cards went face down.

    >>> burn = Burn(Card.parse("7H"), 7)
    >>> burn.burned, burn.cards_used
    (7, 8)
    """

    #: The first card of the shoe, shown to everyone.
    turned: Card
    #: How many cards were burned face down after it (never which).
    burned: int

    @property
    def cards_used(self) -> int:
        """The cards the burn took out of the shoe, the turned one included."""
        return 1 + self.burned


@dataclass(frozen=True)
class ShoeFacts:
    """What may be shown about a dumped shoe: nothing of its undealt or burned cards."""

    cards_left: int
    #: The cut card has come out: the coup in progress is the shoe's last.
    cut_card_out: bool
    #: It came out with the card drawn last.
    cut_card_just_out: bool
    burn: Burn | None


class Shoe:
    """Cards waiting to be dealt, in order, with a cut card.

    >>> shoe = Shoe.arranged([Card.parse(t) for t in "4 2 4 3".split()])
    >>> shoe.draw(), shoe.remaining
    (4, 3)
    >>> Shoe.loads(shoe.dumps()) == shoe
    True
    """

    __slots__ = ("_burned", "_cards", "_cut", "_position", "decks")

    def __init__(
        self,
        cards: Sequence[Card],
        *,
        position: int = 0,
        cut: int | None = None,
        decks: int = 0,
        burned: int | None = None,
    ) -> None:
        """``burned``: how many cards the burn took face down after the first card (``None``: no burn).

        :raises InvalidShoeError: if the cut card, the position or the burn does not fit the cards.
        """
        self._cards = tuple(cards)
        self._cut = len(self._cards) if cut is None else cut
        _check_fit(self._cards[:1], len(self._cards), cut=self._cut, position=position, burned=burned)
        self._position = position
        self._burned = burned
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

    def burn(self) -> Burn:
        """Burn the start of the shoe: turn the first card face up, then take out that many face down.

        >>> shoe = Shoe.arranged(["3H", "K", "Q", "J", "9", "8"])
        >>> shoe.burn()
        Burn(turned=3H, burned=3)
        >>> shoe.position, shoe.draw()
        (4, 9)
        >>> Shoe.loads(shoe.dumps()).burned
        Burn(turned=3H, burned=3)

        :raises InvalidShoeError: if a card has been drawn or burned already, or the shoe is too
            short for the burn.
        """
        if self._burned is not None:
            raise InvalidShoeError("This shoe has been burned already.")
        if self._position != 0:
            raise InvalidShoeError("Only a shoe that has not been dealt from can be burned.")
        if not self._cards:
            raise InvalidShoeError("An empty shoe cannot be burned.")
        burned = burn_count(self._cards[0])
        if 1 + burned > len(self._cards):
            raise InvalidShoeError(f"A shoe of {len(self._cards)} cards is too short to burn {burned}.")
        self._burned = burned
        self._position = 1 + burned
        return Burn(self._cards[0], burned)

    @property
    def burned(self) -> Burn | None:
        """The burn at the start of this shoe (``None`` if it was not burned)."""
        if self._burned is None:
            return None
        return Burn(self._cards[0], self._burned)

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
        return value_counts(self.remaining_cards())

    def remaining_cards(self) -> dict[tuple[Rank, Suit | None], int]:
        """How many undealt cards there are of each (rank, suit), suit ``None`` for a suitless card:
        the composition the pair bets are priced from (``exact_odds(..., cards=...)``).

        >>> Shoe.arranged(["KH", "KH", "7"]).remaining_cards()[Rank.KING, Suit.HEARTS]
        2
        """
        return card_counts(self._cards[self._position :])

    def unseen_counts(self) -> tuple[int, ...]:
        """How many cards of each point value 0-9 nobody has seen: the undealt ones and the burned ones.

        The burned cards are out of play, but face down: for someone who watched the
        shoe, they are as unknown as the cards still in it (the exact odds such a
        watcher can work out come from these counts).

        >>> shoe = Shoe.arranged(["A", "9", "9", "9", "9", "9", "9"])
        >>> _ = shoe.burn()
        >>> shoe.remaining_counts()[9], shoe.unseen_counts()[9]
        (5, 6)
        """
        return value_counts(self.unseen_cards())

    def unseen_cards(self) -> dict[tuple[Rank, Suit | None], int]:
        """``remaining_cards`` with the burned cards added (see ``unseen_counts``)."""
        burned = self._cards[1 : 1 + self._burned] if self._burned is not None else ()
        return card_counts(self._cards[self._position :] + burned)

    def dumps(self) -> str:
        """The shoe, its position and its burn as one short string (keep it on the server).

        >>> Shoe.arranged(["AS", "10H", "K"]).dumps()
        's1.0.3.0.AW~'
        >>> shoe = Shoe.arranged(["AS", "10H", "K"])
        >>> _ = shoe.burn()
        >>> shoe.dumps()
        'b1.0.3.2.1.AW~'
        """
        cards = "".join(_CHAR_OF[card] for card in self._cards)
        return _dump(self.decks, self._cut, self._position, self._burned, cards)

    @staticmethod
    def _fields(text: str) -> tuple[int, int, int, int | None, str]:
        """(decks, cut, position, burned or ``None``, card characters) of a dump; numbers unchecked.

        :raises ValueError: if the text does not have the fields of a dump.
        """
        fields = text.split(".")
        if fields[0] == _FORMAT and len(fields) == 5:
            _fmt, decks, cut, position, cards = fields
            return int(decks), int(cut), int(position), None, cards
        if fields[0] == _FORMAT_BURNED and len(fields) == 6:
            _fmt, decks, cut, position, burned, cards = fields
            return int(decks), int(cut), int(position), int(burned), cards
        raise ValueError(text)

    @staticmethod
    def remaining_in(text: str) -> int:
        """How many cards a dumped shoe has left, read from the dump without rebuilding the shoe.

        >>> Shoe.remaining_in(Shoe.arranged(["AS", "10H", "K"]).dumps())
        3

        :raises InvalidShoeError: if the text is not a dumped shoe.
        """
        try:
            _decks, _cut, position, _burned, cards = Shoe._fields(text)
            if not 0 <= position <= len(cards):
                raise ValueError
        except (ValueError, AttributeError):
            raise InvalidShoeError(f"{str(text)[:40]!r} is not a dumped shoe.") from None
        return len(cards) - position

    @staticmethod
    def facts_in(text: str) -> ShoeFacts:
        """What a page may show about a dumped shoe, read from the dump without rebuilding the shoe.

        >>> shoe = Shoe.arranged(["2H", "K", "9", "8", "7"], cut=4)
        >>> _ = shoe.burn()
        >>> Shoe.facts_in(shoe.dumps())
        ShoeFacts(cards_left=2, cut_card_out=False, cut_card_just_out=False, burn=Burn(turned=2H, burned=2))
        >>> _ = shoe.draw()
        >>> Shoe.facts_in(shoe.dumps()).cut_card_just_out
        True

        :raises InvalidShoeError: if the text is not a dumped shoe.
        """
        try:
            _decks, cut, position, burned, cards = Shoe._fields(text)
            if not 0 <= position <= len(cards) or not 0 <= cut <= len(cards):
                raise ValueError
            burn = None if burned is None else Burn(_CARD_OF[cards[0]], burned)
        except (ValueError, AttributeError, KeyError, IndexError):
            raise InvalidShoeError(f"{str(text)[:40]!r} is not a dumped shoe.") from None
        return ShoeFacts(
            cards_left=len(cards) - position,
            cut_card_out=position >= cut,
            cut_card_just_out=position == cut,
            burn=burn,
        )

    @staticmethod
    def draw_from(text: str) -> tuple[Card, str]:
        """Take the next card of a dumped shoe: the card and the dump after it, without rebuilding the shoe.

        The same as ``loads``, ``draw`` and ``dumps``, at the cost of reading one character (a deal
        request does this on every card).

        >>> card, after = Shoe.draw_from(Shoe.arranged(["AS", "10H", "K"]).dumps())
        >>> card, after
        (AS, 's1.0.3.1.AW~')
        >>> Shoe.loads(after).remaining
        2

        :raises InvalidShoeError: if the text is not a dumped shoe.
        :raises ShoeEmptyError: if no card is left.
        """
        try:
            decks, cut, position, burned, cards = Shoe._fields(text)
            if not set(cards) <= _CARD_CHARS:
                raise ValueError
        except (ValueError, AttributeError, TypeError):
            raise InvalidShoeError(f"{str(text)[:40]!r} is not a dumped shoe.") from None
        _check_fit(
            [_CARD_OF[char] for char in cards[:1]], len(cards), cut=cut, position=position, burned=burned
        )
        if position == len(cards):
            raise ShoeEmptyError(f"The shoe is empty: all {len(cards)} cards have been dealt.")
        return _CARD_OF[cards[position]], _dump(decks, cut, position + 1, burned, cards)

    @classmethod
    def loads(cls, text: str) -> Shoe:
        """Restore a shoe from ``dumps()``.

        :raises InvalidShoeError: if the text is not a dumped shoe.
        """
        if not isinstance(text, str):
            raise InvalidShoeError(f"A dumped shoe is text, not {text!r}.")
        try:
            decks, cut, position, burned, cards = cls._fields(text)
            return cls(
                [_CARD_OF[char] for char in cards], position=position, cut=cut, decks=decks, burned=burned
            )
        except (ValueError, KeyError, AttributeError):
            raise InvalidShoeError(f"{text[:40]!r} is not a dumped shoe.") from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Shoe):
            return NotImplemented
        return (self._cards, self._position, self._cut, self.decks, self._burned) == (
            other._cards,
            other._position,
            other._cut,
            other.decks,
            other._burned,
        )

    __hash__ = None  # type: ignore[assignment]  # a shoe changes as it is drawn

    def __repr__(self) -> str:
        return f"Shoe({len(self._cards)} cards, {self._position} dealt, cut at {self._cut})"

    __str__ = __repr__
