"""A lesson page's GET writes nothing (issue 27): in a browser, the page posts the visit and asks for
the exercise's question when it loads; with JavaScript off, a button asks for the question."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from progress.models import LessonProgress
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_with_javascript_the_page_records_the_visit_and_shows_the_question(new_context, log_in, course):
    user = UserFactory()
    context = new_context()
    log_in(context, user)
    page = context.new_page()

    visit_url = reverse("lessons:lesson-visit", args=["naturals"])
    with page.expect_response(lambda response: response.url.endswith(visit_url)) as visit:
        page.goto(reverse("lessons:lesson", args=["naturals"]))

    assert visit.value.status == 204
    exercise = page.locator("#exercise")
    expect(exercise.locator("input[name=token]")).to_have_count(1)
    expect(exercise.get_by_role("button", name="Show the exercise")).to_have_count(0)
    progress = LessonProgress.objects.get(user=user, lesson__slug="naturals")
    assert progress.last_visited is not None


def test_without_javascript_a_button_shows_the_question(new_context, log_in, course):
    user = UserFactory()
    context = new_context(java_script_enabled=False)
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("lessons:lesson", args=["naturals"]))

    page.locator("#exercise").get_by_role("button", name="Show the exercise").click()

    expect(page).to_have_url(reverse("lessons:lesson", args=["naturals"]) + "#exercise")
    expect(page.locator("#exercise input[name=token]")).to_have_count(1)
