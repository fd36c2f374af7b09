"""One payout question waits for a learner at most, and only the one on screen can count as skipped.

Before each place kept its own questions, a reload left one more payout question waiting each time (up to
``questions.MAX_WAITING``); migration ``lessons/0008`` moves them all to the payout drill's place. Only
the newest was on screen: it alone counts as skipped, the others go without a word. And two requests at
once (a double click) take turns on the learner's row, so they cannot leave two questions waiting
(PostgreSQL).
"""

from __future__ import annotations

from datetime import timedelta
from http import HTTPStatus

import pytest
from django.urls import reverse
from django.utils import timezone

from lessons import payout, services
from lessons.models import IssuedQuestion
from progress.models import PayoutAnswer, PayoutRecord
from tests.factories import IssuedQuestionFactory, UserFactory
from tests.lessons.test_payout import BANKER_180, answer, right_answers, token_of
from tests.races import together

PAYOUT = IssuedQuestion.Place.PAYOUT
THREADS = 8


def left_by_the_old_server(user, count: int) -> list[str]:
    """``count`` payout questions waiting for ``user``, a minute apart, oldest first: their nonces."""
    start = timezone.now() - timedelta(minutes=count)
    return [
        IssuedQuestionFactory(
            user=user, source=PAYOUT, question=BANKER_180, created_at=start + timedelta(minutes=n)
        ).nonce
        for n in range(count)
    ]


def waiting(user) -> list[str]:
    return list(IssuedQuestion.objects.filter(user=user, source=PAYOUT).values_list("nonce", flat=True))


@pytest.mark.django_db
def test_of_many_questions_waiting_only_the_newest_counts_as_skipped(client):
    learner = UserFactory()
    nonces = left_by_the_old_server(learner, 17)
    client.force_login(learner)

    page = client.get(reverse("drill:payout"))

    assert page.status_code == HTTPStatus.OK
    assert str(payout.SKIPPED) in page.content.decode()
    assert list(PayoutAnswer.objects.filter(user=learner).values_list("nonce", "skipped")) == [
        (nonces[-1], True)
    ]
    record = PayoutRecord.objects.get(user=learner)
    assert (record.answers, record.correct) == (1, 0)
    assert waiting(learner) == [token_of(page)]


@pytest.mark.django_db
def test_ending_the_questions_waiting_counts_one_and_forgets_the_rest(learner):
    nonces = left_by_the_old_server(learner, 3)

    assert services.payout_questions_end(user=learner) == 1

    assert list(PayoutAnswer.objects.filter(user=learner).values_list("nonce", flat=True)) == [nonces[-1]]
    assert waiting(learner) == []
    assert services.payout_questions_end(user=learner) == 0


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_simultaneous_new_questions_leave_one_waiting_and_each_other_ended_once():
    learner = UserFactory()

    statuses = together(THREADS, lambda client: client.get(reverse("drill:payout")), user=learner)

    assert statuses == [HTTPStatus.OK] * THREADS
    assert len(waiting(learner)) == 1
    # Each page after the first ended the one before it, one at a time: nothing ended twice or lost.
    assert PayoutAnswer.objects.filter(user=learner, skipped=True).count() == THREADS - 1
    assert PayoutRecord.objects.get(user=learner).answers == THREADS - 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_doubled_answer_counts_once_skips_nothing_and_leaves_one_question_waiting(client):
    learner = UserFactory()
    client.force_login(learner)
    token = token_of(client.get(reverse("drill:payout")))
    amounts = right_answers(token)

    statuses = together(THREADS, lambda client: answer(client, token, amounts), user=learner)

    assert sorted(statuses) == [HTTPStatus.OK] + [HTTPStatus.CONFLICT] * (THREADS - 1)
    assert list(PayoutAnswer.objects.filter(user=learner).values_list("nonce", "skipped")) == [(token, False)]
    record = PayoutRecord.objects.get(user=learner)
    assert (record.answers, record.correct) == (1, 1)
    assert len(waiting(learner)) == 1
