"""The class list's links, the weakest cells, and the assignments a learner sees.

Moved from test_assignments_admin.py, which had grown past 450 lines."""
# ruff: noqa: F811 - the fixtures imported from test_assignments_admin

from __future__ import annotations

from http import HTTPStatus

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.factories import (
    AssignmentFactory,
    DrillCellFactory,
    LessonProgressFactory,
    UserFactory,
)
from tests.instructors.test_assignments_admin import HOUR, as_a, assigned, join, lesson, progress_url, world  # noqa: F401 - fixtures
from tests.support import HX, parse


def test_every_class_row_of_the_class_list_links_to_its_progress(client, world):
    client.force_login(UserFactory(is_staff=True, is_superuser=True, username="root"))

    body = client.get(reverse("admin:accounts_classroom_changelist")).content.decode()

    for classroom in (world["class_a"], world["class_b"]):
        assert [link.text for link in parse(body).find_all("a", href=progress_url(classroom))] == [
            "Class progress"
        ]


# --- Weakest and thin cells ---------------------------------------------------------------------


def test_weakest_cells_state_their_minimum_and_thin_cells_are_listed_apart(as_a, world):
    ada = join(world["class_a"], "ada")
    DrillCellFactory(user=ada, banker_total=3, third="8", attempts=6, correct=2)
    DrillCellFactory(user=ada, banker_total=0, third="0", attempts=2, correct=0)
    DrillCellFactory(user=ada, banker_total=6, third="stood", attempts=4, correct=3)

    response = as_a.get(progress_url(world["class_a"]))

    heat = response.context["progress"].heat
    assert [cell.name for cell in heat.weakest] == ["Banker 3, Player's third card 8"]
    assert [cell.name for cell in heat.thin] == ["Banker 0, Player's third card 0", "Banker 6, Player stood"]
    body = response.content.decode().replace("&#x27;", "'")
    assert "Cells with at least 5 answers from the class, lowest share right first." in body
    assert "Cells with fewer than 5 answers" in body
    assert "Banker 0, Player's third card 0 (Banker draws): 0 of 2 answers right" in body
    assert "Banker 6, Player stood (Banker stands): 3 of 4 answers right" in body


# --- The learner's home page ---------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_a_learner_sees_what_is_due_soonest_first_with_its_state(client, world, assigned, htmx):
    client.force_login(assigned["bea"])
    headers = HX if htmx else {}

    response = client.get(reverse("home"), headers=headers)

    assert response.status_code == HTTPStatus.OK
    states = response.context["assignments"]
    assert [(state.assignment, state.status) for state in states] == [
        (assigned["past"], "late"),
        (assigned["coming"], "pending"),
    ]
    body = response.content.decode()
    assert "What your class asks of you" in body
    assert body.index("done late") < body.index("pending")
    assert f'href="{reverse("lessons:lesson", args=[lesson(3).slug])}"' in body


def test_a_learner_without_a_class_sees_no_assignments_section(client, world):
    client.force_login(UserFactory(username="loner"))

    response = client.get(reverse("home"))

    assert response.context["assignments"] == []
    assert "What your class asks of you" not in response.content.decode()


def test_the_class_page_with_assignments_takes_as_many_queries_for_ten_learners_as_for_three(
    as_a, world, assigned
):
    AssignmentFactory(classroom=world["class_a"], kind="drill-mastery", due_at=timezone.now() + HOUR)
    url = progress_url(world["class_a"])
    as_a.get(url)  # warm up per-process caches
    with CaptureQueriesContext(connection) as three:
        as_a.get(url)
    for number in range(7):
        learner = join(world["class_a"], f"extra-{number}")
        LessonProgressFactory(user=learner, lesson=lesson(2), completed_at=timezone.now())
    with CaptureQueriesContext(connection) as ten:
        as_a.get(url)

    assert len(ten) == len(three)
