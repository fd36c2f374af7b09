"""The Banker table as a heat map: one learner's answers, or a whole class's, cell by cell.

Design overview: the table has 88 cells, Banker's two-card total 0-7 against
Player's third card 0-9 or "stood". One builder (``heat_map``) turns counts
per cell into rows of ``HeatCell``; the learner's map (``learner_heat_map``,
one query) and the class's (``class_heat_map``, one grouped query) differ only
in where the counts come from. Levels are the same everywhere: untried, weak
(under half right), fair (under four in five), good, and for one learner
mastered (``MASTERY_STREAK`` right in a row). Whether Banker draws in a cell
always comes from the engine's ``banker_draws``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet, Sum
from django.utils.translation import gettext as _

from baccarat import banker_draws
from progress.models import MASTERY_STREAK, STOOD, THIRD_CARD_COLUMNS, DrillCell

#: Levels by accuracy, for cells tried but not mastered.
WEAK_BELOW = 0.5
FAIR_BELOW = 0.8
#: Cells listed as a class's weakest, and the answers a cell needs before it is ranked.
WEAKEST_COUNT = 5
WEAKEST_MIN_ATTEMPTS = 5
NONE_TEXT = "—"


def percent(correct: int, attempts: int) -> str:
    """``correct`` out of ``attempts`` as a whole percentage.

    >>> percent(5, 6)
    '83%'
    """
    return _("%(percent)s%%") % {"percent": f"{correct / attempts * 100:.0f}"}


@dataclass(frozen=True)
class Cell:
    """One cell of the Banker table: Banker's total and Player's third card ("0"-"9" or "stood")."""

    banker_total: int
    third: str

    @property
    def key(self) -> tuple[int, str]:
        return (self.banker_total, self.third)

    @property
    def player_third(self) -> int | None:
        """Player's third card as the engine takes it (``None``: Player stood)."""
        return None if self.third == STOOD else int(self.third)

    @property
    def draws(self) -> bool:
        return banker_draws(self.banker_total, self.player_third)

    @property
    def name(self) -> str:
        if self.third == STOOD:
            return _("Banker %(total)s, Player stood") % {"total": self.banker_total}
        return _("Banker %(total)s, Player's third card %(third)s") % {
            "total": self.banker_total,
            "third": self.third,
        }


#: Every cell, row by row as the table is printed: totals 0-7, third card 0-9 then "stood".
CELLS: tuple[Cell, ...] = tuple(Cell(total, third) for total in range(8) for third in THIRD_CARD_COLUMNS)


@dataclass(frozen=True)
class HeatCell:
    """One cell of the map: its answers, and for one learner whether it is mastered."""

    cell: Cell
    attempts: int = 0
    correct: int = 0
    mastered: bool = False
    #: For a class: learners who answered it, and learners who mastered it.
    learners: int = 0
    mastered_by: int = 0

    @property
    def draws(self) -> bool:
        return self.cell.draws

    @property
    def name(self) -> str:
        return self.cell.name

    @property
    def answer(self) -> str:
        return _("Banker draws") if self.cell.draws else _("Banker stands")

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.attempts if self.attempts else None

    @property
    def accuracy_text(self) -> str:
        return NONE_TEXT if not self.attempts else percent(self.correct, self.attempts)

    @property
    def level(self) -> str:
        """``untried``, ``weak``, ``fair``, ``good`` or ``mastered`` (also the CSS class suffix)."""
        accuracy = self.accuracy
        if accuracy is None:
            return "untried"
        if self.mastered:
            return "mastered"
        if accuracy < WEAK_BELOW:
            return "weak"
        if accuracy < FAIR_BELOW:
            return "fair"
        return "good"

    @property
    def css_class(self) -> str:
        return f"drill-{self.level}"

    @property
    def marker(self) -> str:
        """The level in a symbol, so colour is not the only signal."""
        return {"weak": "!", "fair": "~", "good": "✓", "mastered": "✓"}.get(self.level, "")


@dataclass(frozen=True)
class HeatRow:
    banker_total: int
    cells: list[HeatCell]


@dataclass(frozen=True)
class HeatMap:
    rows: list[HeatRow]
    columns: tuple[str, ...] = tuple(THIRD_CARD_COLUMNS)
    total: int = len(CELLS)
    mastery_streak: int = MASTERY_STREAK
    weakest_min_attempts: int = WEAKEST_MIN_ATTEMPTS

    @property
    def cells(self) -> list[HeatCell]:
        return [cell for row in self.rows for cell in row.cells]

    @property
    def mastered(self) -> int:
        return sum(heat.mastered for heat in self.cells)

    @property
    def tried(self) -> int:
        return sum(heat.attempts > 0 for heat in self.cells)

    @property
    def weakest(self) -> list[HeatCell]:
        """The ``WEAKEST_COUNT`` cells with the lowest accuracy among those answered often enough."""
        answered = [cell for cell in self.cells if cell.attempts >= WEAKEST_MIN_ATTEMPTS]
        return sorted(answered, key=lambda cell: (cell.accuracy, -cell.attempts))[:WEAKEST_COUNT]

    @property
    def thin(self) -> list[HeatCell]:
        """Cells answered, but fewer than ``WEAKEST_MIN_ATTEMPTS`` times: too few to rank, shown apart.

        Lowest accuracy first, then the most answered.
        """
        thin = [cell for cell in self.cells if 0 < cell.attempts < WEAKEST_MIN_ATTEMPTS]
        return sorted(thin, key=lambda cell: (cell.accuracy, -cell.attempts))


def heat_map(cells: Mapping[Cell, HeatCell]) -> HeatMap:
    """The map, row by row, from the cells that have answers (the others are untried)."""
    heat_cells = [cells.get(cell) or HeatCell(cell) for cell in CELLS]
    width = len(THIRD_CARD_COLUMNS)
    return HeatMap(
        rows=[
            HeatRow(total, heat_cells[total * width : (total + 1) * width])
            for total in range(len(heat_cells) // width)
        ]
    )


def learner_cells(user) -> dict[tuple[int, str], DrillCell]:
    """The learner's cell records by ``(banker_total, third)``, in one query."""
    return {(cell.banker_total, cell.third): cell for cell in DrillCell.objects.filter(user=user)}


def learner_heat_map(user, cells_by_key: Mapping[tuple[int, str], DrillCell] | None = None) -> HeatMap:
    """The learner's accuracy over the Banker table (one query, or none if given the cells)."""
    if cells_by_key is None:
        cells_by_key = learner_cells(user)
    return heat_map(
        {
            cell: HeatCell(cell, record.attempts, record.correct, mastered=record.mastered)
            for cell in CELLS
            if (record := cells_by_key.get(cell.key)) is not None
        }
    )


def class_heat_map(learners: QuerySet) -> HeatMap:
    """The class's answers on each cell of the Banker table, summed over ``learners`` (one query)."""
    totals = {
        (row["banker_total"], row["third"]): row
        for row in DrillCell.objects.filter(user__in=learners)
        .order_by()
        .values("banker_total", "third")
        .annotate(
            attempts_sum=Sum("attempts"),
            correct_sum=Sum("correct"),
            learners=Count("user", filter=Q(attempts__gt=0)),
            mastered_by=Count("user", filter=Q(streak__gte=MASTERY_STREAK)),
        )
    }
    return heat_map(
        {
            cell: HeatCell(
                cell,
                attempts=found["attempts_sum"] or 0,
                correct=found["correct_sum"] or 0,
                learners=found["learners"],
                mastered_by=found["mastered_by"],
            )
            for cell in CELLS
            if (found := totals.get(cell.key)) is not None
        }
    )
