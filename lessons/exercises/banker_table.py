"""Lesson 8's exercise: one cell of the Banker table (the rules' sentences are ``table.explain``'s)."""

from __future__ import annotations

import random

from lessons.exercises.drawing import banker_question
from lessons.exercises.question import Question


def banker_table_question(total: int, third: int) -> Question:
    return banker_question("banker-table", total, third)


def generate_banker_table(rng: random.Random) -> Question:
    """Any cell of the table: one of the ten third-card values, or Player stood."""
    third = rng.randrange(11)
    if third == 10:
        return banker_question("banker-table", rng.randrange(8), None)
    return banker_table_question(rng.randrange(8), third)
