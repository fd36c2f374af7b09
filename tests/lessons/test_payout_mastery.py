"""Payout-drill mastery (right answers under 5 seconds in a row), the drill's links, queries, stakes.

Moved from test_payout.py, which had grown past 450 lines."""

from __future__ import annotations

import random
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.urls import reverse

from baccarat import BetKind
from lessons import payout
from progress.models import PAYOUT_MASTERY_STREAK, PayoutAnswer
from table.presets import PRESETS
from tests.lessons.test_payout import answer, record_of, right_answers, token_of, wrong_answers
from tests.support import HX


@pytest.mark.parametrize(("seconds", "fast"), [("4.99", True), ("5.00", False), ("12", False)])
def test_a_right_answer_counts_towards_mastery_only_under_5_seconds(
    learner_client, learner, clock, seconds, fast
):
    token = token_of(learner_client.get(reverse("drill:payout")))
    clock.tick(seconds)
    body = answer(learner_client, token, right_answers(token)).content.decode()
    assert PayoutAnswer.objects.get(user=learner).fast is fast
    assert record_of(learner).streak == int(fast)
    assert ("does not count towards mastery" in body) is not fast


# Mastery and the personal best -----------------------------------------------------------------------------


def answer_run(client, clock, count, *, seconds="2", right=True):
    """Answer ``count`` questions through the pages, each taking ``seconds``.

    It goes on from the question the client's last answer showed (loading the page again would end
    that question as skipped); the first run loads the page.
    """
    response = getattr(client, "last_payout_response", None) or client.get(reverse("drill:payout"))
    for _ in range(count):
        token = token_of(response)
        clock.tick(seconds)
        response = answer(client, token, right_answers(token) if right else wrong_answers(token))
        assert response.status_code == HTTPStatus.OK
    client.last_payout_response = response
    return response


def test_twenty_right_answers_under_5_seconds_in_a_row_reach_mastery(learner_client, learner, clock):
    response = answer_run(learner_client, clock, PAYOUT_MASTERY_STREAK - 1)
    assert record_of(learner).mastered_at is None
    assert "Mastered on" not in response.content.decode()
    response = answer_run(learner_client, clock, 1)
    record = record_of(learner)
    assert record.mastered_at == clock.now
    assert (record.streak, record.best_streak) == (20, 20)
    assert record.best_run_seconds == Decimal("40.00")
    assert "Mastered on" in response.content.decode()
    assert "20 of 20" in response.content.decode()


@pytest.mark.parametrize("breaker", ["slow", "wrong"])
def test_a_slow_or_wrong_answer_starts_the_run_again(learner_client, learner, clock, breaker):
    answer_run(learner_client, clock, PAYOUT_MASTERY_STREAK - 1)
    if breaker == "slow":
        answer_run(learner_client, clock, 1, seconds="5")
    else:
        answer_run(learner_client, clock, 1, right=False)
    record = record_of(learner)
    assert (record.streak, record.best_streak, record.mastered_at) == (0, 19, None)
    answer_run(learner_client, clock, PAYOUT_MASTERY_STREAK - 1)
    assert record_of(learner).mastered_at is None
    answer_run(learner_client, clock, 1)
    assert record_of(learner).mastered_at == clock.now


def test_mastery_stays_and_the_fastest_run_is_kept(learner_client, learner, clock):
    answer_run(learner_client, clock, PAYOUT_MASTERY_STREAK, seconds="4")
    mastered_at = record_of(learner).mastered_at
    answer_run(learner_client, clock, 1, right=False)
    answer_run(learner_client, clock, PAYOUT_MASTERY_STREAK, seconds="1.5")
    record = record_of(learner)
    assert record.mastered_at == mastered_at
    assert record.best_run_seconds == Decimal("30.00")
    answer_run(learner_client, clock, 1, right=False)
    answer_run(learner_client, clock, PAYOUT_MASTERY_STREAK, seconds="3")
    assert record_of(learner).best_run_seconds == Decimal("30.00")
    assert record_of(learner).best_streak == PAYOUT_MASTERY_STREAK


def test_the_payout_drill_is_linked_from_the_menu_and_the_course_page(learner_client):
    body = learner_client.get(reverse("home")).content.decode()
    url = reverse("drill:payout")
    assert body.count(f'href="{url}"') == 3  # the header bar, the phone menu and the Practice list


def test_an_answer_takes_a_fixed_number_of_queries(learner_client, django_assert_max_num_queries):
    """Whatever the learner's history: the session, the checks, the record, the next question, the summary.

    (With the question before the next one looked for, to end it as skipped, and the learner's row
    locked, in one transaction with the next question.)
    """
    token = token_of(learner_client.get(reverse("drill:payout")))
    amounts = right_answers(token)
    with django_assert_max_num_queries(35):
        response = answer(learner_client, token, amounts, HX)
    assert response.status_code == HTTPStatus.OK


@pytest.mark.parametrize("kind", payout.KINDS)
def test_every_stake_the_drill_asks_about_is_within_the_tables_own_limits(kind):
    """5 to 100 on Player, Banker and Tie, 10 to 50 on a Lion Bonus, on every table (2,000 seeds a kind)."""
    seen = set()
    for seed in range(2000):
        question = payout.make_question(random.Random(seed), kind)
        # The EZ table of the side-bet kinds has no practice preset yet; the limits are the same everywhere.
        table = PRESETS.get(question["table"], PRESETS["standard"])
        for spot, amount in question["bets"]:
            stake = Decimal(amount)
            spec = BetKind(spot).spec
            low, high = (
                (table.lion_min, table.lion_max)
                if spec.family == "lion"
                else spec.limits or (table.min_bet, table.max_bet)
            )
            assert low <= stake <= high, (seed, question)
            assert stake == stake.to_integral_value() and stake % 5 == 0, (seed, question)
            seen.add(stake)
    assert max(seen) == (50 if kind == payout.LION else 100)  # the whole range is used, up to the top
