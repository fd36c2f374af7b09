"""Every registered exercise kind, scripted and generated: its questions survive being stored and
grade their own right answer right and another answer wrong."""

import json
import random
from decimal import Decimal

import pytest

from lessons import exercises
from lessons.exercises import Question

SEEDS = (0, 1, 4, 327, 2026)


def kind_questions(kind: str) -> list[Question]:
    """The kind's scripted questions, then one generated question for each fixed seed."""
    exercise = exercises.EXERCISES[kind]
    return [make() for make in exercise.scripted] + [exercise.generate(random.Random(seed)) for seed in SEEDS]


def posted(question: Question, *, right: bool) -> dict[str, str]:
    """The form data of the right answer, or of a wrong one (another choice, or every amount off by one)."""
    if question.form == "choice":
        values = [value for value, _label in question.choices]
        return {"answer": question.answer if right else next(v for v in values if v != question.answer)}
    amounts = question.answer.split("|")
    if not right:
        amounts = [str(Decimal(amount) + 1) for amount in amounts]
    return {f"answer_{name}": amount for (name, _label), amount in zip(question.fields, amounts, strict=True)}


@pytest.mark.parametrize("kind", sorted(exercises.EXERCISES))
def test_every_question_of_every_kind_reads_back_unchanged_from_what_is_stored(kind):
    for question in kind_questions(kind):
        assert question.kind == kind
        stored = json.loads(json.dumps(question.as_data()))  # kept as JSON in the database
        assert Question.from_data(stored) == question
        assert Question.from_data(stored).as_data() == stored


@pytest.mark.parametrize("kind", sorted(exercises.EXERCISES))
def test_every_question_of_every_kind_grades_its_own_answer_right_and_another_wrong(kind):
    for question in kind_questions(kind):
        assert question.why and question.shown
        for kept in (question, question.as_data()):  # fresh, and as the lesson keeps it
            assert exercises.grade(kept, posted(question, right=True)) == question.answer
            assert exercises.grade(kept, posted(question, right=False)) != question.answer
