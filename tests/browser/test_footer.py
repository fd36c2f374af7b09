"""Issue 26, item 20: the honest word about gambling, as a reader sees it at 1280 and 375 px.

Screenshots: ``test-artifacts/footer-<page>-<language>-<width>.png`` (the footer itself) and
``footer-<page>-<language>-{desktop-1280,phone-375}.png`` (the whole page).
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.support import PHONE
from tests.factories import SeatFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

LOSES = "In the long run nearly everyone who gambles loses: every bet carries a house edge."
ILLEGAL = (
    "Gambling is illegal in Indonesia. This is a course in probability and procedure, "
    "not an invitation to gamble."
)
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": PHONE}


def said(code, text):
    with translation.override(code):
        return translation.gettext(text)


@pytest.mark.parametrize("code", ["en", "id"])
@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("where", ["lesson", "table"])
def test_the_footer_is_read_whole_at_the_end_of_every_page(
    new_context, live_server, log_in, course, artifacts, snap, code, size, where
):
    context = new_context(viewport=SIZES[size])
    context.add_cookies([{"name": "language", "value": code, "url": live_server.url}])
    if where == "table":
        seat = SeatFactory(user=UserFactory())
        log_in(context, seat.user)
        url = reverse("table:play")
    else:
        url = reverse("lessons:lesson", args=["hands-and-results"])
    page = context.new_page()
    page.goto(url)

    footer = page.locator("#site-footer")
    footer.scroll_into_view_if_needed()
    expect(footer).to_be_visible()
    expect(footer).to_contain_text(said(code, LOSES))
    if code == "id":
        expect(footer).to_contain_text(said(code, ILLEGAL))
    else:
        expect(footer).to_contain_text("0808 8020 133")
    box = footer.bounding_box()
    width = page.evaluate("document.documentElement.clientWidth")
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
    # Nothing in the footer sticks out sideways, and the text is not clipped.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert footer.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    footer.screenshot(path=artifacts / f"footer-{where}-{code}-{SIZES[size]['width']}.png")
    if size == "desktop":
        snap(page, f"footer-{where}-{code}")
