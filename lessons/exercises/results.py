"""Lesson 1's exercise: which hand wins, from the two totals."""

from __future__ import annotations

import random

from django.utils.translation import gettext as _

from lessons.exercises.helpers import (
    _choice,
    _result_choices,
)
from lessons.exercises.question import Question


def results_question(player: int, banker: int) -> Question:
    winner = "player" if player > banker else "banker" if banker > player else "tie"
    totals = {"player": player, "banker": banker}
    if winner == "tie":
        why = _("Player %(player)s, Banker %(banker)s: equal totals are a tie.") % totals
    elif winner == "player":
        why = _("Player %(player)s, Banker %(banker)s: the total closer to 9 wins, so Player wins.") % totals
    else:
        why = _("Player %(player)s, Banker %(banker)s: the total closer to 9 wins, so Banker wins.") % totals
    return _choice(
        "results",
        _("Player ends on %(player)s and Banker on %(banker)s. What is the result?") % totals,
        _result_choices(),
        winner,
        why,
    )


def generate_results(rng: random.Random) -> Question:
    return results_question(rng.randrange(10), rng.randrange(10))
