"""The scoreboards ("roads") a baccarat table shows: the bead plate and the Big Road
(the roads derived from the Big Road are in ``baccarat.derived_roads``).

Both are pure functions of the shoe's winners, oldest first. They only
describe what happened; nothing in them says anything about the next coup.

- **Bead plate**: one cell per coup, filled top to bottom in columns of six,
  then left to right; a dot marks a Player or Banker pair (``opening_pairs``).
- **Big Road**: one column per unbroken run of one side (Player or Banker). A
  tie adds no cell: it is counted on the last cell (ties before the first
  Player or Banker win are counted on the first cell). A run longer than the
  column, or blocked by an earlier run, turns right along its row (the
  "dragon tail").

>>> from baccarat.coup import Winner
>>> road = big_road([Winner.BANKER, Winner.BANKER, Winner.TIE, Winner.PLAYER])
>>> [(cell.column, cell.row, cell.winner.value, cell.ties) for cell in road.cells]
[(0, 0, 'banker', 0), (0, 1, 'banker', 1), (1, 0, 'player', 0)]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from baccarat.cards import Card, is_pair
from baccarat.coup import Winner

__all__ = ["ROAD_ROWS", "BigRoad", "RoadCell", "bead_plate", "big_road", "lay_out", "opening_pairs"]

#: Rows of every road, as on casino scoreboards.
ROAD_ROWS = 6


def bead_plate(winners: Sequence[Winner], rows: int = ROAD_ROWS) -> list[list[Winner | None]]:
    """The bead plate as columns of ``rows`` cells, top to bottom; the last column is padded with ``None``.

    >>> P, B, T = Winner.PLAYER, Winner.BANKER, Winner.TIE
    >>> [[w.value[0] if w else "." for w in column] for column in bead_plate([P, B, T, B], rows=3)]
    [['p', 'b', 't'], ['b', '.', '.']]
    """
    columns: list[list[Winner | None]] = []
    for start in range(0, len(winners), rows):
        column: list[Winner | None] = list(winners[start : start + rows])
        columns.append(column + [None] * (rows - len(column)))
    return columns


@dataclass(frozen=True, slots=True)
class RoadCell:
    """One Big Road cell: a Player or Banker win at (column, row), with the ties that followed it."""

    column: int
    row: int
    winner: Winner
    ties: int = 0


@dataclass(frozen=True, slots=True)
class BigRoad:
    """The Big Road: its cells, and the ties seen before the first Player or Banker win."""

    cells: tuple[RoadCell, ...]
    rows: int = ROAD_ROWS
    ties_only: int = 0

    @property
    def columns(self) -> int:
        """How many columns the road fills (at least one)."""
        return max((cell.column for cell in self.cells), default=0) + 1

    def grid(self) -> list[list[RoadCell | None]]:
        """Every cell by column, then row: ``None`` where the road has no cell."""
        found = {(cell.column, cell.row): cell for cell in self.cells}
        return [[found.get((column, row)) for row in range(self.rows)] for column in range(self.columns)]

    @property
    def longest_run(self) -> tuple[Winner, int] | None:
        """The side with the longest unbroken run in this road, and its length (the first if equal)."""
        best: tuple[Winner, int] | None = None
        run_winner, run_length = None, 0
        for cell in self.cells:  # in the order the coups were played
            run_length = run_length + 1 if cell.winner is run_winner else 1
            run_winner = cell.winner
            if best is None or run_length > best[1]:
                best = (cell.winner, run_length)
        return best


def lay_out(marks: Sequence[Hashable], rows: int = ROAD_ROWS) -> list[tuple[int, int]]:
    """Where each mark goes on a road drawn like the Big Road: ``(column, row)`` for each, in order.

    A run of equal marks goes down one column; a different mark starts the next column at the top
    (right of the last run's start, past any dragon tail on the top row). A run that reaches the
    bottom, or a cell already taken, turns right along its row (the "dragon tail").

    >>> lay_out("aaab", rows=2)
    [(0, 0), (0, 1), (1, 1), (1, 0)]
    """
    places: list[tuple[int, int]] = []
    taken: set[tuple[int, int]] = set()
    run_start = -1  # the column where the current run started
    for index, mark in enumerate(marks):
        if index and marks[index - 1] == mark:
            column, row = places[-1]
            below = (column, row + 1)
            place = below if row + 1 < rows and below not in taken else (column + 1, row)
        else:
            column = run_start + 1
            while (column, 0) in taken:
                column += 1
            place, run_start = (column, 0), column
        places.append(place)
        taken.add(place)
    return places


def big_road(winners: Sequence[Winner], rows: int = ROAD_ROWS) -> BigRoad:
    """The Big Road of a shoe's winners, oldest first.

    >>> P, B, T = Winner.PLAYER, Winner.BANKER, Winner.TIE
    >>> road = big_road([T, B, B, B, P], rows=2)
    >>> [(cell.column, cell.row, cell.winner.value, cell.ties) for cell in road.cells]
    [(0, 0, 'banker', 1), (0, 1, 'banker', 0), (1, 1, 'banker', 0), (1, 0, 'player', 0)]
    """
    cells: list[RoadCell] = []
    leading_ties = 0
    played = [winner for winner in winners if winner is not Winner.TIE]
    places = iter(lay_out(played, rows))
    for winner in winners:
        if winner is Winner.TIE:
            if cells:
                last = cells[-1]
                cells[-1] = RoadCell(last.column, last.row, last.winner, last.ties + 1)
            else:
                leading_ties += 1
            continue
        column, row = next(places)
        cells.append(RoadCell(column, row, winner))
    if cells and leading_ties:
        first = cells[0]
        cells[0] = RoadCell(first.column, first.row, first.winner, first.ties + leading_ties)
    return BigRoad(cells=tuple(cells), rows=rows, ties_only=leading_ties if not cells else 0)


def opening_pairs(cards: Sequence[Card]) -> tuple[bool, bool]:
    """Whether Player's and Banker's first two cards are pairs, from a coup's cards in deal order
    (Player, Banker, Player, Banker, then any third cards): the bead plate's pair dots.

    >>> opening_pairs([Card.parse(token) for token in "8H 2C 8S KD 5H".split()])
    (True, False)
    """
    if len(cards) < 4:
        return False, False
    return is_pair(cards[0], cards[2]), is_pair(cards[1], cards[3])
