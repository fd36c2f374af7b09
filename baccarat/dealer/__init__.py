"""The dealer school's engine: a simulated layout, the procedure of a round, the commission box,
the timing standard and the audition's score (pure Python, no Django).

The public API (import it from ``baccarat.dealer``); values of every enum are stable ids:

Layout (``layout``, ``chips``)
    ``deal_layout(rng, *, seats, table, main_limits=DEFAULT_MAIN_LIMITS, rounding=Rounding.EXACT,
    seat_numbers=None) -> Layout``: 3-7 occupied seats of ``TABLE_SEATS`` (7), numbered 1 (the
    dealer's right) to 7 (the dealer's left), so taking and paying "from the dealer's right to
    left" goes by seat number. ``Layout.seats`` -> ``SeatBets(seat, bets)``; each
    ``LayoutBet(seat, bet: Bet, chips: ChipStack)`` with ``key``, ``amount``, ``is_side_bet``;
    ``Layout.bet(seat, key)``, ``to_dict``/``from_dict``. ``arranged_layout(table, {seat: {key:
    stake}})`` for a given layout. Between rounds ``next_seats(rng, occupied) ->
    SeatChange(staying, leaving, joining)`` (settle the leavers' commission squares). Chips:
    ``BET_DENOMINATIONS`` 500, 100, 25, 5, 1 (players' stakes), ``PAY_DENOMINATIONS`` adds the
    0.25 quarter (commission change); ``chips_for``, ``chips_total``.

A round (``procedure``, ``actions``, ``verdict``, ``calls``)
    ``DealerRound(layout, table, commission_mode=CommissionMode.TAKE, rounding=Rounding.EXACT, *,
    box=None)``; ``round.expected() -> Action | None``; ``round.act(action, *, draw=shoe.draw) ->
    Verdict``; ``round.call_options(rng) -> tuple[CallOption, ...]``; ``is_done``, ``is_clean``,
    ``errors``, ``error_counts()``, ``history``, ``items`` (each bet's ``SettleItem``;
    ``settlement_items(layout, table, outcome, mode, rounding)``), ``plan()``, ``outcome``;
    ``DealerRound.replay(layout, table, mode, rounding, actions, cards, box=...)`` rebuilds a
    round from its record. Actions: ``Deal(hand)``, ``Stand()``, ``Call(option)``, ``Take(seat,
    bet)``, ``Pay(seat, bet, amount)`` (the winnings; ``Pay.from_chips``), ``Mark(seat, amount)``,
    ``Collect(seat, amount)`` (the box's); ``action.kind`` is an ``ActionKind``; ``to_dict`` /
    ``action_from_dict``. ``Verdict(given, ok, error: ErrorKind | None, rule: Rule | None, right:
    Action | None, card, step, done)``. ``ErrorKind``: ``order``, ``draw``, ``call``,
    ``take_pay_order``, ``payout``, ``commission``. Calls: ``CallOption(key: CallKey, first,
    second)`` with ``params``, ``code``/``from_code``, ``english``; ``opening_call``,
    ``result_call``, ``call_options``.

Commission (``commission``)
    ``CommissionMode.TAKE`` (100 is paid 95) or ``BOX`` (paid 100, 5 marked in the box);
    ``Rounding.EXACT`` (5 % to the cent) or ``QUARTER`` (up to the next quarter: 1-5 owes 0.25,
    6-10 owes 0.50, ...); ``commission_for(winnings, rate, rounding)``, ``commission_due(result,
    rounding)``; ``CommissionBox`` with ``mark``, ``owed``, ``owing``, ``total``, ``settle_seat``,
    ``settle_shoe``, ``collect(Collect) -> Verdict``, ``to_dict``/``from_dict``.

Timing (``timing``)
    ``ROUND_STANDARD_SECONDS`` (12), ``ROUNDS_PER_HOUR`` (50), ``rate_round(seconds, *, standard,
    floor) -> RoundRating(seconds, standard, pace: Pace)``, ``ACTION_FLOOR_SECONDS`` per
    ``ActionKind``, ``action_floor``, ``is_too_fast``, ``round_floor_seconds``, ``hands_per_hour``.

Audition (``audition``)
    ``audition_score(written_correct, written_total, practical_points, practical_total, *,
    written_weight=30, practical_weight=70, pass_mark=80) -> AuditionScore(percent,
    written_percent, practical_percent, passed)``; ``round_points(errors, seconds, *, standard,
    too_fast=False) -> int`` out of ``PRACTICAL_ROUND_POINTS`` (10).
"""

from __future__ import annotations

from baccarat.dealer.actions import (
    Action,
    ActionKind,
    Call,
    Collect,
    Deal,
    Mark,
    Pay,
    Stand,
    Take,
    action_from_dict,
)
from baccarat.dealer.audition import (
    DEFAULT_PASS_MARK,
    DEFAULT_PRACTICAL_WEIGHT,
    DEFAULT_WRITTEN_WEIGHT,
    ERROR_POINTS,
    PRACTICAL_ROUND_POINTS,
    AuditionScore,
    audition_score,
    round_points,
)
from baccarat.dealer.calls import CallKey, CallOption, CallStage, call_options, opening_call, result_call
from baccarat.dealer.chips import (
    BET_DENOMINATIONS,
    FULL_STACK,
    PAY_DENOMINATIONS,
    QUARTER,
    ChipStack,
    chips_for,
    chips_total,
    player_stack,
)
from baccarat.dealer.commission import CommissionBox, CommissionMode, Rounding, commission_due, commission_for
from baccarat.dealer.layout import (
    DEFAULT_MAIN_LIMITS,
    MAX_SEATS,
    MIN_SEATS,
    TABLE_SEATS,
    Layout,
    LayoutBet,
    SeatBets,
    SeatChange,
    arranged_layout,
    deal_layout,
    next_seats,
)
from baccarat.dealer.procedure import DealerRound
from baccarat.dealer.settlement import SettleItem, settlement_items
from baccarat.dealer.timing import (
    ACTION_FLOOR_SECONDS,
    ROUND_STANDARD_SECONDS,
    ROUNDS_PER_HOUR,
    Pace,
    RoundRating,
    action_floor,
    hands_per_hour,
    is_too_fast,
    rate_round,
    round_floor_seconds,
)
from baccarat.dealer.verdict import ErrorKind, Rule, Verdict

__all__ = [
    "ACTION_FLOOR_SECONDS",
    "BET_DENOMINATIONS",
    "DEFAULT_MAIN_LIMITS",
    "DEFAULT_PASS_MARK",
    "DEFAULT_PRACTICAL_WEIGHT",
    "DEFAULT_WRITTEN_WEIGHT",
    "ERROR_POINTS",
    "FULL_STACK",
    "MAX_SEATS",
    "MIN_SEATS",
    "PAY_DENOMINATIONS",
    "PRACTICAL_ROUND_POINTS",
    "QUARTER",
    "ROUNDS_PER_HOUR",
    "ROUND_STANDARD_SECONDS",
    "TABLE_SEATS",
    "Action",
    "ActionKind",
    "AuditionScore",
    "Call",
    "CallKey",
    "CallOption",
    "CallStage",
    "ChipStack",
    "Collect",
    "CommissionBox",
    "CommissionMode",
    "Deal",
    "DealerRound",
    "ErrorKind",
    "Layout",
    "LayoutBet",
    "Mark",
    "Pace",
    "Pay",
    "RoundRating",
    "Rounding",
    "Rule",
    "SeatBets",
    "SeatChange",
    "SettleItem",
    "Stand",
    "Take",
    "Verdict",
    "action_floor",
    "action_from_dict",
    "arranged_layout",
    "audition_score",
    "call_options",
    "chips_for",
    "chips_total",
    "commission_due",
    "commission_for",
    "deal_layout",
    "hands_per_hour",
    "is_too_fast",
    "next_seats",
    "opening_call",
    "player_stack",
    "rate_round",
    "result_call",
    "round_floor_seconds",
    "round_points",
    "settlement_items",
]
