"""Issue 25 in a real browser: a reloaded payout question counts as missed, a too-fast answer does not
count, and the class progress page flags a learner answering faster than a person can."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from lessons.models import IssuedQuestion
from progress.models import PayoutRecord
from progress.services import payout_answer_record
from tests.browser.test_payout_drill import answer, typed_right_answers
from tests.factories import UserFactory

WORDS = {
    "en": ("counts as a wrong answer", "faster than anyone can read the question and type"),
    "de": ("zählt als falsche Antwort", "schneller, als irgendjemand die Frage lesen und tippen kann"),
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_reload_counts_as_missed_and_a_too_fast_answer_does_not_count(
    page, course, log_in, snap, live_server, language
):
    learner = UserFactory()
    log_in(page.context, learner)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    page.goto(reverse("drill:payout"))
    page.reload()
    expect(page.locator(".payout-skipped")).to_contain_text(WORDS[language][0])
    snap(page, f"payout-drill-skipped-{language}")
    amounts = typed_right_answers(page, language)
    # Issued "in the future": the server measures 0 s, whatever the browser's own speed.
    IssuedQuestion.objects.filter(user=learner).update(created_at=timezone.now() + timedelta(seconds=30))
    answer(page, amounts)
    expect(page.locator(".payout-feedback")).to_contain_text(WORDS[language][1])
    snap(page, f"payout-drill-too-fast-{language}")
    record = PayoutRecord.objects.get(user=learner)
    assert (record.answers, record.correct, record.streak) == (2, 1, 0)


def test_the_class_progress_page_flags_a_learner_answering_at_machine_speed(
    page, demo, instructor_log_in, snap, artifacts
):
    from accounts.models import Membership

    bot = Membership.objects.filter(classroom=demo).get(user__username="demo-learner-5").user
    moment = timezone.now() - timedelta(hours=1)
    for index in range(25):
        payout_answer_record(
            user=bot,
            nonce=f"{index:032d}",
            kind="payout-tie",
            question={},
            answer={},
            correct=True,
            issued_at=moment,
            answered_at=moment + timedelta(seconds=0.04),
        )
        moment += timedelta(seconds=1)
    instructor_log_in(page.context)
    page.goto(reverse("admin:accounts_classroom_progress", args=[demo.pk]))
    row = page.locator("#progress tr", has_text=bot.username)
    expect(row).to_contain_text("⚑ median 0.0 s, under the 1 s a person needs")
    snap(page, "payout-speed-class-progress")
    page.locator("#progress th", has_text="Payout-drill mastery").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "payout-speed-class-progress-columns-desktop-1280.png")
    page.goto(reverse("admin:accounts_classroom_learner", args=[demo.pk, bot.pk]))
    expect(page.locator(".learner-payout-drill")).to_contain_text("25 answers under 1 s, not counted")
    snap(page, "payout-speed-learner")
