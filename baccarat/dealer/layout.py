"""A simulated layout: the players' bets on a dealer-school table, in chip stacks.

Design overview: the table has ``TABLE_SEATS`` (7) seats, numbered 1 to 7 **from the dealer's
right to the dealer's left** (this engine's convention; the commission box's squares carry the
same numbers), so "from the dealer's right to left", the order of taking and paying, is the
order of the seat numbers. A ``Layout`` is the occupied seats in that order, each with its bets
(``LayoutBet``: the engine's ``Bet`` and the chip stack it is made of). Within a seat, bets are
listed main bets first, the spot nearest the player first (Player, Banker, Tie), then the side
bets in the table's order.

``deal_layout`` builds a random layout, deterministic for a seeded ``random.Random``: mixed
Player, Banker and Tie bets and the table's side bets, at least one Player and one Banker bet on
the table, each stake within its bet's limits and stacked from ``chips.BET_DENOMINATIONS``. At a
commission table with exact 5 % commission, Banker stakes are multiples of 5, so that every
commission is a whole number of quarter chips (a Banker bet of 7 would owe 0.35, which no chip
pays); with the house's quarter rounding any whole stake is fine. ``arranged_layout`` builds a
given layout (tests, lessons).

>>> import random
>>> from baccarat.tables import table_rules
>>> layout = deal_layout(random.Random(7), seats=3, table=table_rules("standard"))
>>> len(layout.seats), layout.seat_numbers == tuple(sorted(layout.seat_numbers))
(3, True)
>>> layout == deal_layout(random.Random(7), seats=3, table=table_rules("standard"))
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from baccarat.bets import BetSpec, bet_spec
from baccarat.dealer.chips import ChipStack, chips_for, chips_total, player_stack
from baccarat.dealer.commission import Rounding
from baccarat.errors import InvalidBetError
from baccarat.payouts import Bet, validate_bets
from baccarat.tables import TableRules

__all__ = [
    "DEFAULT_MAIN_LIMITS",
    "MAX_SEATS",
    "MIN_SEATS",
    "TABLE_SEATS",
    "Layout",
    "LayoutBet",
    "SeatBets",
    "SeatChange",
    "arranged_layout",
    "deal_layout",
    "next_seats",
]

#: The seats at a mini-baccarat table, numbered 1 (the dealer's right) to 7 (the dealer's left).
TABLE_SEATS = 7
#: The fewest and the most occupied seats a simulated layout has.
MIN_SEATS = 3
MAX_SEATS = TABLE_SEATS
#: The main bets' limits when the table gives none (the practice table's presets: 5 to 100).
DEFAULT_MAIN_LIMITS = (Decimal("5.00"), Decimal("100.00"))
#: The spots of the main bets, the one nearest the player first.
MAIN_SPOTS = ("player", "banker", "tie")

#: Stakes players like to make, tried before an odd amount.
_ROUND_STAKES = tuple(
    Decimal(value) for value in (5, 10, 15, 20, 25, 30, 40, 50, 60, 75, 100, 150, 200, 250, 500)
)


@dataclass(frozen=True, slots=True)
class LayoutBet:
    """One bet on the layout: the seat, the engine's ``Bet`` and its chip stack (largest first)."""

    seat: int
    bet: Bet
    chips: ChipStack

    def __post_init__(self) -> None:
        if chips_total(self.chips) != self.bet.amount:
            raise InvalidBetError(f"The chips {self.chips!r} do not make the stake {self.bet.amount}.")

    @property
    def key(self) -> str:
        """The bet's kind as its registry key (``"player"``, ``"lion_banker"``, ...)."""
        return self.spec.key

    @property
    def amount(self) -> Decimal:
        """The stake."""
        return self.bet.amount

    @property
    def spec(self) -> BetSpec:
        """The bet kind's registry entry."""
        return bet_spec(self.bet.kind)

    @property
    def is_side_bet(self) -> bool:
        """Whether it is a side bet (settled after the main bets)."""
        return self.spec.is_side_bet


@dataclass(frozen=True, slots=True)
class SeatBets:
    """One occupied seat and its bets (main bets first, nearest the player first)."""

    seat: int
    bets: tuple[LayoutBet, ...]


@dataclass(frozen=True, slots=True)
class Layout:
    """The occupied seats, from the dealer's right to left (seat 1 first)."""

    seats: tuple[SeatBets, ...]

    @property
    def seat_numbers(self) -> tuple[int, ...]:
        """The occupied seats' numbers, in taking-and-paying order."""
        return tuple(seat.seat for seat in self.seats)

    @property
    def bets(self) -> tuple[LayoutBet, ...]:
        """Every bet on the layout, seat by seat."""
        return tuple(bet for seat in self.seats for bet in seat.bets)

    def __iter__(self) -> Iterator[SeatBets]:
        return iter(self.seats)

    def seat(self, number: int) -> SeatBets | None:
        """The seat with this number, or ``None`` if it is empty."""
        return next((seat for seat in self.seats if seat.seat == number), None)

    def bet(self, seat: int, key: str) -> LayoutBet | None:
        """The bet of kind ``key`` at ``seat``, or ``None``."""
        found = self.seat(seat)
        return None if found is None else next((bet for bet in found.bets if bet.key == key), None)

    def to_dict(self) -> dict[str, Any]:
        """The layout as plain JSON types: ``{"seats": [{"seat": 1, "bets": [{"bet", "chips"}]}]}``."""
        return {
            "seats": [
                {
                    "seat": seat.seat,
                    "bets": [
                        {"bet": bet.key, "chips": [str(chip) for chip in bet.chips]} for bet in seat.bets
                    ],
                }
                for seat in self.seats
            ]
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Layout:
        """The layout ``to_dict`` wrote.

        :raises InvalidBetError: if the data is not a layout.
        """
        try:
            seats = []
            for seat in data["seats"]:
                number = int(seat["seat"])
                bets = tuple(
                    LayoutBet(
                        number,
                        Bet(str(item["bet"]), chips_total(Decimal(str(chip)) for chip in item["chips"])),
                        tuple(Decimal(str(chip)) for chip in item["chips"]),
                    )
                    for item in seat["bets"]
                )
                seats.append(SeatBets(number, bets))
        except (KeyError, TypeError, ValueError, ArithmeticError) as error:
            raise InvalidBetError(f"{data!r} is not a layout.") from error
        return _checked(seats)


def _spot_order(key: str, table: TableRules) -> int:
    keys = table.bet_keys
    return keys.index(key) if key in keys else len(keys)


def _checked(seats: Sequence[SeatBets], table: TableRules | None = None) -> Layout:
    numbers = [seat.seat for seat in seats]
    if len(set(numbers)) != len(numbers) or any(not 1 <= number <= TABLE_SEATS for number in numbers):
        raise InvalidBetError(f"Seats are numbered 1 to {TABLE_SEATS}, each once, not {numbers!r}.")
    for seat in seats:
        if not seat.bets:
            raise InvalidBetError(f"Seat {seat.seat} has no bet: an empty seat is left out of the layout.")
        validate_bets(bet.bet for bet in seat.bets)
        if table is not None:
            for bet in seat.bets:
                if not table.offers(bet.key):
                    raise InvalidBetError(f"The table {table.key!r} takes no {bet.key!r} bet.")
    return Layout(tuple(sorted(seats, key=lambda seat: seat.seat)))


def arranged_layout(table: TableRules, bets: Mapping[int, Mapping[str, Decimal]]) -> Layout:
    """A given layout: for each seat number, the stake on each bet kind; chips are the fewest.

    >>> from baccarat.tables import table_rules
    >>> layout = arranged_layout(table_rules("standard"), {2: {"tie": Decimal(5), "banker": Decimal(25)}})
    >>> [(bet.seat, bet.key, bet.chips) for bet in layout.bets]
    [(2, 'banker', (Decimal('25'),)), (2, 'tie', (Decimal('5'),))]

    :raises InvalidBetError: for a seat out of range, a bet the table does not take or a set of
        bets the layout does not allow.
    """
    seats = []
    for number, stakes in bets.items():
        ordered = sorted(stakes.items(), key=lambda item: _spot_order(item[0], table))
        seats.append(
            SeatBets(
                int(number),
                tuple(LayoutBet(int(number), Bet(key, amount), chips_for(amount)) for key, amount in ordered),
            )
        )
    return _checked(seats, table)


def _limits(key: str, main_limits: tuple[Decimal, Decimal]) -> tuple[Decimal, Decimal]:
    return bet_spec(key).limits or main_limits


def _stake(rng: random.Random, low: Decimal, high: Decimal, *, step: int, small: bool) -> Decimal:
    """A stake within ``[low, high]``, a multiple of ``step``; ``small`` keeps it near the minimum."""
    ceiling = min(high, low * 5) if small else high
    liked = [stake for stake in _ROUND_STAKES if low <= stake <= ceiling and stake % step == 0]
    if liked and rng.random() < 0.75:
        # Favour the smaller of the liked stakes, as players do.
        return liked[min(int(rng.expovariate(0.6)), len(liked) - 1)]
    first = int(-(-low // step))
    last = int(ceiling // step)
    return Decimal(rng.randint(first, max(first, last)) * step)


def deal_layout(
    rng: random.Random,
    *,
    seats: int,
    table: TableRules,
    main_limits: tuple[Decimal, Decimal] = DEFAULT_MAIN_LIMITS,
    rounding: Rounding = Rounding.EXACT,
    seat_numbers: Sequence[int] | None = None,
) -> Layout:
    """A random layout of ``seats`` occupied seats (3 to 7) at ``table``, deterministic for ``rng``.

    ``main_limits`` bound Player, Banker and Tie (a side bet has its registry limits);
    ``rounding`` is the table's commission arithmetic (exact 5 % keeps Banker stakes at multiples
    of 5 at a commission table); ``seat_numbers`` gives the occupied seats (else drawn from 1-7).

    :raises InvalidBetError: if ``seats`` is not 3 to 7 or ``seat_numbers`` does not fit.
    """
    if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidBetError(f"A dealer-school layout has {MIN_SEATS} to {MAX_SEATS} seats, not {seats!r}.")
    numbers = (
        sorted(seat_numbers)
        if seat_numbers is not None
        else sorted(rng.sample(range(1, TABLE_SEATS + 1), seats))
    )
    if len(numbers) != seats:
        raise InvalidBetError(f"{seats} seats need {seats} seat numbers, not {numbers!r}.")
    commission = bool(table.payouts.banker_commission)
    banker_step = 5 if commission and rounding is Rounding.EXACT else 1
    # Every layout has a Player and a Banker bet: two seats drawn to carry one each.
    forced = dict(zip(rng.sample(numbers, 2), ("player", "banker"), strict=True))
    families_offered = list(table.side_bets)
    result = []
    for number in numbers:
        main = forced.get(number) or rng.choices(("player", "banker", "both", "none"), (40, 44, 6, 10))[0]
        keys = ["player", "banker"] if main == "both" else [] if main == "none" else [main]
        if rng.random() < 0.2 or not keys:
            keys.append("tie")
        if families_offered and rng.random() < 0.3:
            keys.append(rng.choice(families_offered))
        bets = []
        for key in keys:
            low, high = _limits(key, main_limits)
            step = banker_step if key == "banker" else 1
            small = key == "tie" or bet_spec(key).is_side_bet
            amount = _stake(rng, low, high, step=step, small=small)
            bets.append(LayoutBet(number, Bet(key, amount), player_stack(amount, rng)))
        bets.sort(key=lambda bet: _spot_order(bet.key, table))
        result.append(SeatBets(number, tuple(bets)))
    return _checked(result, table)


@dataclass(frozen=True, slots=True)
class SeatChange:
    """Between two rounds: the seats that stay, those that leave (settle their commission squares
    then) and those a new player sits down at; ``seats`` is the next round's occupied seats."""

    staying: tuple[int, ...]
    leaving: tuple[int, ...]
    joining: tuple[int, ...]

    @property
    def seats(self) -> tuple[int, ...]:
        """The occupied seats of the next round, in order."""
        return tuple(sorted((*self.staying, *self.joining)))


def next_seats(
    rng: random.Random, occupied: Sequence[int], *, leave: float = 0.1, join: float = 0.1
) -> SeatChange:
    """Who leaves and who sits down before the next round, deterministic for ``rng``.

    Each player leaves with chance ``leave`` and each empty seat fills with chance ``join``, but the
    table keeps ``MIN_SEATS`` to ``MAX_SEATS`` players. Feed ``change.seats`` to ``deal_layout``
    (``seats=len(change.seats), seat_numbers=change.seats``).

    >>> change = next_seats(random.Random(2), [1, 3, 4, 6], leave=0.5, join=0.5)
    >>> MIN_SEATS <= len(change.seats) <= MAX_SEATS, set(change.leaving) <= {1, 3, 4, 6}
    (True, True)

    :raises InvalidBetError: if ``occupied`` is not 3 to 7 distinct seats of 1-7.
    """
    seats = sorted(set(occupied))
    if len(seats) != len(occupied) or not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise InvalidBetError(
            f"A table has {MIN_SEATS} to {MAX_SEATS} distinct occupied seats, not {occupied!r}."
        )
    if any(not 1 <= seat <= TABLE_SEATS for seat in seats):
        raise InvalidBetError(f"Seats are numbered 1 to {TABLE_SEATS}, not {occupied!r}.")
    leaving = [seat for seat in seats if rng.random() < leave]
    while len(seats) - len(leaving) < MIN_SEATS:
        leaving.remove(rng.choice(leaving))
    staying = [seat for seat in seats if seat not in leaving]
    empty = [seat for seat in range(1, TABLE_SEATS + 1) if seat not in seats]
    joining = [seat for seat in empty if rng.random() < join][: MAX_SEATS - len(staying)]
    return SeatChange(tuple(staying), tuple(leaving), tuple(joining))
