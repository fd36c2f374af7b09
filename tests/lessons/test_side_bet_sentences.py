"""Every way every registered bet can be paid, on every common table, has its sentence under a settled
bet (``table.explain``) and its working in the payout drill, in English, German and Indonesian."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import translation

from baccarat import TABLES, Bet, BetResult, Outcome, Paid, PaymentCase, all_bets
from baccarat.payouts import kind_of
from lessons import payout
from lessons.payout.question import Field, PayoutQuestion
from table.explain import case_sentence

LANGUAGES = ("en", "de", "id")
STAKE = Decimal(20)
#: Any finished coup: the sentences take their figures from the case, not from the totals.
OUTCOME = Outcome(player_total=3, banker_total=7, player_count=3, banker_count=3, natural=False)


def _cases():
    for table in TABLES.values():
        for spec in all_bets():
            for case in (*spec.cases(table.payouts), PaymentCase(Paid.LOST)):
                yield pytest.param(
                    table, spec, case, id=f"{table.key}-{spec.key}-{case.paid.value}-{case.margin}"
                )


def _figures(case: PaymentCase) -> dict:
    winnings = STAKE * case.pays
    return {
        "bet": "X",
        "amount": "20",
        "returned": "20",
        "winnings": str(winnings),
        "commission": str(STAKE * case.commission),
        "total": str(STAKE + winnings),
        "margin": case.margin or 4,
        "rate": "5",
    }


@pytest.mark.parametrize(("table", "spec", "case"), list(_cases()))
def test_every_payment_case_has_a_sentence_and_a_working_in_every_language(table, spec, case):
    bet = Bet(kind_of(spec.key), STAKE)
    lost = case.paid is Paid.LOST
    result = BetResult(
        bet,
        case.result,
        Decimal(0) if lost else STAKE,
        STAKE * case.pays,
        STAKE * case.commission,
        case,
    )
    question = PayoutQuestion("payout-several", table.payouts, OUTCOME, (bet,), (Field(bet.kind, "paid"),))
    texts = {}
    for language in LANGUAGES:
        with translation.override(language):
            texts[language] = (case_sentence(case, _figures(case)), payout.working(question, result))
    for sentence, working in texts.values():
        assert sentence and working and "%(" not in sentence + working
    for language in ("de", "id"):
        assert texts[language][0] != texts["en"][0], (language, texts[language][0])
        assert texts[language][1] != texts["en"][1], (language, texts[language][1])


def test_the_ez_push_sentence_says_the_stake_comes_back():
    case = PaymentCase(Paid.PUSH_THREE_CARD_SEVEN)
    with translation.override("en"):
        sentence = case_sentence(case, _figures(case))
    assert "three cards totalling 7" in sentence and "20 chips staked come back" in sentence
