"""A database that cannot be reached gives a 503 page with ``Retry-After``, never a 500 (issue 25).

While the database refused connections, pages answered 500 where ``/healthz`` said 503. Every
page now answers a plain 503 in the visitor's language, rendered without the database (no user,
no session, no context processor), with ``Retry-After``; an htmx request gets the message in
place of the main region. Other errors stay Django's 500. The first tests make every connection
refuse at connect; the last runs the app in a process of its own against a port nobody listens on.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from contextlib import contextmanager
from http import HTTPStatus
from pathlib import Path
from unittest import mock

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from config import views
from tests.factories import UserFactory
from tests.support import parse

HX = {"HX-Request": "true", "HX-Current-URL": "http://testserver/lessons/hands-and-results/"}
MODES = [pytest.param({}, id="plain"), pytest.param(HX, id="htmx")]
DEAL = reverse("lessons:example-deal", args=["hands-and-results", "first-coup"])
ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def refused_connections():
    """Every use of the database fails as a refused connection does (the test database is put back after)."""
    error = OperationalError('connection to server at "127.0.0.1", port 5432 failed: Connection refused')
    with (
        mock.patch.object(connection, "ensure_connection", side_effect=error),
        mock.patch.object(connection, "connection", None),
    ):
        yield


@pytest.fixture
def database_down(course):
    """From here on the database cannot be reached (set up after the test database, so put back before it)."""
    with refused_connections():
        yield


def assert_unavailable(response, *, htmx: bool) -> str:
    html = response.content.decode()
    assert response.status_code == HTTPStatus.SERVICE_UNAVAILABLE
    assert response["Retry-After"] == str(views.RETRY_AFTER_SECONDS)
    assert "database cannot be reached" in html
    assert ("<html" in html) is not htmx
    if htmx:
        assert response["HX-Retarget"] == "#main"
    return html


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("url", ["/", "/lessons/hands-and-results/", "/lessons/settlement/"])
def test_a_page_answers_503_while_the_database_is_down(database_down, url, headers):
    response = Client(raise_request_exception=False).get(url, headers=headers)

    html = assert_unavailable(response, htmx=bool(headers))
    if not headers:
        assert f'href="{url}"' in html  # try again: the same page


@pytest.mark.parametrize("headers", MODES)
def test_a_post_answers_503_while_the_database_is_down(database_down, headers):
    response = Client(raise_request_exception=False).post(DEAL, {"round": "1", "card": "0"}, headers=headers)

    html = assert_unavailable(response, htmx=bool(headers))
    if headers:
        assert 'href="/lessons/hands-and-results/"' in html  # the page the fragment came from


@pytest.mark.parametrize("url", ["/accounts/login/", "/admin/login/"])
def test_a_log_in_answers_503_while_the_database_is_down(database_down, url):
    response = Client(raise_request_exception=False).post(url, {"username": "ana", "password": "a-long-pass"})

    assert_unavailable(response, htmx=False)


@pytest.mark.parametrize("headers", MODES)
def test_a_learners_page_and_post_answer_503_while_the_database_is_down(client, course, headers):
    client.force_login(UserFactory())
    client.raise_request_exception = False
    lesson = client.get("/lessons/hands-and-results/")  # the page works, then the database goes
    assert lesson.status_code == HTTPStatus.OK

    with refused_connections():
        page = client.get("/table/", headers=headers)
        post = client.post(DEAL, {"round": "1", "card": "0"}, headers=headers)

    assert_unavailable(page, htmx=bool(headers))
    assert_unavailable(post, htmx=bool(headers))


def test_the_503_page_is_in_the_visitors_language(database_down):
    response = Client(raise_request_exception=False).get("/", headers={"Accept-Language": "de"})

    html = response.content.decode()
    assert response.status_code == HTTPStatus.SERVICE_UNAVAILABLE
    assert parse(html).find("html").attrs["lang"] == "de" and "Gleich wieder da" in html


def test_the_503_page_is_in_the_language_cookies_language(database_down):
    client = Client(raise_request_exception=False)
    client.cookies["language"] = "id"

    html = client.get("/lessons/hands-and-results/").content.decode()

    assert parse(html).find("html").attrs["lang"] == "id" and "Sebentar lagi" in html


def test_a_try_again_link_never_leaves_the_site(database_down):
    headers = {"HX-Request": "true", "HX-Current-URL": "http://testserver//elsewhere.example/x"}

    response = Client(raise_request_exception=False).post(DEAL, {"round": "1"}, headers=headers)

    assert 'href="/"' in response.content.decode()


def test_any_other_error_is_still_a_500(course, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("lessons.views.course_overview", broken)

    response = Client(raise_request_exception=False).get("/")

    assert response.status_code == HTTPStatus.INTERNAL_SERVER_ERROR
    assert "Retry-After" not in response


def free_port() -> int:
    """A port nobody listens on: bound, read, and closed again."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


#: Run in a process of its own, so its broken connection is not the test database's.
CLOSED_PORT_SCRIPT = """
import json, django
django.setup()
from django.test.utils import setup_test_environment
setup_test_environment()
from django.test import Client
client = Client(raise_request_exception=False)
hx = {"HX-Request": "true"}
DEAL = "/lessons/hands-and-results/examples/first-coup/deal/"
answers = [
    client.get("/"),
    client.get("/lessons/hands-and-results/", headers={"Accept-Language": "de"}),
    client.post(DEAL, {"round": "1", "card": "0"}),
    client.post(DEAL, {"round": "1", "card": "0"}, headers=hx),
    client.get("/healthz"),
]
print(json.dumps([[r.status_code, r.get("Retry-After"), r.content.decode()[:2000]] for r in answers]))
"""


def test_a_database_on_a_closed_port_gives_503_pages_and_the_health_check_says_so():
    assert DEAL == "/lessons/hands-and-results/examples/first-coup/deal/"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{free_port()}/nothing",
        "CONN_MAX_AGE": "0",
    }
    env.pop("POSTGRES_HOST", None)

    done = subprocess.run(
        [sys.executable, "-c", CLOSED_PORT_SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert done.returncode == 0, done.stderr[-3000:]
    home, german, post, htmx_post, health = json.loads(done.stdout.strip().splitlines()[-1])
    for status, retry_after, _ in (home, german, post, htmx_post):
        assert (status, retry_after) == (HTTPStatus.SERVICE_UNAVAILABLE, str(views.RETRY_AFTER_SECONDS))
    assert "Gleich wieder da" in german[2] and "<html" not in htmx_post[2]
    assert health[0] == HTTPStatus.SERVICE_UNAVAILABLE
