"""What a lesson page asks for with POSTs, as its GET writes nothing (issue 27): the visit (study time,
last visited) and the exercise's question, issued and kept on the server."""

from __future__ import annotations

from datetime import timedelta
from http import HTTPStatus

import pytest
from django.urls import reverse

from lessons.models import IssuedQuestion
from progress.models import LessonProgress
from tests.support import HX, MODES, parse

pytestmark = pytest.mark.usefixtures("course")


def visit(client, slug="naturals", **headers):
    return client.post(reverse("lessons:lesson-visit", args=[slug]), headers=headers)


def test_the_page_posts_its_visit_when_it_loads(learner_client):
    page = parse(learner_client.get(reverse("lessons:lesson", args=["naturals"])).content.decode())

    trigger = page.find("div", hx_post=reverse("lessons:lesson-visit", args=["naturals"]))
    assert trigger.attrs["hx-trigger"] == "load" and trigger.attrs["hx-swap"] == "none"


def test_visits_record_start_last_visit_and_study_time(learner_client, learner):
    assert visit(learner_client, **HX).status_code == HTTPStatus.NO_CONTENT
    progress = LessonProgress.objects.get(user=learner, lesson__slug="naturals")
    LessonProgress.objects.filter(pk=progress.pk).update(
        last_visited=progress.last_visited.replace(microsecond=0) - timedelta(minutes=3)
    )

    visit(learner_client, **HX)
    visit(learner_client, **HX)  # a replay adds only the moment between

    progress.refresh_from_db()
    assert 170 <= progress.seconds_spent <= 200
    assert progress.completed_at is None


def test_a_visit_is_refused_clearly_when_it_is_not_a_learners_post(client, learner_client):
    assert learner_client.get(reverse("lessons:lesson-visit", args=["naturals"])).status_code == (
        HTTPStatus.METHOD_NOT_ALLOWED
    )
    assert visit(learner_client, "no-such-lesson").status_code == HTTPStatus.NOT_FOUND
    client.logout()
    assert visit(client).status_code == HTTPStatus.FORBIDDEN
    assert not LessonProgress.objects.exists()


@pytest.mark.parametrize("headers", MODES)
def test_a_page_with_no_question_waiting_asks_for_one_and_shows_it(learner_client, learner, headers):
    url = reverse("lessons:lesson", args=["naturals"])
    show = reverse("lessons:exercise-show", args=["naturals"])
    form = parse(learner_client.get(url).content.decode()).find("form", action=show)
    assert form.attrs["hx-post"] == show and "load" in form.attrs["hx-trigger"]
    assert not IssuedQuestion.objects.exists()

    response = learner_client.post(show, headers=headers)
    again = learner_client.post(show, headers=headers)  # a doubled request shows the same question

    issued = IssuedQuestion.objects.get(user=learner)
    if headers:
        assert response.status_code == HTTPStatus.OK and issued.nonce in again.content.decode()
        assert "<html" not in response.content.decode()
    else:  # without JavaScript: back to the page, which shows the question now waiting
        assert response.status_code == HTTPStatus.FOUND and response.url == f"{url}#exercise"
    assert issued.nonce in learner_client.get(url).content.decode()


def test_showing_the_exercise_is_refused_clearly_when_it_is_not_a_learners_post(client, learner_client):
    show = reverse("lessons:exercise-show", args=["naturals"])
    assert learner_client.get(show).status_code == HTTPStatus.METHOD_NOT_ALLOWED
    assert learner_client.post(reverse("lessons:exercise-show", args=["nope"])).status_code == 404
    client.logout()
    assert client.post(show).status_code == HTTPStatus.FORBIDDEN
    assert not IssuedQuestion.objects.exists()
