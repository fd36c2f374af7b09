"""Each bet's settlement as the dealer-school procedure wants it: the step, the payout, the commission.

Design overview: ``settlement_items`` settles every seat's bets with the engine's ``settle`` and
puts them in the order of the procedure: the losing main bets (taken), the winning main bets
(paid), then the side bets the same way, each step seat by seat from the dealer's right to left.
A push stays on the layout (step ``PUSH``). The payout of a Banker win at a commission table is
less its commission when the commission is taken (``CommissionMode.TAKE``), in full when it is
marked in the box (``CommissionMode.BOX``).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from baccarat.coup import Outcome
from baccarat.dealer.actions import Action, Pay, Take
from baccarat.dealer.commission import CommissionMode, Rounding, commission_due
from baccarat.dealer.layout import Layout, LayoutBet
from baccarat.payouts import BetResult, settle
from baccarat.paytable import Result
from baccarat.tables import TableRules

__all__ = ["MAIN_PAY", "MAIN_TAKE", "PUSH", "SIDE_PAY", "SIDE_TAKE", "SettleItem", "settlement_items"]

#: The settlement steps in order: main takes, main pays, side takes, side pays.
MAIN_TAKE, MAIN_PAY, SIDE_TAKE, SIDE_PAY = range(4)
PUSH = -1


@dataclass(frozen=True, slots=True)
class SettleItem:
    """One bet's settlement as the procedure wants it.

    ``step`` is 0-3 (main takes, main pays, side takes, side pays) or -1 for a push (it stays);
    ``payout`` is the amount to pay under the table's procedure (0 for a take or a push);
    ``commission`` what the bet owes (house-rounded where the house rounds); ``marked``: the
    commission goes into the box.
    """

    bet: LayoutBet
    result: BetResult
    step: int
    payout: Decimal
    commission: Decimal
    marked: bool

    @property
    def seat(self) -> int:
        """The bet's seat."""
        return self.bet.seat

    @property
    def right_action(self) -> Action | None:
        """The action that settles it (``None`` for a push)."""
        if self.step == PUSH:
            return None
        if self.step in (MAIN_TAKE, SIDE_TAKE):
            return Take(self.seat, self.bet.key)
        return Pay(self.seat, self.bet.key, self.payout)


def settlement_items(
    layout: Layout,
    table: TableRules,
    outcome: Outcome,
    commission_mode: CommissionMode = CommissionMode.TAKE,
    rounding: Rounding = Rounding.EXACT,
) -> tuple[SettleItem, ...]:
    """Every bet of the layout settled on ``outcome``, in the procedure's order.

    :raises InvalidBetError: if a seat's bets break the layout's rules.
    """
    has_commission = bool(table.payouts.banker_commission)
    items: list[SettleItem] = []
    for seat in layout.seats:
        by_key = {bet.key: bet for bet in seat.bets}
        for result in settle([bet.bet for bet in seat.bets], outcome, table.payouts):
            bet = by_key[result.bet.spec.key]
            side = bet.is_side_bet
            commission = commission_due(result, rounding) if has_commission else Decimal("0.00")
            marked = bool(commission) and commission_mode is CommissionMode.BOX
            if result.result is Result.PUSH:
                step, payout = PUSH, Decimal("0.00")
            elif result.result is Result.LOST:
                step, payout = (SIDE_TAKE if side else MAIN_TAKE), Decimal("0.00")
            else:
                step = SIDE_PAY if side else MAIN_PAY
                payout = result.winnings if marked else result.winnings - commission
            items.append(SettleItem(bet, result, step, payout, commission, marked))
    order = {seat: index for index, seat in enumerate(layout.seat_numbers)}
    return tuple(sorted(items, key=lambda item: (item.step, order[item.seat])))
