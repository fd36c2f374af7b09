"""Slow clients hold no app worker: gunicorn as config/gunicorn.conf.py starts it, attacked for real.

A dribbler announces a request and sends it one byte every half second. More of them than the
server has threads (and workers), slow bodies and slow headers at once, must not stop ``/ping``
answering within 1 s, and each is cut off with a 408 once the request timeout has passed. The
server is a real gunicorn subprocess on a free port of 127.0.0.1 (SQLite: ``/ping`` needs no
database), started under ``timeout`` so that it stops by itself even if the test run is killed.
"""

from __future__ import annotations

import os
import re
import runpy
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from config.gunicorn_worker import Refused, request_end
from table.benchmark import child_env
from tests.slowclients import Attack, probe
from tests.test_deploy import BASE, PRODUCTION, free_port, get

#: The figures the container runs with: config/gunicorn.conf.py read with no variable set.
CONFIG = runpy.run_path(str(BASE / "config/gunicorn.conf.py"))
THREADS = CONFIG["workers"] * CONFIG["threads"]
REQUEST_TIMEOUT = float(os.environ.get("GUNICORN_REQUEST_TIMEOUT", "10"))
#: The longest any test here may keep the server: it stops itself after this.
LIFETIME = 120


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("slow-clients")
    port = free_port()
    env = PRODUCTION | {
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "STATIC_ROOT": str(folder / "static"),
        "BEHIND_TLS_PROXY": "false",
        "SECURE_SSL_REDIRECT": "false",
        "LOG_LEVEL": "WARNING",
    }
    collect = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=BASE,
        env=child_env(env),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert collect.returncode == 0, collect.stderr
    process = subprocess.Popen(
        [
            "timeout",
            str(LIFETIME),
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi:application",
            "--config",
            "config/gunicorn.conf.py",
            "--bind",
            f"127.0.0.1:{port}",
            "--access-logfile",
            "/dev/null",
        ],
        cwd=BASE,
        env=child_env(env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        for _ in range(300):
            try:
                if get(port, "/ping")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("gunicorn did not answer /ping within 30 s")
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture(scope="module")
def attacked(server):
    """More slow bodies than threads and more slow headers than threads, both at once, for a little
    longer than the request timeout; /ping asked meanwhile. One window of time serves both tests."""
    with (
        Attack(server, THREADS + 4, kind="body", interval=0.5) as bodies,
        Attack(server, THREADS + 4, kind="headers", interval=0.5) as headers,
    ):
        time.sleep(1)  # every dribbler has begun
        answers = probe(server, REQUEST_TIMEOUT + 3, limit=1.0)
    return {"body": bodies, "headers": headers, "ping": answers}


def test_more_slow_bodies_than_threads_leave_ping_answering_and_are_cut_off_with_408(attacked):
    attack, answers = attacked["body"], attacked["ping"]

    assert answers.missed == 0 and answers.answered >= 10, answers
    # Every dribbler was held in the main loop until the request timeout, then refused (and came back).
    assert len(attack.answers) >= THREADS + 4, attack.answers
    assert set(attack.answers) == {"HTTP/1.1 408 Request Timeout"}, attack.answers
    assert all(REQUEST_TIMEOUT - 1 <= held <= REQUEST_TIMEOUT + 3 for held in attack.held), attack.held


def test_more_slow_headers_than_threads_leave_ping_answering_and_are_cut_off_with_408(attacked):
    attack, answers = attacked["headers"], attacked["ping"]

    assert answers.missed == 0 and answers.answered >= 10, answers
    assert len(attack.answers) >= THREADS + 4, attack.answers
    assert set(attack.answers) == {"HTTP/1.1 408 Request Timeout"}, attack.answers
    assert all(REQUEST_TIMEOUT - 1 <= held <= REQUEST_TIMEOUT + 3 for held in attack.held), attack.held


def exchange(port: int, data: bytes) -> list[bytes]:
    """Send ``data`` at once on one connection, and nothing more; the status lines of the answers."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    return re.findall(rb"HTTP/1\.1 \d{3} [^\r]*", received)


def test_whole_requests_are_served_kept_alive_pipelined_and_chunked(server):
    ping = b"GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    chunked = (
        b"POST /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\n\r\n3\r\na=b\r\n0\r\n\r\n"
    )

    assert exchange(server, ping * 3) == [b"HTTP/1.1 200 OK"] * 3
    # A POST without a CSRF cookie is refused by Django, after the worker took the whole body.
    assert exchange(server, chunked) == [b"HTTP/1.1 403 Forbidden"]


def test_a_body_over_the_limit_is_refused_before_it_is_sent(server):
    head = b"POST /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000000\r\n\r\n"

    assert exchange(server, head) == [b"HTTP/1.1 413 Content Too Large"]


# --- Where a request ends (the worker's main loop asks after every piece it receives) ----------------


def test_a_request_ends_after_its_headers_and_announced_body():
    head = b"POST / HTTP/1.1\r\nHost: x\r\ncontent-LENGTH: 3\r\n\r\n"

    assert request_end(head, 100) is None
    assert request_end(head + b"ab", 100) is None
    assert request_end(head + b"abcGET", 100) == len(head) + 3
    assert request_end(b"GET / HTTP/1.1\r\nHost: x\r\n", 100) is None
    assert request_end(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", 100) == 27


def test_a_chunked_body_ends_at_its_last_chunk_and_trailers():
    head = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"

    assert request_end(head + b"3\r\nabc\r\n", 100) is None
    assert request_end(head + b"3\r\nabc\r\n0\r\n", 100) is None
    assert request_end(head + b"3;x=y\r\nabc\r\n0\r\n\r\n", 100) == len(head) + 17
    assert request_end(head + b"0\r\nX-T: 1\r\n\r\n", 100) == len(head) + 13
    with pytest.raises(Refused, match="413"):
        request_end(head + b"80\r\n" + b"a" * 128 + b"\r\n", 100)


def test_requests_gunicorn_refuses_anyway_are_handed_over_at_once():
    bad_length = b"POST / HTTP/1.1\r\nContent-Length: x\r\n\r\n"
    bad_chunk = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"

    assert request_end(bad_length, 100) == len(bad_length)
    assert request_end(bad_chunk, 100) == len(bad_chunk)


def test_headers_and_bodies_over_the_limits_are_refused():
    with pytest.raises(Refused, match="431"):
        request_end(b"GET / HTTP/1.1\r\nX: " + b"a" * 70_000, 100)
    with pytest.raises(Refused, match="413"):
        request_end(b"POST / HTTP/1.1\r\nContent-Length: 101\r\n\r\n", 100)


def test_the_config_runs_the_buffering_worker_with_threads_and_short_timeouts():
    assert CONFIG["worker_class"] == "config.gunicorn_worker.BufferingThreadWorker"
    assert CONFIG["threads"] > 1 and CONFIG["keepalive"] <= 5
    assert Path(BASE / "config/gunicorn_worker.py").exists()
