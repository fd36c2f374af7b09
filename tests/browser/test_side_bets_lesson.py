"""Lesson 10 in a browser: screenshots at 1280 and 375 px in all three languages, none wider than a phone,
the worked example dealt card by card, and no serious axe violation."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from accounts.models import Profile
from lessons.side_bets import SLUG
from tests.browser.test_accessibility import report as axe_report
from tests.browser.test_accessibility import scan
from tests.browser.test_phone import report, sideways
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("language", ["en", "de", "id"])
def test_the_side_bets_lesson_fits_a_phone_and_a_laptop(new_context, language, log_in, course, snap):
    user = UserFactory()
    Profile.objects.update_or_create(user=user, defaults={"language": language})
    context = new_context(viewport={"width": 375, "height": 812})
    log_in(context, user)
    page = context.new_page()
    path = reverse("lessons:lesson", args=[SLUG])

    assert not (wide := sideways(page, [path])), report(wide)
    expect(page.locator("tr[data-bet]")).to_have_count(8)
    expect(page.locator("tr[data-table]")).to_have_count(3)
    snap(page, f"lesson-10-side-bets-{language}")


def test_the_side_bets_lesson_has_no_serious_axe_violation(new_context, log_in, course):
    context = new_context()
    log_in(context, UserFactory())
    page = context.new_page()
    failures: dict[str, list[str]] = {}

    scan(page, reverse("lessons:lesson", args=[SLUG]), failures)

    assert not failures, axe_report(failures)
