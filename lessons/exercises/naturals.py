"""Lesson 5's exercise: is there a natural after four cards?"""

from __future__ import annotations

import random

from django.utils.translation import gettext as _

from baccarat import (
    Coup,
)
from baccarat.rules import is_natural
from lessons.exercises.helpers import (
    _choice,
    _natural_choices,
    _token,
)
from lessons.exercises.question import Question


def natural_question(tokens: list[str]) -> Question:
    """Four cards in dealing order (P, B, P, B): is there a natural?

    Only lesson 5's rule decides: a natural (8 or 9 with two cards) in either
    hand means nobody draws; without one the coup goes on to the drawing rules
    of lessons 7 and 8, which this question does not ask about.
    """
    coup = Coup.replay(tokens)
    player, banker = coup.player_total, coup.banker_total
    totals = {"player": player, "banker": banker}
    if is_natural(player) and is_natural(banker):
        why = _(
            "Player and Banker have a natural (8 or 9 with two cards): "
            "nobody draws, whatever the other total."
        )
    elif is_natural(player):
        why = _("Player has a natural (8 or 9 with two cards): nobody draws, whatever the other total.")
    elif is_natural(banker):
        why = _("Banker has a natural (8 or 9 with two cards): nobody draws, whatever the other total.")
    else:
        why = (
            _(
                "Player has %(player)s and Banker has %(banker)s: neither is 8 or 9, so there is no natural "
                "and the drawing rules decide what happens next."
            )
            % totals
        )
    return _choice(
        "naturals",
        _("Player holds %(player)s and Banker holds %(banker)s after four cards. Is there a natural?")
        % totals,
        _natural_choices(),
        "yes" if is_natural(player) or is_natural(banker) else "no",
        why,
        cards=tokens,
    )


def generate_natural(rng: random.Random) -> Question:
    return natural_question([_token(rng) for _ in range(4)])
