"""Lesson 6's exercise: the balance after a coup is settled, on one spot or several."""

from __future__ import annotations

import random
from collections.abc import Mapping
from decimal import Decimal

from django.utils.translation import gettext as _

from baccarat import (
    STANDARD,
    Outcome,
    Winner,
    settle,
)
from lessons.exercises.helpers import (
    _amount,
    _bets_text,
    _kind_name,
    _numbers,
    _stake,
)
from lessons.exercises.question import Question
from table.amounts import chips_text
from table.bets import stake_on


def _settlement_prompt(
    kind: str, amount: int, outcome: Outcome, start: Decimal, after_confirm: Decimal
) -> str:
    figures = {
        "start": _amount(start),
        "amount": _stake(amount),
        "bet": _kind_name(kind),
        "balance": _amount(after_confirm),
        "player": outcome.player_total,
        "banker": outcome.banker_total,
    }
    if outcome.winner is Winner.TIE:
        text = _(
            "You start with %(start)s chips and confirm %(amount)s on %(bet)s (balance %(balance)s). "
            "It is a tie, Player %(player)s to Banker %(banker)s. What is your balance now?"
        )
    elif outcome.winner is Winner.PLAYER:
        text = _(
            "You start with %(start)s chips and confirm %(amount)s on %(bet)s (balance %(balance)s). "
            "Player wins, Player %(player)s to Banker %(banker)s. What is your balance now?"
        )
    else:
        text = _(
            "You start with %(start)s chips and confirm %(amount)s on %(bet)s (balance %(balance)s). "
            "Banker wins, Player %(player)s to Banker %(banker)s. What is your balance now?"
        )
    return text % figures


def settlement_question(
    kind: str, amount: int, outcome: Outcome, start: Decimal = Decimal("100")
) -> Question:
    """Standard payouts only (never the no-commission table in these lessons)."""
    [result] = settle([stake_on(kind, Decimal(amount))], outcome, STANDARD)
    after_confirm = start - amount
    final = after_confirm + result.returned
    figures = {
        "balance": _amount(after_confirm),
        "amount": _amount(amount),
        "final": _amount(final),
        "stake": _amount(result.stake_returned),
        "winnings": _amount(result.winnings),
        "commission": _amount(result.commission),
        "returned": _amount(result.returned),
    }
    if result.result.value == "lost":
        why = _("The bet lost: nothing comes back, so the balance stays at %(balance)s.") % figures
    elif result.result.value == "push":
        why = _("A tie gives Player and Banker bets back: %(balance)s + %(amount)s = %(final)s.") % figures
    elif result.commission:
        why = (
            _(
                "%(stake)s stake back + %(winnings)s winnings − %(commission)s commission "
                "(5%% of the winnings) = %(returned)s; %(balance)s + %(returned)s = %(final)s."
            )
            % figures
        )
    else:
        why = (
            _(
                "%(stake)s stake back + %(winnings)s winnings = %(returned)s; "
                "%(balance)s + %(returned)s = %(final)s."
            )
            % figures
        )
    prompt = _settlement_prompt(kind, amount, outcome, start, after_confirm)
    return _numbers("settlement", prompt, [["balance", _("Balance")]], [final], why)


def _result_sentence(outcome: Outcome) -> str:
    totals = {"player": outcome.player_total, "banker": outcome.banker_total}
    if outcome.winner is Winner.TIE:
        return _("It is a tie, Player %(player)s to Banker %(banker)s.") % totals
    if outcome.winner is Winner.PLAYER:
        return _("Player wins, Player %(player)s to Banker %(banker)s.") % totals
    return _("Banker wins, Player %(player)s to Banker %(banker)s.") % totals


def spots_question(stakes: Mapping[str, int], outcome: Outcome, start: Decimal = Decimal("100")) -> Question:
    """Stakes on several spots of one coup (Player and Banker together, say), standard payouts."""
    bets = [stake_on(kind, Decimal(amount)) for kind, amount in stakes.items()]
    results = settle(bets, outcome, STANDARD)
    committed = Decimal(sum(stakes.values()))
    after_confirm = start - committed
    returned = sum((result.returned for result in results), Decimal(0))
    final = after_confirm + returned
    parts = "; ".join(
        _("%(amount)s on %(bet)s brings back %(returned)s")
        % {
            "amount": chips_text(result.bet.amount),
            "bet": _kind_name(result.bet.kind.value),
            "returned": _amount(result.returned),
        }
        for result in results
    )
    net = returned - committed
    net_text = _amount(abs(net))
    net_text = f"−{net_text}" if net < 0 else f"+{net_text}" if net > 0 else net_text
    why = _(
        "Each stake is settled on its own: %(parts)s. %(balance)s + %(returned)s = %(final)s, "
        "a net result of %(net)s for the coup."
    ) % {
        "parts": parts,
        "balance": _amount(after_confirm),
        "returned": _amount(returned),
        "final": _amount(final),
        "net": net_text,
    }
    prompt = _(
        "You start with %(start)s chips and confirm %(bets)s (balance %(balance)s). %(result)s "
        "What is your balance now?"
    ) % {
        "start": _amount(start),
        "bets": _bets_text(stakes),
        "balance": _amount(after_confirm),
        "result": _result_sentence(outcome),
    }
    return _numbers("settlement", prompt, [["balance", _("Balance")]], [final], why)


def coup_outcome(player: int, banker: int) -> Outcome:
    """A coup Player drew a third card in and Banker did not (the winner follows from the totals)."""
    return Outcome(player_total=player, banker_total=banker, player_count=3, banker_count=2, natural=False)


def natural_outcome(player: int, banker: int) -> Outcome:
    """A coup ended by a natural after four cards."""
    return Outcome(player_total=player, banker_total=banker, player_count=2, banker_count=2, natural=True)


def generate_settlement(rng: random.Random) -> Question:
    kind = rng.choice(["player", "banker", "tie"])
    amount = rng.choice((5, 10, 20, 25, 50))
    winner = rng.choice(["player", "banker", "banker", "tie"])
    low, high = sorted(rng.sample(range(10), 2))
    player, banker = {"player": (high, low), "banker": (low, high), "tie": (low, low)}[winner]
    outcome = coup_outcome(player, banker)
    if rng.randrange(3) == 0:
        pair = rng.choice((("player", "banker"), ("player", "banker"), ("banker", "tie"), ("player", "tie")))
        return spots_question({kind: rng.choice((5, 10, 20, 25)) for kind in pair}, outcome)
    return settlement_question(kind, amount, outcome)
