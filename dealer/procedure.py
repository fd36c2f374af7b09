"""The croupier's procedure, checked: which card is next, the call, what each bet is owed and in what order.

Written in the app while the engine's checker (``baccarat.dealer``, another branch) was not yet
available; it uses only the engine's coup and settlement, so the rules and the payouts come from the
engine. The action vocabulary is the engine's: deal, stand, call, take, pay, mark, collect.

Order: seat 1 sits on the dealer's right. Losing bets are taken first, from seat 1 on, main bets
before side bets; then winners are paid in the same order, side bets after the main bets. A push is
left where it is.

Commission (a table whose Banker pays less commission): exactly 5 %, or with house rounding a quarter
for every started 5 chips (1-5 owes 0.25, 6-10 owes 0.50, ...). Taken from the payout (100 is paid
95), or paid in full and marked in the seat's square of the commission box, collected when the seat
leaves or the shoe ends.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal

from baccarat import Bet, Coup, PayoutSet, Result, settle

TAKE, PAY, PUSH = "take", "pay", "push"
QUARTER = Decimal("0.25")
CENT = Decimal("0.01")


def commission_owed(stake: Decimal, rate: Decimal, *, house_rounding: bool) -> Decimal:
    """The commission on a Banker win of ``stake``: ``rate`` exactly, or in quarter steps per 5 chips.

    >>> commission_owed(Decimal("100"), Decimal("0.05"), house_rounding=False)
    Decimal('5.00')
    >>> [str(commission_owed(Decimal(s), Decimal("0.05"), house_rounding=True)) for s in "1 5 6 11".split()]
    ['0.25', '0.25', '0.50', '0.75']
    """
    if not rate:
        return Decimal("0.00")
    if house_rounding:
        steps = (stake / Decimal(5)).to_integral_value(rounding=ROUND_CEILING)
        return (steps * QUARTER).quantize(CENT)
    return (stake * rate).quantize(CENT)


@dataclass(frozen=True)
class Due:
    """What one bet on the layout is owed after the coup."""

    id: str
    seat: int
    kind: str
    stake: Decimal
    action: str  # take, pay or push
    pay: Decimal  # what the croupier places beside the stake (after commission, if taken from the payout)
    commission: Decimal  # the commission on a Banker win (taken, or marked in the box)
    side: bool

    @property
    def order(self) -> tuple[int, int, int]:
        return (0 if self.action == TAKE else 1, int(self.side), self.seat)

    @property
    def mark(self) -> Decimal:
        """What goes in the commission box for this bet (box procedure only: see ``dues``)."""
        return self.commission


def dues(
    layout: list[dict], cards: list[str], payouts: PayoutSet, *, box: bool, house_rounding: bool
) -> list[Due]:
    """Every bet's due, in the order the croupier settles them."""
    coup = Coup.replay(cards)
    assert coup.outcome is not None
    found: list[Due] = []
    for bet in layout:
        stake = Decimal(bet["amount"])
        [result] = settle([Bet(bet["kind"], stake)], coup.outcome, payouts)
        side = result.bet.spec.is_side_bet
        if result.result is Result.LOST:
            found.append(
                Due(bet["id"], bet["seat"], bet["kind"], stake, TAKE, Decimal("0.00"), Decimal("0.00"), side)
            )
        elif result.winnings <= 0:
            found.append(
                Due(bet["id"], bet["seat"], bet["kind"], stake, PUSH, Decimal("0.00"), Decimal("0.00"), side)
            )
        else:
            owed = Decimal("0.00")
            if result.commission > 0:
                owed = commission_owed(stake, payouts.banker_commission, house_rounding=house_rounding)
            pay = result.winnings if box else result.winnings - owed
            found.append(Due(bet["id"], bet["seat"], bet["kind"], stake, PAY, pay.quantize(CENT), owed, side))
    return sorted(found, key=lambda due: due.order)


def next_card(cards: list[str]) -> str | None:
    """The hand the next card goes to (``player`` or ``banker``), or ``None``: no more cards, stand."""
    hand = Coup.replay(cards).next_hand
    return None if hand is None else hand.value


def deal_error(cards: list[str], chosen: str) -> str | None:
    """The error kind of choosing ``chosen`` (``player``, ``banker`` or ``stand``) now, or ``None``.

    In the first four cards a wrong hand is an ``order`` error; after them, a card the rules do not
    give (or a stand when a card is due) is a ``draw`` error, and Banker's card before Player's
    decision an ``order`` error.
    """
    right = next_card(cards) or "stand"
    if chosen == right:
        return None
    if len(cards) < 4:
        return "order"
    if right == "player" and chosen == "banker":
        return "order"
    return "draw"


@dataclass(frozen=True)
class CallOption:
    """One spoken-style call of the result: ``winner`` (player, banker, tie), the winner's total first."""

    winner: str
    high: int
    low: int

    @property
    def code(self) -> str:
        return f"{self.winner}-{self.high}-{self.low}"

    @classmethod
    def from_code(cls, code: str) -> CallOption | None:
        parts = code.split("-") if isinstance(code, str) else []
        if len(parts) != 3 or parts[0] not in ("player", "banker", "tie"):
            return None
        try:
            high, low = int(parts[1]), int(parts[2])
        except ValueError:
            return None
        if not (0 <= high <= 9 and 0 <= low <= 9):
            return None
        return cls(parts[0], high, low)


def right_call(cards: list[str]) -> CallOption:
    coup = Coup.replay(cards)
    assert coup.outcome is not None
    player, banker = coup.outcome.player_total, coup.outcome.banker_total
    if player == banker:
        return CallOption("tie", player, banker)
    if player > banker:
        return CallOption("player", player, banker)
    return CallOption("banker", banker, player)


def call_options(cards: list[str], rng: random.Random) -> list[CallOption]:
    """The right call and three wrong ones a croupier might say (winner swapped, totals swapped or off)."""
    right = right_call(cards)
    other = {"player": "banker", "banker": "player", "tie": "player"}[right.winner]
    wrong = [
        CallOption(other, right.high, right.low),
        CallOption(right.winner, right.low, right.high)
        if right.winner != "tie"
        else CallOption("banker", right.high, right.low),
        CallOption(right.winner, right.high, (right.low + 1) % 10),
        CallOption("tie", right.high, right.high)
        if right.winner != "tie"
        else CallOption("tie", (right.high + 1) % 10, (right.high + 1) % 10),
        CallOption(right.winner, (right.high + 1) % 10, right.low),
    ]
    chosen: list[CallOption] = [right]
    for option in wrong:
        if option not in chosen and len(chosen) < 4:
            chosen.append(option)
    rng.shuffle(chosen)
    return chosen
