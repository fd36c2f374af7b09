"""The bead plate and the Big Road, through the engine's API."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from baccarat import ROAD_ROWS, Winner, bead_plate, big_road

P, B, T = Winner.PLAYER, Winner.BANKER, Winner.TIE
winners = st.lists(st.sampled_from([P, B, T]), max_size=90)


def cells(road):
    return [(cell.column, cell.row, cell.winner, cell.ties) for cell in road.cells]


def test_the_bead_plate_fills_columns_of_six_top_to_bottom():
    plate = bead_plate([B] * 6 + [P, T])
    assert plate == [[B] * 6, [P, T, None, None, None, None]]


def test_an_empty_shoe_has_an_empty_bead_plate_and_big_road():
    assert bead_plate([]) == []
    road = big_road([])
    assert road.cells == () and road.columns == 1 and road.longest_run is None


def test_a_change_of_winner_starts_a_new_column():
    assert cells(big_road([B, B, P, B])) == [(0, 0, B, 0), (0, 1, B, 0), (1, 0, P, 0), (2, 0, B, 0)]


def test_a_tie_adds_no_cell_but_is_counted_on_the_last_one():
    assert cells(big_road([P, T, T, B])) == [(0, 0, P, 2), (1, 0, B, 0)]


def test_ties_before_the_first_win_are_counted_on_the_first_cell():
    road = big_road([T, T, B])
    assert cells(road) == [(0, 0, B, 2)] and road.ties_only == 0
    assert big_road([T, T]).ties_only == 2


def test_a_run_longer_than_six_turns_right_along_the_bottom():
    road = big_road([B] * 8 + [P])
    assert cells(road)[5:] == [(0, 5, B, 0), (1, 5, B, 0), (2, 5, B, 0), (1, 0, P, 0)]
    assert road.longest_run == (B, 8)


def test_a_run_blocked_by_an_earlier_dragon_tail_turns_right_where_it_is_blocked():
    # Banker's tail fills row 5 of columns 1 and 2; Player's run in column 1 stops above it.
    road = big_road([B] * 8 + [P] * 6)
    player = [(column, row) for column, row, winner, _ in cells(road) if winner is P]
    assert player == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4)]


@given(winners)
def test_every_player_or_banker_win_has_one_cell_and_every_tie_is_counted(played):
    road = big_road(played)
    assert len(road.cells) == sum(winner is not T for winner in played)
    assert sum(cell.ties for cell in road.cells) + road.ties_only == played.count(T)
    assert len({(cell.column, cell.row) for cell in road.cells}) == len(road.cells)
    assert all(0 <= cell.row < ROAD_ROWS for cell in road.cells)


@given(winners)
def test_each_new_run_starts_on_the_top_row_right_of_the_last_run(played):
    road = big_road(played)
    starts = [
        cell.column
        for previous, cell in zip((None, *road.cells), road.cells, strict=False)
        if previous is None or previous.winner is not cell.winner
    ]
    assert starts == sorted(set(starts))
    grid = road.grid()
    assert len(grid) == road.columns and all(len(column) == ROAD_ROWS for column in grid)


@given(winners)
def test_the_bead_plate_keeps_every_coup_in_order(played):
    plate = bead_plate(played)
    assert [winner for column in plate for winner in column if winner is not None] == played
    assert all(len(column) == ROAD_ROWS for column in plate)
