"""Password reset by e-mail: Django's own views, offered only when the site can send e-mail (EMAIL_URL).

``PASSWORD_RESET_BY_EMAIL`` is what settings make of ``EMAIL_URL``; the tests switch it with
``override_settings`` (pytest-django keeps e-mail in ``mail.outbox``, which ``outbox()`` reads once
the sends handed to the background are done), and read the settings module in a child process for
the ``EMAIL_URL`` parsing itself.
"""

import json
import re
import smtplib
import socket
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from http import HTTPStatus
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core import mail
from django.core.mail import send_mail
from django.core.mail.backends import locmem
from django.db.models import F
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from accounts import services
from accounts.models import CountedRequest
from common.background import wait_for_background
from table.benchmark import child_env
from tests.factories import UserFactory
from tests.races import together
from tests.support import parse

NEW_PASSWORD = "blue-lantern-harbour-42"
RESET_URLS = [
    reverse("password_reset"),
    reverse("password_reset_done"),
    reverse("password_reset_confirm", args=["MQ", "set-password"]),
    reverse("password_reset_complete"),
]

with_email = override_settings(PASSWORD_RESET_BY_EMAIL=True)
without_email = override_settings(PASSWORD_RESET_BY_EMAIL=False)


def outbox() -> list:
    """The e-mails sent so far, once the sends handed to the background are done."""
    assert wait_for_background(timeout=30)
    return mail.outbox


def settings_with(environment: dict[str, str]) -> dict:
    """The e-mail settings a process with ``environment`` reads (the test's own settings are fixed)."""
    code = (
        "import json, django; from django.conf import settings as s; django.setup(); "
        "print(json.dumps({k: getattr(s, k, None) for k in ('PASSWORD_RESET_BY_EMAIL', 'EMAIL_BACKEND', "
        "'EMAIL_HOST', 'EMAIL_PORT', 'EMAIL_HOST_USER', 'EMAIL_HOST_PASSWORD', 'EMAIL_USE_TLS', "
        "'DEFAULT_FROM_EMAIL', 'EMAIL_TIMEOUT')}))"
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
        "EMAIL_TIMEOUT": 10,
    }


def test_email_timeout_is_read_from_the_environment():
    read = settings_with({"EMAIL_URL": "smtp://mail.example:25", "EMAIL_TIMEOUT": "3"})

    assert read["EMAIL_TIMEOUT"] == 3


def test_a_relay_that_never_answers_is_given_up_after_email_timeout(settings):
    """A relay that accepts the connection and then says nothing does not hold a sender for good."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_TIMEOUT = 1
    with socket.create_server(("127.0.0.1", 0)) as silent:
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", silent.getsockname()[1]
        started = time.monotonic()
        with pytest.raises((TimeoutError, smtplib.SMTPServerDisconnected), match="timed out"):
            send_mail("Reset", "Body", None, ["ana@example.org"])
        waited = time.monotonic() - started

    assert waited < 8  # 1 s, with room for a loaded machine; without a timeout it waits for ever


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
    assert len(outbox()) == 1
    message = outbox()[0]
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
    assert outbox() == []


@with_email
@pytest.mark.parametrize("email", ["not-an-address", "", "a" * 250 + "@school.example"])
def test_with_email_an_address_that_is_not_one_is_a_400_and_sends_nothing(db, email):
    response = Client().post(reverse("password_reset"), {"email": email})

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert parse(response.content).find_all(class_="errorlist")
    assert outbox() == []
    assert not CountedRequest.objects.exists()


@with_email
def test_with_email_a_new_password_that_is_refused_is_a_400_and_the_link_still_works(db):
    learner = UserFactory(username="mia", email="mia@school.example")
    client = Client()
    client.post(reverse("password_reset"), {"email": "mia@school.example"})
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/\S+/)", outbox()[0].body).group(1)
    form = client.get(link, follow=True).redirect_chain[-1][0]

    refused = client.post(form, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD + "!"})
    accepted = client.post(form, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})

    assert refused.status_code == HTTPStatus.BAD_REQUEST
    assert "didn" in refused.content.decode()  # Django's "The two password fields didn’t match."
    assert accepted.status_code == HTTPStatus.FOUND
    learner.refresh_from_db()
    assert learner.check_password(NEW_PASSWORD)


@with_email
def test_with_email_the_reset_pages_are_translated(db):
    client = Client(headers={"accept-language": "id"})

    html = client.get(reverse("password_reset")).content.decode()

    assert "Lupa kata sandi?" in html


# --- How many reset e-mails: per address and per client, within the hour ---------------------------


def ask(email: str, client: Client | None = None, address: str = "127.0.0.1"):
    return (client or Client(REMOTE_ADDR=address)).post(reverse("password_reset"), {"email": email})


def an_hour_passes() -> None:
    CountedRequest.objects.update(requested_at=F("requested_at") - timedelta(hours=1, seconds=1))


@with_email
@override_settings(RESET_EMAILS_PER_ADDRESS=3)
@pytest.mark.parametrize("email", ["mia@school.example", "nobody@school.example"])
def test_a_fourth_reset_within_the_hour_is_refused_with_429_and_sends_nothing(db, email):
    UserFactory(username="mia", email="mia@school.example")

    sent = [ask(email).status_code for _ in range(3)]
    refused = ask(email.upper() + " ")  # the same address, however it is typed

    assert sent == [HTTPStatus.FOUND] * 3
    assert refused.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert 3590 <= int(refused["Retry-After"]) <= 3600
    html = refused.content.decode()
    # Whether an account has the address or not, the answer is the same.
    assert "asked for this address too often in the last hour" in html
    assert "try again in 60 minutes" in html
    assert 'name="email"' in html
    assert len(outbox()) == (3 if email.startswith("mia") else 0)
    assert CountedRequest.objects.count() == 3  # the refused one is not kept


@with_email
@override_settings(RESET_EMAILS_PER_ADDRESS=2)
def test_a_flood_does_not_postpone_the_next_reset_and_an_hour_later_it_is_sent(db):
    UserFactory(username="mia", email="mia@school.example")
    ask("mia@school.example")
    ask("mia@school.example")

    flood = {ask("mia@school.example").status_code for _ in range(10)}
    an_hour_passes()
    later = ask("mia@school.example")

    assert flood == {HTTPStatus.TOO_MANY_REQUESTS}
    assert later.status_code == HTTPStatus.FOUND
    assert len(outbox()) == 3
    assert CountedRequest.objects.filter(requested_at__gte=timezone.now() - timedelta(hours=1)).count() == 1
    assert CountedRequest.objects.count() == 1  # the hour-old rows went


def test_the_wait_is_until_the_oldest_counted_request_leaves_the_hour(db):
    start = timezone.now()
    with override_settings(RESET_EMAILS_PER_ADDRESS=2):
        services.reset_email_request(email="a@school.example", client="10.0.0.1", now=start)
        services.reset_email_request(
            email="a@school.example", client="10.0.0.1", now=start + timedelta(minutes=20)
        )
        with pytest.raises(services.ResetEmailRefused) as refused:
            services.reset_email_request(
                email="a@school.example", client="10.0.0.1", now=start + timedelta(minutes=30, seconds=30)
            )
        services.reset_email_request(
            email="a@school.example", client="10.0.0.1", now=start + timedelta(minutes=60, seconds=1)
        )

    assert refused.value.status == HTTPStatus.TOO_MANY_REQUESTS
    assert refused.value.retry_after == 29 * 60 + 30
    assert "try again in 30 minutes" in refused.value.message


@with_email
@override_settings(RESET_EMAILS_PER_ADDRESS=3, RESET_EMAILS_PER_CLIENT=4)
def test_one_client_may_ask_for_a_few_addresses_an_hour_and_another_client_is_not_held_up(db):
    addresses = [f"pupil{n}@school.example" for n in range(5)]

    from_one = [ask(email, address="203.0.113.7").status_code for email in addresses]
    from_another = ask(addresses[-1], address="198.51.100.2")

    assert from_one == [HTTPStatus.FOUND] * 4 + [HTTPStatus.TOO_MANY_REQUESTS]
    assert from_another.status_code == HTTPStatus.FOUND


@with_email
@override_settings(RESET_EMAILS_PER_CLIENT=1, TRUSTED_PROXIES=["10.0.0.0/8"])
def test_behind_a_trusted_proxy_the_client_is_the_forwarded_address(db):
    def through_proxy(client_address: str, email: str):
        client = Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=client_address)
        return ask(email, client)

    first = through_proxy("203.0.113.7", "a@school.example")
    other_client = through_proxy("203.0.113.8", "b@school.example")
    same_client = through_proxy("203.0.113.7", "c@school.example")

    assert (first.status_code, other_client.status_code) == (HTTPStatus.FOUND, HTTPStatus.FOUND)
    assert same_client.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert "from your network" in same_client.content.decode()


@with_email
@override_settings(RESET_EMAILS_PER_ADDRESS=1)
@pytest.mark.parametrize(
    ("language", "words"),
    [("de", "versuche es in 60 Minuten"), ("id", "coba lagi dalam 60 menit")],
)
def test_the_refusal_is_translated(db, language, words):
    client = Client(headers={"accept-language": language})
    ask("mia@school.example", client)

    refused = ask("mia@school.example", client)

    assert refused.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert words in refused.content.decode()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@with_email
@override_settings(RESET_EMAILS_PER_ADDRESS=3)
def test_racing_requests_for_one_address_send_exactly_the_limit():
    UserFactory(username="mia", email="mia@school.example")

    statuses = together(8, lambda client: ask("mia@school.example", client))

    assert sorted(statuses) == [HTTPStatus.FOUND] * 3 + [HTTPStatus.TOO_MANY_REQUESTS] * 5
    assert len(outbox()) == 3
    assert CountedRequest.objects.count() == 3


# --- The answer takes the same time with an account or without, however slow the mail relay -------


class SlowRelay(locmem.EmailBackend):
    """Django's test outbox behind a relay that takes 500 ms per connection (the finding's was 150): far
    enough above the answers' bound that a loaded machine's slower answers cannot cross it."""

    def send_messages(self, messages):
        time.sleep(0.5)
        return super().send_messages(messages)


def median_answer_seconds(emails: list[str]) -> float:
    """The median time ``password_reset`` takes to answer for each of ``emails`` (one client each)."""
    times = []
    for email in emails:
        client = Client()
        started = time.perf_counter()
        response = client.post(reverse("password_reset"), {"email": email})
        times.append(time.perf_counter() - started)
        assert response.status_code == HTTPStatus.FOUND
    return statistics.median(times)


@with_email
@override_settings(EMAIL_BACKEND=f"{__name__}.SlowRelay")
def test_with_a_slow_relay_an_address_with_an_account_answers_as_fast_as_one_without(db):
    with_account = [f"pupil{n}@school.example" for n in range(5)]
    for n, email in enumerate(with_account):
        UserFactory(username=f"pupil{n}", email=email)
    Client().post(reverse("password_reset"), {"email": "warm-up@school.example"})  # templates, catalogs

    known = median_answer_seconds(with_account)
    unknown = median_answer_seconds([f"nobody{n}@school.example" for n in range(5)])

    # Sent inside the request, each answer for an account took the relay's 500 ms at least.
    assert known < 0.3 and unknown < 0.3
    assert abs(known - unknown) < 0.1
    assert sorted(message.to[0] for message in outbox()) == with_account  # and the mails did go out


@with_email
def test_the_reset_email_is_in_the_language_the_learner_asked_in(db):
    UserFactory(username="mia", email="mia@school.example")

    Client(headers={"accept-language": "de"}).post(reverse("password_reset"), {"email": "mia@school.example"})

    (message,) = outbox()
    assert "Öffne diesen Link" in message.body, message.body


# --- The limit counts the address the mail goes to, however it is spelt ----------------------------

#: Spellings of mia@school.example: U+017F (long s) upper-cases to S, so Django's reset matches it to
#: her account on PostgreSQL; NFKC folds the fullwidth ｓ (U+FF53) to s.
SPELLINGS = ["mia@school.example", "mia@ſchool.example", "MIA@SCHOOL.EXAMPLE", "mia@ｓchool.example"]
