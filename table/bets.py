"""The engine's bet registry as the app sees it: names in the active language, choices, sides, limits.

Every kind of bet is declared once, in ``baccarat.bets``; the model's choices, the spots'
labels, the sentences about a settled bet and the table limits read it through here, so a
new kind needs no migration and no second list of names.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import cast

from django.conf import settings
from django.utils.functional import Promise, lazy
from django.utils.translation import get_language

from accounts.models import DEFAULT_SIDE_BETS, Classroom
from accounts.selectors import learner_class
from baccarat import Bet, BetKind, Hand, all_bets, bet_spec
from table.presets import Preset


def bet_name(key: str, language: str | None = None) -> str:
    """The name of a bet kind in ``language``, by default the active one (``Lion Bonus auf Bank``)."""
    return bet_spec(key).name(language or get_language() or settings.LANGUAGE_CODE)


#: A bet's name that follows the language active when it is shown (for model choices).
bet_label = lazy(bet_name, str)


def bet_choices() -> list[tuple[str, str | Promise]]:
    """``(key, name)`` of every registered kind, for model and form fields."""
    return [(spec.key, bet_label(spec.key)) for spec in all_bets()]


def stake_on(kind: str, amount: Decimal) -> Bet:
    """A bet on the registered kind ``kind`` (a key string, checked by the registry).

    The cast is only for the type checker while ``Bet.kind`` is annotated ``BetKind``: the engine takes any
    registered key. Once it is annotated ``str``, this is ``Bet(kind, amount)``.

    :raises InvalidBetError: for a key no registered kind has, or a bad amount.
    """
    return Bet(cast(BetKind, bet_spec(kind).key), amount)


def is_registered(key: str) -> bool:
    """Whether a registered kind has this key (a stored row may name one taken out of the registry)."""
    return key in {spec.key for spec in all_bets()}


def is_side_bet(key: str) -> bool:
    """Whether ``key`` names a side bet."""
    return bet_spec(key).is_side_bet


def side_of(key: str) -> Hand | None:
    """The hand a bet kind backs (``None`` for Tie)."""
    return bet_spec(key).side


def side_bets_offered(table_side_bets: Iterable[str], class_side_bets: Iterable[str]) -> tuple[str, ...]:
    """The side bets a learner may place: registered ones the table offers and the class shows, in
    registry order (a key the registry no longer has is dropped).

    >>> side_bets_offered(["lion_player", "lion_banker"], ["lion_banker", "no_such_bet"])
    ('lion_banker',)
    """
    at_table, in_class = set(table_side_bets), set(class_side_bets)
    return tuple(
        spec.key for spec in all_bets() if spec.is_side_bet and spec.key in at_table and spec.key in in_class
    )


def learner_side_bets(user_id: int, table: Preset) -> tuple[str, ...]:
    """The side bets a learner may place at ``table``: those it offers that the learner's class shows
    (outside any class, ``DEFAULT_SIDE_BETS``). One query, for the class."""
    return class_side_bets(learner_class(user_id), table)


def class_side_bets(classroom: Classroom | None, table: Preset) -> tuple[str, ...]:
    """The side bets ``table`` offers that the class shows (no class: ``DEFAULT_SIDE_BETS``). No query."""
    shown = classroom.side_bets if classroom is not None else DEFAULT_SIDE_BETS
    return side_bets_offered(table.side_bets, shown if isinstance(shown, list | tuple) else ())


def main_bet_keys() -> tuple[str, ...]:
    """The main bets' keys (every table offers them), in registry order."""
    return tuple(spec.key for spec in all_bets() if not spec.is_side_bet)


def side_bet_choices() -> list[tuple[str, str | Promise]]:
    """``(key, name)`` of every registered side bet, for the class's form."""
    return [(spec.key, bet_label(spec.key)) for spec in all_bets() if spec.is_side_bet]
