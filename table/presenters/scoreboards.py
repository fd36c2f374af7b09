"""The shoe's scoreboards (bead plate and Big Road), their cells drawn once per process."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.utils.formats import localize
from django.utils.html import format_html
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
from table.models import Round
from table.selectors import ShoeCoup


@dataclass(frozen=True)
class Roads:
    """The shoe's scoreboards: the bead plate (rounds by column of six) and the Big Road.

    ``bead_html`` and ``big_html`` are their cells, column by column. A settled coup never changes, so
    each cell is drawn once per process (and language) and the boards are joined from them: the end of
    every coup redraws the shoe's boards, and through the template that cost 5 ms for 60 coups.
    """

    bead: list[list[ShoeCoup | None]]
    big: list[list[RoadCell | None]]
    counts: dict[str, int]
    longest: tuple[str, int] | None

    @property
    def bead_html(self) -> str:
        language = get_language()
        return mark_safe(  # joined from the cells, each escaped by format_html
            "".join(
                _bead_html(language, round.number, round.winner, round.player_total, round.banker_total)
                if round is not None
                else _EMPTY_BEAD
                for column in self.bead
                for round in column
            )
        )

    @property
    def big_html(self) -> str:
        return mark_safe(  # joined from the cells, each escaped by format_html
            "".join(
                _road_cell_html(cell.winner.value, cell.ties) if cell is not None else _EMPTY_ROAD_CELL
                for column in self.big
                for cell in column
            )
        )

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


_EMPTY_BEAD = '<li class="bead empty" aria-hidden="true"></li>'
_EMPTY_ROAD_CELL = '<span class="road-cell"></span>'


@lru_cache(maxsize=4096)
def _bead_html(language: str | None, number: int, winner: str, player: int, banker: int) -> str:
    """One bead: the winner's initial (P, B, T, kept in every language), its name for a screen reader,
    and the round's totals in its title."""
    title = _("Round %(number)s: Player %(player)s, Banker %(banker)s") % {
        "number": localize(number),
        "player": localize(player),
        "banker": localize(banker),
    }
    return format_html(
        '<li class="bead {}" title="{}">{}<span class="visually-hidden"> ({})</span></li>',
        winner,
        title,
        winner[:1].upper(),
        Round.Winner(winner).label,
    )


@lru_cache(maxsize=64)
def _road_cell_html(winner: str, ties: int) -> str:
    """One Big Road cell: the winner's initial, and a green slash (with their count past one) for ties."""
    tie_mark = format_html('<span class="tie-mark">{}</span>', ties if ties > 1 else "") if ties else ""
    return format_html('<span class="road-cell {}">{}{}</span>', winner, winner[:1].upper(), tie_mark)


#: Columns drawn at least, as on a scoreboard that waits for the shoe (more scroll in their own box).
BEAD_COLUMNS, BIG_ROAD_COLUMNS = 11, 14


def roads_view(rounds: list[ShoeCoup]) -> Roads:
    """The scoreboards of a shoe's settled rounds, oldest first, padded with empty columns."""
    winners = [Winner(round.winner) for round in rounds]
    columns = bead_plate(winners)
    bead: list[list[ShoeCoup | None]] = [
        [rounds[index * ROAD_ROWS + row] if winner is not None else None for row, winner in enumerate(column)]
        for index, column in enumerate(columns)
    ]
    bead += [[None] * ROAD_ROWS for _ in range(BEAD_COLUMNS - len(bead))]
    road = big_road(winners)
    big: list[list[RoadCell | None]] = road.grid() if road.cells else []
    big += [[None] * ROAD_ROWS for _ in range(BIG_ROAD_COLUMNS - len(big))]
    longest = road.longest_run
    return Roads(
        bead=bead,
        big=big,
        counts={winner.value: winners.count(winner) for winner in Winner},
        longest=(longest[0].value, longest[1]) if longest is not None else None,
    )
