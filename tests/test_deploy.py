"""Self-hosting: production settings, the health check, the container's start-up steps, compose.

No Docker engine runs on these machines, so each thing the container does is
proved here on its own: the same commands the Dockerfile runs.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from http import HTTPStatus
from pathlib import Path
from unittest import mock

import pytest
import yaml
from django.conf import settings
from django.db import OperationalError, connection

from lessons.course import COURSE
from table.benchmark import child_env

BASE = Path(settings.BASE_DIR)
SECRET = "test-secret-" + "x" * 60
PRODUCTION = {
    # The entrypoint calls `python`, as in the image: this virtualenv's comes first.
    "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    "DJANGO_SETTINGS_MODULE": "config.production",
    "SECRET_KEY": SECRET,
    "ALLOWED_HOSTS": "school.example,127.0.0.1",
    "CSRF_TRUSTED_ORIGINS": "https://school.example",
}


def run(args, env_extra=None, **kwargs):
    return subprocess.run(
        args, cwd=BASE, env=child_env(env_extra or {}), capture_output=True, text=True, timeout=120, **kwargs
    )


# --- Production settings ------------------------------------------------------------------


def test_the_deploy_check_reports_nothing_with_the_production_environment():
    result = run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "DEBUG"], PRODUCTION)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


@pytest.mark.parametrize("secret", ["", "short", "change-me-to-a-long-random-string" + "x" * 30])
def test_production_refuses_to_start_without_a_real_secret_key(secret):
    result = run([sys.executable, "manage.py", "check"], PRODUCTION | {"SECRET_KEY": secret})

    assert result.returncode != 0
    assert "SECRET_KEY must be set to a long random value" in result.stderr


def test_production_settings_are_strict():
    result = run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from django.conf import settings as s; "
            "print(s.DEBUG, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SESSION_COOKIE_HTTPONLY, "
            "s.SECURE_HSTS_SECONDS, s.SECURE_PROXY_SSL_HEADER, s.CSRF_TRUSTED_ORIGINS)",
        ],
        PRODUCTION,
    )

    assert result.stdout.strip() == (
        "False True True True 31536000 ('HTTP_X_FORWARDED_PROTO', 'https') ['https://school.example']"
    )


# --- Health check and CSP -----------------------------------------------------------------


def test_healthz_answers_200_without_a_session_a_login_or_an_allowed_host(client, db):
    response = client.get("/healthz", HTTP_HOST="not-an-allowed-host.example")

    assert response.status_code == HTTPStatus.OK
    assert response.content == b"ok\n"
    assert "sessionid" not in response.cookies and "csrftoken" not in response.cookies


def test_healthz_answers_503_when_the_database_does_not(client, db):
    with mock.patch.object(connection, "cursor", side_effect=OperationalError("no database")):
        response = client.get("/healthz")

    assert response.status_code == HTTPStatus.SERVICE_UNAVAILABLE


def test_pages_carry_a_content_security_policy_without_inline_scripts(client, db):
    policy = client.get("/").headers["Content-Security-Policy"]

    assert "script-src 'self';" in policy and "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy


def test_no_template_has_an_inline_script_or_style_attribute():
    for path in (BASE / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), f"inline script in {path}"
        assert not re.search(r"\son[a-z]+=", text), f"inline event handler in {path}"
        assert " style=" not in text and "<style" not in text, f"inline style in {path}"


# --- The container's steps, for real (PostgreSQL) ---------------------------------------------


@pytest.mark.postgres
def test_the_start_up_steps_run_twice_in_a_row_and_from_two_processes_at_once(fresh_postgres):
    url, _ = fresh_postgres
    env = PRODUCTION | {"DATABASE_URL": url}
    entrypoint = [str(BASE / "config/docker-entrypoint.sh"), "true"]

    together = [
        subprocess.Popen(
            entrypoint,
            cwd=BASE,
            env=child_env(env),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outputs = [process.communicate(timeout=180) for process in together]
    again = run(entrypoint, env)
    lessons = run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "-c",
            "from progress.models import Lesson; print(Lesson.objects.count())",
        ],
        env,
    )

    assert [process.returncode for process in together] == [0, 0], outputs
    assert again.returncode == 0, again.stderr
    assert lessons.stdout.strip().splitlines()[-1] == str(len(COURSE))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(port, path, headers=None):
    """One request to the local server; redirects are returned, never followed."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


@pytest.mark.postgres
def test_gunicorn_serves_health_lessons_and_cached_static_files_with_production_settings(
    fresh_postgres, tmp_path
):
    url, _ = fresh_postgres
    port = free_port()
    env = PRODUCTION | {"DATABASE_URL": url, "STATIC_ROOT": str(tmp_path / "static"), "PORT": str(port)}
    assert run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], env).returncode == 0
    assert run([str(BASE / "config/docker-entrypoint.sh"), "true"], env).returncode == 0
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi:application",
            "--config",
            "config/gunicorn.conf.py",
            "--bind",
            f"127.0.0.1:{port}",
        ],
        cwd=BASE,
        env=child_env(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        for _ in range(100):
            try:
                get(port, "/healthz")
                break
            except OSError:
                time.sleep(0.1)
        proxy = {"X-Forwarded-Proto": "https", "Host": "school.example"}
        health = get(port, "/healthz")
        lesson = get(port, "/lessons/hands-and-results/", proxy)
        plain = get(port, "/lessons/hands-and-results/", {"Host": "school.example"})
        css = re.search(rb'href="(/static/css/app\.[0-9a-f]{12}\.css)"', lesson[2]).group(1).decode()
        static = get(port, css, proxy)
    finally:
        server.send_signal(signal.SIGTERM)
        log = server.communicate(timeout=30)[0]

    assert health[0] == HTTPStatus.OK, log
    assert lesson[0] == HTTPStatus.OK and b"Player and Banker" in lesson[2]
    assert "Strict-Transport-Security" in lesson[1] and "Content-Security-Policy" in lesson[1]
    assert plain[0] == HTTPStatus.MOVED_PERMANENTLY and plain[1]["Location"].startswith("https://")
    assert static[0] == HTTPStatus.OK
    assert "immutable" in static[1]["Cache-Control"] and "max-age=315360000" in static[1]["Cache-Control"]
    assert server.returncode == 0


# --- The compose file and .env.example ------------------------------------------------------


def compose():
    return yaml.safe_load((BASE / "docker-compose.yml").read_text())


def env_example():
    lines = (BASE / ".env.example").read_text().splitlines()
    return {line.split("=", 1)[0] for line in lines if re.match(r"^[A-Z_]+=", line)}


def test_compose_runs_postgres_16_with_a_named_volume_and_a_health_check():
    db = compose()["services"]["db"]

    assert db["image"] == "postgres:16" and "ports" not in db
    assert "db-data:/var/lib/postgresql/data" in db["volumes"]
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert "db-data" in compose()["volumes"]


def test_compose_web_waits_for_a_healthy_database_and_reads_the_env_file():
    web = compose()["services"]["web"]

    assert web["build"] == "."
    assert web["env_file"] == ".env"
    assert web["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert "/healthz" in " ".join(web["healthcheck"]["test"])
    # The connection comes in parts: no URL for a password to break.
    assert web["environment"]["POSTGRES_HOST"] == "db" and "DATABASE_URL" not in web["environment"]
    assert web["deploy"]["replicas"] == "${WEB_REPLICAS:-2}"
    # Healthy within a few seconds of being ready.
    assert web["healthcheck"]["interval"] == "3s"


def test_only_the_proxy_publishes_ports_and_it_balances_over_every_web_container():
    services = compose()["services"]

    assert [name for name, service in services.items() if "ports" in service] == ["proxy"]
    assert services["proxy"]["image"] == "caddy:2"
    assert services["proxy"]["depends_on"] == {"web": {"condition": "service_healthy"}}
    caddyfile = (BASE / "Caddyfile").read_text()
    assert "dynamic a web 8000" in caddyfile and "lb_policy round_robin" in caddyfile
    assert compose()["name"] == "puntobanco"  # the volumes are puntobanco_db-data, whatever the folder


@pytest.mark.parametrize("password", ["p/@:%$x", "$HOME", "a b'c\"d", "%(x)s"])
def test_the_database_password_is_used_as_it_is_written(password):
    code = "from django.conf import settings; print(settings.DATABASES['default']['PASSWORD'], end='')"
    env = {
        "POSTGRES_HOST": "db",
        "POSTGRES_PASSWORD": password,
        "DATABASE_URL": "",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    result = run([sys.executable, "-c", "import django; django.setup(); " + code], env)

    assert result.returncode == 0, result.stderr
    assert result.stdout == password


def test_production_refuses_the_placeholder_database_password():
    result = run(
        [sys.executable, "manage.py", "check"],
        PRODUCTION | {"POSTGRES_PASSWORD": "change-me-database-password"},
    )

    assert result.returncode != 0
    assert "POSTGRES_PASSWORD is still the placeholder from .env.example" in result.stderr


def test_every_variable_compose_uses_is_documented_in_env_example():
    used = set(re.findall(r"\$\{([A-Z_]+)", (BASE / "docker-compose.yml").read_text()))

    assert used <= env_example(), used - env_example()


def test_every_setting_read_from_the_environment_is_documented_in_env_example():
    source = (BASE / "config/settings.py").read_text() + (BASE / "config/production.py").read_text()
    read = set(re.findall(r'env(?:\.\w+)?\(\s*"([A-Z_]+)"', source))

    assert read - {"STATIC_ROOT"} <= env_example() | {"DATABASE_URL"}, read - env_example()


def test_the_compose_file_is_valid_for_docker_compose(tmp_path):
    compose_binary = Path(__import__("compose").__file__).parent / "docker-compose"
    shutil.copy(BASE / "docker-compose.yml", tmp_path / "docker-compose.yml")
    shutil.copy(BASE / ".env.example", tmp_path / ".env")

    result = subprocess.run(
        [str(compose_binary), "-f", str(tmp_path / "docker-compose.yml"), "config", "-q"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 0, result.stderr


def test_the_dockerfile_passes_hadolint_and_runs_the_tested_commands():
    dockerfile = (BASE / "Dockerfile").read_text()
    result = subprocess.run(
        [
            shutil.which("hadolint") or str(Path(sys.executable).parent / "hadolint"),
            "--failure-threshold",
            "info",
            "Dockerfile",
        ],
        cwd=BASE,
        capture_output=True,
        text=True,
    )

    assert result.returncode == 0, result.stdout
    assert 'ENTRYPOINT ["/app/config/docker-entrypoint.sh"]' in dockerfile
    assert '"gunicorn", "config.wsgi:application", "--config", "config/gunicorn.conf.py"' in dockerfile
    assert "DJANGO_SETTINGS_MODULE=config.production" in dockerfile
    assert "HEALTHCHECK" in dockerfile and "/healthz" in dockerfile
    assert "USER 10001" in dockerfile
