"""The app reads bet names, choices, sides and limits from the engine's registry, in every language."""

from __future__ import annotations

from decimal import Decimal

from django.utils import translation

from baccarat import LANGUAGES, Hand
from table.bets import bet_choices, bet_name, is_side_bet, main_bet_keys, side_bet_choices, side_of
from table.models import RoundBet
from table.presets import STANDARD_TABLE
from tests.engine.test_bets import ANY_NATURAL, throwaway_bet  # noqa: F401  (the fixture)


def test_a_registered_kind_is_named_and_offered_by_the_app_in_every_language(throwaway_bet):  # noqa: F811
    names = {language: bet_name(ANY_NATURAL, language) for language in LANGUAGES}
    assert names == {"en": "Any natural", "de": "Irgendein Naturel", "id": "Natural apa saja"}
    assert ANY_NATURAL in dict(bet_choices()) and ANY_NATURAL in dict(side_bet_choices())
    assert ANY_NATURAL not in main_bet_keys()
    assert is_side_bet(ANY_NATURAL) and side_of(ANY_NATURAL) is None
    assert STANDARD_TABLE.limits(ANY_NATURAL) == (Decimal("1.00"), Decimal("20.00"))
    with translation.override("de"):
        assert RoundBet(kind=ANY_NATURAL, amount=Decimal(5)).get_kind_display() == "Irgendein Naturel"


def test_the_built_in_kinds_keep_their_stored_values_and_names():
    assert [key for key, _label in bet_choices()][:5] == [
        "player",
        "banker",
        "tie",
        "lion_player",
        "lion_banker",
    ]
    with translation.override("id"):
        assert str(dict(bet_choices())["lion_banker"]) == "Lion Bonus (Dragon Bonus) pada Bankir"
    assert side_of("lion_player") is Hand.PLAYER and side_of("tie") is None
    assert STANDARD_TABLE.limits("banker") == (STANDARD_TABLE.min_bet, STANDARD_TABLE.max_bet)
    assert (STANDARD_TABLE.lion_min, STANDARD_TABLE.lion_max) == (Decimal("10.00"), Decimal("50.00"))
