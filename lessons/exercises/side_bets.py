"""Lesson 10's exercise: what the dealer pays beside each side-bet stake on a dealt coup.

The right amounts are the engine's settlement (``baccarat.settle`` at the table's payouts); the
explanation is the sentence the practice table prints under each settled bet (``case_sentence``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal

from django.utils.translation import gettext as _

from baccarat import TABLES, Bet, Card, Coup, Outcome, Paid, Winner, bet_spec, settle
from baccarat.payouts import kind_of
from lessons.exercises.helpers import _amount, _numbers, _stake, _token
from lessons.exercises.question import Question
from table.amounts import commission_text
from table.bets import bet_name
from table.explain import card_name, case_sentence

KIND = "side-bets"
#: The stakes a made-up question puts on each side bet.
STAKES = (5, 10, 20, 25, 50)
#: The Lion Bonus's family: lesson 9 asks about it, so this exercise leaves it out.
LION = "lion"
#: How many side bets a made-up question asks about.
ASKED = 3
#: How many random coups a made-up question deals, at most, looking for one a side bet wins on.
_ATTEMPTS = 2000


def _table_name(key: str) -> str:
    if key == "ez":
        return _("an EZ table")
    if key == "no-commission":
        return _("a no-commission table")
    return _("a standard table")


def _result_text(outcome: Outcome) -> str:
    figures = {"player": outcome.player_total, "banker": outcome.banker_total}
    if outcome.winner is Winner.TIE:
        return _("It is a tie, %(player)s to %(banker)s.") % figures
    if outcome.winner is Winner.PLAYER:
        return _("Player wins %(player)s to %(banker)s.") % figures
    return _("Banker wins %(banker)s to %(player)s.") % figures


def side_bet_question(table: str, tokens: Sequence[str], stakes: Mapping[str, int]) -> Question:
    """The coup ``tokens`` deal at the table ``table`` with these side-bet ``stakes``: what is paid on each?

    :raises InvalidTableError: for an unknown table; ``InvalidBetError`` for a bet it does not offer.
    """
    rules = TABLES[table]
    coup = Coup.from_cards(Card.parse(token) for token in tokens)
    outcome = coup.outcome
    assert outcome is not None, "the cards make a whole coup"
    dealt = tuple(tokens[: outcome.cards_dealt])
    bets = [Bet(kind_of(key), Decimal(amount)) for key, amount in stakes.items() if rules.offers(key)]
    results = settle(bets, outcome, rules.payouts)
    paid = [result.winnings - result.commission for result in results]
    cards = {
        "player": ", ".join(card_name(card) for card in outcome.player_cards),
        "banker": ", ".join(card_name(card) for card in outcome.banker_cards),
    }
    staked = ", ".join(
        _("%(amount)s on %(bet)s") % {"amount": _stake(int(bet.amount)), "bet": bet_name(bet.kind)}
        for bet in bets
    )
    prompt = _(
        "At %(table)s, Player is dealt the %(player)s; Banker the %(banker)s. %(result)s You staked "
        "%(stakes)s. What does the dealer pay beside each stake (0 if it loses or comes back)?"
    ) % {"table": _table_name(table), "result": _result_text(outcome), "stakes": staked, **cards}
    reasons = []
    for result in results:
        case = result.case
        assert case is not None, "settle() records how each bet was paid"
        figures = {
            "bet": bet_name(result.bet.kind),
            "amount": _amount(result.bet.amount),
            "returned": _amount(result.stake_returned),
            "winnings": _amount(result.winnings),
            "commission": _amount(result.commission),
            "total": _amount(result.returned),
            "margin": case.margin if case.margin is not None else outcome.margin,
            "rate": commission_text(rules.payouts),
        }
        reasons.append(case_sentence(case, figures))
    fields = [
        [str(result.bet.kind), _("Paid on %(bet)s") % {"bet": bet_name(result.bet.kind)}]
        for result in results
    ]
    return replace(_numbers(KIND, prompt, fields, paid, " ".join(reasons)), cards=dealt)


def _wins_something(tokens: Sequence[str], keys: Sequence[str], table: str) -> bool:
    outcome = Coup.from_cards(Card.parse(token) for token in tokens).outcome
    assert outcome is not None, "six cards always finish a coup"
    results = settle([Bet(kind_of(key), Decimal(5)) for key in keys], outcome, TABLES[table].payouts)
    return any(result.case is not None and result.case.paid is not Paid.LOST for result in results)


def generate_side_bets(rng: random.Random) -> Question:
    """A table, three of its side bets and a coup from random cards (one that a side bet wins on, half
    the time)."""
    table = rng.choice(sorted(TABLES))
    offered = [key for key in TABLES[table].side_bets if bet_spec(key).family != LION]
    keys = rng.sample(offered, ASKED)
    keys.sort(key=TABLES[table].side_bets.index)
    winning = rng.random() < 0.5
    for _attempt in range(_ATTEMPTS):
        tokens = [_token(rng) for _ in range(6)]
        if _wins_something(tokens, keys, table) == winning:
            break
    return side_bet_question(table, tokens, {key: rng.choice(STAKES) for key in keys})
