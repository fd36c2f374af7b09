"""The payout drill's question: its kinds, its messages, and a kept question read back and typed.

The right amounts are never kept as the truth: ``PayoutQuestion.expected`` works them out again
by ``baccarat.settle``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext_lazy

from baccarat import (
    Bet,
    BetResult,
    Card,
    Coup,
    Outcome,
    PayoutSet,
    Winner,
    bet_spec,
    settle,
)
from common.errors import AppError
from progress.models import PayoutAnswer
from table.bets import stake_on

KIND_PREFIX = "payout-"
BANKER, TIE, SIX, LION, SEVERAL = "banker", "tie", "six", "lion", "several"
#: The side-bet kinds (lesson 10): an EZ Banker push on a three-card 7, a Dragon 7, a pair beside a main
#: bet. Their questions keep the dealt cards, which decide a pair or a three-card total.
EZ_SEVEN, DRAGON, PAIR = "ez-seven", "dragon", "pair"
KINDS = (BANKER, TIE, SIX, LION, SEVERAL, EZ_SEVEN, DRAGON, PAIR)
PAID, COMMISSION = "paid", "commission"

TOKEN_MISSING = gettext_lazy("This answer came without its question. Here is a new question to answer.")
TOKEN_BAD = gettext_lazy(
    "This question could not be read: it was changed, it has expired or it was set for someone else. "
    "Nothing was counted; here is a new question."
)
ALREADY_ANSWERED = gettext_lazy(
    "This question was already answered, and it counts only once. Here is a new question."
)
AMOUNT_MISSING = gettext_lazy("Type an amount in every box (0 if nothing is paid). Nothing was counted yet.")
AMOUNT_BAD = gettext_lazy(
    "“%(text)s” is not an amount of chips: type a number such as 171 or 171.50. Nothing was counted yet."
)
AMOUNT_AMBIGUOUS = gettext_lazy(
    "“%(text)s” can be read two ways (%(first)s or %(second)s). Here “%(decimal)s” marks the "
    "decimals and “%(group)s” the thousands, as in %(example)s. Nothing was counted yet."
)
AMOUNT_NEGATIVE = gettext_lazy(
    "Amounts paid are never negative: type 0 when nothing is paid. Nothing was counted yet."
)
AMOUNT_CENTS = gettext_lazy("Amounts have at most two decimal places. Nothing was counted yet.")
SKIPPED = gettext_lazy(
    "The last question was left without an answer: it counts as a wrong answer, and the run starts again."
)
SKIPPED_BEFORE = gettext_lazy(
    "This question was left without an answer (the page was reloaded or left, or a new question was "
    "asked for), so it already counted as a wrong answer. Here is the question waiting now."
)


class PayoutError(AppError):
    """An answer the payout drill refuses: ``message`` for the learner, ``status`` for the response."""


class AlreadyAnswered(PayoutError):
    """The question's nonce is already recorded: a replayed or doubled answer (``answer`` is the first)."""

    def __init__(self, answer: PayoutAnswer) -> None:
        super().__init__(ALREADY_ANSWERED, status=409)
        self.answer = answer


# --- Reading a kept question back, and its right answers from the engine ----------------------


@dataclass(frozen=True)
class Field:
    """One amount asked for: the bet it is about, ``paid`` or ``commission``, and its form name."""

    #: The registry key of the bet.
    bet: str
    what: str

    @property
    def name(self) -> str:
        return f"{self.bet}-{self.what}"


@dataclass(frozen=True)
class PayoutQuestion:
    """A kept payout question, checked and typed."""

    kind: str
    table: PayoutSet
    outcome: Outcome
    bets: tuple[Bet, ...]
    fields: tuple[Field, ...]
    #: The dealt cards' tokens in dealing order, kept by the side-bet kinds; empty for the others.
    cards: tuple[str, ...] = ()

    def results(self) -> dict[str, BetResult]:
        """What each bet returns, by the engine's settlement."""
        return {str(result.bet.kind): result for result in settle(self.bets, self.outcome, self.table)}

    def expected(self) -> dict[str, Decimal]:
        """The right amount of every field, by form name."""
        results = self.results()
        return {field.name: field_amount(results[field.bet], field.what) for field in self.fields}


def field_amount(result: BetResult, what: str) -> Decimal:
    """``paid``: what the dealer puts beside the stake (winnings less commission); or the commission."""
    if what == COMMISSION:
        return result.commission
    return result.winnings - result.commission


def read_question(data: Mapping[str, Any]) -> PayoutQuestion:
    """The typed question kept as ``data``.

    :raises PayoutError: ``TOKEN_BAD`` if it is not a payout question the engine can settle.
    """
    try:
        kind = str(data["kind"])
        if not kind.startswith(KIND_PREFIX) or kind.removeprefix(KIND_PREFIX) not in KINDS:
            raise ValueError(kind)
        player, banker = data["player"], data["banker"]
        if type(player) is not int or type(banker) is not int or not (0 <= player <= 9 and 0 <= banker <= 9):
            raise ValueError("totals")
        natural = bool(data["natural"])
        cards = tuple(str(token) for token in data.get("cards", ()))
        outcome = _outcome(player, banker, natural, cards)
        if outcome.winner != Winner(data["winner"]):
            raise ValueError("winner")
        # The kept kinds are registry keys; one the registry does not have is a bad token.
        bets = tuple(stake_on(str(kind_), Decimal(str(amount))) for kind_, amount in data["bets"])
        fields = tuple(Field(bet_spec(str(bet)).key, what) for bet, what in data["ask"])
        if not fields or any(field.what not in (PAID, COMMISSION) for field in fields):
            raise ValueError("fields")
        if {field.bet for field in fields} - {str(bet.kind) for bet in bets}:
            raise ValueError("field without a bet")
        question = PayoutQuestion(kind, PayoutSet.named(str(data["table"])), outcome, bets, fields, cards)
        question.expected()  # the engine accepts the bets
    except (KeyError, TypeError, ValueError, ArithmeticError):
        raise PayoutError(TOKEN_BAD) from None
    return question


def _outcome(player: int, banker: int, natural: bool, cards: tuple[str, ...]) -> Outcome:
    """The kept coup's outcome: from its cards where it keeps them (they must give its totals), else from
    the totals alone.

    :raises ValueError: if the cards do not make one whole coup with these totals.
    """
    if not cards:
        return Outcome(
            player_total=player,
            banker_total=banker,
            player_count=2 if natural else 3,
            banker_count=2,
            natural=natural,
        )
    if len(cards) > 6:
        raise ValueError("cards")
    outcome = Coup.from_cards(Card.parse(token) for token in cards).outcome
    if (
        outcome is None
        or outcome.cards_dealt != len(cards)
        or (outcome.player_total, outcome.banker_total, outcome.natural)
        != (
            player,
            banker,
            natural,
        )
    ):
        raise ValueError("cards")
    return outcome


def questions_data(question: PayoutQuestion) -> dict[str, Any]:
    """The question as it is kept and recorded, with its right amounts for whoever reads the record."""
    outcome = question.outcome
    return {
        "kind": question.kind,
        "table": question.table.name,
        "winner": outcome.winner.value,
        "player": outcome.player_total,
        "banker": outcome.banker_total,
        "natural": outcome.natural,
        "bets": [[str(bet.kind), str(bet.amount)] for bet in question.bets],
        "ask": [[str(field.bet), field.what] for field in question.fields],
        "expected": {name: str(value) for name, value in question.expected().items()},
    } | ({"cards": list(question.cards)} if question.cards else {})
