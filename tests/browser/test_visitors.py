"""A visitor with no account deals lesson 1's worked example from the first page (issue 17).

Screenshots: ``test-artifacts/visitor-*.png`` (the home page and lesson 1 as a visitor, in English
and Indonesian, at 1280 px and 375 px).
"""

from __future__ import annotations

import pytest
from django.contrib.sessions.models import Session
from django.urls import reverse
from playwright.sync_api import expect

from table.models import LedgerEntry, Round, Seat
from tests.browser.support import DEAL, htmx_click

pytestmark = pytest.mark.django_db(transaction=True)

#: Lesson 1's example: 2 and 5 to Player, a king and an 8 to Banker.
FIRST_COUP = [("Player", "two"), ("Banker", "king"), ("Player", "five"), ("Banker", "eight")]


def test_a_visitor_deals_lesson_1s_example_from_the_first_page(new_context, course, snap):
    page = new_context().new_page()
    page.goto(reverse("home"))
    snap(page, "visitor-home-en")
    demo = page.locator("#example-first-coup")
    deal = demo.get_by_role("button", name=DEAL)

    for hand, name in FIRST_COUP:
        expect(deal).to_have_text(f"Deal card {FIRST_COUP.index((hand, name)) + 1} to {hand}")
        htmx_click(page, deal)
        expect(demo.get_by_role("group", name=hand).get_by_role("img", name=name)).to_be_visible()

    expect(demo.get_by_role("region", name="Result")).to_contain_text("Banker wins, 8 to 7")
    expect(page).to_have_url(reverse("home"))  # dealt right there, one card per click
    snap(page, "visitor-home-dealt-en")
    assert not (Seat.objects.exists() or Round.objects.exists() or LedgerEntry.objects.exists())
    assert Session.objects.count() == 0  # the example is kept in a signed cookie (issue 25)

    # The example goes on in lesson 1, and a restart deals it again from the first card.
    page.get_by_role("link", name="Start with lesson 1").click()
    panel = page.locator("#example-first-coup")
    expect(panel.get_by_role("region", name="Result")).to_contain_text("Banker wins, 8 to 7")
    htmx_click(page, panel.get_by_role("button", name="Restart example"))
    expect(panel.get_by_role("button", name=DEAL)).to_have_text("Deal card 1 to Player")
    expect(page.get_by_role("link", name="Create a learner account").last).to_be_visible()


def test_without_javascript_a_visitors_deal_from_the_first_page_continues_in_lesson_1(new_context, course):
    page = new_context(java_script_enabled=False).new_page()
    page.goto(reverse("home"))

    page.locator("#example-first-coup").get_by_role("button", name=DEAL).click()

    expect(page).to_have_url(reverse("lessons:lesson", args=["hands-and-results"]) + "#example-first-coup")
    panel = page.locator("#example-first-coup")
    expect(panel.get_by_role("group", name="Player").get_by_role("img", name="two")).to_be_visible()
    expect(panel.get_by_role("button", name=DEAL)).to_have_text("Deal card 2 to Banker")


@pytest.mark.parametrize("language", ["en", "id"])
def test_screenshots_of_the_first_page_and_lesson_1_for_a_visitor(
    new_context, course, snap, live_server, language
):
    context = new_context()
    context.add_cookies([{"name": "language", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.goto(reverse("home"))
    demo = page.locator("#example-first-coup")
    htmx_click(page, demo.get_by_role("button").first)  # one card dealt: the sentences show
    snap(page, f"visitor-home-one-card-{language}")

    page.goto(reverse("lessons:lesson", args=["hands-and-results"]))
    expect(page.locator("html")).to_have_attribute("lang", language)
    snap(page, f"visitor-lesson-1-{language}")
    page.goto(reverse("lessons:lesson", args=["first-stake"]))
    snap(page, f"visitor-lesson-4-refused-{language}")
