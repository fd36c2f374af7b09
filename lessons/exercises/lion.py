"""The Lion Bonus questions of lesson 9: what a Lion Bonus stake brings back."""

from __future__ import annotations

import random
from decimal import Decimal

from django.utils.translation import gettext as _

from baccarat import (
    STANDARD,
    Card,
    Hand,
    Outcome,
    Paid,
    Result,
    Winner,
    all_bets,
    play_coup,
    settle,
)
from lessons import house_edge
from lessons.exercises.helpers import (
    _amount,
    _numbers,
    _side_name,
    _token,
)
from lessons.exercises.question import Question
from table.bets import stake_on

#: The registry's family of the Lion Bonus bets (one on each hand).
LION = "lion"


def lion_question(side: str, amount: int, outcome: Outcome) -> Question:
    """A Lion Bonus on ``side`` (``player`` or ``banker``), the only stake; what comes back?"""
    kind = next(spec.key for spec in all_bets() if spec.family == LION and spec.side == Hand(side))
    [result] = settle([stake_on(kind, Decimal(amount))], outcome, STANDARD)
    case = result.case
    assert case is not None, "settle() records how each bet was paid"
    totals = {"player": outcome.player_total, "banker": outcome.banker_total}
    if outcome.natural and outcome.winner is Winner.TIE:
        how = _("Both hands have a natural and tie, Player %(player)s to Banker %(banker)s.") % totals
    elif outcome.natural and outcome.winner is Winner.PLAYER:
        how = _("Player wins with a natural, Player %(player)s to Banker %(banker)s.") % totals
    elif outcome.natural:
        how = _("Banker wins with a natural, Player %(player)s to Banker %(banker)s.") % totals
    elif outcome.winner is Winner.TIE:
        how = _("No natural; it is a tie, Player %(player)s to Banker %(banker)s.") % totals
    elif outcome.winner is Winner.PLAYER:
        how = _("No natural; Player wins, Player %(player)s to Banker %(banker)s.") % totals
    else:
        how = _("No natural; Banker wins, Player %(player)s to Banker %(banker)s.") % totals
    figures = {
        "side": _side_name(side),
        "amount": _amount(amount),
        "winnings": _amount(result.winnings),
        "returned": _amount(result.returned),
        "margin": outcome.margin,
    }
    if case.paid is Paid.PUSH_NATURAL_TIE:
        why = _("A tie between naturals gives the Lion Bonus stake back: %(returned)s.") % figures
    elif case.result is Result.LOST:
        why = (
            _(
                "A Lion Bonus on %(side)s wins only when %(side)s wins with a natural, or without one "
                "by 4 points or more. Not this time: the stake is lost and nothing comes back."
            )
            % figures
        )
    elif case.paid is Paid.WON_NATURAL:
        why = _(
            "%(side)s won with a natural, which pays %(pays)s: %(winnings)s in winnings plus the "
            "%(amount)s staked = %(returned)s."
        ) % (figures | {"pays": house_edge.ratio_text(case.pays)})
    else:
        why = _(
            "%(side)s won by %(margin)s points without a natural, which pays %(pays)s: "
            "%(winnings)s in winnings plus the %(amount)s staked = %(returned)s."
        ) % (figures | {"pays": house_edge.ratio_text(case.pays)})
    return _numbers(
        "house-edge",
        _("You stake %(amount)s on the Lion Bonus on %(side)s, your only stake. %(how)s What comes back?")
        % (figures | {"how": how}),
        [["returned", _("Comes back")]],
        [result.returned],
        why,
    )


#: The Lion Bonus questions made up after the scripted ones: how the coup ends, drawn evenly.
_LION_CASES = ("natural win", "natural tie", "wide win", "narrow win", "other")


def _lion_case(outcome: Outcome, side: Winner) -> str:
    if outcome.natural:
        return "natural tie" if outcome.winner is Winner.TIE else "natural win"
    if outcome.winner is side:
        return "wide win" if outcome.margin >= min(STANDARD.lion_margin_pays) else "narrow win"
    return "other"


def generate_lion(rng: random.Random) -> Question:
    """A Lion Bonus question on a coup dealt from random cards, its kind of ending drawn evenly first."""
    side = rng.choice(["player", "banker"])
    wanted = rng.choice(_LION_CASES)
    for _attempt in range(500):
        outcome = play_coup(Card.parse(_token(rng)) for _ in range(6))
        if _lion_case(outcome, Winner(side)) == wanted:
            break
    return lion_question(side, rng.choice((10, 20, 25, 50)), outcome)
