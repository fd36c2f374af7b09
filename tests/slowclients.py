"""Slow clients against a local server, and a probe that counts how often ``/ping`` still answers.

Used by tests/test_slow_clients.py (gunicorn) and tests/deploy/test_compose.py (through Caddy); the
figures in docs/performance.md come from the same functions (``python -m tests.slowclients PORT``).

A dribbler is what one laptop does to a site: it announces a request, then sends it one byte at a
time, never finishing; when the server cuts it off it connects again at once and starts over.
"""

from __future__ import annotations

import socket
import sys
import threading
import time
from dataclasses import dataclass, field

#: Any 32 letters pass Django's check of the CSRF cookie's form, so the CSRF middleware goes on to
#: read the form body (the token in it), which is what a slow body makes wait.
BODY_HEAD = (
    "POST /accounts/login/ HTTP/1.1\r\n"
    "Host: {host}\r\n"
    "Cookie: csrftoken=abcdefghijklmnopqrstuvwxyzABCDEF\r\n"
    "Content-Type: application/x-www-form-urlencoded\r\n"
    "Content-Length: 100000\r\n"
    "\r\n"
)
HEADERS_HEAD = "GET /ping HTTP/1.1\r\nHost: {host}\r\n"


@dataclass
class Attack:
    """``connections`` dribblers at once, each sending one byte every ``interval`` seconds."""

    port: int
    connections: int
    kind: str = "body"  # "body": whole headers, then the body byte by byte; "headers": the headers so
    interval: float = 0.5
    host: str = "127.0.0.1"
    stop: threading.Event = field(default_factory=threading.Event)
    #: The first line of every answer the server gave before it closed a dribbler's connection
    #: ("" when it closed without answering).
    answers: list[str] = field(default_factory=list)
    #: How long each cut-off connection had been dribbling, in seconds.
    held: list[float] = field(default_factory=list)
    threads: list[threading.Thread] = field(default_factory=list)

    def __enter__(self) -> Attack:
        for _ in range(self.connections):
            thread = threading.Thread(target=self._dribble, daemon=True)
            thread.start()
            self.threads.append(thread)
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=5)

    def _dribble(self) -> None:
        head = (BODY_HEAD if self.kind == "body" else HEADERS_HEAD).format(host=self.host).encode()
        while not self.stop.is_set():
            started = time.monotonic()
            try:
                sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            except OSError:
                self.stop.wait(0.2)
                continue
            try:
                sock.settimeout(0.05)
                if self.kind == "body":
                    sock.sendall(head)
                    dribble = b"a"
                else:
                    sock.sendall(head[:-1])  # the request line, then the headers byte by byte
                    dribble = b"X"
                answer = self._dribble_on(sock, dribble)
            finally:
                sock.close()
            if answer is not None:
                self.answers.append(answer)
                self.held.append(round(time.monotonic() - started, 1))

    def _dribble_on(self, sock: socket.socket, byte: bytes) -> str | None:
        """Send ``byte`` every ``interval`` until the server answers or closes (its answer's first
        line), or the attack stops (None)."""
        next_send = time.monotonic()
        while not self.stop.is_set():
            if time.monotonic() >= next_send:
                try:
                    sock.sendall(byte)
                except OSError:
                    return self._read_answer(sock)
                next_send += self.interval
            try:
                data = sock.recv(4096)
            except TimeoutError:
                continue
            except OSError:
                return ""
            if not data:
                return ""
            return data.split(b"\r\n", 1)[0].decode("latin-1")
        return None

    @staticmethod
    def _read_answer(sock: socket.socket) -> str:
        try:
            sock.settimeout(1)
            data = sock.recv(4096)
        except OSError:
            return ""
        return data.split(b"\r\n", 1)[0].decode("latin-1")


@dataclass
class Probe:
    """``/ping`` asked again and again on a new connection, each given ``limit`` seconds to answer."""

    answered: int = 0
    missed: int = 0
    slowest: float = 0.0

    def __str__(self) -> str:
        total = self.answered + self.missed
        return f"{self.answered} of {total} probes answered within the limit (slowest {self.slowest:.2f} s)"


def probe(
    port: int, seconds: float, *, limit: float = 1.0, pause: float = 0.25, host: str = "127.0.0.1"
) -> Probe:
    """Ask for ``/ping`` for ``seconds``; an answer later than ``limit`` (or none) is a miss."""
    result = Probe()
    request = f"GET /ping HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        started = time.monotonic()
        ok = False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=limit) as sock:
                sock.settimeout(limit)
                sock.sendall(request)
                data = b""
                while b"pong" not in data and time.monotonic() - started < limit:
                    chunk = sock.recv(4096)
                    if not chunk:
                        break
                    data += chunk
                ok = data.startswith(b"HTTP/1.1 200") and b"pong" in data
        except OSError:
            ok = False
        elapsed = time.monotonic() - started
        if ok and elapsed <= limit:
            result.answered += 1
            result.slowest = max(result.slowest, elapsed)
        else:
            result.missed += 1
            time.sleep(max(0.0, limit - elapsed))
        time.sleep(pause)
    return result


def main() -> None:
    """``python -m tests.slowclients PORT [CONNECTIONS] [SECONDS] [INTERVAL] [KIND] [HOST]``."""
    port = int(sys.argv[1])
    connections = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 70
    interval = float(sys.argv[4]) if len(sys.argv) > 4 else 2.0
    kind = sys.argv[5] if len(sys.argv) > 5 else "body"
    host = sys.argv[6] if len(sys.argv) > 6 else "127.0.0.1"
    print(f"before the attack: {probe(port, 3, host=host)}")
    with Attack(port, connections, kind=kind, interval=interval, host=host) as attack:
        time.sleep(1)
        during = probe(port, seconds, host=host)
    print(f"{connections} {kind} dribblers, one byte every {interval} s, for {seconds} s: {during}")
    cut = sorted(set(attack.answers))
    print(
        f"dribbler connections cut off: {len(attack.answers)}, answers {cut}, held {sorted(attack.held)[-3:]}"
    )


if __name__ == "__main__":
    main()
