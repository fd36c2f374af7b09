"""The drill's answers: bad input, unanswered and replayed questions, and the feedback on an answer.

Moved from test_drill.py, which had grown past 450 lines."""

from __future__ import annotations

from http import HTTPStatus

import pytest
from django.urls import reverse
from django.utils.html import escape

from lessons import drill, questions
from progress.models import Attempt, DrillCell
from tests.factories import UserFactory
from tests.lessons.test_drill import (
    _TOKEN,
    _forged,
    _lessons_token,
    _tampered,
    answer,
    cell_of,
    person_pace,  # noqa: F401 - fixtures
    token_for,
)
from tests.support import HX, MODES, parse


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize(
    ("make_token", "value", "message"),
    [
        (lambda user: "", "draws", drill.TOKEN_MISSING),
        (_tampered, "draws", drill.TOKEN_BAD),
        (_forged, "draws", drill.TOKEN_BAD),
        (lambda user: "not-a-token", "draws", drill.TOKEN_BAD),
        (lambda user: token_for(UserFactory(), 4, "2"), "draws", drill.TOKEN_BAD),
        (_lessons_token, "draws", drill.TOKEN_BAD),
        (
            lambda user: questions.question_issue(
                user=user, question={"kind": "banker-table", "banker_total": 8, "third": "2"}
            ),
            "draws",
            drill.TOKEN_BAD,
        ),
        (
            lambda user: questions.question_issue(
                user=user, question={"kind": "banker-table", "banker_total": 4, "third": "10"}
            ),
            "draws",
            drill.TOKEN_BAD,
        ),
        (lambda user: token_for(user, 4, "2"), None, drill.ANSWER_MISSING),
        (lambda user: token_for(user, 4, "2"), "", drill.ANSWER_MISSING),
        (lambda user: token_for(user, 4, "2"), "maybe", drill.ANSWER_UNKNOWN),
        (lambda user: token_for(user, 4, "2"), "DRAWS", drill.ANSWER_UNKNOWN),
    ],
    ids=[
        "missing-token",
        "tampered-token",
        "forged-token",
        "malformed-token",
        "another-learners-token",
        "another-exercises-token",
        "banker-total-out-of-range",
        "third-card-out-of-range",
        "missing-answer",
        "empty-answer",
        "unknown-answer",
        "answer-in-capitals",
    ],
)
def test_bad_input_gets_a_clear_400_and_nothing_is_recorded(
    learner_client, learner, headers, make_token, value, message
):
    response = answer(learner_client, make_token(learner), value, headers)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    html = response.content.decode()
    assert escape(str(message)) in html
    assert (b"<html" in response.content) is not bool(headers)
    assert 'id="drill-panel"' in html and _TOKEN.search(html)
    assert not Attempt.objects.exists()
    assert not DrillCell.objects.exists()


def test_a_question_left_without_an_answer_is_asked_again_and_can_still_be_answered(learner_client, learner):
    token = token_for(learner, 4, "8")

    refused = answer(learner_client, token, None, HX)

    assert _TOKEN.search(refused.content.decode()).group(1) == token
    assert escape(drill.prompt_for(drill.Cell(4, "8"))) in refused.content.decode()
    assert answer(learner_client, token, "stands", HX).status_code == HTTPStatus.OK
    assert cell_of(learner, 4, "8").correct == 1


@pytest.mark.parametrize("headers", MODES)
def test_a_replayed_answer_gets_409_and_is_counted_once(learner_client, learner, headers):
    token = token_for(learner, 6, "7")
    first = answer(learner_client, token, "draws", headers)

    again = answer(learner_client, token, "stands", headers)

    assert first.status_code == HTTPStatus.OK
    assert again.status_code == HTTPStatus.CONFLICT
    html = again.content.decode()
    assert escape(str(drill.ALREADY_ANSWERED)) in html
    assert (b"<html" in again.content) is not bool(headers)
    assert "✓ Right:" in html  # the answer that counted, shown again
    assert _TOKEN.search(html).group(1) != token
    cell = cell_of(learner, 6, "7")
    assert (cell.attempts, cell.correct, cell.streak) == (1, 1, 1)
    assert Attempt.objects.filter(user=learner).count() == 1


def test_the_drill_page_refuses_a_post_and_the_answer_url_a_get(learner_client):
    assert learner_client.post(reverse("drill:page")).status_code == HTTPStatus.METHOD_NOT_ALLOWED
    assert learner_client.get(reverse("drill:answer")).status_code == HTTPStatus.METHOD_NOT_ALLOWED


@pytest.mark.parametrize("headers", MODES)
def test_a_wrong_answer_explains_the_rule_of_the_row_and_points_to_the_memory_aid(
    learner_client, learner, headers
):
    """Issue 17: the drill explains a wrong answer as lesson 8's exercise does, and links the memory aid."""
    html = answer(learner_client, token_for(learner, 4, "8"), "draws", headers).content.decode()

    assert (
        escape(
            "Player drew a card worth 8; on 4 Banker draws when the third card is 2 to 7, so Banker stands."
        )
        in html
    )
    aid = reverse("lessons:lesson", args=["banker-table"]) + "#banker-memory-aid"
    assert "memory aid in lesson 8" in [link.text for link in parse(html).find_all("a", href=aid)]
    lesson = learner_client.get(reverse("lessons:lesson", args=["banker-table"])).content.decode()
    assert 'id="banker-memory-aid"' in lesson


def test_a_right_answer_is_not_lectured(learner_client, learner):
    html = answer(learner_client, token_for(learner, 4, "8"), "stands", HX).content.decode()
    assert "memory aid" not in html and "Player drew a card worth 8" not in html
