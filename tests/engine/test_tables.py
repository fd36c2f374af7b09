"""The common tables as data, and a payout set whose Tie pays 9:1."""

from __future__ import annotations

from decimal import Decimal

import pytest

from baccarat import (
    EZ,
    NO_COMMISSION,
    STANDARD,
    TABLES,
    EngineError,
    InvalidBetError,
    InvalidTableError,
    PayoutSet,
    TableRules,
    deck_counts,
    exact_odds,
    odds_for_decks,
    table_rules,
)

COMMON = ("lion_player", "lion_banker", "player_pair", "banker_pair", "either_pair", "perfect_pair")


def test_the_three_tables_and_their_rules():
    assert list(TABLES) == ["standard", "no-commission", "ez"]
    assert [(t.key, t.decks, t.payouts) for t in TABLES.values()] == [
        ("standard", 8, STANDARD),
        ("no-commission", 6, NO_COMMISSION),
        ("ez", 8, EZ),
    ]
    assert table_rules("standard").side_bets == COMMON
    assert table_rules("no-commission").side_bets == COMMON
    assert table_rules("ez").side_bets == (*COMMON, "dragon_7", "panda_8")
    assert table_rules("ez").bet_keys[:3] == ("player", "banker", "tie")


def test_the_payouts_of_each_table():
    assert (STANDARD.banker_commission, STANDARD.tie_pays) == (Decimal("0.05"), Decimal("8"))
    assert NO_COMMISSION.banker_six_pays == Decimal("0.5")
    assert (EZ.banker_commission, EZ.banker_six_pays, EZ.banker_pushes_three_card_seven) == (0, None, True)
    assert PayoutSet.EZ is EZ is PayoutSet.named("ez")


def test_an_unknown_table_is_a_clear_engine_error():
    with pytest.raises(
        InvalidTableError, match="There is no table 'macau': use 'standard', 'no-commission', 'ez'."
    ):
        table_rules("macau")
    assert issubclass(InvalidTableError, EngineError)


@pytest.mark.parametrize(
    ("decks", "side_bets", "message"),
    [
        (9, (), "1 to 8 decks"),
        (8, ("tiger",), "no bet kind"),
        (8, ("banker",), "main bet"),
    ],
)
def test_a_table_s_rules_must_fit_together(decks, side_bets, message):
    with pytest.raises(InvalidTableError, match=message):
        TableRules("home", decks, STANDARD, side_bets)


def test_a_table_is_frozen_and_prices_its_own_fresh_shoe():
    rules = table_rules("no-commission")
    with pytest.raises(AttributeError):
        rules.decks = 8  # type: ignore[misc]
    assert rules.odds() is odds_for_decks(6, NO_COMMISSION)
    assert rules.offers("perfect_pair") and not rules.offers("dragon_7")


# --- Tie 9:1 -------------------------------------------------------------------------------------


def test_with_tie_pays_gives_a_named_copy():
    nine = STANDARD.with_tie_pays(Decimal("9"))
    assert (nine.name, nine.tie_pays, nine.banker_commission) == (
        "standard-tie9",
        Decimal("9"),
        Decimal("0.05"),
    )
    assert STANDARD.tie_pays == Decimal("8")
    assert PayoutSet.named("standard-tie9") == nine
    assert EZ.with_tie_pays(Decimal("9.0")).name == "ez-tie9"
    assert nine.with_tie_pays(Decimal("10")).name == "standard-tie10"
    assert PayoutSet.named("ez-tie7.5").tie_pays == Decimal("7.5")


@pytest.mark.parametrize("pays", [Decimal(0), Decimal(-9), Decimal("NaN"), 9, 9.0])
def test_a_tie_pays_a_positive_decimal(pays):
    with pytest.raises(InvalidBetError):
        STANDARD.with_tie_pays(pays)


@pytest.mark.parametrize(
    "name", ["standard-tie", "standard-tiex", "standard-tie9.0", "european-tie9", "ez-tie-1"]
)
def test_a_name_that_is_no_payout_set_is_refused(name):
    with pytest.raises(InvalidBetError, match="is not a payout set"):
        PayoutSet.named(name)


def test_a_tie_paying_9_to_1_has_an_edge_of_4_84_percent_on_eight_decks_and_is_cached():
    nine = STANDARD.with_tie_pays(Decimal("9"))
    odds = odds_for_decks(8, nine)
    assert f"{float(odds.house_edge['tie']):.2%}" == "4.84%"
    assert odds.house_edge["banker"] == odds_for_decks(8).house_edge["banker"]
    assert odds_for_decks(8, STANDARD.with_tie_pays(Decimal("9"))) is odds
    assert exact_odds(deck_counts(8), nine) is exact_odds(deck_counts(8), PayoutSet.named("standard-tie9"))
