"""A session cookie that is not a well-formed key is no session, before any query (issue 25).

Django unquotes ``sessionid="abcdefgh\\000ijkl"`` to a value with a NUL, and looked it up in the
session table: PostgreSQL refuses NUL in text, so every page answered 500. The same holds for any
value Django never makes (too long, other characters, quotes): every page answers as it does
without a cookie, reads nothing from the session table, and asks the browser to forget the cookie.
Run on SQLite and on PostgreSQL (``DATABASE_URL``).
"""

from __future__ import annotations

from http import HTTPStatus

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import UserFactory
from tests.support import HX

NAME = settings.SESSION_COOKIE_NAME

#: Cookie headers as a client sends them, raw (quoting and escapes included).
MALFORMED = [
    pytest.param(f'{NAME}="abcdefgh\\000ijkl"', id="nul"),
    pytest.param(f'{NAME}="{"a" * 31}\\000"', id="nul-32-chars"),
    pytest.param(f"{NAME}={'a' * 33}", id="too-long"),
    pytest.param(f"{NAME}={'a' * 4000}", id="far-too-long"),
    pytest.param(f"{NAME}=abc", id="too-short"),
    pytest.param(f"{NAME}={'A' * 32}", id="upper-case"),
    pytest.param(f"{NAME}={'a' * 31}-", id="wrong-charset"),
    pytest.param(f'{NAME}="{"a" * 30}\\"x"', id="quoted-quote"),
    # As a WSGI server hands over UTF-8 bytes: decoded as latin-1.
    pytest.param(f"{NAME}={'ſ' * 32}".encode().decode("latin-1"), id="non-ascii"),
    pytest.param(f'{NAME}="{"a" * 16}\\012{"b" * 15}"', id="newline"),
]


def session_queries(queries) -> list[str]:
    return [query["sql"] for query in queries if "django_session" in query["sql"]]


def forgets_the_cookie(response) -> bool:
    morsel = response.cookies.get(NAME)
    return morsel is not None and morsel.value == "" and str(morsel["max-age"]) == "0"


@pytest.mark.parametrize("cookie", MALFORMED)
@pytest.mark.parametrize(
    ("url", "status"),
    [
        pytest.param("/", HTTPStatus.OK, id="home"),
        pytest.param("/admin/", HTTPStatus.FOUND, id="admin"),
        pytest.param("/lessons/hands-and-results/", HTTPStatus.OK, id="lesson"),
        pytest.param("/accounts/login/", HTTPStatus.OK, id="login"),
    ],
)
def test_a_malformed_session_cookie_is_no_session_on_any_page(course, cookie, url, status):
    client = Client(raise_request_exception=False)

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, HTTP_COOKIE=cookie)

    assert response.status_code == status
    assert session_queries(queries) == []
    assert forgets_the_cookie(response)


@pytest.mark.parametrize("headers", [pytest.param({}, id="plain"), pytest.param(HX, id="htmx")])
@pytest.mark.parametrize("cookie", MALFORMED)
def test_a_visitors_deal_with_a_malformed_session_cookie_is_dealt(course, cookie, headers):
    client = Client(raise_request_exception=False)
    url = reverse("lessons:example-deal", args=["hands-and-results", "first-coup"])

    with CaptureQueriesContext(connection) as queries:
        response = client.post(url, {"round": "1", "card": "0"}, HTTP_COOKIE=cookie, headers=headers)

    assert response.status_code == (HTTPStatus.OK if headers else HTTPStatus.FOUND)
    assert session_queries(queries) == []
    assert forgets_the_cookie(response)


@pytest.mark.parametrize("cookie", MALFORMED)
def test_a_log_in_with_a_malformed_session_cookie_works(course, cookie):
    UserFactory(username="mala", password="a-long-pass-phrase")
    client = Client(raise_request_exception=False)

    response = client.post(
        reverse("login"), {"username": "mala", "password": "a-long-pass-phrase"}, HTTP_COOKIE=cookie
    )

    assert response.status_code == HTTPStatus.FOUND
    key = response.cookies[NAME].value
    assert len(key) == 32 and key != cookie.split("=", 1)[1]


def test_a_well_formed_session_cookie_still_logs_a_learner_in(client, course):
    client.force_login(UserFactory(username="ana"))

    response = client.get("/")

    assert response.status_code == HTTPStatus.OK
    assert "Log out (ana)" in response.content.decode()


def test_a_well_formed_but_unknown_key_is_looked_up_and_is_no_session(course):
    client = Client(raise_request_exception=False)

    with CaptureQueriesContext(connection) as queries:
        response = client.get("/", HTTP_COOKIE=f"{NAME}={'a' * 32}")

    assert response.status_code == HTTPStatus.OK
    assert len(session_queries(queries)) == 1  # the look-up, which finds nothing
    assert forgets_the_cookie(response)
