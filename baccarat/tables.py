"""The tables a casino sets up, as data: decks, payouts and the side bets offered.

Design overview: a ``TableRules`` is frozen data naming everything that
differs between tables: how many decks the shoe holds, the ``PayoutSet``
that settles the bets and the keys of the registered side bets (``baccarat.bets``)
the layout offers beside Player, Banker and Tie. ``TABLES`` holds the common
ones: ``standard`` (8 decks, Banker 1:1 less 5 %, Tie 8:1), ``no-commission``
(6 decks, a Banker win on six pays 1:2) and ``ez`` (8 decks, no commission,
a Banker win with a three-card 7 is returned; Dragon 7 and Panda 8 offered).

>>> table_rules("ez").payouts, table_rules("ez").side_bets[-2:]
(PayoutSet('ez'), ('dragon_7', 'panda_8'))
>>> f"{float(table_rules('ez').odds().house_edge['banker']):.2%}"
'1.02%'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from baccarat.bets import MAIN, bet_spec
from baccarat.errors import InvalidBetError, InvalidTableError
from baccarat.odds import Odds, odds_for_decks
from baccarat.paytable import EZ, NO_COMMISSION, STANDARD, PayoutSet

__all__ = ["COMMON_SIDE_BETS", "TABLES", "TableRules", "table_rules"]

#: The side bets every table offers.
COMMON_SIDE_BETS = ("lion_player", "lion_banker", "player_pair", "banker_pair", "either_pair", "perfect_pair")


@dataclass(frozen=True, slots=True)
class TableRules:
    """One table's rules: its key, the decks in its shoe, its payouts and the side bets it offers.

    >>> TableRules("home", 1, STANDARD, ("tie",))
    Traceback (most recent call last):
    ...
    baccarat.errors.InvalidTableError: The table 'home' offers 'tie' as a side bet, but it is a main bet.

    :raises InvalidTableError: if the decks are not 1 to 8 or a side bet is unknown or a main bet.
    """

    key: str
    decks: int
    payouts: PayoutSet
    side_bets: tuple[str, ...]

    def __post_init__(self) -> None:
        if isinstance(self.decks, bool) or not isinstance(self.decks, int) or not 1 <= self.decks <= 8:
            raise InvalidTableError(f"A table's shoe holds 1 to 8 decks, not {self.decks!r}.")
        object.__setattr__(self, "side_bets", tuple(self.side_bets))
        for key in self.side_bets:
            try:
                family = bet_spec(key).family
            except InvalidBetError:
                raise InvalidTableError(
                    f"The table {self.key!r} offers {key!r}, which is no bet kind."
                ) from None
            if family == MAIN:
                raise InvalidTableError(
                    f"The table {self.key!r} offers {key!r} as a side bet, but it is a main bet."
                )

    @property
    def bet_keys(self) -> tuple[str, ...]:
        """Every bet kind the layout takes: Player, Banker, Tie, then the side bets."""
        return ("player", "banker", "tie", *self.side_bets)

    def offers(self, key: str) -> bool:
        """Whether the layout takes a bet of this kind.

        >>> table_rules("standard").offers("dragon_7"), table_rules("ez").offers("dragon_7")
        (False, True)
        """
        return key in self.bet_keys

    def odds(self) -> Odds:
        """The exact odds of the first coup from this table's fresh shoe, every kind priced."""
        return odds_for_decks(self.decks, self.payouts)


TABLES: Mapping[str, TableRules] = MappingProxyType(
    {
        rules.key: rules
        for rules in (
            TableRules("standard", 8, STANDARD, COMMON_SIDE_BETS),
            TableRules("no-commission", 6, NO_COMMISSION, COMMON_SIDE_BETS),
            TableRules("ez", 8, EZ, (*COMMON_SIDE_BETS, "dragon_7", "panda_8")),
        )
    }
)


def table_rules(key: str) -> TableRules:
    """The rules of the table with this key.

    >>> table_rules("no-commission").decks
    6

    :raises InvalidTableError: if no table has that key.
    """
    try:
        return TABLES[key]
    except (KeyError, TypeError):
        known = ", ".join(repr(name) for name in TABLES)
        raise InvalidTableError(f"There is no table {key!r}: use {known}.") from None
