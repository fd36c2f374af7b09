"""Reading the typed answers of a payout question, and the feedback on them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from baccarat import (
    CENT,
    AmbiguousAmountError,
    InvalidAmountError,
)
from lessons.payout.question import (
    AMOUNT_AMBIGUOUS,
    AMOUNT_BAD,
    AMOUNT_CENTS,
    AMOUNT_MISSING,
    AMOUNT_NEGATIVE,
    PayoutError,
    PayoutQuestion,
    read_question,
)
from lessons.payout.wording import field_label, prompt_lines, working
from progress.models import PayoutAnswer, PayoutRecord
from table.amounts import ambiguous_message, amount_text, chips_text, typed_amount

# --- Answers -------------------------------------------------------------------------------------


def parse_typed_amount(text: str) -> Decimal:
    """An amount as a learner types it, in the active language's way of writing numbers.

    ``171``, ``171.00`` and ``171,00`` are all 171; with thousands, the
    language's grouping is read (``1,500`` in English, ``1.500`` in German and
    Indonesian), by the one reader of typed amounts (``typed_amount``).

    :raises PayoutError: (400) if the text is empty, not an amount, ambiguous, negative or finer than cents.
    """
    if not (text or "").strip():
        raise PayoutError(AMOUNT_MISSING)
    try:
        amount = typed_amount(text)
    except AmbiguousAmountError as error:
        raise PayoutError(ambiguous_message(text, error, AMOUNT_AMBIGUOUS)) from None
    except InvalidAmountError:
        raise PayoutError(AMOUNT_BAD % {"text": text.strip()[:40]}) from None
    if amount < 0:
        raise PayoutError(AMOUNT_NEGATIVE)
    if amount != amount.quantize(CENT):
        raise PayoutError(AMOUNT_CENTS)
    return amount.quantize(CENT)


def parse_answers(question: PayoutQuestion, data: Mapping[str, str]) -> dict[str, Decimal]:
    """The amount typed for each field of the question.

    :raises PayoutError: for the first field that is missing or not an amount.
    """
    return {field.name: parse_typed_amount(data.get(field.name, "")) for field in question.fields}


@dataclass(frozen=True)
class FieldVerdict:
    label: str
    given: Decimal
    expected: Decimal

    @property
    def correct(self) -> bool:
        return self.given == self.expected

    @property
    def given_text(self) -> str:
        return chips_text(self.given, grouping=True)

    @property
    def expected_text(self) -> str:
        return chips_text(self.expected, grouping=True)


@dataclass(frozen=True)
class Feedback:
    """How the last answer went: each amount, the working, and the time."""

    question: PayoutQuestion
    given: dict[str, Decimal]
    seconds: Decimal
    fast: bool
    record: PayoutRecord
    too_fast: bool = False

    @property
    def correct(self) -> bool:
        return all(verdict.correct for verdict in self.verdicts)

    @property
    def verdicts(self) -> list[FieldVerdict]:
        expected = self.question.expected()
        return [
            FieldVerdict(field_label(field), self.given[field.name], expected[field.name])
            for field in self.question.fields
        ]

    @property
    def workings(self) -> list[str]:
        results = self.question.results()
        return [working(self.question, results[bet.kind]) for bet in self.question.bets]

    @property
    def prompt(self) -> list[str]:
        return prompt_lines(self.question)

    @property
    def seconds_text(self) -> str:
        return amount_text(self.seconds, decimal_pos=1)


def feedback_for(answer: PayoutAnswer, record: PayoutRecord) -> Feedback:
    """The feedback of an answer already recorded (shown again for a replayed answer)."""
    question = read_question(answer.question)
    given = {name: Decimal(value) for name, value in answer.answer.items()}
    return Feedback(question, given, answer.seconds, answer.fast, record, answer.too_fast)
