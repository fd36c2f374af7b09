"""Issue 26's new lesson text and the odds page's claim, in a browser: at 1280 and 375 px, in English,
German and Indonesian, none wider than a phone; the new sections are shot on their own as well."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from accounts.models import Profile
from baccarat import Bet, BetKind
from lessons.systems import SLUG
from table import services
from tests.browser.support import DESKTOP, PHONE
from tests.browser.test_phone import report, sideways
from tests.factories import SeatFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

#: (lesson slug, the new blocks' selector, screenshot name)
SECTIONS = [
    (SLUG, "p.side-bets, #bankroll-and-variance, p.variance", "lesson-10-side-bets-and-variance"),
    ("house-edge", "p.dragon-bonus", "lesson-9-dragon-bonus"),
]


@pytest.mark.parametrize("language", ["en", "de", "id"])
def test_the_new_lesson_text_fits_a_phone_and_a_laptop(
    new_context, language, log_in, course, snap, artifacts
):
    user = UserFactory()
    Profile.objects.update_or_create(user=user, defaults={"language": language})
    context = new_context(viewport=PHONE)
    log_in(context, user)
    page = context.new_page()
    for slug, selector, name in SECTIONS:
        path = reverse("lessons:lesson", args=[slug])
        assert not (wide := sideways(page, [path])), report(wide)
        blocks = page.locator(selector)
        expect(blocks.first).to_be_visible()
        for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size(size)
            top = blocks.first.evaluate("e => e.getBoundingClientRect().top + window.scrollY")
            bottom = blocks.last.evaluate("e => e.getBoundingClientRect().bottom + window.scrollY")
            page.screenshot(
                path=artifacts / f"{name}-{language}-{label}-{size['width']}.png",
                clip={"x": 0, "y": top - 8, "width": size["width"], "height": bottom - top + 16},
                full_page=True,
            )
    page.set_viewport_size(PHONE)
    snap(page, f"lesson-9-house-edge-{language}")


@pytest.mark.parametrize("language", ["en", "de", "id"])
def test_the_odds_page_says_which_bets_can_turn(new_context, language, log_in, course, snap):
    seat = SeatFactory()
    services.round_confirm(
        user=seat.user, seat_id=seat.pk, bets=[Bet(BetKind.PLAYER, Decimal(10))]
    )  # the shoe starts
    Profile.objects.update_or_create(user=seat.user, defaults={"language": language})
    context = new_context(viewport=PHONE)
    log_in(context, seat.user)
    page = context.new_page()

    assert not (wide := sideways(page, [reverse("table:odds")])), report(wide)
    expect(page.locator("p.side-bets")).to_be_visible()
    snap(page, f"odds-page-side-bets-{language}")
