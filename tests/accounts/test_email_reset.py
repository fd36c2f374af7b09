"""Password reset by e-mail: Django's own views, offered only when the site can send e-mail (EMAIL_URL).

``PASSWORD_RESET_BY_EMAIL`` is what settings make of ``EMAIL_URL``; the tests switch it with
``override_settings`` (pytest-django keeps e-mail in ``mail.outbox``), and read the settings
module in a child process for the ``EMAIL_URL`` parsing itself.
"""

import json
import re
import subprocess
import sys
from http import HTTPStatus
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core import mail
from django.test import Client, override_settings
from django.urls import reverse

from table.benchmark import child_env
from tests.factories import UserFactory

NEW_PASSWORD = "blue-lantern-harbour-42"
RESET_URLS = [
    reverse("password_reset"),
    reverse("password_reset_done"),
    reverse("password_reset_confirm", args=["MQ", "set-password"]),
    reverse("password_reset_complete"),
]

with_email = override_settings(PASSWORD_RESET_BY_EMAIL=True)
without_email = override_settings(PASSWORD_RESET_BY_EMAIL=False)


def settings_with(environment: dict[str, str]) -> dict:
    """The e-mail settings a process with ``environment`` reads (the test's own settings are fixed)."""
    code = (
        "import json, django; from django.conf import settings as s; django.setup(); "
        "print(json.dumps({k: getattr(s, k, None) for k in ('PASSWORD_RESET_BY_EMAIL', 'EMAIL_BACKEND', "
        "'EMAIL_HOST', 'EMAIL_PORT', 'EMAIL_HOST_USER', 'EMAIL_HOST_PASSWORD', 'EMAIL_USE_TLS', "
        "'DEFAULT_FROM_EMAIL')}))"
    )
    env = child_env({"DJANGO_SETTINGS_MODULE": "config.settings", "EMAIL_URL": "", **environment})
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=Path(settings.BASE_DIR),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(result.stdout)


def test_without_email_url_the_site_offers_no_reset_by_email():
    read = settings_with({})

    assert read["PASSWORD_RESET_BY_EMAIL"] is False
    assert read["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"  # Django's, never used


def test_an_smtp_email_url_configures_djangos_email_and_the_reset():
    read = settings_with(
        {
            "EMAIL_URL": "smtp+tls://school%40mail.example:p%2Fss%40word@mail.example:587",
            "DEFAULT_FROM_EMAIL": "school@mail.example",
        }
    )

    assert read == {
        "PASSWORD_RESET_BY_EMAIL": True,
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "mail.example",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "school@mail.example",
        "EMAIL_HOST_PASSWORD": "p/ss@word",
        "EMAIL_USE_TLS": True,
        "DEFAULT_FROM_EMAIL": "school@mail.example",
    }


def test_a_console_email_url_prints_the_mail():
    read = settings_with({"EMAIL_URL": "consolemail://"})

    assert read["PASSWORD_RESET_BY_EMAIL"] is True
    assert read["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"


@without_email
@pytest.mark.parametrize("url", RESET_URLS)
def test_without_email_the_reset_pages_are_404(db, url):
    assert Client().get(url).status_code == HTTPStatus.NOT_FOUND
    assert Client().post(url, {"email": "a@school.example"}).status_code == HTTPStatus.NOT_FOUND


@without_email
def test_without_email_no_page_promises_a_reset_by_email(db):
    login = Client().get(reverse("login")).content.decode()
    signup = Client().get(reverse("signup")).content.decode()
    code = Client().get(reverse("reset-code")).content.decode()

    assert reverse("password_reset") not in login + signup + code
    assert "e-mail you" not in signup
    assert "only used to reset" not in signup
    assert "An instructor of your class can make you a reset link" in signup
    assert reverse("reset-code") in login


@with_email
def test_with_email_the_log_in_and_sign_up_pages_mention_the_reset_by_email(db):
    login = Client().get(reverse("login")).content.decode()
    signup = Client().get(reverse("signup")).content.decode()

    assert reverse("password_reset") in login
    assert reverse("reset-code") in login
    assert "We can e-mail you a reset link" in signup


@with_email
def test_with_email_a_learner_resets_the_password_through_the_mailed_link(db):
    learner = UserFactory(username="mia", email="mia@school.example")
    client = Client()

    form = client.get(reverse("password_reset"))
    sent = client.post(reverse("password_reset"), {"email": "mia@school.example"})

    assert form.status_code == HTTPStatus.OK
    assert sent.status_code == HTTPStatus.FOUND
    assert sent["Location"] == reverse("password_reset_done")
    assert client.get(sent["Location"]).status_code == HTTPStatus.OK
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["mia@school.example"]
    assert "\n" not in message.subject and message.subject
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/\S+/)", message.body).group(1)

    opened = client.get(link, follow=True)  # Django moves the token into the session first
    assert opened.status_code == HTTPStatus.OK
    done = client.post(
        opened.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )

    assert done.status_code == HTTPStatus.FOUND
    assert done["Location"] == reverse("password_reset_complete")
    learner.refresh_from_db()
    assert learner.check_password(NEW_PASSWORD)
    again = Client().get(link, follow=True)
    assert again.status_code == HTTPStatus.GONE
    assert "used already or has expired" in again.content.decode()
    logged_in = client.post(reverse("login"), {"username": "mia", "password": NEW_PASSWORD})
    assert logged_in.status_code == HTTPStatus.FOUND
    assert client.session[SESSION_KEY] == str(learner.pk)


@with_email
def test_with_email_an_unknown_address_sends_nothing_and_says_the_same(db):
    response = Client().post(reverse("password_reset"), {"email": "nobody@school.example"})

    assert response.status_code == HTTPStatus.FOUND
    assert response["Location"] == reverse("password_reset_done")
    assert mail.outbox == []


@with_email
def test_with_email_the_reset_pages_are_translated(db):
    client = Client(headers={"accept-language": "id"})

    html = client.get(reverse("password_reset")).content.decode()

    assert "Lupa kata sandi?" in html
