"""gunicorn's workers share the connections evenly (config/worker_balance.py), tested for real.

Without it, a connection stays with the worker that took it, and a worker that boots late, or is busy
when a class arrives, gets none: in the class-table bench one worker held 57 connections of 61. Here
one worker is stopped (SIGSTOP) while forty kept-alive clients connect, so the other takes them all;
once it runs again, the clients go on polling and the two workers must end up even, every request
answered.
"""

from __future__ import annotations

import http.client
import os
import signal
import time
from pathlib import Path

from config.worker_balance import MARGIN, SLOTS, Board, over_share, should_shed
from table.benchmark import children
from tests.test_slow_clients import running_server

CLIENTS = 40


def gunicorn_workers() -> list[int]:
    """The workers of the gunicorn this test started (its master is the child of ``timeout``)."""
    for pid in children(os.getpid()):
        for master in children(pid):
            if b"gunicorn" in Path(f"/proc/{master}/cmdline").read_bytes():
                return sorted(children(master))
    raise AssertionError("no gunicorn started by this test")


def established(pid: int, port: int) -> int:
    """How many connections to ``port`` the process holds (its socket descriptors, matched to the
    kernel's table of TCP connections)."""
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local_port, state = int(fields[1].split(":")[1], 16), fields[3]
        if local_port == port and state == "01":
            inodes.add(fields[9])
    held = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:[") and target[8:-1] in inodes:
            held += 1
    return held


def ping(conn: http.client.HTTPConnection) -> int:
    conn.request("GET", "/ping")
    response = conn.getresponse()
    response.read()
    if response.will_close:
        conn.close()  # the next request opens a new connection, as a browser does
    return response.status


def poll_until_even(clients, port: int, workers: list[int]) -> tuple[list[int], set[int]]:
    """Every client asks once per turn until the workers hold their connections evenly (20 s at most):
    the connections each worker holds, and every status answered."""
    statuses: set[int] = set()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        statuses |= {ping(conn) for conn in clients}
        counts = [established(pid, port) for pid in workers]
        if max(counts) - min(counts) <= MARGIN + 1 and sum(counts) == len(clients):
            break
        time.sleep(0.05)
    return counts, statuses


def replacement(before: list[int], gone: int) -> list[int]:
    """The workers once gunicorn has started one in place of ``gone`` (10 s at most)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        workers = gunicorn_workers()
        if len(workers) == len(before) and gone not in workers:
            return workers
        time.sleep(0.1)
    raise AssertionError("gunicorn started no worker in place of the one killed")


def crowd_out(port: int, stopped: int) -> list[http.client.HTTPConnection]:
    """``CLIENTS`` clients, each answered once while the worker ``stopped`` cannot take any."""
    os.kill(stopped, signal.SIGSTOP)
    try:
        clients = [http.client.HTTPConnection("127.0.0.1", port, timeout=10) for _ in range(CLIENTS)]
        assert {ping(conn) for conn in clients} == {200}
        assert established(stopped, port) == 0  # the other worker took them all
    finally:
        os.kill(stopped, signal.SIGCONT)
    return clients


def test_connections_taken_by_one_worker_are_shared_with_the_other_once_it_runs(tmp_path):
    with running_server(tmp_path, WEB_CONCURRENCY="2") as port:
        workers = gunicorn_workers()
        assert len(workers) == 2
        clients = crowd_out(port, workers[0])
        counts, statuses = poll_until_even(clients, port, workers)
        for conn in clients:
            conn.close()
        assert statuses == {200}
        assert max(counts) - min(counts) <= MARGIN + 1, counts

        # A worker that gunicorn starts in place of a killed one (given the ended one's slot) gets its
        # share as well.
        survivor, killed = workers
        os.kill(killed, signal.SIGKILL)
        workers = replacement(workers, killed)
        (started,) = set(workers) - {survivor}
        clients = crowd_out(port, started)
        counts, statuses = poll_until_even(clients, port, workers)
        for conn in clients:
            conn.close()
    assert statuses == {200}
    assert max(counts) - min(counts) <= MARGIN + 1, counts


def test_a_worker_leaves_new_connections_to_a_sibling_with_fewer_and_sheds_past_the_margin():
    assert not over_share(5, [])  # alone: takes everything
    assert not over_share(5, [5, 7])
    assert over_share(6, [5, 7])
    assert not should_shed(5 + MARGIN, [5])
    assert should_shed(6 + MARGIN, [5])


def test_the_board_counts_the_running_workers_only():
    board = Board(slots=4)

    class Worker:
        pid: object = "[booting]"

    first, second, third = Worker(), Worker(), Worker()
    assert [board.claim(first), board.claim(second)] == [0, 1]
    first.pid, second.pid = os.getpid(), 2**22 + 12345  # the second has ended (no such process)
    board.join(0, first.pid)
    board.join(1, second.pid)
    board.publish(1, 30)
    assert board.others(0) == []
    assert board.claim(third) == 1  # the ended worker's slot is given again
    board.join(1, os.getpid())
    board.publish(1, 7)
    assert board.others(0) == [7]
    assert board.others(1) == [0]
    board.leave(1)  # stopping: counted no more
    assert board.others(0) == []
    assert SLOTS >= 16
