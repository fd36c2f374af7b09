"""The site skeleton: settings, the base template and the vendored htmx."""

import json
import os
import subprocess
import sys
from http import HTTPStatus

from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import reverse


def test_home_page_loads_the_vendored_htmx_and_sends_csrf_with_htmx_requests(client, db):
    response = client.get(reverse("home"))

    assert response.status_code == HTTPStatus.OK
    html = response.content.decode()
    assert "vendor/htmx-2.0.11.min.js" in html
    assert 'hx-headers=\'{"X-CSRFToken": "' in html
    assert 'name="htmx-config"' in html


def test_vendored_htmx_is_version_2_and_local():
    path = finders.find("vendor/htmx-2.0.11.min.js")

    assert path is not None
    with open(path, encoding="utf-8") as vendored:
        assert 'version:"2.0.11"' in vendored.read()


def _settings_database(**environ):
    """The default database that config.settings builds in a fresh process with this environment."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"} | environ
    code = (
        "import json, django; from django.conf import settings; django.setup(); "
        "db = settings.DATABASES['default']; print(json.dumps([db['ENGINE'], str(db['NAME'])]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_database_defaults_to_a_sqlite_file_in_the_project_folder():
    assert _settings_database() == ["django.db.backends.sqlite3", str(settings.BASE_DIR / "db.sqlite3")]


def test_database_url_selects_postgresql():
    engine, name = _settings_database(DATABASE_URL="postgres://someone@db.invalid:5432/school")

    assert (engine, name) == ("django.db.backends.postgresql", "school")


def test_requests_are_not_wrapped_in_one_transaction():
    assert settings.DATABASES["default"]["ATOMIC_REQUESTS"] is False


def test_htmx_middleware_is_installed():
    assert "django_htmx.middleware.HtmxMiddleware" in settings.MIDDLEWARE
