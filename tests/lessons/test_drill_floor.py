"""The drawing-table drill cannot be mastered at machine speed: answers under the floor are not counted.

Time is the server's: ``Clock`` (from ``conftest``) replaces ``timezone.now``.
"""

from decimal import Decimal
from http import HTTPStatus

import pytest
from django.urls import reverse

from lessons import drill
from lessons.models import IssuedQuestion
from progress.heatmap import CELLS
from progress.models import DRILL_FLOOR_SECONDS, MASTERY_STREAK, Attempt, DrillCell, DrillMasteryReached
from tests.lessons.test_payout import MODES, token_of

pytestmark = pytest.mark.django_db


def right_answer(token):
    return drill.answer_for(drill.cell_from_question(IssuedQuestion.objects.get(nonce=token).question))


def test_the_drills_floor_is_half_a_second():
    assert Decimal("0.5") == DRILL_FLOOR_SECONDS


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize(("seconds", "too_fast"), [("0", True), ("0.49", True), ("0.5", False), ("3", False)])
def test_an_answer_under_the_floor_is_recorded_and_not_counted_on_its_cell(
    learner_client, learner, clock, headers, seconds, too_fast
):
    token = token_of(learner_client.get(reverse("drill:page"), headers=headers))
    value = right_answer(token)
    clock.tick(seconds)
    response = learner_client.post(
        reverse("drill:answer"), {"token": token, "answer": value}, headers=headers
    )
    assert response.status_code == HTTPStatus.OK
    attempt = Attempt.objects.get(user=learner, source=Attempt.Source.DRILL)
    assert (attempt.correct, attempt.too_fast, attempt.seconds) == (
        True,
        too_fast,
        Decimal(seconds).quantize(Decimal("0.01")),
    )
    counted = DrillCell.objects.filter(user=learner, attempts=1, correct=1, streak=1).exists()
    assert counted is not too_fast
    assert ("faster than anyone can read the question" in response.content.decode()) is too_fast


def test_a_script_answering_every_cell_at_machine_speed_masters_none(learner_client, learner, clock):
    response = learner_client.get(reverse("drill:page"))
    for _ in range(len(CELLS) * MASTERY_STREAK):
        token = token_of(response)
        clock.tick("0.05")
        response = learner_client.post(
            reverse("drill:answer"), {"token": token, "answer": right_answer(token)}
        )
    assert not DrillCell.objects.filter(user=learner).exists()
    assert not DrillMasteryReached.objects.filter(user=learner).exists()
    assert Attempt.objects.filter(user=learner, too_fast=True).count() == len(CELLS) * MASTERY_STREAK
