"""A forgotten password without e-mail, in Chromium: the demo instructor makes a one-time reset link
in the admin, the learner opens it without logging in, sets a new password, logs in with it, and a
second use of the link is refused.

Screenshots (1280 px and 375 px): ``test-artifacts/reset-*.png``, in English and in Indonesian: the
instructor's "link made" page, the learner's page (and its errors), the refused second use, the log-in
page with its "Forgot your password?" line.
"""

from __future__ import annotations

import re
from http import HTTPStatus

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.test_accessibility import axe_failures

pytestmark = pytest.mark.django_db(transaction=True)

NEW_PASSWORD = "harbour-lantern-blue-42"


def in_language(context, live_server, language: str) -> None:
    """The context's pages are in ``language`` (the switcher's cookie)."""
    context.add_cookies([{"name": "language", "value": language, "url": live_server.url}])


def make_link(page, username: str, *, button: str, confirm: str) -> str:
    """From the learner's admin page, make a reset link; the link the page then shows."""
    learner = get_user_model().objects.get(username=username)
    page.goto(reverse("admin:accounts_learner_change", args=[learner.pk]))
    page.get_by_role("link", name=button).click()
    page.get_by_role("button", name=confirm).click()
    link = page.locator(".reset-link-url a")
    expect(link).to_be_visible()
    return link.inner_text()


def test_an_instructor_makes_a_reset_link_that_the_learner_uses_once_then_logs_in_with(
    new_context, instructor_log_in, live_server, snap
):
    instructor = new_context().new_page()
    instructor_log_in(instructor.context)

    url = make_link(
        instructor, "demo-learner-1", button="Make a password-reset link", confirm="Make the link"
    )

    expect(instructor.get_by_text("It works once, until")).to_be_visible()
    expect(instructor.locator(".reset-link-code")).to_have_text(url.rstrip("/").rsplit("/", 1)[1])
    snap(instructor, "reset-01-link-made-en")
    assert axe_failures(instructor) == []

    learner = new_context().new_page()
    opened = learner.goto(url)
    assert opened.status == HTTPStatus.OK
    expect(learner.get_by_role("heading", name="Set a new password")).to_be_visible()
    expect(learner.get_by_text("Your username is demo-learner-1.", exact=False)).to_be_visible()
    snap(learner, "reset-02-learner-page-en")
    assert axe_failures(learner) == []
    learner.get_by_label("New password:", exact=True).fill(NEW_PASSWORD)
    learner.get_by_label("New password confirmation").fill(NEW_PASSWORD)
    learner.get_by_role("button", name="Set password").click()

    expect(learner.get_by_text("Your new password is set. Log in with it.")).to_be_visible()
    learner.get_by_label("Username").fill("demo-learner-1")
    learner.get_by_label("Password:", exact=True).fill(NEW_PASSWORD)
    learner.get_by_role("button", name="Log in").click()
    expect(learner.get_by_role("button", name="Log out (demo-learner-1)").first).to_be_attached()

    again = new_context().new_page()
    refused = again.goto(url)
    assert refused.status == HTTPStatus.GONE
    expect(again.get_by_role("alert")).to_have_text(
        "This reset link has already been used. Ask your instructor for a new one."
    )
    snap(again, "reset-03-second-use-refused-en")
    assert axe_failures(again) == []

    instructor.goto(reverse("admin:accounts_resetlink_changelist"))
    row = instructor.get_by_role("row").filter(has_text="demo-learner-1")
    expect(row).to_contain_text("used")
    expect(row).to_contain_text("demo-teacher")


def test_the_reset_link_pages_in_indonesian(new_context, instructor_log_in, live_server, snap):
    instructor = new_context().new_page()
    instructor_log_in(instructor.context)
    in_language(instructor.context, live_server, "id")

    url = make_link(
        instructor, "demo-learner-2", button="Buat tautan atur ulang kata sandi", confirm="Buat tautan"
    )

    expect(instructor.get_by_text("Tautan ini berlaku sekali, sampai")).to_be_visible()
    snap(instructor, "reset-04-link-made-id")

    learner = new_context().new_page()
    in_language(learner.context, live_server, "id")
    learner.goto(url)
    expect(learner.get_by_role("heading", name="Buat kata sandi baru")).to_be_visible()
    snap(learner, "reset-05-learner-page-id")
    learner.get_by_role("button", name="Simpan kata sandi").click()
    expect(learner.locator(".errorlist").first).to_be_visible()
    snap(learner, "reset-06-learner-page-errors-id")

    learner.goto(reverse("login"))
    snap(learner, "reset-07-log-in-id")
    learner.get_by_role("link", name="Masukkan kode atur ulang dari pengajar Anda").click()
    learner.get_by_label("Kode atur ulang").fill(url.rstrip("/").rsplit("/", 1)[1].lower())
    learner.get_by_role("button", name="Lanjut").click()
    expect(learner.get_by_role("heading", name="Buat kata sandi baru")).to_be_visible()


def test_with_email_configured_a_learner_resets_the_password_by_email_in_german(
    new_context, demo, live_server, snap, settings, mailoutbox
):
    settings.PASSWORD_RESET_BY_EMAIL = True  # what EMAIL_URL switches on (the live server shares settings)
    page = new_context().new_page()
    in_language(page.context, live_server, "de")

    page.goto(reverse("login"))
    page.get_by_role("link", name="Link per E-Mail bekommen").click()
    expect(page.get_by_role("heading", name="Passwort vergessen?")).to_be_visible()
    snap(page, "reset-08-by-email-form-de")
    page.get_by_label("E-Mail").fill(get_user_model().objects.get(username="demo-learner-3").email)
    page.get_by_role("button", name="Link schicken").click()
    expect(page.get_by_role("heading", name="Sieh in deinen E-Mails nach")).to_be_visible()

    assert len(mailoutbox) == 1
    link = re.search(r"https?://\S+/accounts/password/reset/\S+/", mailoutbox[0].body).group(0)
    page.goto(link)
    page.get_by_label("Neues Passwort:", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Neues Passwort bestätigen:").fill(NEW_PASSWORD)
    snap(page, "reset-09-by-email-new-password-de")
    page.get_by_role("button", name="Passwort festlegen").click()
    expect(page.get_by_role("heading", name="Passwort gesetzt")).to_be_visible()
    assert get_user_model().objects.get(username="demo-learner-3").check_password(NEW_PASSWORD)
