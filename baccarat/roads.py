"""The scoreboards ("roads") a baccarat table shows: the bead plate and the Big Road.

Both are pure functions of the shoe's winners, oldest first. They only
describe what happened; nothing in them says anything about the next coup.

- **Bead plate**: one cell per coup, filled top to bottom in columns of six,
  then left to right.
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

from collections.abc import Sequence
from dataclasses import dataclass

from baccarat.coup import Winner

__all__ = ["ROAD_ROWS", "BigRoad", "RoadCell", "bead_plate", "big_road"]

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


def big_road(winners: Sequence[Winner], rows: int = ROAD_ROWS) -> BigRoad:
    """The Big Road of a shoe's winners, oldest first.

    >>> P, B, T = Winner.PLAYER, Winner.BANKER, Winner.TIE
    >>> road = big_road([T, B, B, B, P], rows=2)
    >>> [(cell.column, cell.row, cell.winner.value, cell.ties) for cell in road.cells]
    [(0, 0, 'banker', 1), (0, 1, 'banker', 0), (1, 1, 'banker', 0), (1, 0, 'player', 0)]
    """
    cells: list[RoadCell] = []
    taken: set[tuple[int, int]] = set()
    leading_ties = 0
    run_start = -1  # the column where the current run started
    for winner in winners:
        if winner is Winner.TIE:
            if cells:
                last = cells[-1]
                cells[-1] = RoadCell(last.column, last.row, last.winner, last.ties + 1)
            else:
                leading_ties += 1
            continue
        if cells and cells[-1].winner is winner:
            last = cells[-1]
            below = (last.column, last.row + 1)
            column, row = below if last.row + 1 < rows and below not in taken else (last.column + 1, last.row)
        else:
            column = run_start + 1
            while (column, 0) in taken:
                column += 1
            row, run_start = 0, column
        cells.append(RoadCell(column, row, winner))
        taken.add((column, row))
    if cells and leading_ties:
        first = cells[0]
        cells[0] = RoadCell(first.column, first.row, first.winner, first.ties + leading_ties)
    return BigRoad(cells=tuple(cells), rows=rows, ties_only=leading_ties if not cells else 0)
