"""The payout drill's words: the prompt and the working of each bet, in the active language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from baccarat import (
    CENT,
    Bet,
    BetKind,
    BetResult,
    Outcome,
    PayoutSet,
    Result,
    Winner,
)
from lessons.payout.question import COMMISSION, Field, PayoutQuestion
from table.amounts import chips_text
from table.explain import commission_text, ratio_text

# --- Words -------------------------------------------------------------------------------------


def bet_name(kind: BetKind) -> str:
    """The name of a betting spot, as the drill's sentences use it."""
    return {
        BetKind.PLAYER: pgettext("betting spot", "Player"),
        BetKind.BANKER: pgettext("betting spot", "Banker"),
        BetKind.TIE: pgettext("betting spot", "Tie"),
        BetKind.LION_PLAYER: pgettext("betting spot", "Lion Bonus on Player"),
        BetKind.LION_BANKER: pgettext("betting spot", "Lion Bonus on Banker"),
    }[kind]


def table_text(table: PayoutSet) -> str:
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
    """How the amounts of one bet are worked out, in the words a dealer would use."""
    bet, kind, outcome, table = result.bet, result.bet.kind, question.outcome, question.table
    figures = {
        "spot": bet_name(kind),
        "stake": chips_text(bet.amount, grouping=True),
        "winnings": chips_text(result.winnings, grouping=True),
        "commission": chips_text(result.commission, grouping=True),
        "paid": chips_text(result.winnings - result.commission, grouping=True),
        "tenth": chips_text((bet.amount / 10).quantize(CENT), grouping=True),
        "margin": outcome.margin,
        "total": outcome.banker_total,
    }
    if result.result is Result.PUSH:
        if kind.is_lion:
            return (
                _("%(spot)s: a tie of naturals returns the bet: 0 is paid and the %(stake)s stay.") % figures
            )
        return (
            _("%(spot)s: a tie returns bets on Player and Banker: 0 is paid and the %(stake)s stay.")
            % figures
        )
    if result.result is Result.LOST:
        side = Winner.PLAYER if kind is BetKind.LION_PLAYER else Winner.BANKER
        if kind.is_lion and outcome.winner is side:
            return (
                _(
                    "%(spot)s: the hand won by only %(margin)s without a natural, and the Lion Bonus pays "
                    "on a natural or a win by 4 or more: it loses, 0 is paid and the dealer "
                    "takes the %(stake)s."
                )
                % figures
            )
        return _("%(spot)s loses: 0 is paid and the dealer takes the %(stake)s.") % figures
    if result.commission:
        return (
            _(
                "%(spot)s wins at 1:1: %(winnings)s. Commission: 10%% of %(stake)s is %(tenth)s, half of "
                "that is %(commission)s. Paid: %(winnings)s − %(commission)s = %(paid)s, beside the stake."
            )
            % figures
        )
    win_ratio = result.winnings / bet.amount
    figures["ratio"] = ratio_text(win_ratio.normalize())
    if kind is BetKind.BANKER and table.banker_six_pays is not None and outcome.banker_total == 6:
        return (
            _(
                "%(spot)s wins with six at the no-commission table: pays 1:2, half the stake: "
                "%(stake)s ÷ 2 = %(paid)s."
            )
            % figures
        )
    if kind is BetKind.BANKER and table.banker_six_pays is not None:
        return (
            _(
                "%(spot)s wins with %(total)s, not six, at the no-commission table: pays 1:1 with no "
                "commission: %(paid)s."
            )
            % figures
        )
    if kind.is_lion and outcome.natural:
        return _("%(spot)s: won with a natural, the Lion Bonus pays 1:1: %(paid)s.") % figures
    if kind.is_lion:
        figures["times"] = chips_text(win_ratio, grouping=True)
        return (
            _(
                "%(spot)s: won by %(margin)s without a natural, the Lion Bonus pays %(ratio)s: "
                "%(stake)s × %(times)s = %(paid)s."
            )
            % figures
        )
    if kind is BetKind.TIE:
        figures["back"] = chips_text(bet.amount + result.winnings, grouping=True)
        return (
            _("%(spot)s pays 8:1: %(stake)s × 8 = %(paid)s paid beside the stake (%(back)s with the stake).")
            % figures
        )
    return _("%(spot)s wins at 1:1: %(paid)s paid beside the stake.") % figures


def prompt_lines(question: PayoutQuestion) -> list[str]:
    return [table_text(question.table), outcome_text(question.outcome), bets_text(question.bets)]
