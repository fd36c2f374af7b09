"""A whole practice-table round with the keyboard alone: no click, no pointer."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.support import DEAL, htmx_press
from tests.factories import SeatFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

NATURAL_8_TO_5 = "4S 2H 4D 3C"


def tab_to(page, target, *, limit: int = 40) -> int:
    """Press Tab until ``target`` has the focus; return how many presses that took."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if target.evaluate("element => element === document.activeElement"):
            return presses
    raise AssertionError(f"{target} never got the focus in {limit} presses of Tab")


def test_a_whole_round_is_staked_confirmed_dealt_and_settled_with_the_keyboard_alone(
    page, course, log_in, snap
):
    """Tab to the Player stake, type 10, Tab to Confirm, Enter; then Enter on the Deal button, to the end."""
    user = UserFactory()
    SeatFactory(user=user, cards=NATURAL_8_TO_5)  # coach mode off: the cards come without questions
    log_in(page.context, user)
    page.goto(reverse("table:play"))

    tab_to(page, page.get_by_role("textbox", name="Player chips", exact=True))
    page.keyboard.type("10")
    tab_to(page, page.get_by_role("button", name="Confirm bets"))
    htmx_press(page, "Enter")

    deal = page.get_by_role("button", name=DEAL)
    expect(deal).to_be_focused()
    expect(page.locator("dl.status")).to_contain_text("90.00 chips")
    # The focus ring shows where Enter goes (WCAG 2.4.7), after a swap as after a Tab.
    assert deal.evaluate("button => getComputedStyle(button).outlineStyle") != "none"

    result = page.get_by_role("region", name="Result")
    presses = 0
    while not result.is_visible():
        assert presses < 6, "a coup never needs more than six cards"
        expect(deal).to_be_focused()
        htmx_press(page, "Enter")
        presses += 1
    snap(page, "keyboard-round-settled")

    assert presses == 4
    expect(result).to_contain_text("Player wins, 8 to 5 (a natural)")
    expect(result).to_contain_text("Balance: 110.00 chips.")
    expect(page.get_by_role("region", name="Result").get_by_role("heading")).to_be_focused()
    cards = page.locator(".felt").get_by_role("img")
    expect(cards).to_have_count(4)
