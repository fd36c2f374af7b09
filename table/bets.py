"""The engine's bet registry as the app sees it: names in the active language, choices, sides, limits.

Every kind of bet is declared once, in ``baccarat.bets``; the model's choices, the spots'
labels, the sentences about a settled bet and the table limits read it through here, so a
new kind needs no migration and no second list of names.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.functional import Promise, lazy
from django.utils.translation import get_language

from baccarat import Hand, all_bets, bet_spec


def bet_name(key: str, language: str | None = None) -> str:
    """The name of a bet kind in ``language``, by default the active one (``Lion Bonus auf Bank``)."""
    return bet_spec(key).name(language or get_language() or settings.LANGUAGE_CODE)


#: A bet's name that follows the language active when it is shown (for model choices).
bet_label = lazy(bet_name, str)


def bet_choices() -> list[tuple[str, str | Promise]]:
    """``(key, name)`` of every registered kind, for model and form fields."""
    return [(spec.key, bet_label(spec.key)) for spec in all_bets()]


#: The engine's side-bet families the felt does not lay out yet: pairs, Dragon 7 and Panda 8
#: (``baccarat.tables`` says which table offers them; the felt follows once it reads a table's
#: ``side_bets`` and has a sentence for each way they pay). A posted stake on one is an unknown
#: kind (a 400). Every other registered kind is laid out, one registered later included.
HELD_BACK_FAMILIES = frozenset({"pair", "either_pair", "perfect_pair", "dragon_7", "panda_8"})


def bet_keys(side_bets: bool = True) -> list[str]:
    """The keys of the kinds the felt lays out, in registry order; the main bets only if not ``side_bets``."""
    return [
        spec.key
        for spec in all_bets()
        if not spec.is_side_bet or (side_bets and spec.family not in HELD_BACK_FAMILIES)
    ]


def is_side_bet(key: str) -> bool:
    """Whether ``key`` names a side bet."""
    return bet_spec(key).is_side_bet


def side_of(key: str) -> Hand | None:
    """The hand a bet kind backs (``None`` for Tie)."""
    return bet_spec(key).side
