"""The payout drill's side-bet questions: an EZ Banker push on a three-card 7, a Dragon 7, a pair beside a
main bet; seeded, kept with their cards, graded by the engine through the drill's pages."""

from __future__ import annotations

import random
from datetime import timedelta
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.urls import reverse
from django.utils import timezone

from baccarat import Paid
from lessons import payout, services
from lessons.models import IssuedQuestion
from progress.models import PayoutAnswer
from tests.lessons.test_payout import answer, token_of
from tests.support import HX


def _find(kind: str, wanted) -> tuple[int, dict]:
    """The first seed whose question of ``kind`` has a bet paid by a ``Paid`` case in ``wanted``."""
    for seed in range(500):
        data = payout.make_question(random.Random(seed), kind)
        kept = payout.read_question(data)
        if {result.case.paid for result in kept.results().values()} & wanted:
            return seed, data
    raise AssertionError(f"no seed gives {wanted} for {kind}")


@pytest.mark.parametrize(
    ("kind", "wanted"),
    [
        (payout.EZ_SEVEN, {Paid.PUSH_THREE_CARD_SEVEN}),
        (payout.DRAGON, {Paid.WON_THREE_CARD_SEVEN}),
        (payout.PAIR, {Paid.WON_PAIR, Paid.WON_SUITED_PAIR}),
    ],
)
def test_each_side_bet_case_comes_up_for_some_seed_the_same_every_time(kind, wanted):
    seed, data = _find(kind, wanted)
    assert payout.make_question(random.Random(seed), kind) == data
    assert data["cards"] and data["table"] in ("standard", "no-commission", "ez")


def test_an_ez_three_card_seven_pays_nothing_on_banker_and_the_working_says_why():
    _seed, data = _find(payout.EZ_SEVEN, {Paid.PUSH_THREE_CARD_SEVEN})
    kept = payout.read_question(data)
    assert kept.outcome.banker_count == 3 and kept.outcome.banker_total == 7
    assert set(kept.expected().values()) == {Decimal("0.00")}
    [result] = kept.results().values()
    assert "three cards totalling 7" in payout.working(kept, result)
    assert any("EZ table" in line for line in payout.prompt_lines(kept))


def test_a_dragon_seven_pays_forty_to_one_beside_the_banker_push():
    _seed, data = _find(payout.DRAGON, {Paid.WON_THREE_CARD_SEVEN})
    kept = payout.read_question(data)
    stakes = {bet.kind.value: bet.amount for bet in kept.bets}
    assert kept.expected() == {"banker-paid": Decimal(0), "dragon_7-paid": stakes["dragon_7"] * 40}


def test_a_pair_question_shows_the_cards_and_pays_the_pair():
    _seed, data = _find(payout.PAIR, {Paid.WON_PAIR})
    kept = payout.read_question(data)
    side = next(bet for bet in kept.bets if bet.kind.value.endswith("pair"))
    ratio = {"player_pair": 11, "banker_pair": 11, "either_pair": 5, "perfect_pair": 25}[side.kind.value]
    assert kept.expected()[f"{side.kind.value}-paid"] == side.amount * ratio
    assert any("Player's cards:" in line for line in payout.prompt_lines(kept))


@pytest.mark.parametrize("tampered", [["KS", "KH", "QD"], ["9S", "9H", "QD", "QC", "AS"], ["ZZ"] * 4])
def test_kept_cards_that_do_not_make_the_coup_are_refused(tampered):
    _seed, data = _find(payout.PAIR, {Paid.WON_PAIR})
    with pytest.raises(payout.PayoutError):
        payout.read_question({**data, "cards": tampered})


@pytest.mark.parametrize("kind", [payout.EZ_SEVEN, payout.DRAGON, payout.PAIR])
@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "htmx"])
def test_the_drill_grades_side_bet_questions_right_and_wrong(learner_client, learner, kind, headers):
    _seed, data = _find(kind, {Paid.PUSH_THREE_CARD_SEVEN, Paid.WON_THREE_CARD_SEVEN, Paid.WON_PAIR})
    token = services.payout_question_issue(user=learner, question=data)
    expected = {name: str(value) for name, value in payout.read_question(data).expected().items()}
    IssuedQuestion.objects.filter(nonce=token).update(created_at=timezone.now() - timedelta(seconds=3))
    response = answer(learner_client, token, expected, headers)
    assert response.status_code == HTTPStatus.OK
    html = response.content.decode()
    kept = payout.read_question(data)
    assert payout.cards_text(kept.outcome).replace("'", "&#x27;") in html  # the cards that decided it
    for result in kept.results().values():
        assert payout.working(kept, result).replace("'", "&#x27;") in html
    assert PayoutAnswer.objects.filter(user=learner).latest("pk").correct
    page = learner_client.get(reverse("drill:payout"))
    second = token_of(page)
    kept = payout.read_question(IssuedQuestion.objects.get(nonce=second).question)
    wrong = {name: str(value + 1) for name, value in kept.expected().items()}
    IssuedQuestion.objects.filter(nonce=second).update(created_at=timezone.now() - timedelta(seconds=3))
    assert answer(learner_client, second, wrong, headers).status_code == HTTPStatus.OK
    assert not PayoutAnswer.objects.filter(user=learner).latest("pk").correct
    bad = answer(learner_client, token_of(learner_client.get(reverse("drill:payout"))), {"x": "y"}, headers)
    assert HTTPStatus.BAD_REQUEST <= bad.status_code < 500
