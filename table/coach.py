"""Coach mode: before each card the rules decide, the learner calls it first.

Design overview: the questions follow from the coup's cards alone. After four
cards without a natural, "does Player draw?"; when Player stood, "does Banker
draw?" at once; after Player's third card, "does Banker draw?" (a cell of the
Banker table); once the coup is over, "what does each bet return?". A
round's answers live in ``Round.calls`` keyed by question, so a question is
answered once, and the deal waits until the pending one is. A coup over
on a card while a draw call on it waits is settled by that call, so nothing
tells the answer before it is made. Coach mode changes what the learner is
asked and when the coup is settled, never the cards or the settlement.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from baccarat import (
    CENT,
    AmbiguousAmountError,
    Coup,
    InvalidAmountError,
    Reason,
    banker_draws,
    hand_total,
    player_draws,
)
from table import errors
from table.amounts import ambiguous_message, typed_amount
from table.explain import reason_sentence

PLAYER_DRAW = "player_draw"
BANKER_DRAW = "banker_draw"
SETTLEMENT = "settlement"
DRAWS, STANDS = "draws", "stands"
#: The answers in words, as they follow a hand's name ("Banker draws") or "You said:".
ANSWER_LABELS = {
    DRAWS: pgettext_lazy("drawing rule", "draws"),
    STANDS: pgettext_lazy("drawing rule", "stands"),
}


def draw_answer(draws: bool) -> str:
    """The right call, ``draws`` or ``stands``."""
    return DRAWS if draws else STANDS


def banker_prompt(banker_total: int, player_third: int | None) -> str:
    """The question about one cell of the Banker table (``player_third`` ``None``: Player stood)."""
    if player_third is None:
        return _("Player stood. Banker has %(total)s. Does Banker draw?") % {"total": banker_total}
    return _("Banker has %(total)s and Player's third card is worth %(third)s. Does Banker draw?") % {
        "total": banker_total,
        "third": player_third,
    }


def banker_rule(banker_total: int, player_third: int | None) -> tuple[bool, str]:
    """Whether Banker draws in this cell, and the sentence of the rule that decides it."""
    draws = banker_draws(banker_total, player_third)
    if player_third is None:
        reason = Reason.BANKER_DRAWS_PLAYER_STOOD if draws else Reason.BANKER_STANDS_PLAYER_STOOD
    else:
        reason = Reason.BANKER_DRAWS_TABLE if draws else Reason.BANKER_STANDS_TABLE
    return draws, reason_sentence(reason, banker_total=banker_total, player_third=player_third)


@dataclass(frozen=True)
class Question:
    key: str
    prompt: str
    #: The two-card totals the rule looks at, and Player's third card value (``None``: Player stood).
    player_total: int = 0
    banker_total: int = 0
    player_third: int | None = None


def draw_question(coup: Coup, key: str) -> Question:
    """The draws/stands question ``key`` (``PLAYER_DRAW`` or ``BANKER_DRAW``) as this coup's cards put
    it, in the active language: when asked, and again whenever an answered call is shown."""
    player_total, banker_total = hand_total(coup.player[:2]), hand_total(coup.banker[:2])
    if key == PLAYER_DRAW:
        prompt = _("Player has %(total)s. Does Player draw a third card?") % {"total": player_total}
        return Question(PLAYER_DRAW, prompt, player_total, banker_total)
    third = coup.player_third if player_draws(player_total) else None
    return Question(BANKER_DRAW, banker_prompt(banker_total, third), player_total, banker_total, third)


def pending(coup: Coup | None, calls: Mapping[str, object]) -> Question | None:
    """The question the learner must answer before going on, or ``None``.

    The draw questions follow the cards, not the end of the coup: when
    Player's third card makes Banker stand, the coup is over on that card,
    and the Banker question is still asked before the settlement.
    """
    if coup is None or coup.cards_dealt < 4:
        return None
    natural = Reason.NATURAL in coup.steps[3].reasons
    if not natural:
        if PLAYER_DRAW not in calls:
            return draw_question(coup, PLAYER_DRAW)
        player_stood = not player_draws(hand_total(coup.player[:2]))
        if BANKER_DRAW not in calls and (player_stood or coup.player_third is not None):
            return draw_question(coup, BANKER_DRAW)
    if coup.is_over and SETTLEMENT not in calls:
        return Question(SETTLEMENT, _("The coup is over. How many chips does each of your bets return?"))
    return None


def grade_draw(question: Question, answer: str) -> tuple[bool, str]:
    """Grade a draws/stands call; return (correct, the sentence of the rule that decides)."""
    if question.key == PLAYER_DRAW:
        draws = player_draws(question.player_total)
        reason = Reason.PLAYER_DRAWS if draws else Reason.PLAYER_STANDS
        sentence = reason_sentence(reason, player_total=question.player_total)
    else:
        draws, sentence = banker_rule(question.banker_total, question.player_third)
    return answer == draw_answer(draws), sentence


def parse_call_amount(text: str) -> Decimal:
    """A chip amount as the learner typed it, in the active language's way ("19.5"; "1,500.25" in
    English, "1.500,25" in German and Indonesian), read by the one reader of typed amounts.

    :raises errors.InvalidInput: for text that is not an amount of cents at least 0, or reads two ways.
    """
    try:
        amount = typed_amount(text)
    except AmbiguousAmountError as error:
        raise errors.InvalidInput(ambiguous_message(text, error)) from None
    except InvalidAmountError:
        raise errors.InvalidInput(errors.CALL_AMOUNT) from None
    if amount < 0 or amount != amount.quantize(CENT):
        raise errors.InvalidInput(errors.CALL_AMOUNT)
    return amount.quantize(CENT)
