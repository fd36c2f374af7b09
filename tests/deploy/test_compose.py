"""The self-hosted stack for real: the unchanged Dockerfile, docker-compose.yml and Caddyfile, run by a
Docker engine, used through the proxy only, as the README tells a school to.

It builds images and starts containers (2-3 minutes), so it runs when ``COMPOSE_E2E=1`` is set and a
Docker engine answers; ``.ci/run`` does both. Otherwise it is skipped with the reason. One test walks
the whole life of a stack, in order, because each step needs the one before; its timings are printed.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import shutil
import subprocess
import time
import urllib.parse
from pathlib import Path

import pytest

from classtable import benchmark as class_benchmark
from table import benchmark
from table.bench_client import Browser
from tests.slowclients import Attack, probe

BASE = Path(__file__).resolve().parents[2]
PROJECT = "puntobanco-e2e"
#: A database password with every character that broke the old URL: / @ : % $
PASSWORD = "p/@:%$w-" + secrets.token_hex(6)
SKIP_COPY = shutil.ignore_patterns(
    ".git",
    ".venv",
    ".env",
    "staticfiles",
    "test-artifacts",
    "db.sqlite3*",
    "__pycache__",
    "*.pyc",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".hypothesis",
    ".import_linter_cache",
)


def docker_answers() -> bool:
    try:
        return subprocess.run(["docker", "info"], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


pytestmark = [
    pytest.mark.skipif(
        os.environ.get("COMPOSE_E2E") != "1",
        reason="set COMPOSE_E2E=1 to build and run the stack (.ci/run does)",
    ),
    pytest.mark.skipif(
        not docker_answers(),
        reason="no Docker engine answers (../shared/tools/containers/docker-engine start)",
    ),
]


class Stack:
    """``docker compose`` in a copy of the project, with its own project name and ports."""

    def __init__(self, folder: Path, port: int) -> None:
        self.folder, self.port = folder, port
        self.timings: dict[str, float] = {}

    def compose(self, *args: str, timeout: int = 600, check: bool = True, input: bytes | None = None):
        result = subprocess.run(
            ["docker", "compose", "-p", PROJECT, *args],
            cwd=self.folder,
            env={**os.environ, "DOCKER_BUILDKIT": "0"},
            capture_output=True,
            timeout=timeout,
            input=input,
        )
        if check and result.returncode != 0:
            raise AssertionError(
                f"docker compose {' '.join(args)}:\n{result.stdout.decode()}\n{result.stderr.decode()}"
            )
        return result

    def timed(self, label: str, *args: str, timeout: int = 600):
        started = time.monotonic()
        result = self.compose(*args, timeout=timeout)
        self.timings[label] = round(time.monotonic() - started, 1)
        return result

    def containers(self) -> list[dict]:
        out = self.compose("ps", "--format", "json").stdout.decode().strip()
        if out.startswith("["):
            return json.loads(out)
        return [json.loads(line) for line in out.splitlines() if line.strip()]

    #: What marks an error in each service's log: Caddy's JSON lines, gunicorn's and Django's.
    ERRORS = {"proxy": r'"level":"error"', "web": r"Traceback|\[ERROR\]|\[CRITICAL\]|WORKER TIMEOUT"}

    def error_lines(self, most: int = 20) -> dict[str, list[str]]:
        """The last error lines of the proxy's and the web containers' logs (printed after the test, so
        a failure through the proxy, a 502 say, shows what Caddy and gunicorn saw)."""
        found = {}
        for service, pattern in self.ERRORS.items():
            logs = self.compose("logs", "--no-color", "--timestamps", service, timeout=60, check=False)
            lines = logs.stdout.decode(errors="replace").splitlines()
            found[service] = [line[:400] for line in lines if re.search(pattern, line)][-most:]
        return found

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request("GET", path, headers={"Host": "localhost", **(headers or {})})
            response = conn.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            conn.close()

    def wait_until_served(self, label: str, limit: float = 120) -> None:
        started = time.monotonic()
        while time.monotonic() - started < limit:
            try:
                if self.get("/healthz")[0] == 200:
                    self.timings[label] = round(time.monotonic() - started, 1)
                    return
            except OSError:
                pass
            time.sleep(0.5)
        raise AssertionError(f"not served through the proxy within {limit} s ({label})")

    def sql(self, query: str) -> str:
        result = self.compose(
            "exec", "-T", "db", "sh", "-c", f'psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -tAc "{query}"'
        )
        return result.stdout.decode().strip()


def requests_per_web_container(stack: Stack, path: str) -> dict[str, int]:
    """From the web containers' access logs: how many requests for ``path`` each one served."""
    counts: dict[str, int] = {}
    for container in stack.containers():
        if container["Service"] != "web":
            continue
        logs = subprocess.run(["docker", "logs", container["Name"]], capture_output=True, timeout=60)
        text = logs.stdout.decode() + logs.stderr.decode()
        counts[container["Name"]] = text.count(f"POST {path} ")
    return counts


def requests_per_web_container_under(stack: Stack, prefix: str) -> dict[str, int]:
    """From the web containers' access logs: how many requests under ``prefix`` each one served."""
    counts: dict[str, int] = {}
    for container in stack.containers():
        if container["Service"] == "web":
            logs = subprocess.run(["docker", "logs", container["Name"]], capture_output=True, timeout=60)
            text = logs.stdout.decode() + logs.stderr.decode()
            counts[container["Name"]] = len(re.findall(rf'"(?:GET|POST) {re.escape(prefix)}', text))
    return counts


#: Run in a web container: an instructor, their class of three learners seated at an open class table,
#: and a session for each (made in the server's own session store, as ``manage.py bench`` makes them).
CLASS_SETUP = """
import json
from decimal import Decimal
from django.contrib.auth import get_user_model
from accounts.models import Classroom, Membership
from classtable.services import class_table_open, seat_join
from ops.class_bench import session_for
from table import services
users = get_user_model()
teacher = users.objects.create_user("class-teacher", is_staff=True)
classroom = Classroom.objects.create(name="E2E class", starting_balance=Decimal("100.00"))
classroom.instructors.add(teacher)
table = class_table_open(user=teacher, classroom_id=classroom.pk, preset="standard", calls_draws=False)
sessions = {"teacher": session_for(teacher)}
for name in ("class-a", "class-b", "class-c"):
    user = users.objects.create_user(name)
    Membership.objects.create(user=user, classroom=classroom)
    services.seat_open(user=user, starting_balance=classroom.starting_balance)
    seat_join(user=user, table_id=table.pk)
    sessions[name] = session_for(user)
print(json.dumps({"table": table.pk, "sessions": sessions}))
"""

CLASS_LEDGER = """
import json
from table.models import Seat
from table.services import ledger_problems
seats = Seat.objects.filter(class_seats__table_id=TABLE)
print(json.dumps({"problems": ledger_problems(seats), "seats": seats.count()}))
"""


def manage_in_web(stack: Stack, script: str) -> dict:
    result = stack.compose("exec", "-T", "web", "python", "manage.py", "shell", "-c", script)
    return json.loads(result.stdout.decode().strip().splitlines()[-1])


def play_a_class_table_round(stack: Stack) -> None:
    """One class-table round through Caddy: bets, "No more bets", every card seen by every learner.

    The browsers ask for gzip as real ones do, so Caddy compresses the changed polls (and marks their
    ETags): an unchanged poll must still come back 304 through it.
    """
    made = manage_in_web(stack, CLASS_SETUP)
    table, sessions = made["table"], made["sessions"]

    def browser(name: str) -> Browser:
        return Browser(stack.port, sessions[name], host="localhost", gzip=True)

    teacher = class_benchmark.Instructor(browser("teacher"), table)
    teacher.open()
    learners = [class_benchmark.Learner(table, browser(name)) for name in ("class-a", "class-b", "class-c")]
    stakes = ({"stake_player": "10"}, {"stake_banker": "10"}, {"stake_tie": "5"})
    for learner, stake in zip(learners, stakes, strict=True):
        learner.open()
        learner.bet(1, stake)
    # "No more bets" (an instructor's action; the others' bets change only the instructor's views) changed
    # every learner's page: the first poll draws it anew (compressed by Caddy), and the next one, with the
    # ETag that answer carried, finds nothing new.
    teacher.close_bets(1)
    first = learners[0]
    path = class_benchmark.poll_path(table)
    changed = first.polls.request("GET", path, headers={"If-None-Match": first.etag or ""})
    assert changed.status == 200, changed.status
    unchanged = first.polls.request("GET", path, headers={"If-None-Match": changed.headers["etag"]})
    assert unchanged.status == 304, (changed.headers, unchanged.status, unchanged.headers)
    deals = teacher.deal_round(1, every=0)
    assert deals[-1].settled and 4 <= len(deals) <= 6
    for learner in learners:
        learner.wait_for(deals[-1].version)
        assert len(learner.cards()) == len(deals) and "ct-verdict" in learner.shown
    ledger = manage_in_web(stack, CLASS_LEDGER.replace("TABLE", str(table)))
    assert ledger == {"problems": [], "seats": 3}, ledger
    served = requests_per_web_container_under(stack, f"/class-table/{table}/")
    assert len(served) == 2 and all(count > 0 for count in served.values()), served


def sign_up(stack: Stack, username: str) -> str:
    """Sign up through the proxy, as a browser does; return the session cookie."""
    conn = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=30)
    conn.request("GET", "/accounts/signup/", headers={"Host": "localhost"})
    response = conn.getresponse()
    response.read()
    csrf = re.search(r"csrftoken=([^;]+)", response.getheader("Set-Cookie") or "").group(1)
    body = urllib.parse.urlencode(
        {
            "username": username,
            "password1": "a-long-pass-phrase-7",
            "password2": "a-long-pass-phrase-7",
            "csrfmiddlewaretoken": csrf,
        }
    )
    conn.request(
        "POST",
        "/accounts/signup/",
        body=body,
        headers={
            "Host": "localhost",
            "Cookie": f"csrftoken={csrf}",
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    response = conn.getresponse()
    response.read()
    assert response.status == 302, response.status
    cookies = "; ".join(response.headers.get_all("Set-Cookie") or [])
    conn.close()
    return re.search(r"sessionid=([^;]+)", cookies).group(1)


def play_rounds(stack: Stack, session: str, rounds: int) -> None:
    """Coach mode off, then whole rounds through the proxy, one request per card."""
    browser = benchmark.TableBrowser(stack.port, session)
    browser.start()
    status = browser.request("POST", "/table/coach/", {"coach": "off"}).status
    assert status == 200, status
    tally = benchmark.Tally()
    for _ in range(rounds):
        benchmark.play_round(browser, tally)
    assert not tally.errors, tally.errors
    assert len(tally.rounds) == rounds


@pytest.fixture
def stack(tmp_path):
    folder = tmp_path / "school"
    shutil.copytree(BASE, folder, ignore=SKIP_COPY)
    port, https_port = benchmark.free_port(), benchmark.free_port()
    env = (folder / ".env.example").read_text()
    settings = {
        "SECRET_KEY": secrets.token_urlsafe(64),
        "POSTGRES_PASSWORD": f"'{PASSWORD}'",  # single quotes: every character as it is
        "ALLOWED_HOSTS": "localhost,127.0.0.1",
        "SITE_ADDRESS": ":80",
        "HTTP_PORT": str(port),
        "HTTPS_PORT": str(https_port),
        "WEB_REPLICAS": "2",
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
    }
    for key, value in settings.items():
        env = re.sub(rf"^{key}=.*$", f"{key}={value}", env, flags=re.M)
    (folder / ".env").write_text(env)
    running = Stack(folder, port)
    try:
        yield running
    finally:
        for service, lines in running.error_lines().items():
            print(f"\n{service}: {len(lines)} error line(s) in its log" + "".join(f"\n  {x}" for x in lines))
        running.compose("down", "-v", "--remove-orphans", timeout=180, check=False)
        print(f"\ncompose end to end, seconds: {json.dumps(running.timings)}")


def test_the_stack_serves_a_school_through_the_proxy_and_survives_restarts_upgrades_and_a_restore(stack):
    # --- First start: two web containers behind Caddy, all healthy; a password with / @ : % $ ---
    stack.timed("first up --build --wait", "up", "-d", "--build", "--wait", "--wait-timeout", "300")
    containers = stack.containers()
    assert sorted(c["Service"] for c in containers) == ["db", "proxy", "web", "web"]
    # Every service has a health check, the proxy's included, so `--wait` returns only when Caddy
    # listens and the README's next command (a request through the proxy) is answered at once.
    assert all(c["Health"] == "healthy" and c["State"] == "running" for c in containers), containers
    published = [
        c["Service"] for c in containers if any(p.get("PublishedPort") for p in c.get("Publishers") or [])
    ]
    assert published == ["proxy"]  # web and db publish nothing

    # --- Through the proxy only ---------------------------------------------------------------------
    assert stack.get("/healthz")[0] == 200
    status, _, lesson = stack.get("/lessons/hands-and-results/")
    assert status == 200 and b"Punto Banco" in lesson
    css = re.search(rb'href="(/static/css/app\.[0-9a-f]{12}\.css)"', lesson).group(1).decode()
    status, headers, _ = stack.get(css)
    assert status == 200 and "max-age=315360000" in headers["cache-control"], headers
    session = sign_up(stack, "first-learner")
    play_rounds(stack, session, rounds=2)
    served = requests_per_web_container(stack, "/table/round/deal/")
    assert len(served) == 2 and all(count > 0 for count in served.values()), served

    # --- A class table: one round through Caddy, served by both web containers ----------------------
    started = time.monotonic()
    play_a_class_table_round(stack)
    stack.timings["a class-table round"] = round(time.monotonic() - started, 1)

    # --- Slow clients through the proxy: more dribbled bodies than the app has threads in all -------
    # (2 web containers x 2 workers x 4 threads). Caddy streams each body on; gunicorn's worker holds
    # it in its main loop, not in a thread, and answers 408, which Caddy passes on by its own
    # read_body timeout (15 s) at the latest. Meanwhile /ping keeps answering within 1 s.
    started = time.monotonic()
    with Attack(stack.port, 20, kind="body", interval=0.5, host="localhost") as attack:
        time.sleep(1)
        answers = probe(stack.port, 16, limit=1.0, host="localhost")
    stack.timings["slow bodies through the proxy"] = round(time.monotonic() - started, 1)
    assert answers.missed == 0 and answers.answered >= 10, answers
    assert len(attack.answers) >= 20 and all(held <= 17 for held in attack.held), attack.held
    assert "HTTP/1.1 408 Request Timeout" in attack.answers, attack.answers
    assert not [answer for answer in attack.answers if answer.startswith("HTTP/1.1 5")], attack.answers

    # --- A restart: the same address answers again, no proxy change ---------------------------------
    stack.timed("restart web", "restart", "web")
    stack.wait_until_served("served again after restart")
    play_rounds(stack, session, rounds=1)

    # --- An upgrade after a code change: still 2 web containers, the dependency layer reused ---------
    base = stack.folder / "templates" / "base.html"
    base.write_text(base.read_text().replace("</body>", "<!-- upgraded -->\n</body>"))
    build = stack.timed("rebuild after a code change", "build", "web")
    assert b"Using cache" in build.stdout and b"--require-hashes" in build.stdout
    stack.timed("up after the upgrade", "up", "-d", "--wait", "--wait-timeout", "300")
    assert [c["Service"] for c in stack.containers()].count("web") == 2
    stack.wait_until_served("served after the upgrade")
    assert b"<!-- upgraded -->" in stack.get("/lessons/hands-and-results/")[2]

    # --- Backup and restore, as docs/self-hosting.md says ------------------------------------------
    dump = stack.compose(
        "exec", "-T", "db", "sh", "-c", 'pg_dump -U "$POSTGRES_USER" -Fc "$POSTGRES_DB"'
    ).stdout
    assert len(dump) > 10_000
    sign_up(stack, "after-backup")
    assert stack.sql("select count(*) from auth_user where username = 'after-backup'") == "1"
    stack.compose("stop", "web")
    stack.compose(
        "exec",
        "-T",
        "db",
        "sh",
        "-c",
        'pg_restore -U "$POSTGRES_USER" -d "$POSTGRES_DB" --clean --if-exists',
        input=dump,
    )
    stack.compose("start", "web")
    stack.wait_until_served("served after the restore")
    assert stack.sql("select count(*) from auth_user where username = 'after-backup'") == "0"
    assert stack.sql("select count(*) from table_round where state = 'settled'") == "3"
    rows = stack.sql("select count(*) from table_ledgerentry")
    assert int(rows) > 0
