"""Lesson 4's exercise: what confirming a stake does to the balance, and the table's limits."""

from __future__ import annotations

import random
from collections.abc import Mapping
from decimal import Decimal

from django.utils.translation import gettext as _

from lessons.exercises.helpers import (
    _amount,
    _bets_text,
    _choice,
    _kind_name,
    _numbers,
)
from lessons.exercises.question import Question
from table.amounts import chips_text
from table.presets import STANDARD_TABLE


def stake_question(start: Decimal, stakes: Mapping[str, int]) -> Question:
    committed = Decimal(sum(stakes.values()))
    figures = {"start": _amount(start), "committed": _amount(committed), "left": _amount(start - committed)}
    why = (
        _(
            "Confirming moves %(committed)s chips from your balance to the table: "
            "%(start)s − %(committed)s = %(left)s left in your balance, "
            "%(committed)s committed until the coup is settled."
        )
        % figures
    )
    return _numbers(
        "stake",
        _("Your balance is %(start)s chips. You bet %(bets)s and confirm. What do you have now?")
        % {"start": _amount(start), "bets": _bets_text(stakes)},
        [["balance", _("Balance")], ["committed", _("Committed")]],
        [start - committed, committed],
        why,
    )


def limit_question(kind: str, amount: int) -> Question:
    """Does a stake of ``amount`` on ``kind`` fit the standard table's limits?"""
    table = STANDARD_TABLE
    fits = table.min_bet <= amount <= table.max_bet
    figures = {
        "amount": _amount(amount),
        "bet": _kind_name(kind),
        "min": chips_text(table.min_bet),
        "max": chips_text(table.max_bet),
    }
    if fits:
        why = _("%(amount)s is within %(min)s to %(max)s chips, so the stake is accepted.") % figures
    elif amount < table.min_bet:
        why = _("%(amount)s is below the minimum of %(min)s chips, so the stake is refused.") % figures
    else:
        why = _("%(amount)s is above the maximum of %(max)s chips, so the stake is refused.") % figures
    return _choice(
        "stake",
        _(
            "This table takes %(min)s to %(max)s chips on each of Player, Banker and Tie. "
            "Can you confirm %(amount)s on %(bet)s?"
        )
        % figures,
        [["yes", _("Yes, the stake fits")], ["no", _("No, it is refused")]],
        "yes" if fits else "no",
        why,
    )


def generate_stake(rng: random.Random) -> Question:
    if rng.randrange(4) == 0:
        return limit_question(rng.choice(["player", "banker", "tie"]), rng.choice((1, 5, 50, 100, 150, 200)))
    kinds = rng.sample(["player", "banker", "tie"], rng.choice((1, 1, 2)))
    return stake_question(
        Decimal(rng.choice((100, 90, 110, 150, 80))), {k: rng.choice((5, 10, 15, 20)) for k in kinds}
    )
