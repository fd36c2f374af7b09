"""Dealer mode in a real browser: a whole round by keyboard alone at 1280x800 and by clicks on chips
at 375x812, in English, German and Indonesian; axe finds no serious or critical violation.

The live server runs in this process, so the test reads the right action from the database
(``dealer.playing.right_action``) and the machine-speed floor is set to zero here (a test browser
acts faster than a person can; the floor has its own tests in ``tests/dealer``).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from dealer.models import DealerRound
from dealer.playing import right_action
from dealer.services import rounds as dealer_rounds
from table.amounts import chips_text
from tests.browser.support import DESKTOP, htmx_settled
from tests.browser.test_accessibility import report as axe_report
from tests.browser.test_accessibility import scan
from tests.browser.test_phone import OVERFLOW
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

PHONE_812 = {"width": 375, "height": 812}
CLEAN = {"en": "A clean round", "de": "Eine saubere Runde", "id": "Ronde bersih"}


def current(round_id: int) -> DealerRound:
    return DealerRound.objects.select_related("session").get(pk=round_id)


def wait_step(page, step: int) -> None:
    """Wait until the panel shows a step past ``step`` (the action was answered and swapped in)."""
    page.wait_for_function(
        "step => { const panel = document.getElementById('dealer-panel');"
        " return panel && Number(panel.dataset.step) > step; }",
        arg=step,
    )
    htmx_settled(page)


def tab_to(page, selector: str, limit: int = 120) -> None:
    """Move the keyboard focus with Tab until it is on ``selector``."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def by_keyboard(page, round: DealerRound, language: str) -> None:
    action = right_action(round)
    if action["do"] in ("deal", "stand"):
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.keyboard.press({"player": "p", "banker": "b"}.get(action.get("hand", ""), "s"))
    elif action["do"] == "call":
        tab_to(page, f"button[name=option][value='{action['option']}']")
        page.keyboard.press("Enter")
    elif action["do"] == "take":
        tab_to(page, f"form:has(input[name=bet][value='{action['bet']}']) button[value=take]")
        page.keyboard.press("Enter")
    else:
        field = {
            "pay": f"#pay-{action.get('bet')}",
            "mark": "#mark-amount",
            "collect": f"#collect-{action.get('seat')}",
        }
        tab_to(page, field[action["do"]])
        with translation.override(language):
            page.keyboard.type(chips_text(Decimal(action["amount"])))
        page.keyboard.press("Enter")


def by_clicks(page, round: DealerRound, language: str) -> None:
    action = right_action(round)
    panel = page.locator("#dealer-panel")
    if action["do"] == "deal":
        panel.locator(f"button[name=hand][value={action['hand']}]").click()
    elif action["do"] == "stand":
        panel.locator("form:has(input[name=do][value=stand]) button").click()
    elif action["do"] == "call":
        panel.locator(f"button[name=option][value='{action['option']}']").click()
    elif action["do"] == "take":
        panel.locator(f"form:has(input[name=bet][value='{action['bet']}']) button[value=take]").click()
    elif action["do"] == "pay":
        form = panel.locator(f"form:has(input[name=bet][value='{action['bet']}'])")
        left = Decimal(action["amount"])
        for chip in ("100", "25", "5", "1", "0.25"):
            while left >= Decimal(chip):
                form.locator(f"button[data-chip='{chip}']").click()
                left -= Decimal(chip)
        form.locator("button[value=pay]").click()
    else:
        if action["do"] == "mark":
            panel.locator("#mark-seat").select_option(action["seat"])
        field = "#mark-amount" if action["do"] == "mark" else f"#collect-{action['seat']}"
        with translation.override(language):
            panel.locator(field).fill(chips_text(Decimal(action["amount"])))
        panel.locator(field).press("Enter")


@pytest.mark.parametrize("language", ["en", "de", "id"])
def test_a_dealer_round_by_keyboard_and_by_chips(page, log_in, live_server, artifacts, monkeypatch, language):
    monkeypatch.setattr(dealer_rounds, "too_fast", lambda kind, seconds: False)
    user = UserFactory()
    log_in(page.context, user)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    failures: dict[str, list[str]] = {}
    page.set_viewport_size(DESKTOP)
    page.goto(reverse("dealer:table"))
    scan(page, "", failures, f"{language} open form")
    tab_to(page, "form.dealer-open button[type=submit]")
    # The open form is a plain post: the dealer page is a new document, whose deferred scripts
    # (dealer.js, which turns the P key into the deal) run only once it has loaded. Waiting for the
    # panel alone let the first key go before that (the first deal was lost, 2 runs in 14).
    with page.expect_navigation(wait_until="load"):
        page.keyboard.press("Enter")
    page.wait_for_selector("#dealer-panel button[data-key]")
    htmx_settled(page)
    for viewport, play in ((DESKTOP, by_keyboard), (PHONE_812, by_clicks)):
        page.set_viewport_size(viewport)
        round = (
            DealerRound.objects.filter(session__user=user).order_by("-number").select_related("session")[0]
        )
        shot = 0
        while round.phase != "done":
            step = round.step
            play(page, round, language)
            wait_step(page, step)
            round = current(round.pk)
            if round.phase == "settle" and shot == 0:
                scan(page, "", failures, f"{language} {viewport['width']} settle")
                page.screenshot(
                    path=artifacts / f"dealer-{language}-settle-{viewport['width']}.png", full_page=True
                )
                shot = 1
        expect(page.locator(".dealer-done h2")).to_contain_text(CLEAN[language])
        assert round.clean, round.actions
        scan(page, "", failures, f"{language} {viewport['width']} done")
        measured = page.evaluate(OVERFLOW)
        assert measured["scrollWidth"] <= viewport["width"], measured
        page.screenshot(path=artifacts / f"dealer-{language}-done-{viewport['width']}.png", full_page=True)
        if viewport is DESKTOP:
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            page.keyboard.press("n")  # the next round, by its key
            page.wait_for_function("() => !document.querySelector('.dealer-done')")
            htmx_settled(page)
    assert not failures, axe_report(failures)
