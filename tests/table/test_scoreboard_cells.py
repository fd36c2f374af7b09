"""The scoreboards' one partial: the table, the results page and the lessons draw their cells alike,
each cell once per language; and the one chip formatter's places and signs."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import translation
from pytest_django.asserts import assertHTMLEqual

from lessons import systems
from table.amounts import chips_text
from table.presenters import scoreboards
from table.presenters.scoreboards import BeadCell, BigRoadCell, DerivedRoadCell, cells_html, roads_view
from table.selectors import ShoeCoup


def test_a_played_bead_has_its_totals_in_its_title_and_a_lessons_bead_has_none():
    with translation.override("en"):
        assertHTMLEqual(
            cells_html([BeadCell("banker", 3, 5, 7), BeadCell("tie"), BeadCell()]),
            '<li class="bead banker" title="Round 3: Player 5, Banker 7">B'
            '<span class="visually-hidden"> (Banker)</span></li>'
            '<li class="bead tie">T<span class="visually-hidden"> (Tie)</span></li>'
            '<li class="bead empty" aria-hidden="true"></li>',
        )
    with translation.override("de"):
        assert 'title="Runde 3: Spieler 5, Bank 7"' in cells_html([BeadCell("banker", 3, 5, 7)])


def test_a_road_cell_marks_its_ties_and_names_its_winner_only_where_spoken():
    with translation.override("en"):
        assertHTMLEqual(
            cells_html([BigRoadCell("player", 2), BigRoadCell("banker", 1, spoken=True), BigRoadCell()]),
            '<span class="road-cell player">P<span class="tie-mark">2</span></span>'
            '<span class="road-cell banker">B<span class="tie-mark"></span>'
            '<span class="visually-hidden">Banker, Tie</span></span>'
            '<span class="road-cell"></span>',
        )


def test_a_bead_names_its_pairs_and_a_derived_cell_is_filled_or_hollow_by_its_class():
    with translation.override("en"):
        assertHTMLEqual(
            cells_html([BeadCell("player", 4, 8, 5, player_pair=True, banker_pair=True)]),
            '<li class="bead player" title="Round 4: Player 8, Banker 5, Banker pair, Player pair">P'
            '<span class="pair-dot banker-pair"></span><span class="pair-dot player-pair"></span>'
            '<span class="visually-hidden"> (Player, Banker pair, Player pair)</span></li>',
        )
        assertHTMLEqual(
            cells_html([DerivedRoadCell("red"), DerivedRoadCell("blue"), DerivedRoadCell()]),
            '<span class="derived-cell red"></span><span class="derived-cell blue"></span>'
            '<span class="derived-cell"></span>',
        )
    with translation.override("id"):
        assert "Pasangan Pemain" in cells_html([BeadCell("player", 4, 8, 5, player_pair=True)])


def test_each_cell_is_drawn_once_per_language(monkeypatch):
    drawn = []
    original = scoreboards.render_to_string
    monkeypatch.setattr(scoreboards, "render_to_string", lambda *args: drawn.append(args) or original(*args))
    scoreboards._cell_html.cache_clear()
    roads = roads_view([ShoeCoup(1, "banker", 3, 7), ShoeCoup(2, "banker", 2, 9)])
    for language in ("en", "de", "en"):
        with translation.override(language):
            assert roads.bead_html.count('class="bead banker"') == 2 and roads.big_html
            assert all(board.html for board in roads.derived)
    # two played beads, one empty bead, two road cells (Banker, empty) and the derived roads' one
    # (empty: two coups give no mark), in each of two languages
    assert len(drawn) == 2 * 6


def test_the_lesson_draws_its_boards_with_the_tables_cells(course, learner_client):
    html = learner_client.get(reverse("lessons:lesson", args=[systems.SLUG])).content.decode()
    with translation.override("en"):
        bead = [[BeadCell(winner) for winner in column] for column in systems.scoreboard()["bead"]]
        road = [
            BigRoadCell(winner, ties, spoken=True)
            for column in systems.scoreboard()["grid"]
            for winner, ties in column
        ]
        assert cells_html(cell for column in bead for cell in column) in html
        assert cells_html(road) in html


@pytest.mark.parametrize(
    ("value", "places", "signed", "written"),
    [
        (Decimal("10"), None, False, "10"),
        (Decimal("19.5"), None, False, "19.50"),
        (Decimal("90"), 2, False, "90.00"),
        (Decimal("10"), 2, True, "+10.00"),
        (Decimal("-0.5"), 2, True, "\u22120.50"),
        (Decimal("0"), 2, True, "0.00"),
        (Fraction(-11145, 1000), 2, True, "\u221211.15"),
        (1000, 0, False, "1,000"),
    ],
)
def test_the_one_chip_formatter_writes_places_and_signs(value, places, signed, written):
    with translation.override("en"):
        assert chips_text(value, places, grouping=True, signed=signed) == written
    with translation.override("de"):
        assert chips_text(value, places, grouping=True, signed=signed) == written.translate(
            str.maketrans({",": ".", ".": ","})
        )
