"""The payout drill cannot be mastered at machine speed, and a question shown and not answered counts.

Time is the server's: ``Clock`` (from ``conftest``) replaces ``timezone.now``, and passes only when a
test ticks it.
"""

from decimal import Decimal
from http import HTTPStatus

import pytest
from django.urls import reverse
from django.utils.html import escape

from lessons import payout, questions, services
from lessons.models import IssuedQuestion
from progress.models import PAYOUT_FLOOR_SECONDS, PAYOUT_MASTERY_STREAK, PayoutAnswer, PayoutRecord
from tests.factories import IssuedQuestionFactory
from tests.lessons.test_payout import (
    BANKER_180,
    answer,
    right_answers,
    token_of,
    wrong_answers,
)
from tests.support import HX, MODES

pytestmark = pytest.mark.django_db


def record_of(user) -> PayoutRecord:
    return PayoutRecord.objects.get(user=user)


def run(client, clock, count, *, seconds="2", response=None, headers=None):
    """Answer ``count`` questions right, each in ``seconds``, from ``response`` (else a new page)."""
    response = response or client.get(reverse("drill:payout"), headers=headers or {})
    for _ in range(count):
        token = token_of(response)
        clock.tick(seconds)
        response = answer(client, token, right_answers(token), headers)
        assert response.status_code == HTTPStatus.OK
    return response


# The floor: answers faster than a person can read and type ----------------------------------------------


def test_the_floor_is_one_second_well_under_the_mastery_time():
    assert Decimal("1") == PAYOUT_FLOOR_SECONDS


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize(("seconds", "too_fast"), [("0", True), ("0.99", True), ("1", False), ("1.5", False)])
def test_an_answer_under_the_floor_is_recorded_as_too_fast_and_does_not_count(
    learner_client, learner, clock, headers, seconds, too_fast
):
    token = token_of(learner_client.get(reverse("drill:payout"), headers=headers))
    clock.tick(seconds)
    response = answer(learner_client, token, right_answers(token), headers)
    assert response.status_code == HTTPStatus.OK
    saved = PayoutAnswer.objects.get(user=learner)
    assert (saved.correct, saved.too_fast, saved.fast) == (True, too_fast, not too_fast)
    assert saved.seconds == Decimal(seconds).quantize(Decimal("0.01"))
    assert record_of(learner).streak == (0 if too_fast else 1)
    assert ("faster than anyone can read the question and type" in response.content.decode()) is too_fast


@pytest.mark.parametrize("right", [True, False])
def test_a_too_fast_answer_ends_the_run_right_or_wrong(learner_client, learner, clock, right):
    """Otherwise a quick answer of anything would pass over a question the run does not want."""
    response = run(learner_client, clock, 5)
    token = token_of(response)
    clock.tick("0.2")
    answer(learner_client, token, right_answers(token) if right else wrong_answers(token))
    record = record_of(learner)
    assert (record.streak, record.best_streak, record.answers) == (0, 5, 6)


def test_a_script_answering_at_machine_speed_never_masters(learner_client, learner, clock):
    run(learner_client, clock, PAYOUT_MASTERY_STREAK * 2, seconds="0.01")
    record = record_of(learner)
    assert (record.mastered_at, record.streak, record.best_streak) == (None, 0, 0)
    assert record.correct == PAYOUT_MASTERY_STREAK * 2  # all right, all recorded, none counted
    assert PayoutAnswer.objects.filter(user=learner, too_fast=True).count() == PAYOUT_MASTERY_STREAK * 2


def test_a_person_just_over_the_floor_still_masters(learner_client, learner, clock):
    run(learner_client, clock, PAYOUT_MASTERY_STREAK, seconds="1")
    assert record_of(learner).mastered_at == clock.now


# Skipped questions: shown and not answered ------------------------------------------------------------


def skipped_of(user):
    return list(PayoutAnswer.objects.filter(user=user, skipped=True))


@pytest.mark.parametrize("headers", MODES)
def test_reloading_the_page_counts_the_question_shown_as_a_wrong_answer_and_ends_the_run(
    learner_client, learner, clock, headers
):
    response = run(learner_client, clock, 5, headers=headers)
    shown = token_of(response)
    clock.tick("3")
    reloaded = learner_client.get(reverse("drill:payout"), headers=headers)
    assert reloaded.status_code == HTTPStatus.OK
    assert escape(str(payout.SKIPPED)) in reloaded.content.decode()
    [skipped] = skipped_of(learner)
    assert (skipped.nonce, skipped.correct, skipped.fast, skipped.seconds) == (
        shown,
        False,
        False,
        Decimal("3.00"),
    )
    assert skipped.question["kind"].startswith(payout.KIND_PREFIX) and "expected" in skipped.question
    record = record_of(learner)
    assert (record.answers, record.correct, record.streak, record.best_streak) == (6, 5, 0, 5)
    assert not IssuedQuestion.objects.filter(nonce=shown).exists()


@pytest.mark.parametrize("headers", MODES)
def test_answering_a_skipped_question_afterwards_is_refused_and_shows_the_question_waiting(
    learner_client, learner, clock, headers
):
    first = token_of(learner_client.get(reverse("drill:payout")))
    amounts = right_answers(first)
    waiting = token_of(learner_client.get(reverse("drill:payout")))  # the first one is skipped
    clock.tick("2")
    late = answer(learner_client, first, amounts, headers)
    assert late.status_code == HTTPStatus.CONFLICT
    assert escape(str(payout.SKIPPED_BEFORE)) in late.content.decode()
    assert token_of(late) == waiting  # not a new question: that would skip this one too
    assert ("<html" in late.content.decode()) is not headers
    record = record_of(learner)
    assert (record.answers, record.correct, record.streak) == (1, 0, 0)
    assert answer(learner_client, waiting, right_answers(waiting), headers).status_code == HTTPStatus.OK
    assert record_of(learner).streak == 1


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("how", ["htmx-get", "no-token", "bad-token"])
def test_asking_for_a_new_question_counts_the_one_shown_as_wrong(
    learner_client, learner, clock, headers, how
):
    response = run(learner_client, clock, 3, headers=headers)
    shown = token_of(response)
    if how == "htmx-get":
        learner_client.get(reverse("drill:payout"), headers=HX)
    else:
        answer(learner_client, "" if how == "no-token" else "0" * 32, {"banker-paid": "1"}, headers)
    assert [row.nonce for row in skipped_of(learner)] == [shown]
    assert record_of(learner).streak == 0


OTHER_PAGES = [
    pytest.param(lambda: reverse("home"), id="home"),
    pytest.param(lambda: reverse("lessons:lesson", args=["counting-totals"]), id="a-lesson"),
    pytest.param(lambda: reverse("drill:page"), id="the-drawing-table-drill"),
    pytest.param(lambda: reverse("table:play"), id="the-practice-table"),
]


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("other_page", OTHER_PAGES)
def test_visiting_another_page_between_the_question_and_the_answer_ends_the_run(
    learner_client, learner, clock, course, headers, other_page
):
    response = run(learner_client, clock, 4, headers=headers)
    shown = token_of(response)
    amounts = right_answers(shown)
    clock.tick("1")
    assert learner_client.get(other_page(), headers=headers).status_code == HTTPStatus.OK
    clock.tick("1")
    back = answer(learner_client, shown, amounts, headers)
    assert back.status_code == HTTPStatus.CONFLICT
    assert escape(str(payout.SKIPPED_BEFORE)) in back.content.decode()
    [skipped] = skipped_of(learner)
    assert (skipped.nonce, skipped.seconds) == (shown, Decimal("1.00"))
    record = record_of(learner)
    assert (record.answers, record.correct, record.streak, record.best_streak) == (5, 4, 0, 4)


def test_other_pages_look_for_a_waiting_question_only_after_the_payout_drill_showed_one(
    learner_client, learner, monkeypatch
):
    looked = []
    look = questions.questions_waiting
    monkeypatch.setattr(questions, "questions_waiting", lambda **kwargs: looked.append(1) or look(**kwargs))

    def looks_on_the_home_page():
        looked.clear()
        learner_client.get(reverse("home"))
        return bool(looked)

    assert not looks_on_the_home_page()
    learner_client.get(reverse("drill:payout"))
    assert looks_on_the_home_page()  # ends the question, and clears the session's mark
    assert len(skipped_of(learner)) == 1
    assert not looks_on_the_home_page()


def test_a_doubled_answer_does_not_skip_the_question_its_first_copy_showed(learner_client, learner, clock):
    first = token_of(learner_client.get(reverse("drill:payout")))
    amounts = right_answers(first)
    clock.tick("2")
    shown = token_of(answer(learner_client, first, amounts))
    doubled = answer(learner_client, first, amounts)
    assert doubled.status_code == HTTPStatus.CONFLICT
    assert token_of(doubled) == shown
    clock.tick("2")
    assert answer(learner_client, shown, right_answers(shown)).status_code == HTTPStatus.OK
    assert not skipped_of(learner)
    assert record_of(learner).streak == 2


def test_a_question_left_for_more_than_a_day_counts_as_skipped_when_the_learner_comes_back(
    learner_client, learner, clock
):
    shown = token_of(run(learner_client, clock, 2))
    amounts = right_answers(shown)
    clock.tick(str(questions.MAX_AGE.total_seconds() + 60))
    # Someone else's question prunes old ones: a payout question is kept until its learner comes back.
    from tests.factories import UserFactory

    services.payout_question_issue(user=UserFactory(), question=BANKER_180)
    assert IssuedQuestion.objects.filter(nonce=shown).exists()
    late = answer(learner_client, shown, amounts)
    assert late.status_code == HTTPStatus.BAD_REQUEST  # expired
    assert [row.nonce for row in skipped_of(learner)] == [shown]
    assert record_of(learner).streak == 0


def test_at_most_one_payout_question_waits_for_a_learner(learner_client, learner):
    for _ in range(5):
        learner_client.get(reverse("drill:payout"))
    assert IssuedQuestion.objects.filter(user=learner, source=IssuedQuestion.Place.PAYOUT).count() == 1
    assert len(skipped_of(learner)) == 4


def test_a_skip_racing_an_answer_counts_only_once(learner, clock):
    """The answer got in first (its nonce is recorded): ending the same question counts nothing more."""
    token = services.payout_question_issue(user=learner, question=BANKER_180)
    kept = IssuedQuestion.objects.get(nonce=token)
    clock.tick("2")
    services.payout_answer_grade(
        user=learner, token=token, data={"banker-paid": "171", "banker-commission": "9"}
    )
    IssuedQuestionFactory(
        user=learner, nonce=token, source="payout", question=kept.question, created_at=kept.created_at
    )
    assert services.payout_questions_end(user=learner) == 0
    assert not IssuedQuestion.objects.filter(nonce=token).exists()
    record = record_of(learner)
    assert (record.answers, record.streak) == (1, 1)
