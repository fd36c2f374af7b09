"""Issue 17 in a real browser: the drill explains a wrong answer and leads to lesson 8's memory aid."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from baccarat import banker_draws
from tests.browser.support import htmx_click
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

#: How lesson 9 writes 60000 coups and the Banker edge in each language.
WRITTEN = {"en": ("60,000", "1.0579%"), "de": ("60.000", "1,0579 %"), "id": ("60.000", "1,0579%")}


def _wrong_button(page):
    """The button with the wrong answer to the question on the page (worked out with the engine)."""
    prompt = page.locator(".drill-question legend").inner_text()
    total = int(re.search(r"Banker has (\d)", prompt).group(1))
    third = re.search(r"third card worth (\d)", prompt)
    draws = banker_draws(total, int(third.group(1)) if third else None)
    return page.get_by_role("button", name="Stands" if draws else "Draws", exact=True)


def test_a_wrong_drill_answer_explains_the_row_and_links_the_memory_aid(course, new_context, log_in, snap):
    context = new_context()
    log_in(context, UserFactory())
    page = context.new_page()
    page.goto(reverse("drill:page"))

    htmx_click(page, _wrong_button(page))

    feedback = page.locator(".drill-feedback")
    expect(feedback).to_contain_text("Not this time")
    expect(feedback).to_contain_text(re.compile(r"(on \d Banker|Player stood, so Banker)"))
    snap(page, "coursefix-drill-wrong-answer")
    feedback.get_by_role("link", name="memory aid in lesson 8").click()
    expect(page).to_have_url(re.compile(r"/lessons/banker-table/#banker-memory-aid$"))
    expect(page.locator("#banker-memory-aid")).to_be_in_viewport()
    snap(page, "coursefix-lesson-8-memory-aid")


@pytest.mark.parametrize("language", ["en", "de", "id"])
def test_lesson_9_prints_grouped_counts_and_the_locale_percent_sign(
    course, new_context, log_in, snap, live_server, language
):
    context = new_context()
    context.add_cookies([{"name": "language", "value": language, "url": live_server.url}])
    log_in(context, UserFactory())
    page = context.new_page()
    page.goto(reverse("lessons:lesson", args=["house-edge"]))

    grouped, percent = WRITTEN[language]
    expect(page.locator("main")).to_contain_text(grouped)
    expect(page.locator("main")).to_contain_text(percent)
    snap(page, f"coursefix-lesson-9-{language}")
