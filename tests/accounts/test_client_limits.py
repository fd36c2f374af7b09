"""Rows written for clients without an account are bounded (issue 25), and no learner is stopped by
what a classmate behind the same address (a school's NAT) did.

A failed log-in with a username that has no account writes a django-axes row only while its client
holds fewer than ``FAILED_LOGIN_NAMES_PER_CLIENT`` of them; past that it is answered exactly as a
wrong password is, and writes nothing. Usernames with an account are recorded (and locked by axes)
as ever. Each account logs in at most ``LOG_INS_PER_ACCOUNT`` times an hour (a session row each);
past that a log-in to it gets a 429 with ``Retry-After``. The numbers are scaled down here (5 and 3).
"""

from __future__ import annotations

import re
from datetime import timedelta
from http import HTTPStatus

import pytest
from axes.models import AccessAttempt, AccessLog
from django.contrib.auth.hashers import get_hasher
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import backends
from tests.factories import UserFactory

PASSWORD = "a long pass phrase 42"
HOME = "10.1.2.3"
ELSEWHERE = "10.9.9.9"


@pytest.fixture(autouse=True)
def _small_limits(settings):
    settings.FAILED_LOGIN_NAMES_PER_CLIENT = 5
    settings.LOG_INS_PER_ACCOUNT = 3


def log_in(username: str, password: str = "wrong guess", *, address: str = HOME, url: str = "login"):
    client = Client(REMOTE_ADDR=address)
    return client.post(reverse(url), {"username": username, "password": password})


def masked(answer, username: str) -> str:
    """The page with what differs by chance or by what was typed masked: CSRF token, digits, username."""
    page = answer.content.decode().replace(username, "USERNAME")
    page = re.sub(r"\b[A-Za-z0-9]{64}\b", "CSRF-TOKEN", page)  # the form's and the htmx header's
    return re.sub(r"\d", "0", page)


def test_forty_made_up_usernames_write_five_rows_and_a_classmate_then_logs_in_fine():
    UserFactory(username="ana", password=PASSWORD)

    answers = [log_in(f"nobody-{number}") for number in range(40)]
    classmate = log_in("ana", PASSWORD)

    assert [answer.status_code for answer in answers] == [HTTPStatus.OK] * 40  # each a plain failed log-in
    assert AccessAttempt.objects.filter(ip_address=HOME).count() == 5
    assert classmate.status_code == HTTPStatus.FOUND
    assert classmate.wsgi_request.user.username == "ana"


def test_past_the_cap_an_unknown_username_is_answered_as_a_wrong_password_is(monkeypatch):
    UserFactory(username="ana", password=PASSWORD)
    for number in range(5):
        log_in(f"nobody-{number}")
    hasher = type(get_hasher())
    hashed = []
    encode = hasher.encode
    monkeypatch.setattr(
        hasher, "encode", lambda self, *args, **kwargs: hashed.append(1) or encode(self, *args, **kwargs)
    )

    unknown = log_in("nobody-new")
    hashed_for_unknown, hashed[:] = len(hashed), []
    wrong_password = log_in("ana")

    assert unknown.status_code == wrong_password.status_code == HTTPStatus.OK
    assert masked(unknown, "nobody-new") == masked(wrong_password, "ana")
    assert "Retry-After" not in unknown and "Retry-After" not in wrong_password
    assert hashed_for_unknown == len(hashed) == 1  # the hasher ran for both (the same time spent)
    assert not AccessAttempt.objects.filter(username="nobody-new").exists()
    assert AccessAttempt.objects.filter(username="ana").count() == 1


def test_past_the_cap_failures_for_real_usernames_are_still_recorded_and_locked_by_axes():
    UserFactory(username="ana", password=PASSWORD)
    for number in range(5):
        log_in(f"nobody-{number}")

    answers = [log_in("ana").status_code for _ in range(5)]

    assert answers == [HTTPStatus.OK] * 4 + [HTTPStatus.TOO_MANY_REQUESTS]  # axes' own lock-out at 5
    assert AccessAttempt.objects.get(username="ana").failures_since_start == 5
    assert log_in("ana", PASSWORD, address=ELSEWHERE).status_code == HTTPStatus.FOUND  # per address


def test_a_username_already_tried_is_still_counted_by_axes_and_locks_as_before():
    for number in range(5):
        log_in(f"nobody-{number}")

    answers = [log_in("nobody-0").status_code for _ in range(4)]

    assert answers == [HTTPStatus.OK] * 3 + [HTTPStatus.TOO_MANY_REQUESTS]  # axes' own lock-out at 5
    assert AccessAttempt.objects.get(username="nobody-0").failures_since_start == 5
    assert AccessAttempt.objects.count() == 5


def test_the_admins_log_in_writes_no_more_rows_either():
    for number in range(5):
        log_in(f"nobody-{number}", url="admin:login")

    answer = log_in("nobody-new", url="admin:login")

    assert answer.status_code == HTTPStatus.OK
    assert AccessAttempt.objects.count() == 5


def test_once_the_rows_are_past_the_cool_off_new_usernames_are_recorded_again(settings):
    for number in range(5):
        log_in(f"nobody-{number}")
    past = timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    AccessAttempt.objects.update(attempt_time=past)

    answer = log_in("nobody-new")

    assert answer.status_code == HTTPStatus.OK
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["nobody-new"]  # axes cleaned up


def test_ten_log_ins_to_one_account_write_three_sessions_and_a_classmate_still_logs_in():
    UserFactory(username="ana", password=PASSWORD)
    UserFactory(username="budi", password=PASSWORD)

    answers = [log_in("ana", PASSWORD).status_code for _ in range(10)]

    assert answers == [HTTPStatus.FOUND] * 3 + [HTTPStatus.TOO_MANY_REQUESTS] * 7
    assert Session.objects.count() == 3 and AccessLog.objects.count() == 3
    assert log_in("budi", PASSWORD).status_code == HTTPStatus.FOUND  # same address, another account
    assert (
        log_in("ana", PASSWORD, address=ELSEWHERE).status_code == HTTPStatus.TOO_MANY_REQUESTS
    )  # per account
    assert Session.objects.count() == 4


def test_a_refused_log_in_says_when_to_try_again():
    UserFactory(username="ana", password=PASSWORD)
    for _ in range(3):
        log_in("ana", PASSWORD)
    AccessLog.objects.update(attempt_time=timezone.now() - timedelta(minutes=50))

    refused = log_in("ana", PASSWORD)

    assert refused.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert 9 * 60 <= int(refused["Retry-After"]) <= 10 * 60
    assert "Try again in 10 minutes" in refused.content.decode()
    assert str(backends.TOO_MANY_LOG_INS).split(".")[0] in refused.content.decode()


def test_the_refusal_is_translated():
    UserFactory(username="ana", password=PASSWORD)
    for _ in range(3):
        log_in("ana", PASSWORD)

    refused = Client(REMOTE_ADDR=HOME, HTTP_ACCEPT_LANGUAGE="de").post(
        reverse("login"), {"username": "ana", "password": PASSWORD}
    )

    assert refused.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert "zu viele Anmeldungen bei diesem Konto" in refused.content.decode()


def test_clients_behind_a_trusted_proxy_are_counted_apart(settings):
    settings.TRUSTED_PROXIES = ["172.16.0.0/12"]
    for number in range(5):
        Client(REMOTE_ADDR="172.18.0.5").post(
            reverse("login"), {"username": f"nobody-{number}", "password": "x"}, HTTP_X_FORWARDED_FOR=HOME
        )

    other = Client(REMOTE_ADDR="172.18.0.5").post(
        reverse("login"), {"username": "nobody-new", "password": "x"}, HTTP_X_FORWARDED_FOR=ELSEWHERE
    )

    assert other.status_code == HTTPStatus.OK
    assert AccessAttempt.objects.filter(ip_address=HOME).count() == 5
    assert AccessAttempt.objects.filter(ip_address=ELSEWHERE).count() == 1
