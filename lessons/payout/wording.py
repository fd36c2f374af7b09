"""The payout drill's words: the prompt and the working of each bet, in the active language."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from baccarat import (
    CENT,
    Bet,
    BetKind,
    BetResult,
    Hand,
    Outcome,
    Paid,
    PayoutSet,
    Winner,
    bet_spec,
)
from lessons.payout.question import COMMISSION, Field, PayoutQuestion
from table.amounts import chips_text, commission_text, ratio_text
from table.bets import bet_name
from table.explain import card_name

# --- Words -------------------------------------------------------------------------------------


def table_text(table: PayoutSet) -> str:
    if table.banker_pushes_three_card_seven:
        return _(
            "EZ table: Banker pays 1:1 with no commission, but a Banker win with three cards "
            "totalling 7 is a push."
        )
    if table.banker_six_pays is not None:
        return _("No-commission table: Banker pays 1:1, but a Banker win with six pays %(ratio)s.") % {
            "ratio": ratio_text(table.banker_six_pays)
        }
    return _("Standard table: Banker pays 1:1 less %(rate)s%% commission.") % {"rate": commission_text(table)}


def outcome_text(outcome: Outcome) -> str:
    """``Banker wins 7 to 4 (no natural).``: the winner's total first."""
    if outcome.winner is Winner.TIE:
        figures = {"total": outcome.player_total}
        if outcome.natural:
            return _("Tie, %(total)s to %(total)s, with naturals.") % figures
        return _("Tie, %(total)s to %(total)s.") % figures
    player_won = outcome.winner is Winner.PLAYER
    figures = {
        "won": outcome.player_total if player_won else outcome.banker_total,
        "lost": outcome.banker_total if player_won else outcome.player_total,
    }
    if player_won and outcome.natural:
        return _("Player wins %(won)s to %(lost)s with a natural.") % figures
    if player_won:
        return _("Player wins %(won)s to %(lost)s (no natural).") % figures
    if outcome.natural:
        return _("Banker wins %(won)s to %(lost)s with a natural.") % figures
    return _("Banker wins %(won)s to %(lost)s (no natural).") % figures


def bets_text(bets: tuple[Bet, ...]) -> str:
    parts = [
        _("%(spot)s %(amount)s")
        % {"amount": chips_text(bet.amount, grouping=True), "spot": bet_name(bet.kind)}
        for bet in bets
    ]
    return _("Bets: %(bets)s.") % {"bets": ", ".join(parts)}


def field_label(field: Field) -> str:
    figures = {"spot": bet_name(field.bet)}
    if field.what == COMMISSION:
        return _("Commission on %(spot)s") % figures
    return _("Paid on %(spot)s") % figures


def working(question: PayoutQuestion, result: BetResult) -> str:
    """How the amounts of one bet are worked out, in the words a dealer would use.

    The engine's ``PaymentCase`` for the bet (``result.case``, the record the table's sentence
    reads too) picks the working; only its figures are filled in here.
    """
    bet, outcome, table = result.bet, question.outcome, question.table
    case = result.case
    assert case is not None, "settle() records how each bet was paid"
    figures = {
        "spot": bet_name(bet.kind),
        "stake": chips_text(bet.amount, grouping=True),
        "winnings": chips_text(result.winnings, grouping=True),
        "commission": chips_text(result.commission, grouping=True),
        "paid": chips_text(result.winnings - result.commission, grouping=True),
        "tenth": chips_text((bet.amount / 10).quantize(CENT), grouping=True),
        "margin": case.margin if case.margin is not None else outcome.margin,
        "total": outcome.banker_total,
        "ratio": ratio_text(case.pays.normalize()) if case.pays else "",
        "times": chips_text(case.pays, grouping=True),
        "back": chips_text(bet.amount + result.winnings, grouping=True),
    }
    return _WORKING[case.paid](bet, table) % figures


def _won(bet: Bet, table: PayoutSet) -> str:
    """A plain win: at even money, at a higher ratio (Tie), or Banker's 1:1 at a no-commission table."""
    if bet_spec(bet.kind).side is Hand.BANKER and table.banker_six_pays is not None:
        return _(
            "%(spot)s wins with %(total)s, not six, at the no-commission table: pays 1:1 with no "
            "commission: %(paid)s."
        )
    if bet.kind == BetKind.TIE:
        return _(
            "%(spot)s pays 8:1: %(stake)s × 8 = %(paid)s paid beside the stake (%(back)s with the stake)."
        )
    return _("%(spot)s wins at 1:1: %(paid)s paid beside the stake.")


_WORKING: dict[Paid, Callable[[Bet, PayoutSet], str]] = {
    Paid.PUSH_NATURAL_TIE: lambda bet, table: _(
        "%(spot)s: a tie of naturals returns the bet: 0 is paid and the %(stake)s stay."
    ),
    Paid.PUSH: lambda bet, table: _(
        "%(spot)s: a tie returns bets on Player and Banker: 0 is paid and the %(stake)s stay."
    ),
    Paid.LOST_NARROW: lambda bet, table: _(
        "%(spot)s: the hand won by only %(margin)s without a natural, and the Lion Bonus pays "
        "on a natural or a win by 4 or more: it loses, 0 is paid and the dealer "
        "takes the %(stake)s."
    ),
    Paid.LOST: lambda bet, table: _("%(spot)s loses: 0 is paid and the dealer takes the %(stake)s."),
    Paid.WON_LESS_COMMISSION: lambda bet, table: _(
        "%(spot)s wins at 1:1: %(winnings)s. Commission: 10%% of %(stake)s is %(tenth)s, half of "
        "that is %(commission)s. Paid: %(winnings)s − %(commission)s = %(paid)s, beside the stake."
    ),
    Paid.WON_ON_SIX: lambda bet, table: _(
        "%(spot)s wins with six at the no-commission table: pays 1:2, half the stake: "
        "%(stake)s ÷ 2 = %(paid)s."
    ),
    Paid.WON_NATURAL: lambda bet, table: _(
        "%(spot)s: won with a natural, the Lion Bonus pays 1:1: %(paid)s."
    ),
    Paid.WON_BY_MARGIN: lambda bet, table: _(
        "%(spot)s: won by %(margin)s without a natural, the Lion Bonus pays %(ratio)s: "
        "%(stake)s × %(times)s = %(paid)s."
    ),
    Paid.PUSH_THREE_CARD_SEVEN: lambda bet, table: _(
        "%(spot)s: Banker won with three cards totalling 7, and the EZ table returns that win "
        "instead of paying it: 0 is paid and the %(stake)s stay."
    ),
    Paid.WON_PAIR: lambda bet, table: _(
        "%(spot)s: a hand's first two cards are a pair, which pays %(ratio)s: "
        "%(stake)s × %(times)s = %(paid)s."
    ),
    Paid.WON_SUITED_PAIR: lambda bet, table: _(
        "%(spot)s: a hand's first two cards are the same rank and the same suit, which pays %(ratio)s: "
        "%(stake)s × %(times)s = %(paid)s."
    ),
    Paid.WON_THREE_CARD_SEVEN: lambda bet, table: _(
        "%(spot)s: Banker won with three cards totalling 7, which pays %(ratio)s: "
        "%(stake)s × %(times)s = %(paid)s."
    ),
    Paid.WON_THREE_CARD_EIGHT: lambda bet, table: _(
        "%(spot)s: Player won with three cards totalling 8, which pays %(ratio)s: "
        "%(stake)s × %(times)s = %(paid)s."
    ),
    Paid.WON: _won,
}


def cards_text(outcome: Outcome) -> str:
    """``Player's cards: seven of clubs, seven of hearts; Banker's cards: ….``"""
    return _("Player's cards: %(player)s. Banker's cards: %(banker)s.") % {
        "player": ", ".join(card_name(card) for card in outcome.player_cards),
        "banker": ", ".join(card_name(card) for card in outcome.banker_cards),
    }


def prompt_lines(question: PayoutQuestion) -> list[str]:
    lines = [table_text(question.table), outcome_text(question.outcome)]
    if question.outcome.player_cards:
        lines.append(cards_text(question.outcome))
    return [*lines, bets_text(question.bets)]
