"""Lesson 2's exercise: what one card counts."""

from __future__ import annotations

import random

from django.utils.translation import gettext as _

from baccarat import (
    Card,
)
from lessons.exercises.helpers import (
    TOTAL_CHOICES,
    _choice,
    _token,
)
from lessons.exercises.question import Question
from table.explain import (
    card_name,
)


def card_value_question(token: str) -> Question:
    card = Card.parse(token)
    figures = {"card": card_name(card), "points": card.points}
    why = (
        _(
            "The %(card)s counts %(points)s: an ace counts 1, two to nine count their number, "
            "ten, jack, queen and king count 0, and the suit never matters."
        )
        % figures
    )
    return _choice(
        "card-values",
        _("What does the %(card)s count in baccarat?") % figures,
        TOTAL_CHOICES,
        str(card.points),
        why,
        cards=[card.token],
    )


def generate_card_value(rng: random.Random) -> Question:
    return card_value_question(_token(rng))
