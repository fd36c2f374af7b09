"""The reset limit per address however it is spelled, and what a reset clears.

Moved from test_email_reset.py, which had grown past 450 lines."""

from __future__ import annotations

import hashlib
import re
from http import HTTPStatus

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import SESSION_KEY
from django.test import Client, override_settings
from django.urls import reverse

from accounts import services
from tests.accounts.test_email_reset import NEW_PASSWORD, SPELLINGS, ask, outbox, with_email
from tests.factories import UserFactory


@with_email
@override_settings(RESET_EMAILS_PER_ADDRESS=3)
@pytest.mark.parametrize("account", [True, False], ids=["with an account", "without one"])
def test_no_spelling_of_an_address_escapes_its_limit(db, account):
    if account:
        UserFactory(username="mia", email="mia@school.example")

    statuses = [ask(email, address=f"203.0.113.{n}").status_code for n, email in enumerate(SPELLINGS)]

    # Whether an account has the address or not, the fourth spelling is refused alike.
    assert statuses == [HTTPStatus.FOUND] * 3 + [HTTPStatus.TOO_MANY_REQUESTS]
    assert len(outbox()) <= 3
    assert all(message.to == ["mia@school.example"] for message in outbox())


@pytest.mark.postgres
@with_email
@override_settings(RESET_EMAILS_PER_ADDRESS=3)
def test_on_postgresql_three_spellings_reach_the_account_and_a_fourth_sends_nothing(db):
    UserFactory(username="mia", email="mia@school.example")

    statuses = [
        ask(email).status_code
        for email in ["mia@ſchool.example", "MIA@ſCHOOL.EXAMPLE", "mia@school.example", "miA@ſchool.example"]
    ]

    assert statuses == [HTTPStatus.FOUND] * 3 + [HTTPStatus.TOO_MANY_REQUESTS]
    assert [message.to for message in outbox()] == [["mia@school.example"]] * 3


def test_the_address_digest_is_that_of_the_case_folded_address():
    digests = {services.address_digest(email) for email in SPELLINGS + [" Mia@School.Example "]}

    assert digests == {hashlib.sha256(b"mia@school.example").hexdigest()}


# --- A reset by e-mail clears the learner's failed log-ins, as a reset link does ---------------------


@with_email
def test_a_reset_by_email_clears_the_learners_failed_log_ins(db):
    learner = UserFactory(username="mia", email="mia@school.example", password="forgotten-long-ago-1")
    client = Client()
    for _ in range(5):
        client.post(reverse("login"), {"username": "mia", "password": "wrong"})
    assert AccessAttempt.objects.filter(username="mia").exists()
    ask("mia@school.example", client)
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/\S+/)", outbox()[0].body).group(1)
    form = client.get(link, follow=True).redirect_chain[-1][0]

    done = client.post(form, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    logged_in = client.post(reverse("login"), {"username": "mia", "password": NEW_PASSWORD})

    assert done.status_code == HTTPStatus.FOUND
    assert not AccessAttempt.objects.filter(username="mia").exists()
    assert logged_in.status_code == HTTPStatus.FOUND
    assert client.session[SESSION_KEY] == str(learner.pk)
