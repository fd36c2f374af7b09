"""The shoe's scoreboards (bead plate and Big Road) as cells; the one partial draws each once per process."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from functools import lru_cache

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from baccarat import (
    ROAD_ROWS,
    Hand,
    RoadCell,
    Winner,
    bead_plate,
    big_road,
)
from table.explain import (
    HAND_NAMES,
)
from table.selectors import ShoeCoup


@dataclass(frozen=True)
class BeadCell:
    """One bead of the bead plate, as ``table/partials/_scoreboards.html#bead`` draws it.

    ``winner`` is its colour and letter (``""`` for an empty bead); a played round gives its number
    and totals, shown in the bead's title (a lesson's plate leaves them at 0 and has no title).
    """

    winner: str = ""
    number: int = 0
    player: int = 0
    banker: int = 0

    partial = "bead"


@dataclass(frozen=True)
class BigRoadCell:
    """One cell of the Big Road, as ``table/partials/_scoreboards.html#road-cell`` draws it.

    ``winner`` is its colour and letter (``""`` for an empty cell), ``ties`` the ties marked on it;
    a ``spoken`` cell names its winner to a screen reader (a road with no summary in words).
    """

    winner: str = ""
    ties: int = 0
    spoken: bool = False

    partial = "road-cell"


def cells_html(cells: Iterable[BeadCell | BigRoadCell]) -> str:
    """The cells drawn by the scoreboard partial, each once per process and language, joined."""
    language = get_language()
    return mark_safe("".join(_cell_html(cell, language) for cell in cells))  # each cell from the template


@lru_cache(maxsize=4096)
def _cell_html(cell: BeadCell | BigRoadCell, language: str | None) -> str:
    """One cell in the active language (``language`` is part of the cache key only)."""
    return render_to_string(f"table/partials/_scoreboards.html#{cell.partial}", asdict(cell))


@dataclass(frozen=True)
class Roads:
    """The shoe's scoreboards: the bead plate (rounds by column of six) and the Big Road.

    ``bead`` and ``big`` are their cells, column after column. A settled coup never changes, so
    each cell is drawn once per process (and language) and the boards are joined from them: the end of
    every coup redraws the shoe's boards, and through the template that cost 5 ms for 60 coups.
    """

    bead: tuple[BeadCell, ...]
    big: tuple[BigRoadCell, ...]
    counts: dict[str, int]
    longest: tuple[str, int] | None

    @property
    def bead_html(self) -> str:
        return cells_html(self.bead)

    @property
    def big_html(self) -> str:
        return cells_html(self.big)

    @property
    def played(self) -> int:
        return sum(self.counts.values())

    @property
    def summary(self) -> str:
        """The Big Road in words, for a screen reader (its cells are drawn, not read)."""
        text = ngettext(
            "%(coups)s coup: Player %(player)s, Banker %(banker)s, Tie %(tie)s.",
            "%(coups)s coups: Player %(player)s, Banker %(banker)s, Tie %(tie)s.",
            self.played,
        ) % {
            "coups": self.played,
            **self.counts,
        }
        if self.longest is not None:
            winner, length = self.longest
            text += " " + _("Longest run: %(side)s, %(length)s in a row.") % {
                "side": HAND_NAMES[Hand(winner)],
                "length": length,
            }
        return text


def _bead(round: ShoeCoup) -> BeadCell:
    return BeadCell(round.winner, round.number, round.player_total, round.banker_total)


#: Columns drawn at least, as on a scoreboard that waits for the shoe (more scroll in their own box).
BEAD_COLUMNS, BIG_ROAD_COLUMNS = 11, 14


def roads_view(rounds: list[ShoeCoup]) -> Roads:
    """The scoreboards of a shoe's settled rounds, oldest first, padded with empty columns."""
    winners = [Winner(round.winner) for round in rounds]
    columns = bead_plate(winners)
    bead = [
        _bead(rounds[index * ROAD_ROWS + row]) if winner is not None else BeadCell()
        for index, column in enumerate(columns)
        for row, winner in enumerate(column)
    ]
    bead += [BeadCell()] * (ROAD_ROWS * (BEAD_COLUMNS - len(columns)))
    road = big_road(winners)
    grid: list[list[RoadCell | None]] = road.grid() if road.cells else []
    big = [
        BigRoadCell(cell.winner.value, cell.ties) if cell else BigRoadCell()
        for column in grid
        for cell in column
    ]
    big += [BigRoadCell()] * (ROAD_ROWS * (BIG_ROAD_COLUMNS - len(grid)))
    longest = road.longest_run
    return Roads(
        bead=tuple(bead),
        big=tuple(big),
        counts={winner.value: winners.count(winner) for winner in Winner},
        longest=(longest[0].value, longest[1]) if longest is not None else None,
    )
