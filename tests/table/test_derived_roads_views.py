"""The derived roads and the bead plate's pair dots on the results page and beside the felt, through the
Django test client, for a shoe whose coups are known card by card."""

from __future__ import annotations

import pytest
from django.urls import reverse

from table import playing
from tests.support import HX, parse

#: One coup per entry (4 cards each, so nobody draws): its winner, then its cards in deal order.
COUPS = [
    ("B", "2 4 3 4"),  # Banker 8 against 5: Banker's 4 4 is a pair
    ("B", "2 5 3 3"),  # Banker 8 against 5, no pair
    ("T", "5 3 3 5"),  # 8 each: a tie, no pair
    ("P", "4 2 4 3"),  # Player 8 against 5: Player's 4 4 is a pair
    ("P", "5 2 3 3"),
    ("P", "5 2 3 3"),
    ("B", "2 5 3 3"),
    ("P", "5 2 3 3"),
    ("B", "2 5 3 3"),
    ("B", "2 5 3 3"),
    ("B", "2 5 3 3"),
]

#: The roads of B B | P P P | B | P | B B B, worked out by hand in tests/engine/test_derived_roads.py
#: (FIRST): each road's columns top to bottom, R red and b blue.
EXPECTED = {
    "big-eye-boy": ["R", "bbb", "R", "b", "R"],
    "small-road": ["bbb", "R"],
    "cockroach-pig": ["b", "RR"],
}


def _play_shoe(seat) -> None:
    playing.shoe_arrange(seat, " ".join(cards for _, cards in COUPS))
    for _ in COUPS:
        playing.round_play(seat, {"player": 5})


def _columns(board) -> list[str]:
    cells = board.find_all("span", class_="derived-cell")
    assert len(cells) % 6 == 0
    letters = ["R" if "red" in cell.classes else "b" if "blue" in cell.classes else "" for cell in cells]
    columns = ["".join(letters[start : start + 6]) for start in range(0, len(letters), 6)]
    return [column for column in columns if column]


@pytest.fixture
def played(player, seat):
    _play_shoe(seat)
    return player


@pytest.mark.parametrize("url", ["table:results", "table:play"])
def test_both_pages_show_the_three_derived_roads_with_the_worked_cells(played, url):
    page = parse(played.get(reverse(url)).content.decode())

    for key, expected in EXPECTED.items():
        board = page.find("div", id=f"road-{key}")
        assert _columns(board) == expected
        road = board.find("div", class_="derived-road")
        red = sum(column.count("R") for column in expected)
        blue = sum(column.count("b") for column in expected)
        assert road.attrs["role"] == "img" and f"red {red}, blue {blue}." in road.attrs["aria-label"]
        assert "records the past and predicts nothing" in board.find("p", class_="road-note").text


def test_the_bead_plate_marks_each_hands_pair_with_a_dot_and_in_words(played):
    page = parse(played.get(reverse("table:results")).content.decode())

    beads = [bead for bead in page.find_all("li", class_="bead") if "empty" not in bead.classes]
    assert [bead.text[0] for bead in beads] == [winner for winner, _ in COUPS]
    banker_pair = [index for index, bead in enumerate(beads) if bead.find_all("span", class_="banker-pair")]
    player_pair = [index for index, bead in enumerate(beads) if bead.find_all("span", class_="player-pair")]
    assert banker_pair == [0] and player_pair == [3]
    assert beads[0].attrs["title"] == "Round 1: Player 5, Banker 8, Banker pair"
    assert "Player pair" in beads[3].text and "pair" not in beads[1].text


def test_the_roads_speak_german_and_indonesian(played):
    for language, name, caption in (
        ("de", "Big Eye Boy (großes Auge)", "sagt nichts voraus"),
        ("id", "Cockroach Pig (kecoak)", "tidak meramal apa pun"),
    ):
        played.post(reverse("set_language"), {"language": language, "next": "/"})
        html = played.get(reverse("table:results")).content.decode()
        assert name in html and caption in html, language


def test_the_coup_that_ends_sends_the_new_derived_roads_with_the_other_boards(player, seat):
    playing.shoe_arrange(seat, " ".join(cards for _, cards in COUPS))
    for _ in COUPS[:-1]:
        playing.round_play(seat, {"player": 5})
    player.post(reverse("table:round-confirm"), {"round": str(len(COUPS)), "stake_player": "5"}, headers=HX)
    for card in range(4):
        answer = player.post(
            reverse("table:round-deal"), {"round": str(len(COUPS)), "card": str(card)}, headers=HX
        )
    roads = parse(answer.content.decode()).find("div", id="table-roads")
    assert _columns(roads.find("div", id="road-cockroach-pig")) == EXPECTED["cockroach-pig"]


def test_no_derived_road_before_the_first_coup(player):
    page = player.get(reverse("table:results")).content.decode()
    assert "road-big-eye-boy" not in page and "No coup settled in this shoe yet" in page
