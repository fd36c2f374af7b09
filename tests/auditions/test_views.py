"""The audition's pages, with and without htmx: GETs write nothing, refusals are 4xx, answers stay hidden."""

import re
from datetime import timedelta
from http import HTTPStatus

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from auditions import errors, services
from auditions.models import AuditionAttempt, AuditionQuestion
from tests.auditions.support import AuditionFactory, answer_all, right_answer, start, waiting
from tests.factories import ClassroomFactory, UserFactory

pytestmark = pytest.mark.django_db

WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)
HTMX = {"HX-Request": "true"}


def attempt_url(attempt, action=""):
    name = f"auditions:{action}" if action else "auditions:attempt"
    return reverse(name, args=[attempt.audition_id, attempt.number])


def writes(client, url, **headers):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, headers=headers)
    assert response.status_code == HTTPStatus.OK, response.status_code
    return [query["sql"] for query in captured if WRITE.match(query["sql"])]


@pytest.mark.parametrize("htmx", [False, True])
def test_gets_write_nothing_even_when_an_attempt_runs_out(learner_client, learner, audition, htmx):
    headers = HTMX if htmx else {}
    assert writes(learner_client, reverse("auditions:list"), **headers) == []
    assert writes(learner_client, reverse("auditions:detail", args=[audition.pk]), **headers) == []
    attempt = start(learner, audition, at=timezone.now() - timedelta(minutes=10))
    assert writes(learner_client, attempt_url(attempt), **headers) == []
    AuditionAttempt.objects.filter(pk=attempt.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert writes(learner_client, attempt_url(attempt), **headers) == []  # ended on read, not written
    assert AuditionAttempt.objects.get().finished_at is None
    assert writes(learner_client, reverse("auditions:detail", args=[audition.pk]), **headers) == []


def test_the_learner_starts_an_attempt_and_lands_on_its_first_question(learner_client, audition):
    page = learner_client.get(reverse("auditions:detail", args=[audition.pk]))
    assert reverse("auditions:start", args=[audition.pk]) in page.content.decode()
    response = learner_client.post(reverse("auditions:start", args=[audition.pk]))
    attempt = AuditionAttempt.objects.get()
    assert response.status_code == HTTPStatus.FOUND and response["Location"] == attempt_url(attempt)
    body = learner_client.get(attempt_url(attempt)).content.decode()
    assert "Question 1 of 5" in body and waiting(attempt).nonce in body


def test_an_htmx_start_sends_the_browser_to_the_attempt(learner_client, audition):
    response = learner_client.post(reverse("auditions:start", args=[audition.pk]), headers=HTMX)
    assert response.status_code == HTTPStatus.OK
    assert response["HX-Redirect"] == attempt_url(AuditionAttempt.objects.get())


def test_the_page_never_shows_a_questions_answer(learner_client, learner, classroom):
    audition = AuditionFactory(classroom=classroom, questions=12)
    attempt = start(learner, audition)
    for _ in range(12):
        question = waiting(attempt)
        body = learner_client.get(attempt_url(attempt)).content.decode()
        data = question.question
        if question.source == "exercise":
            assert escape(data["why"]) not in body  # the rule that decides it
            if (
                data["form"] == "numbers"
            ):  # the amounts, in words (a choice's right label is among the choices)
                assert escape(data["shown"]) not in body
        learner_client.post(
            attempt_url(attempt, "answer"), {"token": question.nonce, **right_answer(question)}
        )


def test_an_answer_with_and_without_htmx(learner_client, learner, audition):
    attempt = start(learner, audition, at=timezone.now() - timedelta(minutes=1))
    first = waiting(attempt)
    plain = learner_client.post(attempt_url(attempt, "answer"), {"token": first.nonce, **right_answer(first)})
    assert plain.status_code == HTTPStatus.FOUND and plain["Location"] == attempt_url(attempt)
    second = waiting(attempt)
    partial = learner_client.post(
        attempt_url(attempt, "answer"), {"token": second.nonce, **right_answer(second)}, headers=HTMX
    )
    body = partial.content.decode()
    assert partial.status_code == HTTPStatus.OK
    assert 'id="attempt-panel"' in body and "<html" not in body and "Question 3 of 5" in body
    assert AuditionQuestion.objects.filter(attempt=attempt, correct=True).count() == 2


@pytest.mark.parametrize("htmx", [False, True])
def test_refusals_are_4xx_and_say_why(learner_client, learner, audition, htmx):
    headers = HTMX if htmx else {}
    attempt = start(learner, audition, at=timezone.now() - timedelta(minutes=1))
    question = waiting(attempt)
    url = attempt_url(attempt, "answer")

    bad = learner_client.post(url, {"token": question.nonce, "answer": "?", "answer_x": "?"}, headers=headers)
    assert bad.status_code == HTTPStatus.BAD_REQUEST
    stale = learner_client.post(url, {"token": "0" * 32}, headers=headers)
    assert stale.status_code == HTTPStatus.CONFLICT
    assert escape(str(errors.NOT_THIS_QUESTION)) in stale.content.decode()
    learner_client.post(url, {"token": question.nonce, **right_answer(question)}, headers=headers)
    replay = learner_client.post(url, {"token": question.nonce, **right_answer(question)}, headers=headers)
    assert replay.status_code == HTTPStatus.CONFLICT
    again = learner_client.post(reverse("auditions:start", args=[audition.pk]), headers=headers)
    assert again.status_code == HTTPStatus.CONFLICT
    assert escape(str(errors.ONE_AT_A_TIME)) in again.content.decode()
    assert ("<html" in bad.content.decode()) is not htmx


def test_an_answer_after_the_time_is_up_is_refused_and_the_attempt_ends(learner_client, learner, audition):
    attempt = start(learner, audition, at=timezone.now() - timedelta(minutes=31))
    question = waiting(attempt)
    response = learner_client.post(
        attempt_url(attempt, "answer"), {"token": question.nonce, **right_answer(question)}
    )
    assert response.status_code == HTTPStatus.CONFLICT
    assert escape(str(errors.TIME_UP)) in response.content.decode()
    assert AuditionAttempt.objects.get().finished_at == attempt.deadline
    assert not AuditionQuestion.objects.filter(answered_at__isnull=False).exists()


def test_another_class_s_audition_and_another_learner_s_attempt_are_404(client, learner, audition):
    attempt = start(learner, audition)
    stranger = UserFactory()
    client.force_login(stranger)
    assert client.get(reverse("auditions:detail", args=[audition.pk])).status_code == HTTPStatus.NOT_FOUND
    assert client.get(attempt_url(attempt)).status_code == HTTPStatus.NOT_FOUND
    assert client.post(attempt_url(attempt, "finish")).status_code == HTTPStatus.NOT_FOUND
    classmate = UserFactory()
    audition.classroom.memberships.create(user=classmate)
    client.force_login(classmate)
    assert client.get(attempt_url(attempt)).status_code == HTTPStatus.NOT_FOUND
    foreign = AuditionFactory(classroom=ClassroomFactory())
    assert client.post(reverse("auditions:start", args=[foreign.pk])).status_code == HTTPStatus.NOT_FOUND


def test_a_closed_audition_refuses_a_start(learner_client, audition):
    audition.is_open = False
    audition.save()
    response = learner_client.post(reverse("auditions:start", args=[audition.pk]))
    assert response.status_code == HTTPStatus.CONFLICT and not AuditionAttempt.objects.exists()


def test_visitors_are_sent_to_log_in(client, audition):
    response = client.get(reverse("auditions:detail", args=[audition.pk]))
    assert response.status_code == HTTPStatus.FOUND and "/accounts/login/" in response["Location"]


def test_pages_refuse_the_wrong_method(learner_client, learner, audition):
    attempt = start(learner, audition)
    assert learner_client.get(attempt_url(attempt, "answer")).status_code == HTTPStatus.METHOD_NOT_ALLOWED
    assert learner_client.post(attempt_url(attempt)).status_code == HTTPStatus.METHOD_NOT_ALLOWED


def test_the_dealer_rounds_open_once_and_lead_back_to_the_attempt(learner_client, learner, audition):
    attempt = start(learner, audition)
    first = learner_client.post(attempt_url(attempt, "practical"))
    assert first.status_code == HTTPStatus.FOUND
    attempt.refresh_from_db()
    session = attempt.dealer_session
    assert session.purpose == "audition" and session.done_url == attempt_url(attempt)
    round_url = reverse("dealer:round", args=[session.dealer_rounds.get().pk])
    assert first["Location"] == round_url
    assert learner_client.post(attempt_url(attempt, "practical"), headers=HTMX)["HX-Redirect"] == round_url
    assert learner_client.get(round_url).status_code == HTTPStatus.OK


def test_the_result_shows_after_the_end_with_the_certificate_once_signed(
    learner_client, learner, classroom, instructor
):
    audition = AuditionFactory(classroom=classroom, written_weight=100, practical_weight=0)
    attempt = start(learner, audition, at=timezone.now() - timedelta(minutes=5))
    end = answer_all(attempt, [True] * 5)
    response = learner_client.post(attempt_url(attempt, "finish"), headers=HTMX)
    assert response.status_code == HTTPStatus.OK and "Passed" in response.content.decode()
    assert "Your instructor signs a passed attempt off" in response.content.decode()
    attempt = AuditionAttempt.objects.get()
    assert attempt.finished_at >= end - timedelta(minutes=1)
    signed = services.attempt_sign_off(actor=instructor, attempt=attempt)
    body = learner_client.get(attempt_url(attempt)).content.decode()
    assert reverse("auditions:certificate", args=[signed.certificate_code]) in body
