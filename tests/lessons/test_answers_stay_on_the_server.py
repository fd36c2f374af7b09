"""Issue 14: a question's right answer stays on the server; the page carries only a one-time nonce.

A hostile tester decoded the old signed token (base64 and zlib) and read the
answer of every exercise. These tests take what a learner's browser gets, the
token and all the HTML, and check that nothing in it decides or tells the
answer, that grading uses the question kept on the server, and that refused,
replayed and foreign answers count nothing (plain requests and htmx alike).
"""

import base64
import binascii
import contextlib
import dataclasses
import random
import re
import zlib
from datetime import timedelta
from http import HTTPStatus

import pytest
from django.core import signing
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from lessons import drill, exercises, questions, services
from lessons.course import COURSE, LESSONS
from lessons.models import IssuedQuestion
from progress.models import Attempt, DrillCell, Lesson, LessonProgress
from tests.factories import IssuedQuestionFactory, UserFactory
from tests.support import HX, MODES, exercise_shown

LESSON_SLUGS = [spec.slug for spec in COURSE if spec.exercise]
_TOKEN = re.compile(r'name="token" value="([^"]*)"')
_NONCE = re.compile(r"[0-9a-f]{32}")
_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def exercise_html(html: str) -> str:
    return html[html.index('<section id="exercise"') :]


def page(client, slug, headers=None):
    """The lesson page as the learner's browser shows it, and the exercise's token in it."""
    exercise_shown(client, slug)
    response = client.get(reverse("lessons:lesson", args=[slug]), headers=headers or {})
    assert response.status_code == HTTPStatus.OK
    html = response.content.decode()
    return html, _TOKEN.search(exercise_html(html)).group(1)


def kept(token) -> dict:
    return IssuedQuestion.objects.get(nonce=token).question


def right_answer_data(question: dict) -> dict[str, str]:
    """The form data of the right answer, taken from the question kept on the server."""
    if question["form"] == "choice":
        return {"answer": question["answer"]}
    amounts = question["answer"].split("|")
    return {f"answer_{name}": amount for (name, _), amount in zip(question["fields"], amounts, strict=True)}


def wrong_answer_data(question: dict) -> dict[str, str]:
    if question["form"] == "choice":
        return {"answer": next(value for value, _ in question["choices"] if value != question["answer"])}
    return {f"answer_{name}": "123456" for name, _ in question["fields"]}


def answer(client, slug, token, data, headers=None):
    """Post an answer; a plain post's redirect (post, redirect, get) is followed to the page it names."""
    return client.post(
        reverse("lessons:exercise-answer", args=[slug]),
        {"token": token, **data},
        headers=headers or {},
        follow=not headers,
    )


def progress(user, slug):
    return LessonProgress.objects.get(user=user, lesson__slug=slug)


def decodings(token: str) -> list[str]:
    """Everything a curious learner can get out of a token: base64, zlib, and Django's signing."""
    texts = [token]
    for candidate in (token, token.split(":", 1)[0].lstrip(".")):
        try:
            raw = base64.urlsafe_b64decode(candidate + "=" * (-len(candidate) % 4))
        except (binascii.Error, ValueError):
            continue
        texts.append(raw.decode("latin-1"))
        with contextlib.suppress(zlib.error):
            texts.append(zlib.decompress(raw).decode("latin-1"))
    for salt in ("lessons.question", ""):
        with pytest.raises(signing.BadSignature):
            signing.loads(token, salt=salt)
    return texts


def assert_tells_nothing(token: str, question: dict) -> None:
    """The token is a bare nonce, and none of its decodings holds the question or its answer."""
    assert _NONCE.fullmatch(token), token
    secrets = ['"answer"', '"why"', question["why"]]
    if not question["answer"].isdigit():  # a one-digit answer ("5") turns up in hex by chance
        secrets.append(question["answer"])
    for text in decodings(token):
        assert not [secret for secret in secrets if secret in text]


# What the page carries -------------------------------------------------------------------------------------


@pytest.fixture
def rf_request(learner):
    request = RequestFactory().get("/")
    request.user = learner
    request.htmx = False
    return request


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("slug", LESSON_SLUGS)
def test_every_exercise_page_carries_only_a_nonce_and_the_answer_stays_on_the_server(
    learner_client, learner, slug, headers
):
    html, token = page(learner_client, slug, headers)

    issued = IssuedQuestion.objects.get(nonce=token)
    assert (issued.user, issued.source, issued.lesson.slug) == (learner, Attempt.Source.LESSON, slug)
    question = issued.question
    assert question["answer"] and escape(question["prompt"]) in html
    assert_tells_nothing(token, question)
    section = exercise_html(html)
    hidden = re.findall(r'<input type="hidden" name="([^"]+)"', section)
    assert hidden == ["csrfmiddlewaretoken", "token"]
    assert escape(question["why"]) not in html  # the rule's sentence gives the answer: only after answering
    if question["form"] == "numbers":
        for amount in question["answer"].split("|"):
            assert f'value="{amount}"' not in section


@pytest.mark.parametrize("slug", LESSON_SLUGS)
def test_the_exercise_html_is_the_same_whichever_answer_is_right(rf_request, learner, slug):
    """Render the exercise twice, the kept answer changed in between: not a byte of the page differs."""
    question = exercises.question_for(LESSONS[slug].exercise, 0, random.Random(1))
    if question.form == "choice":
        other = next(value for value, _ in question.choices if value != question.answer)
    else:
        other = "|".join("1.00" for _ in question.fields)
    context = {
        "lesson": Lesson.objects.get(slug=slug),
        "spec": LESSONS[slug],
        "progress": LessonProgress(),
        "token": "0" * 32,
    }

    renders = [
        _CSRF.sub(
            "",
            render_to_string(
                "lessons/partials/_exercise.html",
                context | {"question": dataclasses.replace(question, answer=right)},
                rf_request,
            ),
        )
        for right in (question.answer, other)
    ]

    assert other != question.answer
    assert renders[0] == renders[1]


@pytest.mark.parametrize("headers", MODES)
def test_the_drill_page_carries_only_a_nonce_too(learner_client, learner, headers):
    html = learner_client.get(reverse("drill:page"), headers=headers).content.decode()

    token = _TOKEN.search(html).group(1)
    issued = IssuedQuestion.objects.get(nonce=token)
    assert (issued.user, issued.source, issued.lesson) == (learner, Attempt.Source.DRILL, None)
    assert issued.question["answer"] in drill.ANSWERS
    assert _NONCE.fullmatch(token)
    for text in decodings(token):
        assert "banker_total" not in text and issued.question["answer"] not in text


def test_grading_follows_the_question_kept_on_the_server_not_the_page(learner_client, learner):
    """What decides is the kept question: change its answer there, and the page's right answer is wrong."""
    _, token = page(learner_client, "counting-totals")
    question = kept(token)
    assert question["answer"] == "5"  # seed 004: 7 + 8
    IssuedQuestion.objects.filter(nonce=token).update(question=question | {"answer": "6"})

    html = answer(learner_client, "counting-totals", token, {"answer": "5"}, HX).content.decode()

    assert "✗ Not quite." in html
    assert Attempt.objects.get(user=learner).correct is False


# Answering -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("slug", LESSON_SLUGS)
def test_a_right_answer_is_recorded_exactly_once_and_its_question_forgotten(
    learner_client, learner, slug, headers
):
    _, token = page(learner_client, slug, headers)
    question = kept(token)

    response = answer(learner_client, slug, token, right_answer_data(question), headers)

    assert response.status_code == HTTPStatus.OK
    assert "✓ Right." in response.content.decode()
    attempt = Attempt.objects.get(user=learner)
    assert (attempt.nonce, attempt.lesson.slug, attempt.correct, attempt.question) == (
        token,
        slug,
        True,
        question,
    )
    assert (progress(learner, slug).attempts, progress(learner, slug).correct) == (1, 1)
    assert not IssuedQuestion.objects.filter(nonce=token).exists()
    next_token = _TOKEN.search(exercise_html(response.content.decode())).group(1)
    assert next_token != token and IssuedQuestion.objects.filter(nonce=next_token, user=learner).exists()


@pytest.mark.parametrize("headers", MODES)
def test_a_replayed_answer_is_a_409_and_counted_once(learner_client, learner, headers):
    _, token = page(learner_client, "counting-totals", headers)
    first = answer(learner_client, "counting-totals", token, {"answer": "5"}, headers)

    again = answer(learner_client, "counting-totals", token, {"answer": "5"}, headers)

    assert first.status_code == HTTPStatus.OK
    assert again.status_code == HTTPStatus.CONFLICT
    assert escape(str(services.ALREADY_ANSWERED)) in again.content.decode()
    assert (b"<html" in again.content) is not bool(headers)
    assert Attempt.objects.filter(user=learner).count() == 1
    assert (progress(learner, "counting-totals").attempts, progress(learner, "counting-totals").correct) == (
        1,
        1,
    )


@pytest.mark.parametrize("headers", MODES)
def test_a_wrong_answer_asks_the_same_question_again_with_a_fresh_nonce(learner_client, learner, headers):
    _, token = page(learner_client, "first-stake", headers)
    question = kept(token)

    wrong = answer(learner_client, "first-stake", token, wrong_answer_data(question), headers)

    html = wrong.content.decode()
    assert wrong.status_code == HTTPStatus.OK
    assert "✗ Not quite." in html
    retry = _TOKEN.search(exercise_html(html)).group(1)
    assert _NONCE.fullmatch(retry) and retry != token
    assert kept(retry) == question
    assert escape(question["prompt"]) in exercise_html(html)
    assert not IssuedQuestion.objects.filter(nonce=token).exists()

    right = answer(learner_client, "first-stake", retry, right_answer_data(question), headers)

    assert "✓ Right." in right.content.decode()
    assert (progress(learner, "first-stake").attempts, progress(learner, "first-stake").correct) == (2, 1)
    assert answer(learner_client, "first-stake", retry, right_answer_data(question), headers).status_code == (
        HTTPStatus.CONFLICT
    )
    assert progress(learner, "first-stake").attempts == 2


# Refused tokens --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("headers", MODES)
def test_another_learners_nonce_is_a_400_and_records_nothing(client, learner, headers):
    other = UserFactory()
    client.force_login(other)
    _, foreign = page(client, "counting-totals", headers)
    client.force_login(learner)

    response = answer(client, "counting-totals", foreign, {"answer": "5"}, headers)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert escape(str(services.BAD_QUESTION)) in response.content.decode()
    assert not Attempt.objects.exists()
    assert not LessonProgress.objects.filter(attempts__gt=0).exists()
    # Still waiting for its own learner, who can answer it.
    client.force_login(other)
    assert "✓ Right." in answer(client, "counting-totals", foreign, {"answer": "5"}, headers).content.decode()


@pytest.mark.parametrize("headers", MODES)
def test_another_learners_drill_nonce_is_a_400_and_records_nothing(learner_client, learner, headers):
    foreign = IssuedQuestionFactory(user=UserFactory())

    response = learner_client.post(
        reverse("drill:answer"), {"token": foreign.nonce, "answer": "draws"}, headers=headers
    )

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert escape(str(drill.TOKEN_BAD)) in response.content.decode()
    assert not Attempt.objects.exists() and not DrillCell.objects.exists()


def _tampered(token: str, question: dict) -> str:
    return token[:-1] + ("0" if token[-1] != "0" else "1")


def _old_signed_token(user, question: dict) -> str:
    """The token of before, signed with the server's own key and salt: no longer a question."""
    return signing.dumps({"u": user.pk, "n": "0" * 16, "q": question}, salt="lessons.question", compress=True)


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize(
    "make_token",
    [
        lambda user, token, question: "",
        lambda user, token, question: "garbage",
        lambda user, token, question: "<script>alert(1)</script>",
        lambda user, token, question: token.upper(),
        lambda user, token, question: token + "0",
        lambda user, token, question: "0" * 32,
        lambda user, token, question: _tampered(token, question),
        lambda user, token, question: _old_signed_token(user, question),
    ],
    ids=["empty", "garbage", "markup", "upper-case", "too-long", "never-issued", "tampered", "old-signed"],
)
def test_a_garbage_or_tampered_token_is_a_400_and_records_nothing(
    learner_client, learner, headers, make_token
):
    _, token = page(learner_client, "counting-totals", headers)

    response = answer(
        learner_client, "counting-totals", make_token(learner, token, kept(token)), {"answer": "5"}, headers
    )

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert escape(str(services.BAD_QUESTION)) in response.content.decode()
    assert (b"<html" in response.content) is not bool(headers)
    assert not Attempt.objects.exists()
    assert progress(learner, "counting-totals").attempts == 0


@pytest.mark.parametrize("headers", MODES)
def test_a_nonce_from_another_lesson_or_the_drill_is_a_400(learner_client, learner, headers):
    _, lesson_token = page(learner_client, "counting-totals", headers)
    drill_token = services.drill_question_issue(user=learner, cell=drill.Cell(4, "2"))

    for slug, token in (("naturals", lesson_token), ("counting-totals", drill_token)):
        assert answer(learner_client, slug, token, {"answer": "5"}, headers).status_code == (
            HTTPStatus.BAD_REQUEST
        )
    refused = learner_client.post(
        reverse("drill:answer"), {"token": lesson_token, "answer": "draws"}, headers=headers
    )

    assert refused.status_code == HTTPStatus.BAD_REQUEST
    assert not Attempt.objects.exists()


# Old questions do not pile up ------------------------------------------------------------------------------


def test_a_learner_keeps_at_most_max_waiting_questions_and_the_oldest_go_first(learner_client, learner):
    others = IssuedQuestionFactory.create_batch(3, user=UserFactory())
    lesson = Lesson.objects.get(slug="counting-totals")
    blank = LessonProgress(user=learner, lesson=lesson)
    tokens = [  # the page shows the one waiting again; issuing piles them up only when asked to, as here
        services.exercise_next(user=learner, lesson=lesson, progress=blank, rng=random.Random(index))[1]
        for index in range(questions.MAX_WAITING + 5)
    ]

    waiting = set(IssuedQuestion.objects.filter(user=learner).values_list("nonce", flat=True))
    assert waiting == set(tokens[-questions.MAX_WAITING :])
    assert IssuedQuestion.objects.filter(pk__in=[other.pk for other in others]).count() == 3
    response = answer(learner_client, "counting-totals", tokens[0], {"answer": "5"}, HX)
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert answer(learner_client, "counting-totals", tokens[-1], {"answer": "5"}, HX).status_code == (
        HTTPStatus.OK
    )


def test_a_reload_shows_the_question_waiting_and_issues_no_other(learner_client, learner):
    token = page(learner_client, "counting-totals")[1]

    assert page(learner_client, "counting-totals")[1] == token
    assert learner_client.get(reverse("lessons:lesson", args=["counting-totals"])).content.count(
        token.encode()
    )
    assert list(IssuedQuestion.objects.filter(user=learner).values_list("nonce", flat=True)) == [token]


def test_a_question_older_than_a_day_is_refused_and_deleted_when_any_question_is_issued(
    learner_client, learner
):
    _, token = page(learner_client, "counting-totals")
    old = timezone.now() - questions.MAX_AGE - timedelta(minutes=1)
    IssuedQuestion.objects.filter(nonce=token).update(created_at=old)
    gone_learner = IssuedQuestionFactory(user=UserFactory(), created_at=old)

    response = answer(learner_client, "counting-totals", token, {"answer": "5"}, HX)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert escape(str(services.BAD_QUESTION)) in response.content.decode()
    assert not Attempt.objects.exists()
    assert not IssuedQuestion.objects.filter(pk=gone_learner.pk).exists()
    assert not IssuedQuestion.objects.filter(nonce=token).exists()
    assert IssuedQuestion.objects.filter(user=learner).count() == 1  # the fresh question on the page
