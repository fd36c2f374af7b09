"""The audition's written part: questions drawn from the course and the drills, shown, and graded.

Nothing here is new question material: the questions come from the course's exercise
generators (``lessons.exercises``: the Banker table of the drawing-table drill among them) and
from the payout drill's (``lessons.payout``), drawn with an injected ``random.Random`` (seeded
in tests). They are graded the same way too: an exercise by its kind's grader, a payout question
against the engine's settlement. What is kept is the question with its right answer; what a page
gets is ``Shown``: the prompt and the choices or boxes, never the answer, the rule or the working.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy

from auditions.errors import AuditionError
from lessons.exercises import registry
from lessons.exercises.grading import BadAnswer
from lessons.exercises.question import CHOICE, NUMBERS, Question
from lessons.payout import PayoutError, field_label, make_question, parse_answers, prompt_lines, read_question

EXERCISE, PAYOUT = "exercise", "payout"
#: The course's exercise kinds a dealer is examined on: card values and totals, naturals, the
#: drawing rules and the Banker table, results, settlement, side bets and the house edge.
COURSE_KINDS = (
    "card-values",
    "counting",
    "naturals",
    "drawing",
    "banker-table",
    "results",
    "settlement",
    "side-bets",
    "house-edge",
)
#: Payout-drill questions in each batch of the draw, beside one question of every course kind: a
#: dealer is mostly paying, so about a third of the questions are payouts.
PAYOUTS_PER_BATCH = 4

BAD_ANSWER = gettext_lazy(
    "Choose one of the answers, or type an amount in every box. Nothing was recorded yet."
)
NOT_A_QUESTION = gettext_lazy("This question could not be read. Nothing was recorded.")


@dataclass(frozen=True)
class Drawn:
    """One question as it is kept: where it comes from, its kind, and its data with the right answer."""

    source: str
    kind: str
    data: dict[str, Any]


def draw(rng: random.Random, count: int) -> list[Drawn]:
    """``count`` questions: batches of one of each course kind and ``PAYOUTS_PER_BATCH`` payouts, shuffled.

    Exercise questions are made in the active language (their texts are kept as they were asked).
    """
    plan: list[str] = []
    while len(plan) < count:
        batch = [*COURSE_KINDS, *([PAYOUT] * PAYOUTS_PER_BATCH)]
        rng.shuffle(batch)
        plan.extend(batch)
    drawn = []
    for kind in plan[:count]:
        if kind == PAYOUT:
            data = make_question(rng)
            drawn.append(Drawn(PAYOUT, str(data["kind"]), data))
        else:
            question = registry.EXERCISES[kind].generate(rng)
            drawn.append(Drawn(EXERCISE, question.kind, question.as_data()))
    return drawn


@dataclass(frozen=True)
class Shown:
    """What the page shows of a question: never its answer."""

    lines: tuple[str, ...]
    #: "choice" or "numbers".
    form: str
    #: ``(value, label)`` of each choice.
    choices: tuple[tuple[str, str], ...] = ()
    #: ``(name, label)`` of each box; the input is named ``answer_<name>``.
    fields: tuple[tuple[str, str], ...] = ()
    cards: tuple[str, ...] = ()
    road: Any = None


def shown(source: str, data: Mapping[str, Any]) -> Shown:
    """The question as the page shows it, in the active language for a payout question.

    :raises AuditionError: (400) if it is not a question that can be read.
    """
    if source == PAYOUT:
        try:
            question = read_question(data)
        except PayoutError:
            raise AuditionError(NOT_A_QUESTION) from None
        fields = tuple((field.name, field_label(field)) for field in question.fields)
        return Shown(tuple(prompt_lines(question)), NUMBERS, fields=fields)
    try:
        exercise = Question.from_data(data)
    except KeyError:
        raise AuditionError(NOT_A_QUESTION) from None
    return Shown(
        (exercise.prompt,),
        exercise.form,
        choices=exercise.choices if exercise.form == CHOICE else (),
        fields=exercise.fields if exercise.form != CHOICE else (),
        cards=exercise.cards,
        road=exercise.road,
    )


@dataclass(frozen=True)
class Graded:
    """An answer read in its question's form, and whether it is right."""

    answer: Any
    correct: bool


def grade(source: str, data: Mapping[str, Any], posted: Mapping[str, str]) -> Graded:
    """The posted answer graded: an exercise by its kind's grader, a payout by the engine's settlement.

    The answer comes as ``answer`` (a choice) or ``answer_<name>`` (each box).

    :raises AuditionError: (400) if it is missing or cannot be read; nothing is recorded then.
    """
    if source == PAYOUT:
        try:
            question = read_question(data)
            given = parse_answers(
                question,
                {field.name: str(posted.get(f"answer_{field.name}", "")) for field in question.fields},
            )
        except PayoutError as refused:
            raise AuditionError(refused.message) from None
        expected = question.expected()
        return Graded({name: str(value) for name, value in given.items()}, given == expected)
    try:
        answer = registry.grade(data, posted)
    except BadAnswer as refused:
        raise AuditionError(refused.message or BAD_ANSWER) from None
    except KeyError:
        raise AuditionError(NOT_A_QUESTION) from None
    return Graded(answer, answer == data.get("answer"))
