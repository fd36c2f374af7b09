"""Big Eye Boy, Small Road and Cockroach Pig, and the bead plate's pairs, through the engine's API.

The worked sequences below follow the rule statements of two published road guides (the shared
reference documents say nothing about derived roads, and design/table.md only names them):

- the colour rules as the Wizard of Odds' "Baccarat Scoreboards" page (written with the Venetian's
  staff) states them: a new Big Road column is red when the two columns before it are of equal
  length, else blue; a continued column is red when the compared column's cell in that row and the
  one above it are alike (both filled or both empty), blue when they differ;
- the starting points as the "five road rules" guides state them (e.g. sikwin casino's): Big Eye
  Boy starts at the second row of the Big Road's second column, or else the first row of the third;
  Small Road one column further right, Cockroach Pig two.

Each expected road was worked out by hand from those rules, run length by run length, in the
comment above it; the columns are written top to bottom, "R" red and "b" blue.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat import (
    BIG_EYE_BOY,
    COCKROACH_PIG,
    DERIVED_ROADS,
    ROAD_ROWS,
    SMALL_ROAD,
    Card,
    Mark,
    Winner,
    big_road,
    derived_marks,
    derived_road,
    is_pair,
    opening_pairs,
)

P, B, T = Winner.PLAYER, Winner.BANKER, Winner.TIE
winners = st.lists(st.sampled_from([P, B, T]), max_size=120)


def shoe(text: str) -> list[Winner]:
    return [{"P": P, "B": B, "T": T}[letter] for letter in text.replace(" ", "")]


def columns(road) -> list[str]:
    """The road's columns top to bottom as letters, the way a guide draws them."""
    letter = {Mark.RED: "R", Mark.BLUE: "b"}
    return (
        ["".join(letter[cell.mark] for cell in column if cell) for column in road.grid()]
        if road.cells
        else []
    )


# Worked sequence 1: B B | P P P | B | P | B B B  -> Big Road runs of 2, 3, 1, 1, 3.
# Big Eye Boy (1 back), from run 2 row 2:
#   run 2 row 2: run 1 has rows 1-2 -> R;  run 2 row 3: run 1 has row 2, not 3 -> b
#   run 3 new: runs 2 and 1 are 3 and 2 long -> b;  run 4 new: 1 vs 3 -> b;  run 5 new: 1 vs 1 -> R
#   run 5 row 2: run 4 has row 1 only -> b;  run 5 row 3: run 4 lacks rows 2 and 3 -> R
# Small Road (2 back): run 3 is one long, so it starts at run 4: 1 vs run 2's 2 -> b;
#   run 5 new: 1 vs 3 -> b;  row 2: run 3 has row 1 only -> b;  row 3: run 3 lacks 2 and 3 -> R
# Cockroach Pig (3 back), from run 5: new: run 4 (1) vs run 1 (2) -> b;  rows 2, 3: run 2 has them -> R R
FIRST = "BB PPP B P BBB"

# Worked sequence 2, with ties: P T | B B T B | P P | B T | P  -> runs of 1, 3, 2, 1, 1.
# Big Eye Boy: run 2 row 2: run 1 has row 1 only -> b;  row 3: run 1 lacks 2 and 3 -> R
#   run 3 new: 3 vs 1 -> b;  run 3 row 2: run 2 has row 2 -> R
#   run 4 new: 2 vs 3 -> b;  run 5 new: 1 vs 2 -> b
# Small Road: run 3 row 2: run 1 has row 1 only -> b;  run 4 new: 2 vs 1 -> b;  run 5 new: 1 vs 3 -> b
# Cockroach Pig: run 4 is one long, so it starts at run 5: run 4 (1) vs run 1 (1) -> R
SECOND = "PT BBTB PP BT P"

# Worked sequence 3, a "chop" (Player and Banker by turns): every run is one long, so every new column
# compares equal lengths and is red. Ten coups give Big Eye Boy 8 reds (from run 3), Small Road 7 (run 4)
# and Cockroach Pig 6 (run 5): one red run each, turning right along the bottom past six.
CHOP = "PB" * 5

# Worked sequence 4, a dragon: eight Bankers (the run counts whole, tail and all), a Player, a Banker.
# Big Eye Boy: run 2 is one long, so it starts at run 3: run 2 (1) vs run 1 (8) -> b.  Nothing else yet.
DRAGON = "B" * 8 + "PB"


@pytest.mark.parametrize(
    ("played", "back", "expected"),
    [
        (FIRST, BIG_EYE_BOY, ["R", "bbb", "R", "b", "R"]),
        (FIRST, SMALL_ROAD, ["bbb", "R"]),
        (FIRST, COCKROACH_PIG, ["b", "RR"]),
        (SECOND, BIG_EYE_BOY, ["b", "R", "b", "R", "bb"]),
        (SECOND, SMALL_ROAD, ["bbb"]),
        (SECOND, COCKROACH_PIG, ["R"]),
        (DRAGON, BIG_EYE_BOY, ["b"]),
        (DRAGON, SMALL_ROAD, []),
    ],
)
def test_worked_sequences_give_the_guides_red_and_blue_columns(played, back, expected):
    assert columns(derived_road(shoe(played), back)) == expected


def test_a_chop_gives_one_red_run_per_road_with_a_dragon_tail_past_six_rows():
    for back, reds in ((BIG_EYE_BOY, 8), (SMALL_ROAD, 7), (COCKROACH_PIG, 6)):
        road = derived_road(shoe(CHOP), back)
        assert [cell.mark for cell in road.cells] == [Mark.RED] * reds
        places = [(cell.column, cell.row) for cell in road.cells]
        assert places == [(0, row) for row in range(6)] + [(column, 5) for column in range(1, reds - 5)]


def test_a_road_starts_only_once_its_column_has_one_to_compare_with():
    assert derived_marks(shoe("BBP"), BIG_EYE_BOY) == []  # run 2 has no second row yet
    assert derived_marks(shoe("BBPP"), BIG_EYE_BOY) == [Mark.RED]
    assert derived_marks(shoe("BBPB"), BIG_EYE_BOY) == [Mark.BLUE]  # runs 1 and 2: 2 and 1 long
    assert derived_marks(shoe("TTTT"), COCKROACH_PIG) == []
    with pytest.raises(ValueError, match="at least 1 column back"):
        derived_marks(shoe("BP"), 0)


def _start(road, back: int) -> int:
    """The index of the Big Road cell where the derived road starts (the number of cells if not yet):
    the second cell of run ``back`` (counted from 0), or else the first cell of the run after it."""
    run, row = -1, 0
    for index, cell in enumerate(road.cells):
        new_run = index == 0 or road.cells[index - 1].winner is not cell.winner
        run, row = (run + 1, 0) if new_run else (run, row + 1)
        if (run == back and row == 1) or run > back:
            return index
    return len(road.cells)


@given(winners)
def test_each_road_has_one_mark_for_every_big_road_cell_after_its_start(played):
    road = big_road(played)
    for back in DERIVED_ROADS:
        assert len(derived_marks(played, back)) == len(road.cells) - _start(road, back)


@given(winners, st.sampled_from(DERIVED_ROADS))
def test_ties_never_enter_and_a_longer_shoe_only_adds_marks(played, back):
    marks = derived_marks(played, back)
    assert derived_marks([winner for winner in played if winner is not T], back) == marks
    assert derived_marks([*played, P], back)[: len(marks)] == marks


@given(winners, st.sampled_from(DERIVED_ROADS))
def test_the_roads_see_only_the_shape_so_swapping_the_sides_changes_nothing(played, back):
    swapped = [{P: B, B: P, T: T}[winner] for winner in played]
    assert derived_marks(swapped, back) == derived_marks(played, back)


@given(winners, st.sampled_from(DERIVED_ROADS))
def test_each_road_is_laid_out_like_the_big_road(played, back):
    road = derived_road(played, back)
    assert len({(cell.column, cell.row) for cell in road.cells}) == len(road.cells)
    assert all(0 <= cell.row < ROAD_ROWS for cell in road.cells)
    for previous, cell in zip(road.cells, road.cells[1:], strict=False):
        if cell.mark is not previous.mark:
            assert cell.row == 0  # a change of colour starts a new column at the top
    assert road.count(Mark.RED) + road.count(Mark.BLUE) == len(road.cells)


@pytest.mark.parametrize(
    ("first", "second", "pair"),
    [("8H", "8S", True), ("KD", "KC", True), ("10H", "KH", False), ("A", "A", True), ("Q", "J", False)],
)
def test_a_pair_is_two_cards_of_one_rank_whatever_their_suits_or_points(first, second, pair):
    assert is_pair(Card.parse(first), Card.parse(second)) is pair


def test_the_pairs_are_read_from_each_hands_first_two_cards_in_deal_order():
    def pairs(tokens: str) -> tuple[bool, bool]:
        return opening_pairs([Card.parse(token) for token in tokens.split()])

    assert pairs("8H 2C 8S KD") == (True, False)  # Player 8 8, Banker 2 K
    assert pairs("3H 5C 9S 5D") == (False, True)
    assert pairs("QH QC QS QD") == (True, True)
    assert pairs("4 2 3 3 4") == (False, False)  # Player's third card does not make a pair
    assert pairs("4 2 4") == (False, False)  # a coup still being dealt has no pairs yet
