"""The procedure checker: one round at the table, the learner's actions checked one at a time.

Design overview: a ``DealerRound`` holds the layout, the table, the commission procedure and
arithmetic, and a ``Coup`` fed with the shoe's cards as the learner deals them. ``expected()``
is the right next action; ``act(action, draw=...)`` checks one action and answers with a
``Verdict``. A right action is applied (a right deal calls ``draw()`` for the shoe's next card;
a wrong deal never draws, so the shoe keeps its cards); a wrong one changes nothing, is recorded
among ``errors`` and must be followed by the right one. The procedure of a round:

1. Deal Player, Banker, Player, Banker (``Deal``); a card to the wrong hand is an ``order``
   error.
2. Call the opening (``Call``, ``baccarat.dealer.calls``): the two-card totals and the action.
3. The thirds by the rules, Player's first: a card the rules forbid or a ``Stand`` when a draw
   is due is a ``draw`` error; Banker's card before Player's due third is an ``order`` error.
4. Call the result, the winner's total first.
5. Take and pay: the losing main bets from the dealer's right to left (seat 1 first), then the
   winning main bets in the same order, then the side bets the same way (takes, then pays).
   Pushes stay on the layout. Out of order is a ``take_pay_order`` error; a bet taken that won,
   paid that lost, or paid a wrong amount (against the engine's ``settle``) is a ``payout``
   error. Within one seat the bets of the same step may go in any order.
6. Commission (a commission table only): ``CommissionMode.TAKE`` pays a Banker win less its
   commission (``Pay`` of 95 on 100); ``CommissionMode.BOX`` pays it in full and then marks the
   commission for that seat (``Mark``, right after the pay; marking it just before the pay is
   also accepted: "mark one, pay one"). Any slip there is a ``commission`` error. The marks go
   into the ``CommissionBox`` passed in, which lasts the shoe.

``Stand`` is accepted (and changes nothing) whenever no card is due after the first four.

>>> from baccarat import Shoe
>>> from baccarat.tables import table_rules
>>> from baccarat.dealer.layout import arranged_layout
>>> table = table_rules("standard")
>>> layout = arranged_layout(table, {1: {"banker": Decimal(100)}, 2: {"player": Decimal(20)}})
>>> shoe = Shoe.arranged("2 4 5 4".split())
>>> round_ = DealerRound(layout, table)
>>> round_.act(Deal(Hand.BANKER), draw=shoe.draw).error
<ErrorKind.ORDER: 'order'>
>>> while not round_.is_done:
...     verdict = round_.act(round_.expected(), draw=shoe.draw)
>>> [verdict.given for verdict in round_.history if verdict.ok][-2:]
[Take(seat=2, bet='player'), Pay(seat=1, bet='banker', amount=Decimal('95.00'))]
>>> round_.is_clean, [error.rule for error in round_.errors]
(False, [<Rule.DEAL_ORDER: 'deal_order'>])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from decimal import Decimal

from baccarat.cards import Card, hand_total
from baccarat.coup import Coup, Hand, Outcome
from baccarat.dealer.actions import Action, Call, Collect, Deal, Mark, Pay, Stand, Take
from baccarat.dealer.calls import CallOption, CallStage, call_options, opening_call, result_call
from baccarat.dealer.commission import CommissionBox, CommissionMode, Rounding, commission_due
from baccarat.dealer.layout import Layout
from baccarat.dealer.settlement import (
    MAIN_PAY,
    PUSH,
    SIDE_PAY,
    SIDE_TAKE,
    SettleItem,
    settlement_items,
)
from baccarat.dealer.verdict import ErrorKind, Rule, Verdict
from baccarat.errors import EngineError
from baccarat.tables import TableRules

__all__ = ["DealerRound", "SettleItem", "settlement_items"]


class DealerRound:
    """One round dealt, called, taken and paid by the learner; see the module docstring."""

    def __init__(
        self,
        layout: Layout,
        table: TableRules,
        commission_mode: CommissionMode = CommissionMode.TAKE,
        rounding: Rounding = Rounding.EXACT,
        *,
        box: CommissionBox | None = None,
    ) -> None:
        self.layout = layout
        self.table = table
        self.commission_mode = CommissionMode(commission_mode)
        self.rounding = Rounding(rounding)
        self.box = box if box is not None else CommissionBox()
        self.coup = Coup()
        self.history: list[Verdict] = []
        self._opening_called = False
        self._result_called = False
        self._items: tuple[SettleItem, ...] = ()
        self._settled: set[tuple[int, str]] = set()
        self._pending_mark: SettleItem | None = None
        self._premarked: set[tuple[int, str]] = set()

    @classmethod
    def replay(
        cls,
        layout: Layout,
        table: TableRules,
        commission_mode: CommissionMode,
        rounding: Rounding,
        actions: Iterable[Action],
        cards: Iterable[Card],
        *,
        box: CommissionBox | None = None,
    ) -> DealerRound:
        """The round after these recorded actions, the right deals taking ``cards`` in order.

        ``box`` is the box as it was before the round (it receives the round's marks again).

        :raises EngineError: if the cards run out.
        """
        round_ = cls(layout, table, commission_mode, rounding, box=box)
        supply = iter(cards)

        def draw() -> Card:
            try:
                return next(supply)
            except StopIteration:
                raise EngineError("The recorded cards ran out before the recorded deals.") from None

        for action in actions:
            round_.act(action, draw=draw)
        return round_

    # -- what the round knows ------------------------------------------------------------------

    @property
    def has_commission(self) -> bool:
        """Whether the table takes commission on Banker wins."""
        return bool(self.table.payouts.banker_commission)

    @property
    def outcome(self) -> Outcome | None:
        """The coup's outcome, once the last card is out."""
        return self.coup.outcome

    @property
    def errors(self) -> tuple[Verdict, ...]:
        """Every procedure error so far, in order."""
        return tuple(verdict for verdict in self.history if verdict.error is not None)

    def error_counts(self) -> dict[ErrorKind, int]:
        """How many errors of each kind (every kind, 0 where none)."""
        counts = dict.fromkeys(ErrorKind, 0)
        for verdict in self.errors:
            assert verdict.error is not None
            counts[verdict.error] += 1
        return counts

    @property
    def is_clean(self) -> bool:
        """Whether no procedure error was made (so far)."""
        return not self.errors

    @property
    def is_done(self) -> bool:
        """Whether the round is complete: every card, both calls, every bet settled and marked."""
        return (
            self._result_called
            and self._pending_mark is None
            and all(item.step == PUSH or self._key(item) in self._settled for item in self._items)
        )

    @property
    def items(self) -> tuple[SettleItem, ...]:
        """Each bet's settlement, in the procedure's order (empty until the coup is over)."""
        return self._items

    def plan(self) -> tuple[Action, ...]:
        """The whole right settlement, take-and-pay and marks, in order (empty until the coup is over)."""
        actions: list[Action] = []
        for item in self._items:
            action = item.right_action
            if action is not None:
                actions.append(action)
                if item.marked:
                    actions.append(Mark(item.seat, item.commission))
        return tuple(actions)

    def opening(self) -> CallOption | None:
        """The right opening call, once four cards are out."""
        if self.coup.cards_dealt < 4:
            return None
        return opening_call(hand_total(self.coup.player[:2]), hand_total(self.coup.banker[:2]))

    def result(self) -> CallOption | None:
        """The right result call, once the coup is over."""
        outcome = self.coup.outcome
        return None if outcome is None else result_call(outcome.player_total, outcome.banker_total)

    def call_options(self, rng: random.Random, *, count: int = 4) -> tuple[CallOption, ...]:
        """The options for the call that is due (empty if none is due), shuffled by ``rng``."""
        right = self._due_call()
        return () if right is None else call_options(right, rng, count=count)

    def expected(self) -> Action | None:
        """The right next action (``None`` once the round is done)."""
        coup = self.coup
        if coup.cards_dealt < 4 or (self._opening_called and not coup.is_over):
            assert coup.next_hand is not None
            return Deal(coup.next_hand)
        due = self._due_call()
        if due is not None:
            return Call(due)
        if self._pending_mark is not None:
            return Mark(self._pending_mark.seat, self._pending_mark.commission)
        item = self._next_item()
        return None if item is None else item.right_action

    # -- acting --------------------------------------------------------------------------------

    def act(self, action: Action, *, draw: Callable[[], Card] | None = None) -> Verdict:
        """Check one action; apply it if right. ``draw`` gives the shoe's next card (right deals only).

        :raises EngineError: for a right deal without ``draw``, or a ``Collect`` (the box's, between rounds).
        """
        if isinstance(action, Collect):
            raise EngineError("Collecting commission is the box's business: use CommissionBox.collect.")
        if self.is_done:
            verdict = Verdict(action, False, None, Rule.ROUND_OVER, None, done=True)
        elif isinstance(action, Deal):
            verdict = self._deal(action, draw)
        elif isinstance(action, Stand):
            verdict = self._stand(action)
        elif isinstance(action, Call):
            verdict = self._call(action)
        elif self._result_called:
            verdict = self._settle(action)
        else:
            verdict = self._error(action, ErrorKind.TAKE_PAY_ORDER, Rule.SETTLE_AFTER_CALL)
        if verdict.ok and self.is_done:
            verdict = Verdict(
                verdict.given, True, right=verdict.right, card=verdict.card, step=verdict.step, done=True
            )
        self.history.append(verdict)
        return verdict

    def _error(self, action: Action, kind: ErrorKind, rule: Rule) -> Verdict:
        return Verdict(action, False, kind, rule, self.expected())

    def _due_call(self) -> CallOption | None:
        if self.coup.cards_dealt >= 4 and not self._opening_called:
            return self.opening()
        if self.coup.is_over and not self._result_called:
            return self.result()
        return None

    def _why_no_card(self, hand: Hand) -> Rule:
        """The rule that gives ``hand`` no (further) card now."""
        coup = self.coup
        cards = coup.player if hand is Hand.PLAYER else coup.banker
        if coup.outcome is not None and coup.outcome.natural:
            return Rule.NATURAL_STANDS
        if len(cards) == 3:
            return Rule.COUP_OVER
        if hand is Hand.PLAYER:
            return Rule.PLAYER_STANDS
        return Rule.BANKER_TABLE if coup.player_third is not None else Rule.BANKER_PLAYER_STOOD

    def _deal(self, action: Deal, draw: Callable[[], Card] | None) -> Verdict:
        coup = self.coup
        if coup.cards_dealt < 4:
            if action.hand is not coup.next_hand:
                return self._error(action, ErrorKind.ORDER, Rule.DEAL_ORDER)
        elif not self._opening_called:
            return self._error(action, ErrorKind.CALL, Rule.CALL_OPENING)
        elif coup.is_over:
            return self._error(action, ErrorKind.DRAW, self._why_no_card(action.hand))
        elif action.hand is not coup.next_hand:
            if coup.next_hand is Hand.PLAYER:
                return self._error(action, ErrorKind.ORDER, Rule.PLAYER_THIRD_FIRST)
            return self._error(action, ErrorKind.DRAW, self._why_no_card(action.hand))
        if draw is None:
            raise EngineError("A right deal needs the shoe's next card: pass draw=shoe.draw.")
        card = draw()
        step = coup.deal(card)
        if coup.is_over:
            self._items = self._settlement()
        return Verdict(action, True, right=action, card=card, step=step)

    def _stand(self, action: Stand) -> Verdict:
        coup = self.coup
        if coup.cards_dealt < 4:
            return self._error(action, ErrorKind.ORDER, Rule.DEAL_ORDER)
        if coup.is_over:
            return Verdict(action, True, right=action)
        return self._error(action, ErrorKind.DRAW, self._stand_rule())

    def _call(self, action: Call) -> Verdict:
        coup = self.coup
        if coup.cards_dealt < 4:
            return self._error(action, ErrorKind.CALL, Rule.CALL_OPENING)
        if not self._opening_called:
            if action.option != self.opening():
                return self._error(action, ErrorKind.CALL, Rule.CALL_OPENING)
            self._opening_called = True
            return Verdict(action, True, right=action)
        if not coup.is_over:
            if action.option.stage is CallStage.RESULT:
                # The result called while a card is still due: a stand where the rules draw.
                return self._error(action, ErrorKind.DRAW, self._stand_rule())
            return self._error(action, ErrorKind.CALL, Rule.CALL_OPENING)
        if self._result_called or action.option != self.result():
            return self._error(action, ErrorKind.CALL, Rule.CALL_RESULT)
        self._result_called = True
        return Verdict(action, True, right=action)

    def _stand_rule(self) -> Rule:
        coup = self.coup
        if coup.next_hand is Hand.PLAYER:
            return Rule.PLAYER_DRAWS
        return Rule.BANKER_TABLE if coup.player_third is not None else Rule.BANKER_PLAYER_STOOD

    # -- taking and paying ---------------------------------------------------------------------

    @staticmethod
    def _key(item: SettleItem) -> tuple[int, str]:
        return (item.seat, item.bet.key)

    def _settlement(self) -> tuple[SettleItem, ...]:
        assert self.coup.outcome is not None
        return settlement_items(
            self.layout, self.table, self.coup.outcome, self.commission_mode, self.rounding
        )

    def _outstanding(self) -> list[SettleItem]:
        return [item for item in self._items if item.step != PUSH and self._key(item) not in self._settled]

    def _next_item(self) -> SettleItem | None:
        outstanding = self._outstanding()
        return outstanding[0] if outstanding else None

    def _settle(self, action: Action) -> Verdict:
        if isinstance(action, Mark):
            return self._mark(action)
        assert isinstance(action, Take | Pay)
        pending = self._pending_mark
        if pending is not None:
            return self._error(action, ErrorKind.COMMISSION, Rule.MARK_AFTER_PAY)
        item = next((item for item in self._items if self._key(item) == (action.seat, action.bet)), None)
        if item is None:
            return self._error(action, ErrorKind.PAYOUT, Rule.NO_BET)
        if self._key(item) in self._settled:
            return self._error(action, ErrorKind.TAKE_PAY_ORDER, Rule.ALREADY_SETTLED)
        if item.step == PUSH:
            return self._error(action, ErrorKind.PAYOUT, Rule.PUSH_STAYS)
        paying = item.step in (MAIN_PAY, SIDE_PAY)
        if isinstance(action, Take) and paying:
            return self._error(action, ErrorKind.PAYOUT, Rule.BET_WON)
        if isinstance(action, Pay) and not paying:
            return self._error(action, ErrorKind.PAYOUT, Rule.BET_LOST)
        first = self._outstanding()[0]
        if (item.step, item.seat) != (first.step, first.seat):
            return self._error(action, ErrorKind.TAKE_PAY_ORDER, self._order_rule(item, first))
        if isinstance(action, Pay) and action.amount != item.payout:
            kind, rule = self._wrong_payout(item, action.amount)
            return Verdict(action, False, kind, rule, item.right_action)
        self._settled.add(self._key(item))
        if item.marked and self._key(item) not in self._premarked:
            self._pending_mark = item
        return Verdict(action, True, right=item.right_action)

    @staticmethod
    def _order_rule(item: SettleItem, first: SettleItem) -> Rule:
        if item.step in (MAIN_PAY, SIDE_PAY) and first.step == item.step - 1:
            return Rule.TAKE_BEFORE_PAY
        if item.step >= SIDE_TAKE and first.step < SIDE_TAKE:
            return Rule.MAIN_BEFORE_SIDE
        return Rule.RIGHT_TO_LEFT

    def _wrong_payout(self, item: SettleItem, amount: Decimal) -> tuple[ErrorKind, Rule]:
        if item.commission:
            winnings = item.result.winnings
            if self.commission_mode is CommissionMode.TAKE:
                if amount == winnings:
                    return ErrorKind.COMMISSION, Rule.COMMISSION_TAKEN
                other = Rounding.QUARTER if self.rounding is Rounding.EXACT else Rounding.EXACT
                if amount == winnings - commission_due(item.result, other):
                    return ErrorKind.COMMISSION, Rule.COMMISSION_AMOUNT
            elif amount < winnings and amount >= winnings - 2 * item.commission:
                return ErrorKind.COMMISSION, Rule.COMMISSION_MARKED
        return ErrorKind.PAYOUT, Rule.PAYOUT_RATIO

    def _mark(self, action: Mark) -> Verdict:
        if not self.has_commission:
            return self._error(action, ErrorKind.COMMISSION, Rule.NO_COMMISSION_DUE)
        if self.commission_mode is CommissionMode.TAKE:
            return self._error(action, ErrorKind.COMMISSION, Rule.COMMISSION_TAKEN)
        pending = self._pending_mark
        if pending is not None:
            if action.seat != pending.seat:
                return self._error(action, ErrorKind.COMMISSION, Rule.MARK_AFTER_PAY)
            if action.amount != pending.commission:
                return self._error(action, ErrorKind.COMMISSION, Rule.COMMISSION_AMOUNT)
            self.box.mark(pending.seat, pending.commission)
            self._pending_mark = None
            return Verdict(action, True, right=action)
        item = self._next_item()
        if item is None or not item.marked or item.seat != action.seat or self._key(item) in self._premarked:
            return self._error(action, ErrorKind.COMMISSION, Rule.NO_COMMISSION_DUE)
        if action.amount != item.commission:
            return Verdict(
                action, False, ErrorKind.COMMISSION, Rule.COMMISSION_AMOUNT, Mark(item.seat, item.commission)
            )
        self.box.mark(item.seat, item.commission)
        self._premarked.add(self._key(item))
        return Verdict(action, True, right=action)
