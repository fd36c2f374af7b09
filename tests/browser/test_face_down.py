"""Dealing face down in Chromium: each card comes as its back, turned by a click or a key, and what it
changed shows only then; with less motion asked for, the cards come face up at once."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from table.models import Seat
from tests.browser.support import DEAL, DESKTOP, PHONE, htmx_click, htmx_press, htmx_settled
from tests.factories import SeatFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

#: Player 4+4 (a natural 8), Banker 2+3: four cards, Player wins 8 to 5.
NATURAL_8_TO_5 = "4S 2H 4D 3C"
BACK = "Face-down card: turn it"


def table_face_down(context, log_in, dealer):
    user = UserFactory()
    seat = SeatFactory(user=user, cards=NATURAL_8_TO_5)
    Seat.objects.filter(pk=seat.pk).update(face_down=True)
    dealer.confirm(seat, player=10)
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))
    return page


def test_a_round_dealt_face_down_is_turned_by_click_and_by_key(new_context, log_in, course, dealer, snap):
    context = new_context(viewport=DESKTOP)
    page = table_face_down(context, log_in, dealer)
    panel = page.locator("#table-panel")
    player_total = panel.locator("#table-panel-total-player")

    # Card 1, turned by a click.
    htmx_click(page, panel.get_by_role("button", name=DEAL))
    back = panel.get_by_role("button", name=BACK)
    expect(back).to_be_focused()
    expect(back).to_have_attribute("aria-keyshortcuts", "T")
    expect(panel.locator("svg.card")).to_have_count(0)
    expect(player_total).to_have_text("")
    expect(panel.get_by_role("button", name=DEAL)).to_have_count(0)
    expect(panel.locator(".dealer-line")).to_contain_text("press T")
    snap(page, "face-down-01-card-down")
    back.click()
    htmx_settled(page)
    expect(panel.get_by_role("img", name="four of spades")).to_be_visible()
    expect(player_total).to_have_text("Total: 4")
    expect(panel.get_by_role("button", name=BACK)).to_have_count(0)
    expect(panel.get_by_role("button", name="Deal card 2 to Banker")).to_be_focused()
    snap(page, "face-down-02-card-turned")

    # Card 2, turned with Enter on the focused card; card 3 with Space; card 4 with T.
    for number, key in ((2, "Enter"), (3, " "), (4, "t")):
        htmx_press(page, "Enter")  # the Deal button has the focus
        expect(panel.get_by_role("button", name=BACK)).to_be_focused()
        expect(panel.locator("svg.card")).to_have_count(number - 1)
        htmx_press(page, key)
        expect(panel.locator("svg.card")).to_have_count(number)

    result = panel.get_by_role("region", name="Result")
    expect(result).to_contain_text("Player wins, 8 to 5 (a natural)")
    expect(panel.locator("#table-panel-status")).to_contain_text("110.00 chips")
    expect(panel.locator(":focus")).to_have_id("table-panel-result")


def test_the_last_card_keeps_the_result_and_balance_until_it_is_turned(new_context, log_in, course, dealer):
    context = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = table_face_down(context, log_in, dealer)
    panel = page.locator("#table-panel")
    for _ in range(3):
        htmx_click(page, panel.get_by_role("button", name=DEAL))
        htmx_click(page, panel.get_by_role("button", name=BACK))

    htmx_click(page, panel.get_by_role("button", name=DEAL))

    expect(panel.get_by_role("button", name=BACK)).to_be_visible()
    expect(panel.get_by_role("region", name="Result")).to_have_count(0)
    expect(panel.locator("#table-panel-status")).not_to_contain_text("110.00")
    expect(page.locator("#table-panel-live")).not_to_contain_text("wins")
    page.keyboard.press("T")
    htmx_settled(page)
    expect(panel.get_by_role("region", name="Result")).to_contain_text("Player wins")
    expect(panel.locator("#table-panel-status")).to_contain_text("110.00 chips")


def test_with_less_motion_the_cards_come_face_up_at_once(new_context, log_in, course, dealer):
    context = new_context(viewport=DESKTOP, reduced_motion="reduce")
    page = table_face_down(context, log_in, dealer)
    panel = page.locator("#table-panel")
    seen_backs = page.evaluate_handle("""() => {
      const seen = {count: 0};
      new MutationObserver(() => { if (document.querySelector('button.card-back')) seen.count++; })
        .observe(document.body, {childList: true, subtree: true});
      return seen;
    }""")

    for number in range(1, 5):
        htmx_click(page, panel.get_by_role("button", name=DEAL))
        expect(panel.locator("svg.card")).to_have_count(number)

    assert seen_backs.evaluate("seen => seen.count") == 0
    expect(panel.get_by_role("region", name="Result")).to_contain_text("Player wins, 8 to 5 (a natural)")
