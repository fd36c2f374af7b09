"""What the procedure checker answers to each action: ok, or an error of a kind, with the rule.

Design overview: ``ErrorKind`` is the six kinds of procedure error the records count (stable
string values); ``Rule`` names the rule or procedure an error broke (stable ids the app
translates into a sentence). A ``Verdict`` carries both, the action given and the right action,
so the page can show what should have happened.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique
from typing import Any

from baccarat.cards import Card
from baccarat.coup import Step
from baccarat.dealer.actions import Action

__all__ = ["ErrorKind", "Rule", "Verdict"]


@unique
class ErrorKind(StrEnum):
    """The kinds of procedure error; the values are stable ids (records count them)."""

    #: A card to the wrong hand: Player, Banker, Player, Banker, then the thirds, Player's first.
    ORDER = "order"
    #: A third card the rules forbid, or standing when a draw is due.
    DRAW = "draw"
    #: The hand called wrong, or not called when it was due.
    CALL = "call"
    #: Taking or paying out of order.
    TAKE_PAY_ORDER = "take_pay_order"
    #: A payout amount wrong, or a bet taken or paid that should not be.
    PAYOUT = "payout"
    #: Commission taken, marked or collected wrong.
    COMMISSION = "commission"


@unique
class Rule(StrEnum):
    """The rule or procedure an error broke; the values are stable ids."""

    #: The first four cards go Player, Banker, Player, Banker.
    DEAL_ORDER = "deal_order"
    #: Player's third card comes before Banker's.
    PLAYER_THIRD_FIRST = "player_third_first"
    #: A natural (8 or 9 on two cards): both hands stand.
    NATURAL_STANDS = "natural_stands"
    #: Player draws on 0-5.
    PLAYER_DRAWS = "player_draws"
    #: Player stands on 6-7.
    PLAYER_STANDS = "player_stands"
    #: Player stood: Banker draws on 0-5 and stands on 6-7.
    BANKER_PLAYER_STOOD = "banker_player_stood"
    #: Player drew: the Banker table, on Banker's total and Player's third card.
    BANKER_TABLE = "banker_table"
    #: A hand never takes more than three cards; after the last card nobody draws.
    COUP_OVER = "coup_over"
    #: The opening call comes after the first four cards, before any third card.
    CALL_OPENING = "call_opening"
    #: The result is called after the last card, before taking and paying, winner's total first.
    CALL_RESULT = "call_result"
    #: Bets are taken and paid only after the last card and the result call.
    SETTLE_AFTER_CALL = "settle_after_call"
    #: Losing bets are all taken before any winner is paid.
    TAKE_BEFORE_PAY = "take_before_pay"
    #: Bets are taken and paid from the dealer's right to left, seat by seat.
    RIGHT_TO_LEFT = "right_to_left"
    #: Side bets are settled after the main bets.
    MAIN_BEFORE_SIDE = "main_before_side"
    #: That bet is already settled.
    ALREADY_SETTLED = "already_settled"
    #: There is no bet on that spot.
    NO_BET = "no_bet"
    #: A bet that pushes (is returned) stays where it is: neither taken nor paid.
    PUSH_STAYS = "push_stays"
    #: A winning bet is paid, not taken.
    BET_WON = "bet_won"
    #: A losing bet is taken, not paid.
    BET_LOST = "bet_lost"
    #: The payout is the stake times the bet's ratio (the engine's settlement).
    PAYOUT_RATIO = "payout_ratio"
    #: This table takes the commission from each Banker payout (100 pays 95).
    COMMISSION_TAKEN = "commission_taken"
    #: This table pays Banker in full and marks the commission in the box.
    COMMISSION_MARKED = "commission_marked"
    #: The commission is 5 % of the winnings (or the house's quarter steps), this amount.
    COMMISSION_AMOUNT = "commission_amount"
    #: No commission is due on this bet (or at this table).
    NO_COMMISSION_DUE = "no_commission_due"
    #: The commission of a Banker win is marked right after it is paid, before the next bet.
    MARK_AFTER_PAY = "mark_after_pay"
    #: The box is collected for what it says the seat owes.
    BOX_OWED = "box_owed"
    #: The round is over: every bet is settled.
    ROUND_OVER = "round_over"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to one action.

    ``ok``: the action was right and was applied; otherwise nothing changed, ``error`` and
    ``rule`` say what was broken and ``right`` is the action that was due (``None`` when no
    action is due, e.g. after the round is over; for a commission mark tried just before its pay
    for a wrong amount, the right mark). On a right deal, ``card`` is the card dealt and
    ``step`` the coup's step for it. ``done``: the round is complete after this action.
    """

    given: Action
    ok: bool
    error: ErrorKind | None = None
    rule: Rule | None = None
    right: Action | None = None
    card: Card | None = None
    step: Step | None = None
    done: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The verdict as plain JSON types, for the record (the coup's step is left out: the
        card and the round's replay give it back).

        >>> from baccarat.coup import Hand
        >>> from baccarat.dealer.actions import Deal, Stand
        >>> Verdict(Stand(), False, ErrorKind.DRAW, Rule.PLAYER_DRAWS, Deal(Hand.PLAYER)).to_dict()["right"]
        {'action': 'deal', 'hand': 'player'}
        """
        return {
            "given": self.given.to_dict(),
            "ok": self.ok,
            "error": None if self.error is None else self.error.value,
            "rule": None if self.rule is None else self.rule.value,
            "right": None if self.right is None else self.right.to_dict(),
            "card": None if self.card is None else self.card.token,
            "done": self.done,
        }
