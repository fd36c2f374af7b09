"""Slow clients hold no app worker: gunicorn as config/gunicorn.conf.py starts it, attacked for real.

A dribbler announces a request and sends it one byte every half second. More of them than the
server has threads (and workers), slow bodies and slow headers at once, must not stop ``/ping``
answering within 1 s, and each is cut off with a 408 once the request timeout has passed. The
server is a real gunicorn subprocess on a free port of 127.0.0.1 (SQLite: ``/ping`` needs no
database), started under ``timeout`` so that it stops by itself even if the test run is killed.
"""

from __future__ import annotations

import contextlib
import os
import re
import runpy
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from config.gunicorn_worker import MAX_LINE, Refused, RequestScanner, is_revalidation, request_end
from table.benchmark import child_env
from tests.slowclients import Attack, probe
from tests.test_deploy import BASE, PRODUCTION, free_port, get

#: The figures the container runs with: config/gunicorn.conf.py read with no variable set.
CONFIG = runpy.run_path(str(BASE / "config/gunicorn.conf.py"))
THREADS = CONFIG["workers"] * CONFIG["threads"]
REQUEST_TIMEOUT = float(os.environ.get("GUNICORN_REQUEST_TIMEOUT", "10"))
#: The longest any test here may keep the server: it stops itself after this.
LIFETIME = 120


@contextlib.contextmanager
def running_server(folder: Path, **settings: str) -> Iterator[int]:
    """gunicorn as the container starts it (``settings``: more environment), on a free port."""
    port = free_port()
    env = PRODUCTION | {
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "STATIC_ROOT": str(folder / "static"),
        "BEHIND_TLS_PROXY": "false",
        "SECURE_SSL_REDIRECT": "false",
        "LOG_LEVEL": "WARNING",
    }
    env |= settings
    if not (folder / "static").exists():
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
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("slow-clients")) as port:
        yield port


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


#: Ten thousand one-byte chunks (60,000 bytes): the costliest body to find the end of, per byte.
TINY_CHUNKS = b"1\r\nX\r\n" * 10_000
CHUNKED_HEAD = b"POST /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"


def first_line(sock: socket.socket) -> str:
    try:
        sock.settimeout(5)
        return sock.recv(4096).split(b"\r\n", 1)[0].decode("latin-1")
    except OSError:
        return ""


def send_tiny_chunks(port: int, answers: list[str]) -> None:
    """One client: one-byte chunks as fast as the server takes them, until it answers (or 30 s)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(CHUNKED_HEAD)
        stop = time.monotonic() + 30
        while time.monotonic() < stop and not select.select([sock], [], [], 0)[0]:
            try:
                sock.sendall(TINY_CHUNKS)
            except OSError:
                break
        answers.append(first_line(sock))


def test_clients_sending_millions_of_tiny_chunks_leave_ping_answering_and_are_refused_413(server):
    answers: list[str] = []
    clients = [threading.Thread(target=send_tiny_chunks, args=(server, answers)) for _ in range(4)]
    for client in clients:
        client.start()
    pings = probe(server, 5, limit=1.0)
    for client in clients:
        client.join(timeout=40)

    assert pings.missed == 0 and pings.answered >= 5, pings
    # Refused once the request passed its most bytes (body, headers and framing), long before the
    # request timeout: the main loop kept up with every byte they sent.
    assert answers == ["HTTP/1.1 413 Content Too Large"] * 4, answers


def test_a_chunk_size_line_that_never_ends_is_refused_400(server):
    assert exchange(server, CHUNKED_HEAD + b"1;" + b"a" * 100_000) == [b"HTTP/1.1 400 Bad Request"]


@pytest.fixture(scope="module")
def small_budget(tmp_path_factory):
    """A server whose workers (one) may hold 300,000 bytes of bodies at once."""
    folder = tmp_path_factory.mktemp("small-budget")
    with running_server(folder, GUNICORN_MAX_BUFFERED="300000", WEB_CONCURRENCY="1") as port:
        yield port


def test_bodies_past_the_workers_budget_are_refused_503_and_the_budget_is_given_back(small_budget):
    head = b"POST /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 200000\r\n\r\n"
    first = socket.create_connection(("127.0.0.1", small_budget), timeout=10)
    second = socket.create_connection(("127.0.0.1", small_budget), timeout=10)
    try:
        for sock in (first, second):
            sock.sendall(head + b"a" * 160_000)  # neither is complete; both together pass the budget
        refused, _, _ = select.select([first, second], [], [], 8)
        assert len(refused) == 1, "one of the two bodies is refused, well before the request timeout"
        answer = refused[0].recv(4096)
        kept = second if refused[0] is first else first
        refused[0].close()

        assert answer.startswith(b"HTTP/1.1 503 Service Unavailable\r\n"), answer
        assert b"\r\nRetry-After: " in answer, answer
        assert select.select([kept], [], [], 0.5)[0] == [], "the other body is still being received"
        assert get(small_budget, "/ping")[0] == 200  # a request without a body is not refused
    finally:
        first.close()
        second.close()
    # Both gone, their bytes are given back: a body as large is taken again (and refused by Django,
    # which wants a CSRF token), once the worker has seen them go.
    statuses = []
    for _ in range(20):
        statuses = exchange(small_budget, head + b"a" * 200_000)
        if statuses != [b"HTTP/1.1 503 Service Unavailable"]:
            break
        time.sleep(0.5)
    assert statuses == [b"HTTP/1.1 403 Forbidden"], statuses


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
    bad_chunk_end = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcXY"

    assert request_end(bad_length, 100) == len(bad_length)
    assert request_end(bad_chunk, 100) == len(bad_chunk)
    assert request_end(bad_chunk_end, 100) == len(bad_chunk_end)


def test_headers_and_bodies_over_the_limits_are_refused():
    with pytest.raises(Refused, match="431"):
        request_end(b"GET / HTTP/1.1\r\nX: " + b"a" * 70_000, 100)
    with pytest.raises(Refused, match="413"):
        request_end(b"POST / HTTP/1.1\r\nContent-Length: 101\r\n\r\n", 100)


class CountingBuffer(bytearray):
    """A request buffer that counts the bytes a scan of it looks at: searched (``find``) or copied
    (slices)."""

    looked_at = 0

    def find(self, sub, start=0, *args):  # type: ignore[override]
        found = super().find(sub, start, *args)
        stop = found + len(sub) if found >= 0 else (args[0] if args else len(self))
        self.looked_at += max(0, stop - start)
        return found

    def __getitem__(self, key):  # type: ignore[override]
        item = super().__getitem__(key)
        if isinstance(key, slice):
            self.looked_at += len(item)
        return item


def fed(request: bytes, piece: int, scanner: RequestScanner) -> tuple[int | None, CountingBuffer]:
    """``request`` given to ``scanner`` ``piece`` bytes at a time, as the main loop does."""
    buffer, end = CountingBuffer(), None
    for start in range(0, len(request), piece):
        buffer += request[start : start + piece]
        end = scanner.end(buffer)
    return end, buffer


def test_finding_the_end_of_a_request_looks_at_each_byte_a_bounded_number_of_times():
    head = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
    tiny_chunks = head + b"1\r\nX\r\n" * 20_000 + b"0\r\n\r\n"  # 120 kB, scanned again per piece: 7 MB
    long_headers = b"GET / HTTP/1.1\r\n" + b"X-Long: " + b"a" * 8_000 + b"\r\n\r\n"

    end, buffer = fed(tiny_chunks, 997, RequestScanner(100_000))
    assert end == len(tiny_chunks)
    assert buffer.looked_at <= 3 * len(tiny_chunks), buffer.looked_at

    end, buffer = fed(long_headers, 1, RequestScanner(100))  # one byte per read
    assert end == len(long_headers)
    assert buffer.looked_at <= 5 * len(long_headers), buffer.looked_at


def test_a_chunk_size_or_trailer_line_that_never_ends_is_refused_once_past_4_kib():
    head = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"

    for endless in (head + b"1;" + b"a" * 50_000, head + b"0\r\nX-T: " + b"a" * 50_000):
        scanner, buffer = RequestScanner(100_000), bytearray()
        with pytest.raises(Refused, match="400"):
            for start in range(0, len(endless), 1000):
                buffer += endless[start : start + 1000]
                scanner.end(buffer)
        assert len(buffer) <= len(head) + MAX_LINE + 2000  # refused within a read of passing 4 KiB


def test_a_request_whose_framing_alone_passes_the_limit_is_refused_413():
    head = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
    scanner = RequestScanner(1000)
    chunk = b"1;e=" + b"a" * 3000 + b"\r\nX\r\n"  # one byte of body in 3 kB of framing

    with pytest.raises(Refused, match="413"):
        fed(head + chunk * 40, 1000, scanner)  # 120 kB on the wire for 40 bytes of body
    assert scanner.body < 40


def test_100_continue_is_expected_of_http_1_1_requests_only():
    ask = b" HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n"
    old, new = RequestScanner(100), RequestScanner(100)

    assert old.end(b"POST /" + ask.replace(b"1.1", b"1.0", 1)) is None
    assert new.end(b"POST /" + ask) is None
    assert (old.expects_continue, new.expects_continue) == (False, True)


def test_the_config_runs_the_buffering_worker_with_threads_and_short_timeouts():
    assert CONFIG["worker_class"] == "config.gunicorn_worker.BufferingThreadWorker"
    assert CONFIG["threads"] > 1 and CONFIG["keepalive"] <= 5
    assert Path(BASE / "config/gunicorn_worker.py").exists()


def test_a_get_with_if_none_match_goes_to_the_revalidation_threads_and_nothing_else_does():
    poll = b'GET /class-table/3/poll HTTP/1.1\r\nHost: x\r\nIf-None-Match: "3.4"\r\n\r\n'
    assert is_revalidation(poll)
    assert is_revalidation(poll.replace(b"If-None-Match", b"if-none-match"))
    assert not is_revalidation(poll.replace(b"If-None-Match", b"X-If-None-Match"))
    assert not is_revalidation(b"GET /class-table/3/poll HTTP/1.1\r\nHost: x\r\n\r\n")
    assert not is_revalidation(poll.replace(b"GET ", b"POST ", 1))
    # a header-like line in a body is not a header
    assert not is_revalidation(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n\r\nIf-None-Match: 1\r\n")


def test_the_config_keeps_threads_for_revalidations():
    assert os.environ["GUNICORN_REVALIDATION_THREADS"] == "2"  # set by the config, read by the worker
