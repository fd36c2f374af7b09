"""Rows written for one client address are bounded (issue 25): failed log-ins and log-ins.

Each failed log-in with a new username wrote a django-axes row, and every log-in a session row,
as many as a script liked. Before any password is checked, a client is refused with a 429 (with
``Retry-After``) and nothing written: a new username once it holds ``FAILED_LOGIN_NAMES_PER_CLIENT``
axes rows, any log-in once it logged in ``LOG_INS_PER_CLIENT`` times in the hour. The numbers are
scaled down here (5 and 3 for 40 and 10 tries); another client address is not affected.
"""

from __future__ import annotations

from datetime import timedelta
from http import HTTPStatus

import pytest
from axes.models import AccessAttempt, AccessLog
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
    settings.LOG_INS_PER_CLIENT = 3


def log_in(username: str, password: str = "wrong guess", *, address: str = HOME, url: str = "login"):
    client = Client(REMOTE_ADDR=address)
    return client.post(reverse(url), {"username": username, "password": password})


def test_forty_new_usernames_from_one_client_write_five_axes_rows():
    answers = [log_in(f"nobody-{number}") for number in range(40)]

    assert [answer.status_code for answer in answers] == [HTTPStatus.OK] * 5 + [
        HTTPStatus.TOO_MANY_REQUESTS
    ] * 35
    assert AccessAttempt.objects.filter(ip_address=HOME).count() == 5
    refused = answers[-1]
    assert 0 < int(refused["Retry-After"]) <= 15 * 60
    assert "Too many different usernames were tried from your network" in refused.content.decode()


def test_a_username_already_tried_is_still_counted_by_axes_and_locks_as_before():
    for number in range(5):
        log_in(f"nobody-{number}")

    answers = [log_in("nobody-0").status_code for _ in range(4)]

    assert answers == [HTTPStatus.OK] * 3 + [HTTPStatus.TOO_MANY_REQUESTS]  # axes' own lock-out at 5
    assert AccessAttempt.objects.get(username="nobody-0").failures_since_start == 5
    assert AccessAttempt.objects.count() == 5


def test_a_client_over_the_limit_cannot_log_in_with_a_new_username_but_another_client_can():
    UserFactory(username="ana", password=PASSWORD)
    for number in range(5):
        log_in(f"nobody-{number}")

    here = log_in("ana", PASSWORD)
    there = log_in("ana", PASSWORD, address=ELSEWHERE)

    assert here.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert there.status_code == HTTPStatus.FOUND
    assert AccessAttempt.objects.count() == 5


def test_the_admins_log_in_is_limited_too():
    for number in range(5):
        log_in(f"nobody-{number}", url="admin:login")

    refused = log_in("nobody-new", url="admin:login")

    assert refused.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert AccessAttempt.objects.count() == 5


def test_once_the_rows_are_past_the_cool_off_new_usernames_are_tried_again(settings):
    for number in range(5):
        log_in(f"nobody-{number}")
    past = timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    AccessAttempt.objects.update(attempt_time=past)

    answer = log_in("nobody-new")

    assert answer.status_code == HTTPStatus.OK
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["nobody-new"]  # axes cleaned up


def test_ten_log_ins_from_one_client_write_three_sessions():
    UserFactory(username="ana", password=PASSWORD)

    answers = [log_in("ana", PASSWORD).status_code for _ in range(10)]

    assert answers == [HTTPStatus.FOUND] * 3 + [HTTPStatus.TOO_MANY_REQUESTS] * 7
    assert Session.objects.count() == 3 and AccessLog.objects.count() == 3
    assert log_in("ana", PASSWORD, address=ELSEWHERE).status_code == HTTPStatus.FOUND


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
