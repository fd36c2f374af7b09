"""The band around the expected line: two standard deviations of the net of the bets made, from the engine."""

from __future__ import annotations

import math
import re
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from table.charts import (
    BAND_SIGMAS,
    EXAMPLE_ROUNDS,
    EXAMPLE_STAKE,
    balance_chart,
    bet_variance,
    example_chart,
)
from table.engine import STANDARD, BetKind, deck_counts, outcome_distribution, return_variance
from table.explain import amount_text
from tests.table.test_results import play


def test_the_band_is_two_standard_deviations_of_the_bets_made(seat):
    play(seat, "4 2 4 3", player=10)
    play(seat, "2 4 3 4", banker=20, tie=5)

    chart = balance_chart(seat)

    variance = (
        100 * bet_variance("standard", "player")
        + 400 * bet_variance("standard", "banker")
        + 25 * bet_variance("standard", "tie")
    )
    assert chart.band_width == Decimal(BAND_SIGMAS * math.sqrt(variance)).quantize(Decimal("0.01"))
    assert len(chart.band_points.split()) == 2 * len(chart.expected)


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

    assert 'class="band"' in html
    assert "shaded band: two standard deviations either side" in html


def test_the_results_page_answers_an_htmx_request_too(client, seat):
    play(seat, "4 2 4 3", player=10)
    client.force_login(seat.user)

    response = client.get(reverse("table:results"), headers={"HX-Request": "true"})

    assert response.status_code == HTTPStatus.OK and 'class="band"' in response.content.decode()


@pytest.mark.parametrize("language", ["en", "de", "id"])
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
