"""The shoe's scoreboards (bead plate, Big Road and the three derived roads) as cells; the one partial
draws each cell once per process and language."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from functools import lru_cache

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from baccarat import (
    BIG_EYE_BOY,
    COCKROACH_PIG,
    DERIVED_ROADS,
    ROAD_ROWS,
    SMALL_ROAD,
    Card,
    Hand,
    Mark,
    RoadCell,
    Winner,
    bead_plate,
    big_road,
    derived_road,
    opening_pairs,
)
from table.explain import (
    HAND_NAMES,
)
from table.selectors import ShoeCoup


@dataclass(frozen=True)
class BeadCell:
    """One bead of the bead plate, as ``table/partials/_scoreboards.html#bead`` draws it.

    ``winner`` is its colour and letter (``""`` for an empty bead); a played round gives its number
    and totals, shown in the bead's title (a lesson's plate leaves them at 0 and has no title), and
    its pairs (a dot each: Banker top left in red, Player bottom right in blue, named in words too).
    """

    winner: str = ""
    number: int = 0
    player: int = 0
    banker: int = 0
    player_pair: bool = False
    banker_pair: bool = False

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


@dataclass(frozen=True)
class DerivedRoadCell:
    """One cell of a derived road, as ``table/partials/_scoreboards.html#derived-cell`` draws it.

    ``mark`` is ``"red"`` (a filled dot) or ``"blue"`` (a hollow ring), ``""`` for an empty cell.
    """

    mark: str = ""

    partial = "derived-cell"


Cell = BeadCell | BigRoadCell | DerivedRoadCell


def cells_html(cells: Iterable[Cell]) -> str:
    """The cells drawn by the scoreboard partial, each once per process and language, joined."""
    language = get_language()
    return mark_safe("".join(_cell_html(cell, language) for cell in cells))  # each cell from the template


@lru_cache(maxsize=4096)
def _cell_html(cell: Cell, language: str | None) -> str:
    """One cell in the active language (``language`` is part of the cache key only)."""
    return render_to_string(f"table/partials/_scoreboards.html#{cell.partial}", asdict(cell))


def _derived_names() -> dict[int, str]:
    return {
        BIG_EYE_BOY: _("Big Eye Boy"),
        SMALL_ROAD: _("Small Road"),
        COCKROACH_PIG: _("Cockroach Pig"),
    }


@dataclass(frozen=True)
class DerivedBoard:
    """One derived road: which (``back``: the columns it compares with), its cells and its counts."""

    back: int
    cells: tuple[DerivedRoadCell, ...]
    red: int
    blue: int

    @property
    def key(self) -> str:
        return {BIG_EYE_BOY: "big-eye-boy", SMALL_ROAD: "small-road", COCKROACH_PIG: "cockroach-pig"}[
            self.back
        ]

    @property
    def name(self) -> str:
        return _derived_names()[self.back]

    @property
    def html(self) -> str:
        return cells_html(self.cells)

    @property
    def caption(self) -> str:
        """What the road compares, and that it only records the past (one line under it)."""
        return {
            BIG_EYE_BOY: _(
                "Compares the Big Road with the column before: red (filled) where its shape repeats, "
                "blue (hollow) where it breaks. It records the past and predicts nothing."
            ),
            SMALL_ROAD: _(
                "Compares the Big Road with the column two back: red (filled) where its shape repeats, "
                "blue (hollow) where it breaks. It records the past and predicts nothing."
            ),
            COCKROACH_PIG: _(
                "Compares the Big Road with the column three back: red (filled) where its shape repeats, "
                "blue (hollow) where it breaks. It records the past and predicts nothing."
            ),
        }[self.back]

    @property
    def summary(self) -> str:
        """The road in words, for a screen reader (its cells are drawn, not read)."""
        return ngettext(
            "%(name)s: %(marks)s mark, red %(red)s, blue %(blue)s.",
            "%(name)s: %(marks)s marks, red %(red)s, blue %(blue)s.",
            self.red + self.blue,
        ) % {"name": self.name, "marks": self.red + self.blue, "red": self.red, "blue": self.blue}


@dataclass(frozen=True)
class Roads:
    """The shoe's scoreboards: the bead plate (rounds by column of six), the Big Road and the derived roads.

    ``bead`` and ``big`` are their cells, column after column, ``derived`` the three derived roads. A
    settled coup never changes, so each cell is drawn once per process (and language) and the boards
    are joined from them: the end of every coup redraws the shoe's boards, and through the template
    that cost 5 ms for 60 coups.
    """

    bead: tuple[BeadCell, ...]
    big: tuple[BigRoadCell, ...]
    counts: dict[str, int]
    longest: tuple[str, int] | None
    derived: tuple[DerivedBoard, ...] = ()

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
    player_pair, banker_pair = opening_pairs([Card.parse(token) for token in round.cards.split()])
    return BeadCell(
        round.winner, round.number, round.player_total, round.banker_total, player_pair, banker_pair
    )


#: Columns drawn at least, as on a scoreboard that waits for the shoe (more scroll in their own box).
BEAD_COLUMNS, BIG_ROAD_COLUMNS, DERIVED_COLUMNS = 11, 14, 14


def _derived(winners: list[Winner], back: int) -> DerivedBoard:
    road = derived_road(winners, back)
    grid = road.grid() if road.cells else []
    cells = [
        DerivedRoadCell(cell.mark.value) if cell else DerivedRoadCell() for column in grid for cell in column
    ]
    cells += [DerivedRoadCell()] * (ROAD_ROWS * (DERIVED_COLUMNS - len(grid)))
    return DerivedBoard(back, tuple(cells), road.count(Mark.RED), road.count(Mark.BLUE))


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
        derived=tuple(_derived(winners, back) for back in DERIVED_ROADS),
    )
