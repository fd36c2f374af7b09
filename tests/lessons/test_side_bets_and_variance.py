"""Lesson text of issue 26: the Lion Bonus is the Dragon Bonus, side bets can turn late in a shoe
(Player and Banker essentially never), and bankroll and variance; every figure from the engine."""

from __future__ import annotations

import html as html_module
import math
import re
from decimal import Decimal
from fractions import Fraction

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from baccarat import (
    STANDARD,
    Bet,
    BetKind,
    deck_counts,
    odds_for_decks,
    outcome_distribution,
    return_variance,
    settle,
)
from baccarat.coup import Outcome
from lessons import systems
from lessons.systems_figures import COUNTING
from table.amounts import amount_text
from table.explain import percent_sign, percent_text
from tests.factories import SeatFactory

#: The Dragon Bonus as casinos usually post it: a win without a natural by 9 pays 30:1, by 8 10:1,
#: by 7 6:1, by 6 4:1, by 5 2:1, by 4 1:1; a natural win pays 1:1; a tie of naturals is a push.
DRAGON_BONUS = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}


def _text(html: str) -> str:
    return html_module.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def _page(client, slug, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return _text(client.get(reverse("lessons:lesson", args=[slug])).content.decode())


# --- the Lion Bonus is the Dragon Bonus ---------------------------------------------------------


def test_the_lion_bonus_pays_the_dragon_bonus_table():
    assert {margin: int(pays) for margin, pays in STANDARD.lion_margin_pays.items()} == DRAGON_BONUS
    assert STANDARD.lion_natural_pays == 1
    tie_of_naturals = Outcome(player_total=8, banker_total=8, player_count=2, banker_count=2, natural=True)
    [pushed] = settle([Bet(BetKind.LION_BANKER, Decimal(10))], tie_of_naturals, STANDARD)
    assert pushed.result.value == "push" and pushed.returned == 10


@pytest.mark.parametrize(
    ("language", "words"), [("en", "Dragon Bonus"), ("de", "Dragon Bonus"), ("id", "Dragon Bonus")]
)
def test_lesson_9_names_the_dragon_bonus(client, learner, course, language, words):
    client.force_login(learner)
    assert words in _page(client, "house-edge", language)


# --- side bets can turn, Player and Banker essentially never ------------------------------------


def test_a_replayed_shoe_gives_the_kept_lion_bonus_figures():
    """Shoe 2 is one where the Lion Bonus had the bettor's edge: replayed exactly."""
    assert COUNTING[2]["lion_ahead"] > 0
    assert systems.counting_shoe(2) == COUNTING[2]


def test_in_the_counted_shoes_the_lion_bonus_turned_in_the_second_half_and_player_and_banker_never():
    study = systems.counting_study()
    assert study["ahead"] == 0  # Player and Banker: never the bettor's edge
    assert (study["lion_ahead"], study["states"], study["lion_shoes"]) == (31, 814, 7)
    assert 0 < 2 * study["lion_most_left"] < study["cards"] == 416  # the second half of every shoe
    assert study["lion_lowest"] == Fraction(-74717, 835380)
    assert f"{float(study['lion_lowest']) * 100:.4f}" == "-8.9441"


def test_lesson_10_prints_the_side_bet_figures(client, learner, course):
    client.force_login(learner)
    text = _page(client, systems.SLUG, "en")
    study = systems.counting_study()
    with translation.override("en"):
        lowest = percent_sign(percent_text(study["lion_lowest"] * 100))
    assert (
        f"had the bettor’s edge before {study['lion_ahead']} of the {study['states']} coups, "
        f"in {study['lion_shoes']} of the shoes, always in the second half of a shoe, "
        f"with {study['lion_most_left']} or fewer of its {study['cards']} cards left" in text
    )
    assert f"at best its house edge was {lowest}" in text and lowest == "−8.9441%"
    assert "Player and Banker essentially never turn." in text
    assert "not as something to try" in text


@pytest.mark.parametrize(
    ("language", "banker_words", "side_words"),
    [
        ("en", "On Player and Banker the edge stays with the house", "Side bets are different"),
        ("de", "Bei Spieler und Bank bleibt der Vorteil", "Bei Nebenwetten ist das anders"),
        ("id", "Pada Pemain dan Bankir, keunggulan", "Taruhan sampingan berbeda"),
    ],
)
def test_the_odds_page_no_longer_says_the_odds_never_turn(client, db, language, banker_words, side_words):
    seat = SeatFactory()
    client.force_login(seat.user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.post(reverse("table:round-confirm"), {"round": "1", "stake_player": "10"})
    text = _text(client.get(reverse("table:odds")).content.decode())
    assert banker_words in text and side_words in text
    assert "does not turn the game in your favour" not in text


# --- bankroll and variance --------------------------------------------------------------------------


def test_the_standard_deviations_per_bet_are_the_engines_exact_ones():
    eight_decks = outcome_distribution(deck_counts(8))
    spread = systems.variance_figures()["spread"]
    for kind in (BetKind.PLAYER, BetKind.BANKER, BetKind.TIE):
        exact = math.sqrt(return_variance(kind, STANDARD, eight_decks))
        assert abs(float(spread[kind.value]) - exact) <= 0.005
    assert (spread["player"], spread["banker"], spread["tie"]) == (
        Decimal("0.95"),
        Decimal("0.93"),
        Decimal("2.64"),
    )


def test_the_sessions_spread_and_the_crossover_follow_from_the_engine():
    figures = systems.variance_figures()
    edge = odds_for_decks(8, STANDARD).house_edge[BetKind.PLAYER]
    variance = return_variance(BetKind.PLAYER, STANDARD, outcome_distribution(deck_counts(8)))
    coups, stake = figures["coups"], figures["stake"]
    assert figures["loss"] == Decimal(f"{float(coups * stake * edge):.2f}") == Decimal("12.35")
    assert figures["session_sd"] == Decimal(f"{stake * math.sqrt(coups * variance):.2f}") == Decimal("95.12")
    assert figures["low"] == -figures["loss"] - 2 * figures["session_sd"]
    assert figures["high"] == -figures["loss"] + 2 * figures["session_sd"]

    def beyond(n: int) -> bool:  # expected loss n·e beyond two standard deviations 2·σ·√n (per chip)
        return (n * edge) ** 2 > 4 * n * variance

    assert beyond(figures["crossover"]) and not beyond(figures["crossover"] - 1)
    assert figures["crossover"] == 23_723


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            [
                "0.95 chips on Player, 0.93 on Banker and 2.64 on Tie",
                "lose 12.35 chips",
                "95.12 chips",
                "from −202.59 to 177.89 chips",
                "It takes 23,723 such coups",
                "no stake plan changes the expected loss",
            ],
        ),
        (
            "de",
            [
                "0,95 Chips auf Spieler, 0,93 auf Bank und 2,64 auf Unentschieden",
                "Verlust von 12,35 Chips",
                "von −202,59 bis 177,89 Chips",
                "nach 23.723 solchen Coups",
                "kein Einsatzplan ändert",
            ],
        ),
        (
            "id",
            [
                "0,95 chip pada Pemain, 0,93 pada Bankir, dan 2,64 pada Seri",
                "rugi 12,35 chip",
                "dari −202,59 sampai 177,89 chip",
                "setelah 23.723 putaran",
                "tidak ada rencana taruhan",
            ],
        ),
    ],
)
def test_lesson_10_explains_bankroll_variance_and_two_standard_deviations(
    client, learner, course, language, words
):
    client.force_login(learner)
    text = _page(client, systems.SLUG, language)
    for phrase in words:
        assert phrase in text, phrase


def test_the_sessions_range_is_written_as_the_language_writes_amounts():
    figures = systems.variance_figures()
    with translation.override("de"):
        assert amount_text(figures["low"], grouping=True) == "−202,59"
