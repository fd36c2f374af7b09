"""The load benchmark behind ``manage.py bench``: deals against a bare view, in process and over HTTP.

Design overview:

- A database of its own (``<name>_bench`` on the same PostgreSQL server) is
  created, migrated and filled with N learners; it is dropped at the end.
  Each learner gets a session made by the harness in the server's own
  session store (a log-in per learner would only measure password hashing).
- In process: Django's test client sends one learner's deal requests (htmx,
  url-encoded as htmx sends them; the cards of whole coups, the settling one
  counted apart) and, after each card, that learner's ``/ping`` (the bare view
  behind the same middleware, session and user), with no HTTP and no other
  load. Their p50s and ratio, the anonymous ``/ping`` (no database at all) beside
  them, and the bytes of the deal responses.
- Over HTTP, gunicorn serves the app with the production settings
  (``config.production``, 2 workers) on a free local port. Light load: one
  learner plays for a few seconds, and after each card that does not end the
  coup sends ``/ping`` with the same session (as in process); the settling
  card is reported apart.
  Saturation: N learners at once, then N ``/ping`` clients at once,
  measured separately so that neither waits in the other's queue.
- The load generator runs in separate processes (``--processes``), not
  under the bench's own GIL; the CPU it used is reported, since it shares
  the machine's cores with the server.
- Afterwards: queries per deal and per settling request (measured in-process
  with the same code), rows written per round (PostgreSQL's own counters),
  and the ledger checks: every balance equals its ledger, no round settled twice.
"""

from __future__ import annotations

import http.client
import json
import multiprocessing
import os
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import psycopg

from table.bench_client import Browser

BASE_DIR = Path(__file__).resolve().parent.parent
ROUND = re.compile(rb'name="round" value="(\d+)"')
CARD = re.compile(rb'name="card" value="(\d+)"')
#: The result section: the coup is settled.
SETTLED = b'<section class="result'


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the sorted values fall (nearest rank)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


#: Variables a test session may set that a real server process must not inherit.
NOT_FOR_SERVERS = ("DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")


def child_env(extra: dict[str, str]) -> dict[str, str]:
    """The environment for a server or management process: this one's, cleaned, plus ``extra``."""
    return {key: value for key, value in os.environ.items() if key not in NOT_FOR_SERVERS} | extra


def connect(conf: dict, dbname: str, *, autocommit: bool = False) -> psycopg.Connection:
    """A plain psycopg connection to ``dbname`` on the server a Django ``settings_dict`` names."""
    return psycopg.connect(
        host=conf["HOST"] or "127.0.0.1",
        port=conf["PORT"] or 5432,
        user=conf["USER"],
        password=conf["PASSWORD"] or None,
        dbname=dbname,
        autocommit=autocommit,
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Tally:
    """What the load threads measured (appends from many threads; list.append is atomic)."""

    deal: list[float] = field(default_factory=list)
    settle: list[float] = field(default_factory=list)
    confirm: list[float] = field(default_factory=list)
    baseline: list[float] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


class TableBrowser(Browser):
    """One learner's browser at the practice table: the client, and the round its page shows next."""

    def __init__(self, port: int, session: str) -> None:
        super().__init__(port, session)
        self.next_round = 1

    def start(self) -> None:
        """Open the table, as the browser does: the CSRF token and the next round's number."""
        self.next_round = int(ROUND.search(self.open_page("/table/").body).group(1))


def play_rounds(
    browsers: list[TableBrowser], tally: Tally, stop: float, pinger: Browser | None = None
) -> None:
    """One simulated learner at a time per thread: whole rounds, taking the thread's learners in turn.

    With a ``pinger`` (light load: one learner), each card that does not end the coup is followed by
    that learner's ``/ping`` on a second connection, so both are measured under the same conditions.
    """
    turn = 0
    while time.perf_counter() < stop:
        browser = browsers[turn % len(browsers)]
        turn += 1
        try:
            if not browser.csrf:
                browser.start()
            play_round(browser, tally, pinger)
        except (OSError, http.client.HTTPException, RuntimeError, AttributeError) as error:
            tally.errors.append(f"{type(error).__name__}: {error}")


def play_round(browser: TableBrowser, tally: Tally, pinger: Browser | None = None) -> None:
    """Confirm a bet, then one deal request per card until the coup is settled."""
    number = browser.next_round
    answer = browser.request("POST", "/table/round/confirm/", {"round": str(number), "stake_player": "5"})
    if answer.status != 200:
        tally.errors.append(f"confirm answered {answer.status}")
        browser.csrf = ""  # start again from the page
        return
    tally.confirm.append(answer.seconds)
    for _ in range(6):
        card = CARD.search(answer.body)
        if card is None:
            tally.errors.append("no deal form")
            return
        answer = browser.request(
            "POST", "/table/round/deal/", {"round": str(number), "card": card.group(1).decode()}
        )
        if answer.status != 200:
            tally.errors.append(f"deal answered {answer.status}")
            return
        if SETTLED in answer.body:
            tally.settle.append(answer.seconds)
            tally.rounds.append(number)
            browser.next_round = number + 1
            return
        tally.deal.append(answer.seconds)
        if pinger is not None:
            ping(pinger, tally)
    tally.errors.append("a coup took more than six cards")


def _load_process(port: int, cookies: list[str], threads: int, seconds: float, task: str) -> dict:
    """One load-generator process: ``threads`` clients for ``seconds``; its tally and the CPU it used."""
    tally = Tally()
    stop = time.perf_counter() + seconds
    if task == "light":  # one learner: each card, then that learner's /ping
        learner = TableBrowser(port, cookies[0])
        workers = [
            threading.Thread(target=play_rounds, args=([learner], tally, stop, Browser(port, cookies[0])))
        ]
    elif task == "deal":
        groups = [
            [TableBrowser(port, cookie) for cookie in cookies[index::threads]] for index in range(threads)
        ]
        workers = [
            threading.Thread(target=play_rounds, args=(group, tally, stop)) for group in groups if group
        ]
    else:
        workers = [
            threading.Thread(
                target=baseline, args=(Browser(port, cookies[index % len(cookies)]), tally, stop)
            )
            for index in range(threads)
        ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return {
        "deal": tally.deal,
        "settle": tally.settle,
        "rounds": tally.rounds,
        "baseline": tally.baseline,
        "errors": tally.errors,
        "cpu": time.process_time(),
    }


@dataclass
class Load:
    """What a load phase measured, merged over its generator processes."""

    tally: Tally
    seconds: float
    generator_cpu_seconds: float

    def rate(self, what: str) -> float:
        count = len(self.tally.deal) + len(self.tally.settle) if what == "deal" else len(self.tally.baseline)
        return round(count / self.seconds, 1)


def load(port: int, cookies: list[str], *, clients: int, seconds: float, task: str, processes: int) -> Load:
    """``clients`` simulated clients (``task`` "deal": learners playing rounds; "ping": GET /ping;
    "light": one learner playing, with a /ping after each card that does not end the coup) for
    ``seconds``, spread over ``processes`` separate processes, so the generator's own work is not done
    under the bench's GIL and its CPU can be reported."""
    processes = max(1, min(processes, clients))
    context = multiprocessing.get_context("spawn")
    jobs = []
    for index in range(processes):
        threads = len(range(index, clients, processes))
        own = cookies[index::processes] or cookies[:1]
        jobs.append((port, own, threads, seconds, task))
    with context.Pool(processes) as pool:
        results = pool.starmap(_load_process, jobs)
    tally = Tally()
    for result in results:
        tally.deal += result["deal"]
        tally.settle += result["settle"]
        tally.rounds += result["rounds"]
        tally.baseline += result["baseline"]
        tally.errors += result["errors"]
    return Load(tally, seconds, round(sum(result["cpu"] for result in results), 2))


def baseline(browser: Browser, tally: Tally, stop: float) -> None:
    while time.perf_counter() < stop:
        ping(browser, tally)


def ping(browser: Browser, tally: Tally) -> None:
    answer = browser.request("GET", "/ping", htmx=False)
    if answer.status == 200:
        tally.baseline.append(answer.seconds)
    else:
        tally.errors.append(f"ping {answer.status}")


def _stat_fields(pid: int) -> list[str]:
    """The fields of ``/proc/<pid>/stat`` after the command's name (the state first, then the parent's
    pid); none if the process has gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return []


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (gunicorn's master: its workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat_fields(int(entry.name))
            if fields and int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


@dataclass
class Server:
    """gunicorn with the production settings, on a free local port, stopped with SIGTERM."""

    env: dict[str, str]
    workers: int = 2
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None

    def __enter__(self) -> Server:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi:application",
                "--config",
                "config/gunicorn.conf.py",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(self.workers),
                "--access-logfile",
                "/dev/null",
            ],
            cwd=BASE_DIR,
            env=child_env(self.env),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    return self
            except OSError:
                time.sleep(0.1)
        self.__exit__(None, None, None)
        raise RuntimeError("gunicorn did not answer /healthz within 30 s")

    def workers_cpu_seconds(self) -> list[float]:
        """The CPU seconds (user and system) each of gunicorn's workers has used so far, most first: how
        evenly the workers share the load."""
        if self.process is None:
            return []
        ticks = os.sysconf("SC_CLK_TCK")
        used = []
        for pid in children(self.process.pid):
            fields = _stat_fields(pid)
            if fields:
                used.append(round((int(fields[11]) + int(fields[12])) / ticks, 1))
        return sorted(used, reverse=True)

    def __exit__(self, *exc: object) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()


def server_env(database_url: str, secret_key: str) -> dict[str, str]:
    """Production settings for a plain-HTTP run on 127.0.0.1."""
    return {
        "DJANGO_SETTINGS_MODULE": "config.production",
        "DATABASE_URL": database_url,
        "SECRET_KEY": secret_key,
        "ALLOWED_HOSTS": "127.0.0.1",
        "BEHIND_TLS_PROXY": "false",
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "LOG_LEVEL": "WARNING",
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }


def new_secret_key() -> str:
    return secrets.token_urlsafe(64)


def summary(tally: Tally, seconds: float) -> dict[str, float | int]:
    def ms(value: float) -> float:
        return round(value * 1000, 2)

    deal = tally.deal + tally.settle
    base_p50, base_p99 = percentile(tally.baseline, 0.5), percentile(tally.baseline, 0.99)
    return {
        "seconds": round(seconds, 1),
        "rounds": len(tally.rounds),
        "rounds_per_second": round(len(tally.rounds) / seconds, 1),
        "deal_requests": len(deal),
        "deal_requests_per_second": round(len(deal) / seconds, 1),
        "deal_p50_ms": ms(percentile(deal, 0.5)),
        "deal_p95_ms": ms(percentile(deal, 0.95)),
        "deal_p99_ms": ms(percentile(deal, 0.99)),
        "settle_p50_ms": ms(percentile(tally.settle, 0.5)),
        "baseline_requests": len(tally.baseline),
        "baseline_p50_ms": ms(base_p50),
        "baseline_p99_ms": ms(base_p99),
        "ratio_deal_p50_to_baseline_p50": round(percentile(deal, 0.5) / base_p50, 2)
        if tally.baseline
        else None,
        "ratio_deal_p99_to_baseline_p99": round(percentile(deal, 0.99) / base_p99, 2)
        if tally.baseline
        else None,
        "errors": len(tally.errors),
        "mean_deal_ms": ms(statistics.fmean(deal)) if deal else None,
    }


def as_json_line(figures: dict) -> str:
    return json.dumps(
        figures, sort_keys=True, default=lambda value: str(value) if isinstance(value, Decimal) else value
    )


def sql_statements(captured) -> int:
    """SQL queries a ``CaptureQueriesContext`` caught, not counting transaction control (BEGIN,
    COMMIT, savepoints)."""
    control = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")
    return sum(not query["sql"].upper().startswith(control) for query in captured.captured_queries)
