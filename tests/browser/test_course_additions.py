"""Lessons 4, 6 and 9 with their additions, in a real browser: nothing scrolls sideways on a phone,
the two-spot example settles at 99.50 when dealt by clicking, and screenshots for the eye."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.support import DEAL, PHONE, htmx_click, lesson_loaded
from tests.factories import UserFactory

#: What in the page's main part reaches past the right edge of the phone (a wide table may scroll in its box).
MAIN_OVERFLOW = """(width) => [...document.querySelectorAll('main *')]
  .filter((el) => !el.parentElement.closest('.table-scroll'))
  .filter((el) => el.getBoundingClientRect().right > width + 0.5)
  .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`)"""
CHANGED = ("first-stake", "settlement", "house-edge")
LOCALES = {"en": "en-GB", "de": "de-DE", "id": "id-ID"}


def deal_lion_example(user) -> None:
    """Deal lesson 9's Lion Bonus example to its end (the cards are arranged; no stake)."""
    client = Client()
    client.force_login(user)
    for index in range(5):
        client.post(
            reverse("lessons:example-deal", args=["house-edge", "lion-bonus"]),
            {"round": "1", "card": str(index)},
            headers={"HX-Request": "true"},
        )


@pytest.mark.parametrize("language", ["en", "de", "id"])
def test_the_changed_lessons_fit_a_phone_and_are_photographed(new_context, course, log_in, snap, language):
    user = UserFactory()
    deal_lion_example(user)
    context = new_context(locale=LOCALES[language], viewport=PHONE, is_mobile=True, has_touch=True)
    log_in(context, user)
    page = context.new_page()
    for slug in CHANGED:
        response = page.goto(reverse("lessons:lesson", args=[slug]))
        assert response is not None and response.ok
        lesson_loaded(page)
        # The lesson itself (the site's header is not part of these additions).
        wide = page.evaluate(MAIN_OVERFLOW, PHONE["width"])
        assert not wide, f"{slug} in {language}: {wide}"
        if language != "id" or slug == "house-edge":
            snap(page, f"course-additions-{slug}-{language}")


def test_the_two_spot_example_is_dealt_by_clicking(new_context, course, log_in, snap):
    user = UserFactory()
    context = new_context()
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("lessons:lesson", args=["settlement"]) + "#example-both-spots-section")
    lesson_loaded(page)
    panel = page.locator("#example-both-spots")
    panel.locator("input[name='stake_player']").fill("10")
    panel.locator("input[name='stake_banker']").fill("10")
    htmx_click(page, panel.get_by_role("button", name="Confirm bets"))
    expect(page.locator("#example-both-spots")).to_contain_text("80.00 chips")
    for _ in range(4):
        htmx_click(page, page.locator("#example-both-spots").get_by_role("button", name=DEAL))
    expect(page.locator("#example-both-spots")).to_contain_text("99.50 chips")
    snap(page, "course-additions-both-spots-dealt")
