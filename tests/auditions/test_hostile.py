"""The audition against a hostile or clumsy client: every URL under /audition/ answers a wrong method,
garbage, another learner's attempt, a doubled or machine-speed answer, a forged certificate code or a
post without its CSRF token with a clear 4xx, never a 500; nothing is recorded for a refusal."""

from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from auditions import errors
from auditions.models import AuditionAttempt, AuditionQuestion
from tests.auditions.support import right_answer, start, waiting
from tests.factories import MembershipFactory, UserFactory
from tests.support import HX, MODES
from tests.test_fuzz import FUZZ, HOSTILE

pytestmark = pytest.mark.django_db

HUGE = "9" * 25
ACTIONS = ["start", "answer", "practical", "finish"]


def client_of(user) -> Client:
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def path(name, attempt):
    if name in ("start", "detail"):
        return reverse(f"auditions:{name}", args=[attempt.audition_id])
    return reverse(f"auditions:{name}", args=[attempt.audition_id, attempt.number])


def answered() -> int:
    return AuditionQuestion.objects.filter(answered_at__isnull=False).count()


@pytest.fixture
def attempt(learner, audition):
    return start(learner, audition)


@pytest.mark.parametrize("name", ACTIONS)
@pytest.mark.parametrize("method", ["get", "put", "delete"])
def test_a_post_endpoint_refuses_other_methods(learner, attempt, name, method):
    response = getattr(client_of(learner), method)(path(name, attempt))
    assert response.status_code == HTTPStatus.METHOD_NOT_ALLOWED
    assert answered() == 0


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("name", ["detail", "attempt", *ACTIONS])
def test_another_learner_gets_a_404_and_writes_nothing(attempt, name, headers):
    stranger = client_of(UserFactory())
    sibling = MembershipFactory(classroom=attempt.audition.classroom).user  # same class, not their attempt
    for client in (stranger, client_of(sibling)):
        method = client.get if name in ("detail", "attempt") else client.post
        response = method(
            path(name, attempt), {"token": waiting(attempt).nonce, "answer": "x"}, headers=headers
        )
        if name in ("detail", "start") and client is not stranger:
            continue  # a member of the class sees the audition and may start their own attempt
        assert response.status_code == HTTPStatus.NOT_FOUND, name
    assert answered() == 0 and AuditionAttempt.objects.get(pk=attempt.pk).finished_at is None


@pytest.mark.parametrize("number", ["0", HUGE])
def test_an_audition_or_attempt_that_does_not_exist_is_a_404(learner, attempt, number):
    client = client_of(learner)
    for url in [
        f"/audition/{number}/",
        f"/audition/{number}/start/",
        f"/audition/{attempt.audition_id}/attempt/{number}/",
        f"/audition/{attempt.audition_id}/attempt/{number}/answer/",
        f"/audition/{attempt.audition_id}/attempt/{number}/finish/",
    ]:
        response = client.post(url) if url.endswith(("start/", "answer/", "finish/")) else client.get(url)
        assert response.status_code == HTTPStatus.NOT_FOUND, url


@pytest.mark.parametrize("code", ["", "x", "x" * 5000, "../../etc/passwd", "%00", "' OR 1=1 --", "é"])
def test_a_forged_certificate_code_is_a_4xx(code):
    response = Client(raise_request_exception=False).get(f"/audition/certificate/{code}/")
    assert HTTPStatus.BAD_REQUEST <= response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR


@pytest.mark.parametrize("token", ["", "x", "x" * 5000, HUGE, "\u202e"])
def test_an_answer_with_a_garbage_token_records_nothing(learner, attempt, token):
    form = right_answer(waiting(attempt)) | {"token": token}
    response = client_of(learner).post(path("answer", attempt), form, headers=HX)
    assert response.status_code == HTTPStatus.CONFLICT
    assert answered() == 0


def test_a_doubled_answer_is_recorded_once(learner, attempt):
    question = waiting(attempt)
    form = right_answer(question) | {"token": question.nonce}
    client = client_of(learner)
    first = client.post(path("answer", attempt), form, headers=HX)
    again = client.post(path("answer", attempt), form, headers=HX)
    assert first.status_code == HTTPStatus.OK and again.status_code == HTTPStatus.CONFLICT
    assert str(errors.ALREADY_ANSWERED) in again.content.decode()
    assert answered() == 1


def test_an_answer_at_machine_speed_is_recorded_too_fast(learner, attempt):
    question = waiting(attempt)
    client_of(learner).post(path("answer", attempt), right_answer(question) | {"token": question.nonce})
    question.refresh_from_db()
    assert question.answered_at is not None and question.too_fast


def test_an_answer_after_the_finish_is_refused(learner, attempt):
    client = client_of(learner)
    assert client.post(path("finish", attempt)).status_code == HTTPStatus.FOUND
    assert client.post(path("finish", attempt)).status_code < HTTPStatus.INTERNAL_SERVER_ERROR
    question = waiting(attempt)
    response = client.post(
        path("answer", attempt), right_answer(question) | {"token": question.nonce}, headers=HX
    )
    assert response.status_code == HTTPStatus.CONFLICT and answered() == 0


@pytest.mark.parametrize("name", ACTIONS)
def test_a_post_without_its_csrf_token_is_the_projects_403(learner, attempt, name):
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(learner)
    response = client.post(path(name, attempt), {"token": waiting(attempt).nonce})
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert "<footer" in response.content.decode()


@FUZZ
@given(data=st.data())
def test_no_answer_form_answers_a_5xx_to_hostile_input(learner, attempt, data):
    question = waiting(attempt)
    fields = ["answer", *right_answer(question)] if question is not None else ["answer"]
    posted = {
        field: data.draw(HOSTILE) for field in data.draw(st.lists(st.sampled_from(fields), unique=True))
    }
    if question is not None and data.draw(st.booleans()):
        posted["token"] = question.nonce  # the question waiting, so the answer itself is read
    response = client_of(learner).post(
        path("answer", attempt), posted, headers=HX if data.draw(st.booleans()) else {}
    )
    assert response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR, posted
