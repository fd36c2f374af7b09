"""The dealer audition in the browser: its pages pass axe, and the certificate prints on one page.

The certificate is printed by Chromium itself (``page.pdf``, the browser's print, no PDF library in
the app) on A4 and on Letter: one page each, with the learner's name in its text. Screenshots go
to ``test-artifacts/`` as ``audition-*.png`` and ``certificate-*.png``.
"""

from __future__ import annotations

import io
import random
import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect
from pypdf import PdfReader

from auditions import services
from auditions.models import AuditionAttempt, AuditionQuestion
from tests.auditions.support import AuditionFactory, answer_all, right_answer
from tests.browser.support import PHONE, htmx_settled
from tests.browser.test_accessibility import axe_failures, report
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

LONG_NAME = ("Maria Fernanda", "de los Ángeles Gutiérrez-Villanueva y Castellanos")


@pytest.fixture
def school(transactional_db):
    teacher = UserFactory(instructor=True, first_name="Rita", last_name="Teacher")
    classroom = ClassroomFactory(name="Dealer school", audience="adults", instructors=[teacher])
    learner = UserFactory(username="ada", first_name="Ada", last_name="Lovelace")
    MembershipFactory(user=learner, classroom=classroom)
    return {"teacher": teacher, "classroom": classroom, "learner": learner}


def certified(school, *, first_name="Ada", last_name="Lovelace") -> AuditionAttempt:
    learner = school["learner"]
    learner.first_name, learner.last_name = first_name, last_name
    learner.save()
    audition = AuditionFactory(
        classroom=school["classroom"], preset="standard", written_weight=100, practical_weight=0
    )
    attempt = services.attempt_start(
        user=learner, audition=audition, rng=random.Random(30), now=timezone.now() - timedelta(minutes=10)
    )
    answer_all(attempt, [True] * audition.questions)
    attempt = services.attempt_finish(user=learner, attempt=attempt)
    return services.attempt_sign_off(actor=school["teacher"], attempt=attempt)


def pdf_pages(pdf: bytes) -> tuple[int, str]:
    """The PDF's page count (read by pypdf, and checked against its page objects) and its text."""
    reader = PdfReader(io.BytesIO(pdf))
    objects = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert objects == len(reader.pages)
    return len(reader.pages), " ".join(page.extract_text() for page in reader.pages)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_certificate_prints_on_one_page_with_the_learners_name(page, school, artifacts, paper):
    attempt = certified(school)
    response = page.goto(reverse("auditions:certificate", args=[attempt.certificate_code]))
    assert response is not None and response.ok
    expect(page.locator(".certificate-name")).to_have_text("Ada Lovelace")

    pages, text = pdf_pages(page.pdf(format=paper, print_background=True))
    assert pages == 1
    assert "Ada Lovelace" in text and "Rita Teacher" in text and "Standard" in text
    assert "Teaching chips only" in text  # the footer's honest line stays in print
    assert "Log in" not in text and "PUNTO BANCO SCHOOL" in text  # no navigation; the school, in capitals

    page.emulate_media(media="print")
    page.screenshot(path=artifacts / f"certificate-print-{paper.lower()}.png", full_page=True)
    page.emulate_media(media="screen")


def test_a_long_name_in_german_still_prints_on_one_page(page, school, artifacts, live_server):
    attempt = certified(school, first_name=LONG_NAME[0], last_name=LONG_NAME[1])
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": "de", "url": live_server.url}])
    page.goto(reverse("auditions:certificate", args=[attempt.certificate_code]))
    expect(page.locator("html")).to_have_attribute("lang", "de")
    for paper in ("A4", "Letter"):
        pages, text = pdf_pages(page.pdf(format=paper))
        assert pages == 1, paper
        assert "Gutiérrez-Villanueva" in text
    page.emulate_media(media="print")
    page.screenshot(path=artifacts / "certificate-print-long-name-de.png", full_page=True)


def test_the_certificate_has_no_serious_axe_violation(page, school, artifacts):
    attempt = certified(school)
    page.goto(reverse("auditions:certificate", args=[attempt.certificate_code]))
    failures = {"certificate": axe_failures(page)}
    page.screenshot(path=artifacts / "certificate-desktop-1280.png", full_page=True)
    page.set_viewport_size(PHONE)
    failures["certificate at 375 px"] = axe_failures(page)
    page.screenshot(path=artifacts / "certificate-phone-375.png", full_page=True)
    failures = {label: found for label, found in failures.items() if found}
    assert not failures, report(failures)


def test_a_learner_takes_an_audition_and_its_pages_pass_axe(page, school, log_in, artifacts):
    learner = school["learner"]
    AuditionFactory(classroom=school["classroom"], title="Friday audition", questions=3, rounds=2)
    log_in(page.context, learner)
    failures: dict[str, list[str]] = {}

    page.goto(reverse("auditions:list"))
    failures["list"] = axe_failures(page)
    page.get_by_role("link", name="Friday audition").click()
    failures["detail"] = axe_failures(page)
    page.screenshot(path=artifacts / "audition-detail-1280.png", full_page=True)
    page.get_by_role("button", name="Start an attempt").click()
    expect(page.get_by_text("Question 1 of 3")).to_be_visible()
    failures["question"] = axe_failures(page)
    page.screenshot(path=artifacts / "audition-question-1280.png", full_page=True)

    attempt = AuditionAttempt.objects.get()
    for position in (1, 2, 3):
        question = AuditionQuestion.objects.get(attempt=attempt, position=position)
        time_passes(attempt, seconds=2)  # a person's pace: an answer under 1 s would not count
        fill_and_answer(page, question)
        htmx_settled(page)
    expect(page.get_by_text("Every written question of this attempt is answered.")).to_be_visible()
    assert AuditionQuestion.objects.filter(attempt=attempt, correct=True, too_fast=False).count() == 3
    page.set_viewport_size(PHONE)
    failures["practical part at 375 px"] = axe_failures(page)
    page.screenshot(path=artifacts / "audition-practical-375.png", full_page=True)

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="End the attempt now").click()
    expect(page.get_by_text("Not passed")).to_be_visible()  # no dealer round dealt: 30 % at most
    failures["result at 375 px"] = axe_failures(page)
    page.screenshot(path=artifacts / "audition-result-375.png", full_page=True)
    failures = {label: found for label, found in failures.items() if found}
    assert not failures, report(failures)


def time_passes(attempt: AuditionAttempt, *, seconds: int) -> None:
    """As if ``seconds`` went by since the question came on screen: the attempt's clock (its start, its
    deadline, its answers so far) is moved back by that much, instead of the test waiting for it."""
    back = timedelta(seconds=seconds)
    AuditionAttempt.objects.filter(pk=attempt.pk).update(
        started_at=F("started_at") - back, deadline=F("deadline") - back
    )
    AuditionQuestion.objects.filter(attempt=attempt, answered_at__isnull=False).update(
        answered_at=F("answered_at") - back
    )


def fill_and_answer(page, question: AuditionQuestion) -> None:
    """Answer as a learner does: click the right choice, or type each amount and press Enter."""
    answer = right_answer(question)
    form = page.locator("#attempt-panel form.audition-question")
    if "answer" in answer:
        form.locator(f"button[name=answer][value='{answer['answer']}']").click()
        return
    for name, amount in answer.items():
        form.locator(f"input[name='{name}']").fill(amount)
    form.locator(f"input[name='{next(iter(answer))}']").press("Enter")
