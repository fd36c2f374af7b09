"""Lesson 3's exercise: a hand's total, the last digit of its points."""

from __future__ import annotations

import itertools
import random

from django.utils.translation import gettext as _

from baccarat import (
    Card,
    Coup,
)
from lessons.exercises.helpers import (
    TOTAL_CHOICES,
    _choice,
    _token,
)
from lessons.exercises.question import Question


def counting_question(tokens: list[str]) -> Question:
    cards = [Card.parse(token) for token in tokens]
    points = [card.points for card in cards]
    total = sum(points)
    why = _("%(sum)s = %(total)s; keep only the last digit: %(digit)s.") % {
        "sum": " + ".join(map(str, points)),
        "total": total,
        "digit": total % 10,
    }
    return _choice(
        "counting", _("What is this hand's total?"), TOTAL_CHOICES, str(total % 10), why, cards=tokens
    )


def generate_counting(rng: random.Random) -> Question:
    """One hand of a coup the engine deals from random cards: two cards, or (one time in three) three.

    Dealing the whole coup means a hand gets a third card only where the
    drawing rules give it one (never on a two-card 7, 8 or 9).
    """
    three = rng.randrange(3) == 0
    while True:
        coup = Coup.from_cards(Card.parse(_token(rng)) for _ in itertools.count())
        hands = [cards for cards in (coup.player, coup.banker) if (len(cards) == 3) == three]
        if hands:
            return counting_question([card.token for card in rng.choice(hands)])
