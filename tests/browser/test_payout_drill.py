"""The payout drill in a real browser: a learner reaches mastery; English and German, laptop and phone."""

from __future__ import annotations

import random
from datetime import timedelta
from decimal import Decimal

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation
from playwright.sync_api import expect

from lessons import payout, services
from lessons.models import IssuedQuestion
from progress.models import PAYOUT_MASTERY_STREAK, PayoutRecord
from table.amounts import chips_text
from tests.browser.support import PHONE, htmx_press, htmx_settled
from tests.browser.test_accessibility import report as axe_report
from tests.browser.test_accessibility import scan
from tests.browser.test_phone import OVERFLOW
from tests.factories import UserFactory

#: A question with four bets and every kind of working (a Tie win, pushes, a Lion Bonus lost).
SEVERAL = {
    "kind": "payout-several",
    "table": "no-commission",
    "winner": "tie",
    "player": 9,
    "banker": 9,
    "natural": False,
    "bets": [["player", "40"], ["banker", "65"], ["tie", "80"], ["lion_banker", "40"]],
    "ask": [["player", "paid"], ["banker", "paid"], ["tie", "paid"], ["lion_banker", "paid"]],
}


def seed_right_answers(user, count: int) -> None:
    """``count`` right answers, each 2 s after its question (over the floor), through the drill's services."""
    rng = random.Random(19)
    for _ in range(count):
        kept = payout.make_question(rng)
        token = services.payout_question_issue(user=user, question=kept)
        IssuedQuestion.objects.filter(nonce=token).update(created_at=timezone.now() - timedelta(seconds=2))
        amounts = {name: str(value) for name, value in payout.read_question(kept).expected().items()}
        services.payout_answer_grade(user=user, token=token, data=amounts)


def typed_right_answers(page, language: str) -> dict[str, str]:
    """The right amounts of the question on the page, written as a learner of ``language`` would."""
    token = page.locator("#payout-panel input[name=token]").input_value()
    expected = payout.read_question(IssuedQuestion.objects.get(nonce=token).question).expected()
    with translation.override(language):
        return {name: chips_text(value, grouping=True) for name, value in expected.items()}


def answer(page, amounts: dict[str, str]) -> None:
    for name, text in amounts.items():
        page.locator(f"#payout-panel input[name='{name}']").fill(text)
    htmx_press(page)


def fits_the_phone(page) -> None:
    page.set_viewport_size(PHONE)
    measured = page.evaluate(OVERFLOW)
    assert measured["scrollWidth"] <= PHONE["width"], measured["culprits"]


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_learner_reaches_payout_drill_mastery_with_the_last_answer_typed_in_the_browser(
    page, course, log_in, snap, live_server, language
):
    learner = UserFactory()
    seed_right_answers(learner, PAYOUT_MASTERY_STREAK - 1)
    log_in(page.context, learner)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    page.goto(reverse("drill:payout"))
    words = {
        "en": ("19 of 20", "20 of 20", "Mastered on", "✓ Right"),
        "de": ("19 von 20", "20 von 20", "Gemeistert am", "✓ Richtig"),
    }[language]
    record = page.locator(".payout-record")
    expect(record).to_contain_text(words[0])
    expect(page.locator(".payout-mastered")).to_have_count(0)
    first_box = page.locator("#payout-panel input[type=text]").first
    expect(first_box).to_be_focused()

    amounts = typed_right_answers(page, language)
    # The clock starts 1.5 s ago, not when the page was served: on a busy test machine the checks above
    # take seconds that a learner would not spend, and a browser types faster than the 1 s floor
    # (the server still measures the answer's time).
    IssuedQuestion.objects.filter(user=learner).update(created_at=timezone.now() - timedelta(seconds=1.5))
    answer(page, amounts)

    expect(page.locator(".payout-feedback")).to_contain_text(words[3])
    expect(page.locator(".payout-mastered")).to_contain_text(words[2])
    expect(record).to_contain_text(words[1])
    assert PayoutRecord.objects.get(user=learner).mastered_at is not None
    # The next question is asked, and its first box has the focus again (htmx applied autofocus).
    expect(page.locator("#payout-panel input[type=text]").first).to_be_focused()
    snap(page, f"payout-drill-mastered-{language}")
    fits_the_phone(page)


def test_a_wrong_answer_with_four_bets_shows_the_working_and_fits_a_phone_in_german(
    page, course, log_in, snap, live_server
):
    learner = UserFactory()
    log_in(page.context, learner)
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": "de", "url": live_server.url}])
    page.goto(reverse("drill:payout"))
    # The page's question is swapped for the four-bet one, kept under the same token.
    token = page.locator("#payout-panel input[name=token]").input_value()
    IssuedQuestion.objects.filter(nonce=token).update(question=SEVERAL)
    # The boxes on the page are the old question's: the answer is refused and the kept question asked.
    boxes = page.locator("#payout-panel input[type=text]")
    for index in range(boxes.count()):
        boxes.nth(index).fill("x")
    htmx_press(page)
    expect(page.get_by_role("alert")).to_contain_text("Noch wurde nichts gezählt")
    expect(page.locator("#payout-panel input[type=text]")).to_have_count(4)
    answer(page, {"player-paid": "40", "banker-paid": "0", "tie-paid": "640,00", "lion_banker-paid": "0"})
    feedback = page.locator(".payout-feedback")
    expect(feedback).to_contain_text("✗ Diesmal nicht")
    expect(feedback).to_contain_text("Auszahlung für Spieler: 0 (du hast 40 eingegeben)")
    expect(feedback).to_contain_text("Unentschieden zahlt 8:1: 80 × 8 = 640")
    expect(feedback).to_contain_text("Lion Bonus (Dragon Bonus) auf Bank verliert")
    snap(page, "payout-drill-working-de")
    fits_the_phone(page)


def test_garbage_in_a_box_is_refused_in_place_and_the_question_stays(page, course, log_in):
    learner = UserFactory()
    log_in(page.context, learner)
    page.goto(reverse("drill:payout"))
    token = page.locator("#payout-panel input[name=token]").input_value()
    boxes = page.locator("#payout-panel input[type=text]")
    for index in range(boxes.count()):
        boxes.nth(index).fill("zwölf")
    htmx_press(page)
    expect(page.get_by_role("alert")).to_contain_text("is not an amount of chips")
    assert page.locator("#payout-panel input[name=token]").input_value() == token
    assert not PayoutRecord.objects.filter(user=learner).exists()


def test_the_payout_drill_has_no_serious_axe_violation_on_a_laptop_or_a_phone(page, course, log_in):
    learner = UserFactory()
    seed_right_answers(learner, 3)
    log_in(page.context, learner)
    failures: dict[str, list[str]] = {}
    scan(page, reverse("drill:payout"), failures)
    answer(page, dict.fromkeys(typed_right_answers(page, "en"), "1"))
    htmx_settled(page)
    scan(page, "", failures, "after a wrong answer")
    page.set_viewport_size(PHONE)
    scan(page, reverse("drill:payout"), failures, "at 375 px")
    assert not failures, axe_report(failures)
    # 3 seeded, the wrong one, and the question it showed, ended as skipped by the reload at 375 px.
    assert Decimal(PayoutRecord.objects.get(user=learner).answers) == 5


def test_the_class_progress_page_shows_who_mastered_the_payout_drill(
    page, demo, instructor_log_in, snap, artifacts
):
    from accounts.models import Membership

    # Learners 3 and 5 of the demo have not touched the payout drill yet (PAYOUT_PLANS in ops/demo.py).
    members = Membership.objects.filter(classroom=demo).select_related("user")
    first = members.get(user__username="demo-learner-5").user
    second = members.get(user__username="demo-learner-3").user
    seed_right_answers(first, PAYOUT_MASTERY_STREAK)
    seed_right_answers(second, 5)
    instructor_log_in(page.context)
    page.goto(reverse("admin:accounts_classroom_progress", args=[demo.pk]))
    table = page.locator("#progress")
    expect(table.locator("thead")).to_contain_text("Payout-drill mastery")
    expect(table.locator("tr", has_text=first.username)).to_contain_text("mastered ")
    expect(table.locator("tr", has_text=second.username)).to_contain_text("best run 5 of 20")
    snap(page, "payout-drill-class-progress")
    # The lesson columns come first (another change reorders them); scroll the payout columns into view.
    table.locator("th", has_text="Payout-drill mastery").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "payout-drill-class-progress-columns-desktop-1280.png")
