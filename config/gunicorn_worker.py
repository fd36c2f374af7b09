"""A gunicorn worker that gives a request to a thread only once the whole request has arrived.

gunicorn's ``gthread`` worker hands a connection to a thread as soon as its first byte is there; the
thread then reads the rest of the headers, and Django later reads the body, each blocking on the
socket. A client that sends one byte every second or two holds that thread for as long as it likes,
and a handful of them hold every thread of every worker: the site is down for everyone.

Here the worker's main loop (the poller, which waits on every socket at once and never blocks)
collects each request's headers and body into memory first, and only a complete request goes to a
thread, which then parses it from memory. A request that is not complete ``request_timeout``
seconds after the worker began waiting for it is answered ``408 Request Timeout`` and closed; one
whose headers pass 64 KiB, ``431``; one whose body passes ``max_body`` bytes, ``413``. No slow
client, whatever its speed, ever holds a thread: it only holds a socket and the bytes it sent.
Once a thread has the request, the socket gets a timeout too, so a client that stops reading the
answer cannot hold the thread for more than ``request_timeout`` seconds per write either.

The figures come from the environment (config/gunicorn.conf.py sets and documents them):
``GUNICORN_REQUEST_TIMEOUT`` (seconds, default 10) and ``GUNICORN_MAX_BODY`` (bytes, default
2.5 MiB, Django's own limit for a form).

TLS and HTTP/2 are left to gunicorn's own handling (the stack terminates TLS in Caddy).
"""

from __future__ import annotations

import contextlib
import errno
import os
import selectors
import socket
import time
from functools import partial

from gunicorn.workers.gthread import TConn, ThreadWorker

#: Headers larger than this are refused (431) before any thread sees them.
MAX_HEADERS = 64 * 1024
#: Seconds a refused connection is still read from (and what comes is dropped) before it is closed.
LINGER = 2.0


def _number(name: str, default: float) -> float:
    return float(os.environ.get(name) or default)


class Refused(Exception):
    """A request refused before it reaches a thread: its status line."""

    def __init__(self, status: str) -> None:
        super().__init__(status)
        self.status = status


def request_end(data: bytes | bytearray, max_body: int) -> int | None:
    """Where the first request in ``data`` ends, or None while it is not all there.

    Raises ``Refused`` for headers or a body over the limits. A request this cannot make sense of (a
    bad Content-Length, a bad chunk size) counts as complete: gunicorn's own parser then refuses it
    with a 400, as it always has, without waiting for anything.
    """
    end = data.find(b"\r\n\r\n")
    if end < 0:
        if len(data) > MAX_HEADERS:
            raise Refused("431 Request Header Fields Too Large")
        return None
    if end > MAX_HEADERS:
        raise Refused("431 Request Header Fields Too Large")
    length, chunked = 0, False
    for line in bytes(data[:end]).split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            try:
                length = int(value.strip())
            except ValueError:
                return len(data)
        elif name == b"transfer-encoding":
            chunked = b"chunked" in value.lower()
    start = end + 4
    if chunked:
        return _chunked_end(data, start, max_body)
    if length > max_body:
        raise Refused("413 Content Too Large")
    if length < 0:
        return len(data)
    return start + length if len(data) >= start + length else None


def expects_continue(data: bytes | bytearray) -> bool:
    """Whether the headers in ``data`` are complete and ask for ``100 Continue`` before the body."""
    end = data.find(b"\r\n\r\n")
    if end < 0:
        return False
    for line in bytes(data[:end]).split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"expect" and value.strip().lower() == b"100-continue":
            return True
    return False


def _chunked_end(data: bytes | bytearray, position: int, max_body: int) -> int | None:
    total = 0
    while True:
        line_end = data.find(b"\r\n", position)
        if line_end < 0:
            return None
        try:
            size = int(bytes(data[position:line_end]).split(b";", 1)[0].strip(), 16)
        except ValueError:
            return len(data)
        if size == 0:  # then the trailers, if any, up to an empty line
            if data[line_end + 2 : line_end + 4] == b"\r\n":
                return line_end + 4
            trailers_end = data.find(b"\r\n\r\n", line_end + 2)
            return None if trailers_end < 0 else trailers_end + 4
        total += size
        if total > max_body:
            raise Refused("413 Content Too Large")
        position = line_end + 2 + size + 2
        if position > len(data):
            return None


class BufferedConn(TConn):
    """A connection whose next request is collected by the main loop before a thread parses it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.data_ready = True  # never wait for data in a thread: the main loop has it all
        self.received = bytearray()
        self.complete = False
        self.continued = False
        self.deadline = 0.0
        self.io_timeout: float | None = None

    def init(self) -> None:
        """In the thread: give the collected request to gunicorn's parser, which reads it from memory."""
        super().init()
        if self.received:
            self.parser.unreader.unread(bytes(self.received))
            self.received = bytearray()
        self.sock.settimeout(self.io_timeout)


class BufferingThreadWorker(ThreadWorker):
    """``gthread``, with each request collected in the main loop before a thread is committed to it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.request_timeout = _number("GUNICORN_REQUEST_TIMEOUT", 10)
        self.max_body = int(_number("GUNICORN_MAX_BODY", 2_621_440))
        self.receiving: dict[BufferedConn, None] = {}  # in the order they began, oldest first
        self.lingering: dict[BufferedConn, None] = {}  # refused, read from until they close
        # TLS and HTTP/2 keep gunicorn's own handling.
        self.buffering = not self.cfg.is_ssl and getattr(self.cfg, "http2_cleartext", "off") == "off"

    def accept(self, listener) -> None:
        try:
            client_sock, client_addr = listener.accept()
        except OSError as error:
            if error.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        conn_class = BufferedConn if self.buffering else TConn
        self.enqueue_req(conn_class(self.cfg, client_sock, client_addr, listener.getsockname()))

    def enqueue_req(self, conn) -> None:
        """Every way a request reaches the threads (new, kept alive, pipelined) comes through here."""
        if not isinstance(conn, BufferedConn) or conn.complete:
            if isinstance(conn, BufferedConn):
                conn.complete = False
            super().enqueue_req(conn)
            return
        if conn.parser is not None:  # a pipelined request already read ahead by the parser
            conn.received += conn.parser.unreader.take_buffered()
        conn.continued = False
        conn.io_timeout = self.request_timeout
        conn.deadline = time.monotonic() + self.request_timeout
        conn.sock.setblocking(False)
        self.receiving[conn] = None
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_request_bytes, conn))
        self.on_request_bytes(conn)

    def on_request_bytes(self, conn: BufferedConn, _fileobj=None) -> None:
        """In the main loop: take what the socket has, without waiting; hand over a complete request."""
        if conn not in self.receiving:
            return
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            data = None
        except OSError:
            data = b""
        if data:
            conn.received += data
        try:
            end = request_end(conn.received, self.max_body)
        except Refused as refused:
            self._refuse(conn, refused.status)
            return
        if end is not None:  # served even if the client has closed its side: it may still read
            self._stop_receiving(conn)
            conn.complete = True
            conn.sock.setblocking(True)
            self.enqueue_req(conn)
        elif data == b"":  # the client has gone before its request was whole
            self._stop_receiving(conn)
            self.nr_conns -= 1
            conn.close()
        elif not conn.continued and expects_continue(conn.received):
            # The client waits for this before it sends the body (gunicorn would send it only once
            # a thread has the request; a second one later is allowed and ignored by clients).
            conn.continued = True
            with contextlib.suppress(OSError):
                conn.sock.send(b"HTTP/1.1 100 Continue\r\n\r\n")

    def _stop_receiving(self, conn: BufferedConn) -> None:
        self.receiving.pop(conn, None)
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)

    def _refuse(self, conn: BufferedConn, status: str) -> None:
        """Answer without a thread (one non-blocking send: the answer fits any socket buffer), then
        close our side and read and drop whatever the client still sends for a moment before closing:
        closing at once while its bytes arrive would reset the connection and could lose the answer
        (RFC 9112, section 9.6)."""
        self._stop_receiving(conn)
        body = status.encode() + b"\n"
        answer = (
            f"HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n"
        ).encode() + body
        self.log.info("Refused a request from %s: %s", conn.client, status)
        try:
            conn.sock.send(answer)
            conn.sock.shutdown(socket.SHUT_WR)
        except OSError:
            self.nr_conns -= 1
            conn.close()
            return
        conn.deadline = time.monotonic() + LINGER
        self.lingering[conn] = None
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_lingering_bytes, conn))

    def on_lingering_bytes(self, conn: BufferedConn, _fileobj=None) -> None:
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._end_lingering(conn)

    def _end_lingering(self, conn: BufferedConn) -> None:
        self.lingering.pop(conn, None)
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)
        self.nr_conns -= 1
        conn.close()

    def murder_keepalived(self, force: bool = False) -> None:
        """Called by the main loop every second at least: also cut off requests that came too slowly."""
        super().murder_keepalived(force)
        now = time.monotonic()
        for conn in list(self.receiving):
            if conn.deadline > now and not force:
                break  # the rest began later
            if conn.received:
                self._refuse(conn, "408 Request Timeout")
            else:  # nothing was asked: close quietly, as for an idle kept-alive connection
                self._stop_receiving(conn)
                self.nr_conns -= 1
                conn.close()
        for conn in list(self.lingering):
            if conn.deadline > now and not force:
                break
            self._end_lingering(conn)
