"""What the exercise kinds share: bet names, amounts as questions write them, the two question forms.

The words of a question are put in the active language when the question is
made: a question is kept (as JSON) as plain text, so every label is a ``str``
by then. Amounts and percentages in the words follow the locale; the
``answer`` stays a machine value ("draws", "109.50"). Balances and the
amounts reckoned with them always show two decimals ("Balance: 90.00"), as
the table shows a balance; a stake named in a question is a whole number of
chips ("10 on Player").
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from baccarat import (
    CENT,
    STANDARD,
    Rank,
    Suit,
    odds_for_decks,
)
from lessons.exercises.question import CHOICE, NUMBERS, Question, as_pairs, as_road
from table.amounts import amount_text, chips_text
from table.bets import bet_name

TOTAL_CHOICES = [[str(value), str(value)] for value in range(10)]


def _kind_name(kind: str) -> str:
    """The name of a bet kind (``player``, ``banker``, ``tie``, ...), from the engine's registry."""
    return bet_name(kind)


def _side_name(side: str) -> str:
    """The name of a hand (``player`` or ``banker``): the name of the main bet on it."""
    return bet_name(side)


def _result_choices() -> list[list[str]]:
    return [["player", _("Player wins")], ["banker", _("Banker wins")], ["tie", _("Tie")]]


def _draw_choices() -> list[list[str]]:
    return [["draws", _("Draws")], ["stands", _("Stands")]]


def _natural_choices() -> list[list[str]]:
    return [
        ["yes", _("Yes: there is a natural, so nobody draws")],
        ["no", _("No: the coup goes on to the drawing rules")],
    ]


def _amount(value: Decimal | int) -> str:
    """A balance or a reckoned amount: always two decimals, the locale's separator (``90.00``)."""
    return chips_text(value, 2)


def _stake(value: Decimal | int) -> str:
    """A stake as a question names it: its own decimals (``10``), the locale's separator."""
    return amount_text(value, decimal_pos=None)


def _choice(
    kind: str,
    prompt: str,
    choices: Sequence[Sequence[str]],
    answer: str,
    why: str,
    *,
    cards: Sequence[str] = (),
    road: Sequence[Sequence[Sequence[Any]]] | None = None,
) -> Question:
    shown = next(label for value, label in choices if value == answer)
    return Question(
        kind,
        prompt,
        CHOICE,
        answer,
        why,
        shown,
        choices=as_pairs(choices),
        cards=tuple(cards),
        road=None if road is None else as_road(road),
    )


def _numbers(
    kind: str, prompt: str, fields: Sequence[Sequence[str]], answers: list[Decimal], why: str
) -> Question:
    shown = ", ".join(
        f"{label}: {_amount(amount)}" for (_name, label), amount in zip(fields, answers, strict=True)
    )
    return Question(
        kind,
        prompt,
        NUMBERS,
        "|".join(str(amount.quantize(CENT)) for amount in answers),
        why,
        shown,
        fields=as_pairs(fields),
    )


def _bets_text(stakes: Mapping[str, int]) -> str:
    """``10 on Player`` or ``10 on Player and 5 on Tie``."""
    phrases = [
        _("%(amount)s on %(bet)s") % {"amount": _stake(amount), "bet": _kind_name(kind)}
        for kind, amount in stakes.items()
    ]
    text = phrases[0]
    for phrase in phrases[1:]:
        text = _("%(first)s and %(second)s") % {"first": text, "second": phrase}
    return text


def _edges() -> Mapping[str, Any]:
    return odds_for_decks(8, STANDARD).house_edge


_SUITS = list(Suit)


_RANKS = list(Rank)


def _token(rng: random.Random) -> str:
    return f"{rng.choice(_RANKS).value}{rng.choice(_SUITS).value}"
