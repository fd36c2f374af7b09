"""Grading: the posted answer read in the question's own form."""

from __future__ import annotations

from collections.abc import Mapping

from baccarat import (
    CENT,
    AmbiguousAmountError,
    InvalidAmountError,
)
from lessons.exercises.question import CHOICE, Question
from table.amounts import ambiguous_message, typed_amount


class BadAnswer(ValueError):
    """The answer is missing or not of the question's form; ``message``, if any, says why to the learner."""

    def __init__(self, text: str, message: str = "") -> None:
        super().__init__(text)
        self.message = message


def normalise(question: Question, data: Mapping[str, str]) -> str:
    """The posted answer in the question's own form ("draws", "109.50", "90.00|10.00").

    Amounts are read in the active language's way of writing numbers (``typed_amount``).

    :raises BadAnswer: if it is missing, not one of the choices, not an amount, or reads two ways.
    """
    if question.form == CHOICE:
        answer = str(data.get("answer", "")).strip()
        if answer not in {value for value, _label in question.choices}:
            raise BadAnswer(answer)
        return answer
    amounts = []
    for name, _label in question.fields:
        text = str(data.get(f"answer_{name}", ""))
        try:
            amount = typed_amount(text)
        except AmbiguousAmountError as error:
            raise BadAnswer(text, ambiguous_message(text, error)) from None
        except InvalidAmountError:
            raise BadAnswer(text) from None
        if abs(amount) >= 10**9:
            raise BadAnswer(text)
        amounts.append(str(amount.quantize(CENT)))
    return "|".join(amounts)
