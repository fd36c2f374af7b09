"""The band around the expected line: two standard deviations of the net of the bets made, from the engine."""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction
from http import HTTPStatus

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from baccarat import (
    STANDARD,
    BetKind,
    Winner,
    coup_variance,
    deck_counts,
    odds_for_decks,
    outcome_distribution,
    return_variance,
)
from table.amounts import amount_text
from table.charts import (
    BAND_SIGMAS,
    EXAMPLE_ROUNDS,
    EXAMPLE_STAKE,
    balance_chart,
    bet_variance,
    example_chart,
    round_variance,
)
from tests.support import HX, LANGUAGES, parse
from tests.table.test_results import play


def test_the_band_is_two_standard_deviations_of_the_bets_made(seat):
    play(seat, "4 2 4 3", player=10)
    play(seat, "2 4 3 4", banker=20, tie=5)

    chart = balance_chart(seat)

    eight_decks = outcome_distribution(deck_counts(8))
    variance = 100 * bet_variance("standard", "player") + coup_variance(
        {BetKind.BANKER: Fraction(20), BetKind.TIE: Fraction(5)}, STANDARD, eight_decks
    )
    assert chart.band_width == Decimal(BAND_SIGMAS * math.sqrt(variance)).quantize(Decimal("0.01"))
    assert len(chart.band_points.split()) == 2 * len(chart.expected)


def _player_and_banker_variance() -> Fraction:
    """10 on Player and 10 on Banker, worked by hand: a Player win or a tie nets 0 (10 won, 10 lost;
    or both pushed), a Banker win nets 9.50 - 10 = -0.50. So the net is -0.50 with Banker's chance p."""
    p = odds_for_decks(8, STANDARD).probabilities[Winner.BANKER]
    return Fraction(1, 4) * p * (1 - p)


def test_two_bets_on_one_coup_count_as_one_net_not_two_independent_bets():
    """The issue's figure: 50 coups of 10 on Player and 10 on Banker reach 3.52 chips, not 187.87."""
    both = {"player": Decimal(10), "banker": Decimal(10)}

    assert round_variance("standard", both) == _player_and_banker_variance()
    assert Decimal(BAND_SIGMAS * math.sqrt(50 * round_variance("standard", both))).quantize(
        Decimal("0.01")
    ) == Decimal("3.52")
    independent = 100 * (bet_variance("standard", "player") + bet_variance("standard", "banker"))
    assert round(BAND_SIGMAS * math.sqrt(50 * independent), 2) == 187.87  # what the band used to show


@pytest.mark.parametrize(
    "stakes",
    [
        {"player": 10, "tie": 5},
        {"banker": 20, "tie": 5, "lion_banker": 2},
        {"player": 7, "banker": 3, "tie": 1, "lion_player": 4},
    ],
)
def test_a_rounds_variance_is_the_engines_variance_of_its_total_net(stakes):
    eight_decks = outcome_distribution(deck_counts(8))
    exact = coup_variance(
        {BetKind(kind): Fraction(amount) for kind, amount in stakes.items()}, STANDARD, eight_decks
    )
    assert round_variance("standard", {kind: Decimal(amount) for kind, amount in stakes.items()}) == exact


def test_the_results_band_of_player_and_banker_on_every_coup_is_the_exact_one(seat):
    for cards in ("4 2 4 3", "2 4 3 4", "3 3 3 3"):  # Player wins, Banker wins, a tie
        play(seat, cards, player=10, banker=10)

    chart = balance_chart(seat)

    exact = Decimal(BAND_SIGMAS * math.sqrt(3 * _player_and_banker_variance())).quantize(Decimal("0.01"))
    assert chart.band_width == exact == Decimal("0.86")


def test_a_bet_variance_is_the_engines_exact_one():
    eight_decks = outcome_distribution(deck_counts(8))
    assert bet_variance("standard", "player") == return_variance(BetKind.PLAYER, STANDARD, eight_decks)
    assert bet_variance("standard", "tie") > bet_variance("standard", "banker")  # 8 to 1 spreads widely


def test_the_example_chart_is_seeded_and_its_band_grows_with_the_square_root_of_the_bets():
    first = example_chart()
    example_chart.cache_clear()
    second = example_chart()

    assert first == second and first.example
    assert first.rounds == EXAMPLE_ROUNDS and first.staked == EXAMPLE_STAKE * EXAMPLE_ROUNDS
    spread = EXAMPLE_STAKE * math.sqrt(EXAMPLE_ROUNDS * float(bet_variance("standard", "player")))
    assert first.band_width == Decimal(BAND_SIGMAS * spread).quantize(Decimal("0.01"))


def test_the_results_page_draws_the_band_and_names_it(client, seat):
    play(seat, "4 2 4 3", player=10)
    client.force_login(seat.user)

    html = client.get(reverse("table:results")).content.decode()

    assert parse(html).find("polygon", class_="band")
    assert "shaded band: two standard deviations either side" in html


def test_the_results_page_answers_an_htmx_request_too(client, seat):
    play(seat, "4 2 4 3", player=10)
    client.force_login(seat.user)

    response = client.get(reverse("table:results"), headers=HX)

    assert response.status_code == HTTPStatus.OK and parse(response.content).find("polygon", class_="band")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_chart_writes_svg_coordinates_with_a_point_and_its_amounts_in_the_language(language):
    """German and Indonesian wrote y="204,0": SVG reads two coordinates there and scatters the digits."""
    chart = example_chart()
    with translation.override(language):
        html = render_to_string("table/partials/_balance_chart.html", {"chart": chart})

    coordinates = re.findall(r'\s(?:x|y|x1|x2|y1|y2)="([^"]*)"', html)
    assert coordinates and all(re.fullmatch(r"-?\d+(?:\.\d+)?", value) for value in coordinates), coordinates
    with translation.override(language):
        staked = amount_text(chart.staked, grouping=True)
    assert f"{staked} " in html and staked != f"{chart.staked}"
