"""The odds page's rows: the house edge of every bet the learner's table offers, now and on a full shoe."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _

from baccarat import Odds
from table.bets import bet_name, main_bet_keys
from table.models import Seat
from table.selectors import seat_side_bets


@dataclass(frozen=True)
class EdgeRow:
    """One bet's house edge: in the shoe as it is now and on a full one (``None``: not priced, as a pair
    bet is without the cards' suits)."""

    kind: str
    heading: str
    now: Fraction | None
    full: Fraction | None
    side: bool = False


def edge_rows(seat: Seat, odds: Odds, full: Odds) -> list[EdgeRow]:
    """The main bets, then the side bets the learner's table and class offer, in registry order."""
    mains, sides = main_bet_keys(), seat_side_bets(seat)
    return [
        EdgeRow(
            kind=kind,
            heading=_("House edge on %(bet)s") % {"bet": bet_name(kind)},
            now=odds.house_edge.get(kind),
            full=full.house_edge.get(kind),
            side=kind in sides,
        )
        for kind in (*mains, *sides)
    ]
