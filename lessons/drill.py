"""The drawing-table drill: which Banker-rule question comes next, how it is graded, and the heat map.

Design overview:

- The drill covers the 88 cells of the Banker table: Banker's two-card total
  0-7 against Player's third card 0-9, plus "Player stood". The right answer
  of a cell always comes from ``baccarat.banker_draws``; there is no
  second copy of the table here.
- ``next_cell`` picks a cell at random with weights: a cell never tried and a
  cell answered wrong (or with a short streak) weigh more, a mastered cell
  weighs less but never zero, so every cell keeps coming back.
- A question is kept on the server like a lesson's exercise
  (``lessons.questions``): the page carries only its one-time nonce, which
  names neither the cell nor the answer. The answer is worked out again from
  the kept cell when it is graded.
- ``lessons.services.drill_attempt_record`` writes the attempt, counts it on the learner's
  ``DrillCell`` and forgets the kept question in one transaction. The answer
  is timed on the server from the question being issued; one under
  ``DRILL_FLOOR_SECONDS`` (no person reads and answers that fast) is recorded
  as too fast and not counted on its cell, so the cells cannot be mastered at
  machine speed. The unique
  (user, nonce) constraint on ``Attempt`` makes a replayed answer fail before
  anything is counted, so the attempts and the cell counts always agree.
- The heat map is ``progress.heatmap``'s, the same builder as the class's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from django.utils.translation import gettext_lazy

from common.errors import AppError
from lessons import questions
from progress.heatmap import CELLS, Cell
from progress.models import MASTERY_STREAK, THIRD_CARD_COLUMNS, Attempt
from table.coach import ANSWER_LABELS, DRAWS, STANDS, banker_prompt, banker_rule, draw_answer
from table.explain import banker_row_rule

KIND = "banker-table"
ANSWERS = (DRAWS, STANDS)

#: Weights of ``next_cell``: a cell never tried, and a mastered cell (never zero).
WEIGHT_NEW = 4.0
WEIGHT_MASTERED = 0.5

TOKEN_MISSING = gettext_lazy("This answer came without its question. Here is a new question to answer.")
TOKEN_BAD = gettext_lazy(
    "This question could not be read: it was changed, it has expired or it was set for someone else. "
    "Nothing was counted; here is a new question."
)
ANSWER_MISSING = gettext_lazy("Choose Draws or Stands to answer the question.")
ANSWER_UNKNOWN = gettext_lazy("The answer must be Draws or Stands. Nothing was counted; please answer again.")
ALREADY_ANSWERED = gettext_lazy(
    "This question was already answered, and it counts only once. Here is a new question."
)


class DrillError(AppError):
    """An answer the drill refuses: ``message`` for the learner, ``status`` for the response."""


class AlreadyAnswered(DrillError):
    """The question's nonce is already recorded: a replayed or doubled answer (``attempt`` is the first)."""

    def __init__(self, attempt: Attempt | None) -> None:
        super().__init__(ALREADY_ANSWERED, status=409)
        self.attempt = attempt


class CellRecord(Protocol):
    """What ``next_cell`` needs from a learner's record of a cell (a ``DrillCell``)."""

    attempts: int
    correct: int
    streak: int


def cell_weight(record: CellRecord | None) -> float:
    """How much a cell weighs in the choice of the next question (always more than zero).

    Never tried: ``WEIGHT_NEW``. Mastered: ``WEIGHT_MASTERED``. Otherwise 1,
    plus up to 4 for the share of wrong answers, plus 1 for each right answer
    still missing from a full streak.
    """
    if record is None or record.attempts == 0:
        return WEIGHT_NEW
    if record.streak >= MASTERY_STREAK:
        return WEIGHT_MASTERED
    wrong_share = 1 - record.correct / record.attempts
    return 1.0 + 4.0 * wrong_share + (MASTERY_STREAK - record.streak)


def next_cell(
    cells_by_key: Mapping[tuple[int, str], CellRecord],
    rng: random.Random,
    *,
    previous: Cell | None = None,
) -> Cell:
    """Pick the next cell to ask about, favouring new and weak cells.

    ``previous``, the cell just answered, is left out once: its answer is
    still on the screen.
    """
    candidates = [cell for cell in CELLS if cell != previous]
    weights = [cell_weight(cells_by_key.get(cell.key)) for cell in candidates]
    return rng.choices(candidates, weights=weights)[0]


def prompt_for(cell: Cell) -> str:
    return banker_prompt(cell.banker_total, cell.player_third)


def answer_for(cell: Cell) -> str:
    """``draws`` or ``stands``: the right answer about this cell."""
    return draw_answer(cell.draws)


def question_for(cell: Cell) -> dict[str, Any]:
    """The question about one cell, with its right answer (as recorded with the attempt)."""
    return {
        "kind": KIND,
        "banker_total": cell.banker_total,
        "third": cell.third,
        "prompt": prompt_for(cell),
        "answer": answer_for(cell),
    }


def cell_from_question(question: Mapping[str, Any]) -> Cell:
    """The cell a kept question is about.

    :raises DrillError: if it is not a drill question about a real cell.
    """
    total, third = question.get("banker_total"), question.get("third")
    if (
        question.get("kind") != KIND
        or type(total) is not int
        or not 0 <= total <= 7
        or third not in THIRD_CARD_COLUMNS
    ):
        raise DrillError(TOKEN_BAD)
    return Cell(total, third)


def drill_question_find(*, user, token: str) -> tuple[Cell, datetime]:
    """The cell of the drill question waiting for this learner under this token, and when it was issued.

    :raises AlreadyAnswered: if the learner already answered it (``attempt`` is that answer).
    :raises DrillError: ``TOKEN_BAD`` for anything else (malformed, tampered with, old, another
        learner's, a lesson's).
    """
    try:
        issued = questions.question_find(user=user, token=token)
    except questions.Answered as replay:
        raise AlreadyAnswered(replay.attempt) from None
    except questions.BadToken:
        raise DrillError(TOKEN_BAD) from None
    return cell_from_question(issued.question), issued.created_at


def parse_answer(value: str | None) -> str:
    """``draws`` or ``stands``.

    :raises DrillError: if the answer is missing or anything else.
    """
    if not value:
        raise DrillError(ANSWER_MISSING)
    if value not in ANSWERS:
        raise DrillError(ANSWER_UNKNOWN)
    return value


def rule_sentence(cell: Cell) -> str:
    """The sentence of the rule that decides this cell (the same words the table's coach uses)."""
    return banker_rule(cell.banker_total, cell.player_third)[1]


@dataclass(frozen=True)
class Feedback:
    """How the last answer went, for the panel."""

    cell: Cell
    answer: str
    correct: bool
    too_fast: bool = False

    @property
    def prompt(self) -> str:
        return prompt_for(self.cell)

    @property
    def right_answer_text(self) -> str:
        """The right answer in words (the machine value, ``draws`` or ``stands``, is ``answer_for(cell)``)."""
        return str(ANSWER_LABELS[answer_for(self.cell)])

    @property
    def answer_text(self) -> str:
        """The learner's answer in words (as given, if it is not one of the answers)."""
        label = ANSWER_LABELS.get(self.answer)
        return str(label) if label is not None else self.answer

    @property
    def rule(self) -> str:
        return rule_sentence(self.cell)

    @property
    def explanation(self) -> str:
        """The rule of the cell's row spelt out as lesson 8's exercise does (shown after a wrong answer)."""
        return banker_row_rule(self.cell.banker_total, self.cell.player_third)


def feedback_for(attempt: Attempt) -> Feedback:
    """The feedback of an attempt already recorded (shown again for a replayed answer)."""
    question = attempt.question
    cell = Cell(question["banker_total"], question["third"])
    return Feedback(cell, attempt.answer, attempt.correct, attempt.too_fast)
