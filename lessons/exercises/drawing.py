"""Lesson 7's exercise: Player's drawing rule, Banker's when Player stood, a new total."""

from __future__ import annotations

import random

from django.utils.translation import gettext as _

from baccarat import (
    banker_draws,
    player_draws,
)
from lessons.exercises.helpers import (
    TOTAL_CHOICES,
    _choice,
    _draw_choices,
)
from lessons.exercises.question import Question
from table.coach import banker_prompt
from table.explain import (
    banker_row_rule,
)


def player_rule_question(total: int) -> Question:
    draws = player_draws(total)
    why = _("Player has %(total)s: on 0 to 5 Player draws, on 6 or 7 Player stands.") % {"total": total}
    return _choice(
        "drawing",
        _("No natural. Player has %(total)s with two cards. Does Player draw?") % {"total": total},
        _draw_choices(),
        "draws" if draws else "stands",
        why,
    )


def banker_question(kind: str, total: int, third: int | None) -> Question:
    """Does Banker, on ``total``, draw after Player's third card ``third`` (``None``: Player stood)?

    The one Banker question: lesson 7 asks it after Player stood, lesson 8 cell by cell.
    """
    return _choice(
        kind,
        banker_prompt(total, third),
        _draw_choices(),
        "draws" if banker_draws(total, third) else "stands",
        banker_row_rule(total, third),
    )


def banker_stood_question(total: int) -> Question:
    return banker_question("drawing", total, None)


def new_total_question(player: int, third: int) -> Question:
    total = (player + third) % 10
    why = _("%(player)s + %(third)s = %(sum)s; keep the last digit: %(total)s.") % {
        "player": player,
        "third": third,
        "sum": player + third,
        "total": total,
    }
    return _choice(
        "drawing",
        _("Player has %(player)s and draws a card worth %(third)s. What is Player's new total?")
        % {"player": player, "third": third},
        TOTAL_CHOICES,
        str(total),
        why,
    )


def generate_drawing(rng: random.Random) -> Question:
    pick = rng.randrange(3)
    if pick == 0:
        return player_rule_question(rng.randrange(8))
    if pick == 1:
        return banker_stood_question(rng.randrange(8))
    return new_total_question(rng.randrange(6), rng.randrange(10))
