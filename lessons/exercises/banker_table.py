"""Lesson 8's exercise: one cell of the Banker table (the rules' sentences are ``table.explain``'s)."""

from __future__ import annotations

import random
from dataclasses import replace

from baccarat import (
    banker_draws,
)
from lessons.exercises.drawing import banker_stood_question
from lessons.exercises.helpers import (
    _choice,
    _draw_choices,
)
from lessons.exercises.question import Question
from table.coach import banker_prompt
from table.explain import (
    banker_row_rule,
)


def banker_table_question(total: int, third: int) -> Question:
    draws = banker_draws(total, third)
    why = banker_row_rule(total, third)
    return _choice(
        "banker-table",
        banker_prompt(total, third),
        _draw_choices(),
        "draws" if draws else "stands",
        why,
    )


def generate_banker_table(rng: random.Random) -> Question:
    """Any cell of the table: one of the ten third-card values, or Player stood."""
    third = rng.randrange(11)
    if third == 10:
        return replace(banker_stood_question(rng.randrange(8)), kind="banker-table")
    return banker_table_question(rng.randrange(8), third)
