"""Audition attempts and results for instructors: the class progress page, the CSV, the learner's page."""

from datetime import timedelta
from http import HTTPStatus

import pytest
from django.urls import reverse
from django.utils import timezone

from auditions import services
from instructors.report import class_progress
from tests.auditions.support import AuditionFactory, answer_all, start
from tests.factories import MembershipFactory, UserFactory
from tests.instructors.helpers import csv_rows, screen_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def attempts(classroom, learner, instructor):
    """ada: a failed attempt, then a passed one signed off; bob: one running; cyd: none."""
    audition = AuditionFactory(classroom=classroom, title="Final", written_weight=100, practical_weight=0)
    first = start(learner, audition, at=timezone.now() - timedelta(hours=2))
    answer_all(first, [True, False, False, False, False])
    services.attempt_finish(user=learner, attempt=first, now=first.started_at + timedelta(minutes=5))
    second = start(learner, audition, at=timezone.now() - timedelta(hours=1))
    end = answer_all(second, [True, True, True, True, False])
    second = services.attempt_finish(user=learner, attempt=second, now=end)
    services.attempt_sign_off(actor=instructor, attempt=second)
    bob = UserFactory(username="bob")
    MembershipFactory(user=bob, classroom=classroom)
    start(bob, audition)
    MembershipFactory(user=UserFactory(username="cyd"), classroom=classroom)
    return audition


def test_the_class_page_and_the_csv_show_each_learners_attempts(staff_client, classroom, attempts):
    page = staff_client.get(reverse("admin:accounts_classroom_progress", args=[classroom.pk]) + "?o=username")
    screen = screen_table(page)
    column = screen[0].index("Dealer audition")
    assert {row[0]: row[column] for row in screen[1:]} == {
        "ada": "2 attempts · passed 80 %, signed off",
        "bob": "1 attempt · running",
        "cyd": "—",
    }
    assert csv_rows(staff_client.get(page.context["csv_url"])) == [
        [text.removesuffix(" ▲").removesuffix(" ▼") for text in row] for row in screen
    ]


def test_the_class_page_sorts_by_the_audition(classroom, attempts):
    assert [row.username for row in class_progress(classroom, "audition").rows] == ["ada", "bob", "cyd"]


def test_the_learners_page_lists_every_attempt(staff_client, classroom, learner, attempts, instructor):
    response = staff_client.get(reverse("admin:accounts_classroom_learner", args=[classroom.pk, learner.pk]))
    assert response.status_code == HTTPStatus.OK
    body = response.content.decode()
    section = body[body.index('id="learner-auditions-title"') :]
    assert "1/5 right (0 too fast)" in section and "4/5 right (0 too fast)" in section
    assert f"passed, signed off by {instructor.username}" in section
    assert "not passed" in section
    assert ("Dealer audition", "2 attempts · passed 80 %, signed off") in response.context["learner"].summary
