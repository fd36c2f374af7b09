"""Plain-language sentences for the engine's decisions, and card names.

The engine gives machine-readable reasons with their figures; this module is
the edge that turns them into sentences for people, in the active language.
Lessons and the table use the same sentences. Each sentence is one whole
translatable text with named placeholders, so a translation can put the
figures wherever its word order needs them.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from baccarat import (
    Card,
    Coup,
    Hand,
    Paid,
    PaymentCase,
    Rank,
    Reason,
    Result,
    Step,
    Suit,
    banker_draws,
    payment_case,
)
from table.amounts import amount_text, commission_text, ratio_text
from table.presets import PRESETS

RANK_NAMES = {
    Rank.ACE: pgettext_lazy("card rank", "ace"),
    Rank.TWO: pgettext_lazy("card rank", "two"),
    Rank.THREE: pgettext_lazy("card rank", "three"),
    Rank.FOUR: pgettext_lazy("card rank", "four"),
    Rank.FIVE: pgettext_lazy("card rank", "five"),
    Rank.SIX: pgettext_lazy("card rank", "six"),
    Rank.SEVEN: pgettext_lazy("card rank", "seven"),
    Rank.EIGHT: pgettext_lazy("card rank", "eight"),
    Rank.NINE: pgettext_lazy("card rank", "nine"),
    Rank.TEN: pgettext_lazy("card rank", "ten"),
    Rank.JACK: pgettext_lazy("card rank", "jack"),
    Rank.QUEEN: pgettext_lazy("card rank", "queen"),
    Rank.KING: pgettext_lazy("card rank", "king"),
}
SUIT_NAMES = {
    Suit.SPADES: pgettext_lazy("card suit", "spades"),
    Suit.HEARTS: pgettext_lazy("card suit", "hearts"),
    Suit.DIAMONDS: pgettext_lazy("card suit", "diamonds"),
    Suit.CLUBS: pgettext_lazy("card suit", "clubs"),
}
SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
HAND_NAMES = {Hand.PLAYER: pgettext_lazy("hand", "Player"), Hand.BANKER: pgettext_lazy("hand", "Banker")}
#: The three results of a coup, by ``Winner`` value.
RESULT_NAMES = {
    "player": gettext_lazy("Player wins"),
    "banker": gettext_lazy("Banker wins"),
    "tie": gettext_lazy("Tie"),
}


def percent_sign(number: str) -> str:
    """A formatted figure with the locale's percent sign: ``1.0579%`` (``1,0579 %`` in German)."""
    return _("%(percent)s%%") % {"percent": number}


def percent_text(value: float | Decimal | Fraction, places: int = 4) -> str:
    """A percentage figure (without its sign) in the active locale: ``1.0579`` (``1,0579`` in German).

    A negative figure starts with a true minus sign: ``−1.2345``; an exact half is rounded away
    from zero (``9.85`` → ``9.9``).
    """
    return amount_text(value, decimal_pos=int(places))


def card_name(card: Card) -> str:
    """``seven of clubs``; a card without a suit is named by its rank alone."""
    rank = RANK_NAMES[card.rank]
    if not card.suit:
        return str(rank)
    return _("%(rank)s of %(suit)s") % {"rank": rank, "suit": SUIT_NAMES[card.suit]}


def _natural_sentence(player: bool, banker: bool) -> str:
    if player and banker:
        return _("Natural: Player and Banker have 8 or 9 with two cards, so nobody draws.")
    if player:
        return _("Natural: Player has 8 or 9 with two cards, so nobody draws.")
    return _("Natural: Banker has 8 or 9 with two cards, so nobody draws.")


_ALWAYS_DRAWS = gettext_lazy(
    "Player drew a card worth %(third)s; on 0 to 2 Banker always draws, so Banker draws."
)

#: The rule of each row of the Banker table, by Banker's two-card total and the decision it gives,
#: once Player has drawn a third card (``%(third)s``, its value): whole sentences, so a translation
#: keeps the rule and its conclusion together. Lesson 8's exercise and the drill's feedback spell a
#: cell's row out with these (``banker_row_rule``); the table's step sentences name the cell itself.
BANKER_ROW_RULES: dict[tuple[int, bool], Promise] = {
    (0, True): _ALWAYS_DRAWS,
    (1, True): _ALWAYS_DRAWS,
    (2, True): _ALWAYS_DRAWS,
    (3, True): gettext_lazy(
        "Player drew a card worth %(third)s; on 3 Banker draws unless the third card is an 8, "
        "so Banker draws."
    ),
    (3, False): gettext_lazy(
        "Player drew a card worth %(third)s; on 3 Banker draws unless the third card is an 8, "
        "so Banker stands."
    ),
    (4, True): gettext_lazy(
        "Player drew a card worth %(third)s; on 4 Banker draws when the third card is 2 to 7, "
        "so Banker draws."
    ),
    (4, False): gettext_lazy(
        "Player drew a card worth %(third)s; on 4 Banker draws when the third card is 2 to 7, "
        "so Banker stands."
    ),
    (5, True): gettext_lazy(
        "Player drew a card worth %(third)s; on 5 Banker draws when it is 4 to 7, so Banker draws."
    ),
    (5, False): gettext_lazy(
        "Player drew a card worth %(third)s; on 5 Banker draws when it is 4 to 7, so Banker stands."
    ),
    (6, True): gettext_lazy(
        "Player drew a card worth %(third)s; on 6 Banker draws when it is 6 or 7, so Banker draws."
    ),
    (6, False): gettext_lazy(
        "Player drew a card worth %(third)s; on 6 Banker draws when it is 6 or 7, so Banker stands."
    ),
    (7, False): gettext_lazy(
        "Player drew a card worth %(third)s; on 7 Banker always stands, so Banker stands."
    ),
}


def banker_row_rule(total: int, third: int | None) -> str:
    """Why Banker on ``total`` draws or stands, with its row's rule spelt out (``third`` ``None``: Player
    stood). The one home of these sentences: lesson 8's exercise and the drill's feedback use it.
    """
    if third is None:
        return _(
            "Player stood, so Banker (%(total)s) follows the simple rule: draw on 0 to 5, stand on 6 or 7."
        ) % {"total": total}
    return BANKER_ROW_RULES[total, banker_draws(total, third)] % {"third": third}


def reason_sentence(
    reason: Reason,
    *,
    player_total: int | None = None,
    banker_total: int | None = None,
    player_third: int | None = None,
    banker_total_before_draw: int | None = None,
) -> str:
    """One sentence for one decision, from the figures it speaks of (a ``Step``'s fields)."""
    p, b, third = player_total, banker_total, player_third
    before = b if banker_total_before_draw is None else banker_total_before_draw
    match reason:
        case Reason.NATURAL:
            return _natural_sentence(p is not None and p >= 8, b is not None and b >= 8)
        case Reason.PLAYER_DRAWS:
            return _("Player has %(total)s: on 0 to 5 Player draws a third card.") % {"total": p}
        case Reason.PLAYER_STANDS:
            return _("Player has %(total)s: on 6 or 7 Player stands.") % {"total": p}
        case Reason.BANKER_DRAWS_PLAYER_STOOD:
            return _("Player stood, and Banker has %(total)s: on 0 to 5 Banker draws.") % {"total": b}
        case Reason.BANKER_STANDS_PLAYER_STOOD:
            return _("Player stood, and Banker has %(total)s: on 6 or 7 Banker stands.") % {"total": b}
        case Reason.BANKER_DRAWS_TABLE:
            if third == 8:
                return _("Banker has %(total)s and Player's third card is an 8: Banker draws.") % {
                    "total": before
                }
            return _("Banker has %(total)s and Player's third card is a %(third)s: Banker draws.") % {
                "total": before,
                "third": third,
            }
        case Reason.BANKER_STANDS_TABLE:
            if third == 8:
                return _("Banker has %(total)s and Player's third card is an 8: Banker stands.") % {
                    "total": before
                }
            return _("Banker has %(total)s and Player's third card is a %(third)s: Banker stands.") % {
                "total": before,
                "third": third,
            }
        case Reason.COUP_OVER if p is not None and b is not None:
            if p == b:
                return _("Both hands have %(total)s: it is a tie.") % {"total": p}
            figures = {"player": p, "banker": b, "margin": abs(p - b)}
            if p > b:
                return _("Player %(player)s, Banker %(banker)s: Player wins by %(margin)s.") % figures
            return _("Player %(player)s, Banker %(banker)s: Banker wins by %(margin)s.") % figures
        case _:
            return ""


def step_sentences(step: Step) -> list[str]:
    """What happened with one card: where it went, then each decision it led to."""
    if step.hand is Hand.PLAYER:
        received = _("Player receives the %(card)s.") % {"card": card_name(step.card)}
    else:
        received = _("Banker receives the %(card)s.") % {"card": card_name(step.card)}
    sentences = [received]
    sentences += [
        reason_sentence(
            reason,
            player_total=step.player_total,
            banker_total=step.banker_total,
            player_third=step.player_third,
            banker_total_before_draw=step.banker_total_before_draw,
        )
        for reason in step.reasons
        if reason != Reason.INITIAL_CARD
    ]
    return sentences


def held_back(narration: list[list[str]]) -> list[list[str]]:
    """The sentences of each card while a draw call is pending: the last card's decisions are the rules'
    answer to it, so only where that card went is told (the practice table and the class table alike)."""
    if not narration:
        return narration
    return [*narration[:-1], narration[-1][:1]]


#: What each way of paying a bet says: one sentence per ``Paid`` case, whatever the bet.
PAID_SENTENCES = {
    Paid.PUSH: gettext_lazy("%(bet)s is a push: the %(amount)s chips staked come back, no winnings."),
    Paid.PUSH_NATURAL_TIE: gettext_lazy(
        "%(bet)s is a push: a tie of naturals returns the %(amount)s chips staked."
    ),
    Paid.LOST: gettext_lazy(
        "%(bet)s lost: the %(amount)s chips staked stay with the table, nothing comes back."
    ),
    Paid.LOST_NARROW: gettext_lazy(
        "%(bet)s lost: the hand won by only %(margin)s, too little for this side bet to pay; the "
        "%(amount)s chips staked stay with the table."
    ),
    Paid.WON: gettext_lazy(
        "%(bet)s won: pays %(ratio)s, so %(returned)s back + %(winnings)s winnings = %(total)s chips."
    ),
    Paid.WON_LESS_COMMISSION: gettext_lazy(
        "%(bet)s won: pays %(ratio)s less %(rate)s%% commission, so %(returned)s back + %(winnings)s "
        "winnings − %(commission)s commission = %(total)s chips."
    ),
    Paid.WON_ON_SIX: gettext_lazy(
        "%(bet)s won with six: pays %(ratio)s, so %(returned)s back + %(winnings)s winnings "
        "= %(total)s chips."
    ),
    Paid.WON_NATURAL: gettext_lazy(
        "%(bet)s won with a natural: pays %(ratio)s, so %(returned)s back + %(winnings)s winnings "
        "= %(total)s chips."
    ),
    Paid.WON_BY_MARGIN: gettext_lazy(
        "%(bet)s won by %(margin)s: pays %(ratio)s, so %(returned)s back + %(winnings)s winnings "
        "= %(total)s chips."
    ),
    Paid.PUSH_THREE_CARD_SEVEN: gettext_lazy(
        "%(bet)s is a push: Banker won with three cards totalling 7, which an EZ table returns "
        "instead of paying, so the %(amount)s chips staked come back, no winnings."
    ),
    Paid.WON_PAIR: gettext_lazy(
        "%(bet)s won: a hand's first two cards are a pair, which pays %(ratio)s, so %(returned)s "
        "back + %(winnings)s winnings = %(total)s chips."
    ),
    Paid.WON_SUITED_PAIR: gettext_lazy(
        "%(bet)s won: a hand's first two cards are the same rank and the same suit, which pays %(ratio)s, "
        "so %(returned)s back + %(winnings)s winnings = %(total)s chips."
    ),
    Paid.WON_THREE_CARD_SEVEN: gettext_lazy(
        "%(bet)s won: Banker won with three cards totalling 7, which pays %(ratio)s, so %(returned)s "
        "back + %(winnings)s winnings = %(total)s chips."
    ),
    Paid.WON_THREE_CARD_EIGHT: gettext_lazy(
        "%(bet)s won: Player won with three cards totalling 8, which pays %(ratio)s, so %(returned)s "
        "back + %(winnings)s winnings = %(total)s chips."
    ),
}


#: A way of paying with no sentence of its own (a new side bet's case) is told by its result.
RESULT_CASES = {Result.WON: Paid.WON, Result.LOST: Paid.LOST, Result.PUSH: Paid.PUSH}


def case_sentence(case: PaymentCase, figures: dict) -> str:
    """The sentence for one way of paying a bet, with its figures (``bet``, ``amount``, …) filled in."""
    sentence = PAID_SENTENCES.get(case.paid) or PAID_SENTENCES[RESULT_CASES[case.paid.result]]
    return str(sentence) % (figures | {"ratio": ratio_text(case.pays) if case.pays else ""})


def bet_sentence(bet, round) -> str:
    """How one settled bet was paid, naming the rule that paid it (``Banker won with six: pays 1:2, …``).

    ``bet`` is a settled ``RoundBet`` and ``round`` its ``Round`` (cards, totals, preset); the
    engine's ``PaymentCase`` for the round's outcome picks the sentence.
    """
    payouts = PRESETS[round.preset].payouts
    outcome = Coup.replay(round.card_tokens).outcome
    assert outcome is not None, "a settled round's coup is over"
    case = payment_case(bet.kind, outcome, payouts)
    figures = {
        "bet": bet.get_kind_display(),
        "amount": amount_text(bet.amount),
        "returned": amount_text(bet.stake_returned),
        "winnings": amount_text(bet.winnings),
        "commission": amount_text(bet.commission),
        "total": amount_text(bet.returned_total),
        "margin": case.margin if case.margin is not None else outcome.margin,
        "rate": commission_text(payouts),
    }
    return case_sentence(case, figures)
