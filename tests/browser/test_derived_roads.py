"""The derived roads in the browser: on the results page and beside the felt, at 1280 and at 375 px, the
three roads are drawn (red filled, blue hollow) and nothing makes the page scroll sideways."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from table import playing
from tests.browser.support import DESKTOP, PHONE
from tests.browser.test_phone import OVERFLOW
from tests.factories import SeatFactory, UserFactory
from tests.table.test_derived_roads_views import COUPS

pytestmark = pytest.mark.django_db(transaction=True)

ROADS = ("big-eye-boy", "small-road", "cockroach-pig")


def played_shoe(times: int = 3):
    """A learner whose shoe has the known coups three times over (33 coups: roads several columns long)."""
    user = UserFactory()
    seat = SeatFactory(user=user)
    playing.shoe_arrange(seat, " ".join(cards for _ in range(times) for _, cards in COUPS))
    for _ in range(times * len(COUPS)):
        playing.round_play(seat, {"player": 5})
    return user


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "375"])
def test_the_three_roads_are_visible_and_the_page_does_not_scroll_sideways(new_context, course, log_in, size):
    context = new_context(viewport=size, is_mobile=size is PHONE, has_touch=size is PHONE)
    log_in(context, played_shoe())
    page = context.new_page()
    for path in (reverse("table:results"), reverse("table:play")):
        page.goto(path)
        for key in ROADS:
            road = page.locator(f"#road-{key} .derived-road")
            road.scroll_into_view_if_needed()
            expect(road).to_be_visible()
            assert road.locator(".derived-cell.red").count() + road.locator(".derived-cell.blue").count() > 0
            box = page.locator(f"#road-{key} .road-scroll").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5, key
        # Red is a filled dot, blue a hollow ring: told apart without their colours.
        red, blue = (
            page.locator(f"#road-big-eye-boy .derived-cell.{mark}").first.evaluate(
                "cell => getComputedStyle(cell, '::after').backgroundColor"
            )
            for mark in ("red", "blue")
        )
        assert red != "rgba(0, 0, 0, 0)" and blue == "rgba(0, 0, 0, 0)"
        measured = page.evaluate(OVERFLOW)
        assert measured["scrollWidth"] <= size["width"], (path, measured)
