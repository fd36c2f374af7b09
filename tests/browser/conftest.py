"""Real-browser tests: Playwright driving Debian's Chromium against Django's live server.

Playwright cannot download its own browser here, so the tests launch
``/usr/bin/chromium`` (``.ci/run`` installs it when missing) with the flags
these machines need. Screenshots go to ``test-artifacts/`` (git-ignored).

One browser serves the whole session (pytest-playwright's ``browser``); each
test gets fresh contexts. Pages are addressed with ``reverse()`` paths: the
contexts' ``base_url`` is the live server. Learners are logged in by handing
the browser a session cookie made by Django's test client (the log-in and
sign-up forms themselves are driven in the journeys).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from django.conf import settings
from django.db import transaction
from django.test import Client
from playwright.sync_api import expect

from tests.browser.support import DESKTOP, PHONE, Dealer


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix) -> None:
    """On SQLite the browser tests' database is a file, as a real installation's is.

    Django's default in-memory test database shares one cache between the live server's threads,
    and there a write that meets another one fails at once ("database table is locked") instead of
    waiting its turn (the settings' 20 s timeout). A lesson page sends several requests as it loads
    (the visit, the exercise, its examples), so the browser tests need the waiting a file gives.
    """
    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        name = Path(os.environ.get("TMPDIR", "/tmp")) / f"puntobanco-browser-tests-{os.getpid()}.sqlite3"
        database.setdefault("TEST", {})["NAME"] = str(name)


CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

TIMEOUT_MS = 10_000
expect.set_options(timeout=TIMEOUT_MS)

# Playwright's sync API runs an event loop; the live server's database set-up refuses otherwise.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects, so ``-m "not browser"`` sees the marker
def pytest_collection_modifyitems(config, items):
    """Mark every test here ``browser``; without Chromium, say so plainly instead of failing them."""
    here = Path(__file__).parent
    browser_items = [item for item in items if item.path.is_relative_to(here)]
    for item in browser_items:
        item.add_marker(pytest.mark.browser)
    if shutil.which(CHROMIUM) or Path(CHROMIUM).exists():
        return
    skip = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    for item in browser_items:
        item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": FLAGS, "headless": True}


@pytest.fixture(scope="session")
def base_url(live_server) -> str:
    """Pages are opened by path (``page.goto(reverse(...))``), resolved against the live server.

    pytest-playwright passes this to every browser context it makes. Contexts keep Playwright's
    desktop viewport (1280 x 720); the phone tests ask for their own.
    """
    return live_server.url


@pytest.fixture
def new_context(new_context) -> Callable:
    """pytest-playwright's context factory, failing after 10 s instead of 30 (every page here is local)."""

    def make(**kwargs):
        context = new_context(**kwargs)
        context.set_default_timeout(TIMEOUT_MS)
        return context

    return make


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def snap(artifacts) -> Callable:
    """``snap(page, "journey-03-lesson-3")``: full-page screenshots at 1280 px and at 375 px.

    The page keeps its state (only the viewport changes) and gets its own viewport back afterwards.
    """

    def take(page, name: str) -> None:
        original = page.viewport_size
        for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size(size)
            page.screenshot(path=artifacts / f"{name}-{label}-{size['width']}.png", full_page=True)
        page.set_viewport_size(original)

    return take


@pytest.fixture
def course(transactional_db):
    """The course's lessons, loaded as ``make run`` loads them."""
    from lessons.services import lessons_load

    lessons_load()


@pytest.fixture
def log_in(live_server) -> Callable:
    """``log_in(context, user)``: the browser context carries that user's session cookie."""

    def enter(context, user) -> None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])

    return enter


@pytest.fixture
def demo(course):
    """``manage.py seed_demo``'s data: the demo instructor, the Demo class and its five learners.

    Written in one transaction: the same rows as the command's, committed once instead of once a
    service call (hundreds of commits, seconds of each test's set-up on a file database)."""
    from ops.management.commands.seed_demo import seed

    with transaction.atomic():
        _, classroom = seed()
    return classroom


@pytest.fixture
def instructor_log_in(demo, log_in) -> Callable:
    """``instructor_log_in(context)``: that browser context is logged in as the demo instructor."""
    from django.contrib.auth import get_user_model

    from ops.demo import DEMO_INSTRUCTOR

    instructor = get_user_model().objects.get(username=DEMO_INSTRUCTOR)
    return lambda context: log_in(context, instructor)


@pytest.fixture
def dealer() -> Dealer:
    return Dealer()
