"""One coup of Punto Banco, dealt one card per call.

Design overview: a ``Coup`` is a small state machine. It always knows which
hand the next card goes to (``next_hand``), or that the coup is over
(``next_hand is None``). ``deal(card)`` accepts exactly one card and returns a
``Step`` naming the card, the hand that received it, and the decisions the
rules took right after it, each as a machine-readable ``Reason``, with the
figures those reasons speak of as typed fields. ``coup.steps`` logs every
step; ``coup.outcome`` is ``None`` until the coup is over.

Invariants: a coup uses 4 to 6 cards; each hand holds 2 or 3 cards at the end;
a natural ends the coup after exactly 4 cards; Banker's decision after Player
drew looks at the value of Player's third card, never at Player's new total.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum, unique

from baccarat.cards import Card, hand_total
from baccarat.errors import CoupOverError, InvalidCardError
from baccarat.rules import banker_draws, is_natural, player_draws

__all__ = ["Coup", "Hand", "Outcome", "Reason", "Step", "Winner"]


@unique
class Hand(StrEnum):
    """The two hands on the table."""

    PLAYER = "player"
    BANKER = "banker"


@unique
class Winner(StrEnum):
    """The three results of a coup."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"

    @classmethod
    def of(cls, player_total: int, banker_total: int) -> Winner:
        """Who wins with these final totals: the higher total, or a tie.

        >>> Winner.of(8, 5), Winner.of(4, 7), Winner.of(6, 6)
        (<Winner.PLAYER: 'player'>, <Winner.BANKER: 'banker'>, <Winner.TIE: 'tie'>)
        """
        if player_total > banker_total:
            return cls.PLAYER
        if banker_total > player_total:
            return cls.BANKER
        return cls.TIE


@unique
class Reason(StrEnum):
    """Why the coup went the way it did after a card; the values are stable ids."""

    #: One of the first three cards; no decision is due yet.
    INITIAL_CARD = "initial_card"
    #: A two-card total of 8 or 9: both hands stand.
    NATURAL = "natural"
    #: Player's two-card total is 0-5: Player draws.
    PLAYER_DRAWS = "player_draws"
    #: Player's two-card total is 6 or 7: Player stands.
    PLAYER_STANDS = "player_stands"
    #: Player stood and Banker has 0-5: Banker draws.
    BANKER_DRAWS_PLAYER_STOOD = "banker_draws_player_stood"
    #: Player stood and Banker has 6 or 7: Banker stands.
    BANKER_STANDS_PLAYER_STOOD = "banker_stands_player_stood"
    #: Player drew; the Banker table says Banker draws.
    BANKER_DRAWS_TABLE = "banker_draws_table"
    #: Player drew; the Banker table says Banker stands.
    BANKER_STANDS_TABLE = "banker_stands_table"
    #: Every card is out: the totals are compared.
    COUP_OVER = "coup_over"


@dataclass(frozen=True, slots=True)
class Step:
    """One dealt card and the decisions the rules took right after it.

    The figures the reasons speak of come with it: both totals after this card; once Player
    drew, ``player_third`` (that card's value) and ``banker_total_before_draw`` (Banker's
    two-card total, on which the Banker table decides); once the coup is over, its ``winner``.
    """

    card: Card
    hand: Hand
    reasons: tuple[Reason, ...]
    player_total: int
    banker_total: int
    player_third: int | None = None
    banker_total_before_draw: int | None = None
    winner: Winner | None = None

    def __repr__(self) -> str:
        return f"{self.card!r}>{self.hand.value}:{','.join(self.reasons)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """The result of a finished coup, built by keyword: each hand's total and card count, natural or not.

    ``player_cards`` and ``banker_cards`` hold the cards themselves when they
    are known (an outcome from a ``Coup``); they take no part in equality, so
    an outcome of the exact-odds enumeration (counts only) equals the coup's.

    >>> coup = Coup.from_cards(Card.parse(t) for t in "4 2 4 3".split())
    >>> coup.outcome
    Outcome(player 8, banker 5, natural)
    >>> coup.outcome.winner, coup.outcome.margin, coup.outcome.player_count
    (<Winner.PLAYER: 'player'>, 3, 2)
    >>> coup.outcome == Outcome(player_total=8, banker_total=5, player_count=2, banker_count=2, natural=True)
    True

    :raises ValueError: if the figures cannot belong to one coup.
    """

    player_total: int
    banker_total: int
    player_count: int
    banker_count: int
    natural: bool
    player_cards: tuple[Card, ...] = field(default=(), compare=False, repr=False)
    banker_cards: tuple[Card, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not (0 <= self.player_total <= 9 and 0 <= self.banker_total <= 9):
            raise ValueError(f"A total is 0 to 9, not {self.player_total} and {self.banker_total}.")
        if not (self.player_count in (2, 3) and self.banker_count in (2, 3)):
            raise ValueError(f"A hand holds 2 or 3 cards, not {self.player_count} and {self.banker_count}.")
        if self.natural and self.cards_dealt != 4:
            raise ValueError("A natural ends the coup after exactly four cards.")
        for cards, count, total in (
            (self.player_cards, self.player_count, self.player_total),
            (self.banker_cards, self.banker_count, self.banker_total),
        ):
            if cards and (len(cards) != count or hand_total(cards) != total):
                raise ValueError(f"The cards {cards!r} do not make {count} cards totalling {total}.")

    @property
    def winner(self) -> Winner:
        """Who won: the higher total, or a tie."""
        return Winner.of(self.player_total, self.banker_total)

    @property
    def cards_dealt(self) -> int:
        """How many cards the coup used (4 to 6)."""
        return self.player_count + self.banker_count

    @property
    def margin(self) -> int:
        """By how many points the winning hand won (0 for a tie)."""
        return abs(self.player_total - self.banker_total)

    @property
    def winning_total(self) -> int | None:
        """The winning hand's total, or ``None`` for a tie."""
        if self.winner is Winner.TIE:
            return None
        return self.player_total if self.winner is Winner.PLAYER else self.banker_total

    def total_of(self, hand: Hand | str) -> int:
        """The final total of one hand."""
        return self.player_total if Hand(hand) is Hand.PLAYER else self.banker_total

    def count_of(self, hand: Hand | str) -> int:
        """How many cards one hand took (2 or 3)."""
        return self.player_count if Hand(hand) is Hand.PLAYER else self.banker_count

    def __repr__(self) -> str:
        natural = ", natural" if self.natural else ""
        return f"Outcome(player {self.player_total}, banker {self.banker_total}{natural})"


@dataclass(slots=True)
class Coup:
    """A coup in progress; feed it cards in dealing order.

    >>> coup = Coup()
    >>> coup.next_hand
    <Hand.PLAYER: 'player'>
    >>> for token in "5 3 K J 8".split():
    ...     step = coup.deal(Card.parse(token))
    >>> step.reasons
    (<Reason.BANKER_STANDS_TABLE: 'banker_stands_table'>, <Reason.COUP_OVER: 'coup_over'>)
    >>> coup.outcome.winner
    <Winner.TIE: 'tie'>
    """

    player: list[Card] = field(default_factory=list)
    banker: list[Card] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    next_hand: Hand | None = Hand.PLAYER
    outcome: Outcome | None = None

    @classmethod
    def replay(cls, tokens: Iterable[str]) -> Coup:
        """The coup with these cards (tokens) already dealt; it may be over or still going.

        >>> Coup.replay(["4", "2", "4"]).next_hand
        <Hand.BANKER: 'banker'>

        :raises InvalidCardError: for a token that is not a card.
        :raises CoupOverError: for a card after the coup is over.
        """
        coup = cls()
        for token in tokens:
            coup.deal(Card.parse(token))
        return coup

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Coup:
        """Deal cards from an iterable until the coup is over; extra cards stay unread.

        :raises InvalidCardError: if the cards run out before the coup is over.
        """
        coup = cls()
        iterator = iter(cards)
        while not coup.is_over:
            try:
                card = next(iterator)
            except StopIteration:
                raise InvalidCardError(
                    f"The coup needs more cards: it stopped after {coup.cards_dealt}, "
                    f"waiting for a card for {coup.next_hand}."
                ) from None
            coup.deal(card)
        return coup

    @property
    def is_over(self) -> bool:
        """Whether every card of the coup has been dealt."""
        return self.next_hand is None

    @property
    def cards_dealt(self) -> int:
        """How many cards the coup has used so far."""
        return len(self.player) + len(self.banker)

    @property
    def player_total(self) -> int:
        """Player's current total."""
        return hand_total(self.player)

    @property
    def banker_total(self) -> int:
        """Banker's current total."""
        return hand_total(self.banker)

    @property
    def player_third(self) -> int | None:
        """The value of Player's third card, or ``None`` if Player has not drawn."""
        return self.player[2].points if len(self.player) == 3 else None

    def can_deal(self) -> bool:
        """Whether the coup accepts another card."""
        return not self.is_over

    def verify_deal(self) -> None:
        """Check that the coup accepts another card.

        :raises CoupOverError: if the coup is over.
        """
        if self.is_over:
            assert self.outcome is not None
            raise CoupOverError(
                f"The coup is over (player {self.outcome.player_total}, "
                f"banker {self.outcome.banker_total}): no card can be dealt to it."
            )

    def deal(self, card: Card) -> Step:
        """Give one card to the hand whose turn it is and apply the rules.

        :raises CoupOverError: if the coup is already over.
        """
        self.verify_deal()
        if not isinstance(card, Card):
            raise InvalidCardError(f"Only a Card can be dealt, not {card!r}.")
        hand = self.next_hand
        assert hand is not None
        (self.player if hand is Hand.PLAYER else self.banker).append(card)
        reasons = self._decide()
        third = self.player_third
        step = Step(
            card=card,
            hand=hand,
            reasons=reasons,
            player_total=self.player_total,
            banker_total=self.banker_total,
            player_third=third,
            banker_total_before_draw=None if third is None else hand_total(self.banker[:2]),
            winner=None if self.outcome is None else self.outcome.winner,
        )
        self.steps.append(step)
        return step

    def _decide(self) -> tuple[Reason, ...]:
        """Set ``next_hand`` after a card and say why."""
        dealt = self.cards_dealt
        if dealt < 4:
            self.next_hand = Hand.BANKER if dealt % 2 else Hand.PLAYER
            return (Reason.INITIAL_CARD,)
        player, banker = self.player_total, self.banker_total
        if dealt == 4:
            if is_natural(player) or is_natural(banker):
                return self._finish(True, Reason.NATURAL)
            if player_draws(player):
                self.next_hand = Hand.PLAYER
                return (Reason.PLAYER_DRAWS,)
            if banker_draws(banker, None):
                self.next_hand = Hand.BANKER
                return (Reason.PLAYER_STANDS, Reason.BANKER_DRAWS_PLAYER_STOOD)
            return self._finish(False, Reason.PLAYER_STANDS, Reason.BANKER_STANDS_PLAYER_STOOD)
        if len(self.banker) == 2:
            # Player has just drawn: Banker looks at that card's value.
            if banker_draws(banker, self.player_third):
                self.next_hand = Hand.BANKER
                return (Reason.BANKER_DRAWS_TABLE,)
            return self._finish(False, Reason.BANKER_STANDS_TABLE)
        return self._finish(False)

    def _finish(self, natural: bool, *reasons: Reason) -> tuple[Reason, ...]:
        player, banker = self.player_total, self.banker_total
        self.next_hand = None
        self.outcome = Outcome(
            player_total=player,
            banker_total=banker,
            player_count=len(self.player),
            banker_count=len(self.banker),
            natural=natural,
            player_cards=tuple(self.player),
            banker_cards=tuple(self.banker),
        )
        return (*reasons, Reason.COUP_OVER)
