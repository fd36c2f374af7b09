"""The three derived roads: Big Eye Boy, Small Road and Cockroach Pig, built from the Big Road.

Each one looks at the Big Road's columns (its runs, counted as runs: a dragon tail still belongs
to its run) and asks, for every Player or Banker win, whether the Big Road is "orderly" there,
comparing with the column ``back`` places to the left (Big Eye Boy 1, Small Road 2, Cockroach
Pig 3). Red means orderly, blue means not:

- a win that **starts a new column**: red if the two columns before it have the same length;
- a win that **continues a column** at row ``r``: look at the compared column's cells in rows
  ``r`` and ``r - 1``; red if both are there or both are missing ("it makes the same shape"),
  blue if only the one above is there (the compared column ended just here).

A road starts at the first win that has a column to compare with: the second cell of column
``back + 1`` (counting from 1), or else the first cell of column ``back + 2``. Ties never enter.
Each road is laid out like the Big Road (runs of one colour down columns of six, dragon tail
turning right). Like the Big Road, they only record the shoe: red and blue say nothing about the
next coup.

>>> from baccarat.coup import Winner
>>> P, B = Winner.PLAYER, Winner.BANKER
>>> [mark.value for mark in derived_marks([B, B, P, P, P, B], BIG_EYE_BOY)]
['red', 'blue', 'blue']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum, unique

from baccarat.coup import Winner
from baccarat.roads import ROAD_ROWS, lay_out

__all__ = [
    "BIG_EYE_BOY",
    "COCKROACH_PIG",
    "DERIVED_ROADS",
    "SMALL_ROAD",
    "DerivedCell",
    "DerivedRoad",
    "Mark",
    "derived_marks",
    "derived_road",
]

#: How many columns back each derived road compares with.
BIG_EYE_BOY, SMALL_ROAD, COCKROACH_PIG = 1, 2, 3
DERIVED_ROADS = (BIG_EYE_BOY, SMALL_ROAD, COCKROACH_PIG)


@unique
class Mark(StrEnum):
    """A derived road's mark: red where the Big Road is orderly, blue where it is not."""

    RED = "red"
    BLUE = "blue"


def _runs(winners: Sequence[Winner]) -> list[int]:
    """The lengths of the Big Road's columns (its runs of Player or Banker wins; ties left out)."""
    lengths: list[int] = []
    last: Winner | None = None
    for winner in winners:
        if winner is Winner.TIE:
            continue
        if winner is last:
            lengths[-1] += 1
        else:
            lengths.append(1)
            last = winner
    return lengths


def derived_marks(winners: Sequence[Winner], back: int) -> list[Mark]:
    """The marks of the derived road comparing ``back`` columns, one per Big Road win after its start.

    >>> P, B, T = Winner.PLAYER, Winner.BANKER, Winner.TIE
    >>> [mark.value for mark in derived_marks([P, B, T, P, B, P], SMALL_ROAD)]
    ['red', 'red']
    """
    if back < 1:
        raise ValueError(f"A derived road compares with at least 1 column back, not {back}.")
    lengths = _runs(winners)
    marks: list[Mark] = []
    for column, length in enumerate(lengths):
        for row in range(length):
            if row == 0:
                if column <= back:
                    continue  # no column ``back`` places before the one that just ended
                orderly = lengths[column - 1] == lengths[column - 1 - back]
            else:
                if column < back:
                    continue
                # The compared column has a cell in this row, or lacks both this one and the one above.
                orderly = lengths[column - back] != row
            marks.append(Mark.RED if orderly else Mark.BLUE)
    return marks


@dataclass(frozen=True, slots=True)
class DerivedCell:
    """One mark of a derived road at (column, row)."""

    column: int
    row: int
    mark: Mark


@dataclass(frozen=True, slots=True)
class DerivedRoad:
    """A derived road in columns; ``back`` says which (1 Big Eye Boy, 2 Small Road, 3 Cockroach Pig)."""

    back: int
    cells: tuple[DerivedCell, ...]
    rows: int = ROAD_ROWS

    @property
    def columns(self) -> int:
        """How many columns the road fills (at least one)."""
        return max((cell.column for cell in self.cells), default=0) + 1

    def grid(self) -> list[list[DerivedCell | None]]:
        """Every cell by column, then row: ``None`` where the road has no mark."""
        found = {(cell.column, cell.row): cell for cell in self.cells}
        return [[found.get((column, row)) for row in range(self.rows)] for column in range(self.columns)]

    def count(self, mark: Mark) -> int:
        """How many marks of this colour the road holds."""
        return sum(cell.mark is mark for cell in self.cells)


def derived_road(winners: Sequence[Winner], back: int, rows: int = ROAD_ROWS) -> DerivedRoad:
    """The derived road comparing ``back`` columns, laid out like the Big Road.

    >>> P, B = Winner.PLAYER, Winner.BANKER
    >>> road = derived_road([P, B] * 4, BIG_EYE_BOY, rows=4)
    >>> [(cell.column, cell.row, cell.mark.value) for cell in road.cells]
    [(0, 0, 'red'), (0, 1, 'red'), (0, 2, 'red'), (0, 3, 'red'), (1, 3, 'red'), (2, 3, 'red')]
    """
    marks = derived_marks(winners, back)
    places = lay_out(marks, rows)
    cells = tuple(DerivedCell(column, row, mark) for (column, row), mark in zip(places, marks, strict=True))
    return DerivedRoad(back=back, cells=cells, rows=rows)
