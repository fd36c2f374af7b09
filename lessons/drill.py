"""The drawing-table drill: which Banker-rule question comes next, how it is graded, and the heat map.

Design overview:

- The drill covers the 88 cells of the Banker table: Banker's two-card total
  0-7 against Player's third card 0-9, plus "Player stood". The right answer
  of a cell always comes from ``table.engine.banker_draws``; there is no
  second copy of the table here.
- ``next_cell`` picks a cell at random with weights: a cell never tried and a
  cell answered wrong (or with a short streak) weigh more, a mastered cell
  weighs less but never zero, so every cell keeps coming back.
- The question token sent to the browser names only the cell, never the right
  answer (a signed token is readable, only not forgeable). The answer is
  worked out again from the cell when it is graded.
- ``drill_attempt_record`` writes the attempt and counts it on the learner's
  ``DrillCell`` in one transaction. The unique (user, nonce) constraint on
  ``Attempt`` makes a replayed answer fail before anything is counted, so the
  attempts and the cell counts always agree.
- ``heat_map`` reads the learner's cells in one query, however many were tried.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from lessons.models import MASTERY_STREAK, STOOD, THIRD_CARD_COLUMNS, Attempt, DrillCell
from lessons.services import drill_cell_record
from table.engine import Reason, banker_draws
from table.explain import reason_sentence

KIND = "banker-table"
DRAWS, STANDS = "draws", "stands"
ANSWERS = (DRAWS, STANDS)

#: Weights of ``next_cell``: a cell never tried, and a mastered cell (never zero).
WEIGHT_NEW = 4.0
WEIGHT_MASTERED = 0.5

#: Heat-map levels, by accuracy, for cells tried but not mastered.
WEAK_BELOW = 0.5
FAIR_BELOW = 0.8

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
#: The answers in words, as they follow "Banker" in the feedback ("Banker draws").
ANSWER_LABELS = {
    DRAWS: pgettext_lazy("drawing rule", "draws"),
    STANDS: pgettext_lazy("drawing rule", "stands"),
}


class DrillError(Exception):
    """An answer the drill refuses: ``message`` for the learner, ``status`` for the response."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class AlreadyAnswered(DrillError):
    """The question's nonce is already recorded: a replayed or doubled answer (``attempt`` is the first)."""

    def __init__(self, attempt: Attempt) -> None:
        super().__init__(ALREADY_ANSWERED, status=409)
        self.attempt = attempt


@dataclass(frozen=True)
class Cell:
    """One cell of the Banker table: Banker's total and Player's third card ("0"-"9" or "stood")."""

    banker_total: int
    third: str

    @property
    def key(self) -> tuple[int, str]:
        return (self.banker_total, self.third)

    @property
    def player_third(self) -> int | None:
        """Player's third card as the engine takes it (``None``: Player stood)."""
        return None if self.third == STOOD else int(self.third)

    @property
    def draws(self) -> bool:
        return banker_draws(self.banker_total, self.player_third)

    @property
    def answer(self) -> str:
        return DRAWS if self.draws else STANDS


#: Every cell, row by row as the table is printed: totals 0-7, third card 0-9 then "stood".
CELLS: tuple[Cell, ...] = tuple(Cell(total, third) for total in range(8) for third in THIRD_CARD_COLUMNS)


class CellRecord(Protocol):
    """What ``next_cell`` needs from a learner's record of a cell (a ``DrillCell``)."""

    attempts: int
    correct: int
    streak: int


def learner_cells(user) -> dict[tuple[int, str], DrillCell]:
    """The learner's cell records by ``(banker_total, third)``, in one query."""
    return {(cell.banker_total, cell.third): cell for cell in DrillCell.objects.filter(user=user)}


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
    if cell.third == STOOD:
        return _("Player stood. Banker has %(total)s. Does Banker draw?") % {"total": cell.banker_total}
    return _("Banker has %(total)s and Player's third card is worth %(third)s. Does Banker draw?") % {
        "total": cell.banker_total,
        "third": cell.third,
    }


def question_for(cell: Cell) -> dict[str, Any]:
    """The question about one cell, with its right answer (as recorded with the attempt)."""
    return {
        "kind": KIND,
        "banker_total": cell.banker_total,
        "third": cell.third,
        "prompt": prompt_for(cell),
        "answer": cell.answer,
    }


def token_question(cell: Cell) -> dict[str, Any]:
    """What the signed token carries: the cell, without its answer."""
    return {"kind": KIND, "banker_total": cell.banker_total, "third": cell.third}


def cell_from_question(question: Mapping[str, Any]) -> Cell:
    """The cell a token's question is about.

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
    """The sentence of the rule that decides this cell (the same words the table uses)."""
    if cell.third == STOOD:
        reason = Reason.BANKER_DRAWS_PLAYER_STOOD if cell.draws else Reason.BANKER_STANDS_PLAYER_STOOD
    else:
        reason = Reason.BANKER_DRAWS_TABLE if cell.draws else Reason.BANKER_STANDS_TABLE
    return reason_sentence(reason, {"banker_total": cell.banker_total, "player_third": cell.player_third})


@dataclass(frozen=True)
class Feedback:
    """How the last answer went, for the panel."""

    cell: Cell
    answer: str
    correct: bool

    @property
    def prompt(self) -> str:
        return prompt_for(self.cell)

    @property
    def right_answer(self) -> str:
        """``draws`` or ``stands`` (the machine value; ``right_answer_text`` is it in words)."""
        return self.cell.answer

    @property
    def right_answer_text(self) -> str:
        return str(ANSWER_LABELS[self.cell.answer])

    @property
    def answer_text(self) -> str:
        """The learner's answer in words (as given, if it is not one of the answers)."""
        label = ANSWER_LABELS.get(self.answer)
        return str(label) if label is not None else self.answer

    @property
    def rule(self) -> str:
        return rule_sentence(self.cell)


def feedback_for(attempt: Attempt) -> Feedback:
    """The feedback of an attempt already recorded (shown again for a replayed answer)."""
    question = attempt.question
    return Feedback(Cell(question["banker_total"], question["third"]), attempt.answer, attempt.correct)


def drill_attempt_record(*, user, nonce: str, cell: Cell, answer: str) -> Feedback:
    """Record one drill answer: the attempt, and its count on the learner's cell, together.

    :raises AlreadyAnswered: if this question (its nonce) was answered before; nothing is counted.
    """
    correct = answer == cell.answer
    try:
        with transaction.atomic():
            Attempt.objects.create(
                user=user,
                source=Attempt.Source.DRILL,
                kind=KIND,
                nonce=nonce,
                question=question_for(cell),
                answer=answer,
                correct=correct,
            )
            drill_cell_record(
                user=user, banker_total=cell.banker_total, player_third=cell.player_third, correct=correct
            )
    except IntegrityError:
        first = Attempt.objects.filter(user=user, nonce=nonce).first()
        if first is None:
            raise
        raise AlreadyAnswered(first) from None
    return Feedback(cell, answer, correct)


@dataclass(frozen=True)
class HeatCell:
    """One cell of the heat map."""

    cell: Cell
    attempts: int
    correct: int
    mastered: bool

    @property
    def draws(self) -> bool:
        return self.cell.draws

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.attempts if self.attempts else None

    @property
    def level(self) -> str:
        """``untried``, ``weak``, ``fair``, ``good`` or ``mastered`` (also the CSS class suffix)."""
        accuracy = self.accuracy
        if accuracy is None:
            return "untried"
        if self.mastered:
            return "mastered"
        if accuracy < WEAK_BELOW:
            return "weak"
        if accuracy < FAIR_BELOW:
            return "fair"
        return "good"

    @property
    def css_class(self) -> str:
        return f"drill-{self.level}"


@dataclass(frozen=True)
class HeatRow:
    banker_total: int
    cells: list[HeatCell]


@dataclass(frozen=True)
class HeatMap:
    rows: list[HeatRow]
    mastered: int
    tried: int
    total: int = len(CELLS)
    mastery_streak: int = MASTERY_STREAK


def heat_map(user, cells_by_key: Mapping[tuple[int, str], DrillCell] | None = None) -> HeatMap:
    """The learner's accuracy over the Banker table, row by row (one query, or none if given the cells)."""
    if cells_by_key is None:
        cells_by_key = learner_cells(user)
    heat_cells = []
    for cell in CELLS:
        record = cells_by_key.get(cell.key)
        heat_cells.append(
            HeatCell(
                cell,
                attempts=record.attempts if record else 0,
                correct=record.correct if record else 0,
                mastered=bool(record and record.mastered),
            )
        )
    width = len(THIRD_CARD_COLUMNS)
    rows = [
        HeatRow(total, heat_cells[total * width : (total + 1) * width])
        for total in range(len(heat_cells) // width)
    ]
    return HeatMap(
        rows=rows,
        mastered=sum(heat.mastered for heat in heat_cells),
        tried=sum(heat.attempts > 0 for heat in heat_cells),
    )
