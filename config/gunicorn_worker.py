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

The main loop reads each byte of a request once (``RequestScanner`` keeps where it stopped), so a
body of a million tiny chunks costs it no more per byte than one large chunk, and no read keeps it
busy for long. What it holds is bounded too: a request, chunk framing included, at most
``RequestScanner.max_request`` bytes; a chunk-size or trailer line, ``MAX_LINE``; and all the bodies
a worker is collecting at once, ``max_buffered`` bytes: a body that would take more is answered
``503 Service Unavailable`` (with ``Retry-After``), as the server, not the request, is at its limit.

The figures come from the environment (config/gunicorn.conf.py sets and documents them):
``GUNICORN_REQUEST_TIMEOUT`` (seconds, default 10), ``GUNICORN_MAX_BODY`` (bytes, default 2.5 MiB,
Django's own limit for a form) and ``GUNICORN_MAX_BUFFERED`` (bytes, default 32 MiB).

A conditional GET (one with ``If-None-Match``: a page's poll, a browser revalidating a file) goes to
threads of its own (``GUNICORN_REVALIDATION_THREADS``, default 2). Every page of a class table polls
each second and almost every poll is a 304 from one query; in the main pool it would wait behind the
renders of other learners' bets; in its own threads it waits only for its turn at the interpreter's
lock (docs/performance.md has the figures with and without them).

The workers keep their connections even (``config.worker_balance``): one that holds more than a
sibling leaves new connections to it for a moment and, once past a margin, ends kept-alive ones so
their clients come back to a worker with fewer. Otherwise a class's polling browsers can all stay with
the worker that happened to take them, and one interpreter does the whole class's work on one core.

TLS and HTTP/2 are left to gunicorn's own handling (the stack terminates TLS in Caddy).
"""

from __future__ import annotations

import contextlib
import errno
import os
import selectors
import socket
import string
import time
from concurrent import futures
from functools import partial

from gunicorn.workers.gthread import TConn, ThreadWorker

from config.worker_balance import (
    ACCEPT_PAUSE,
    BOARD,
    SHED_EVERY,
    SIBLINGS_BACKOFF,
    over_share,
    should_shed,
)

#: Headers larger than this are refused (431) before any thread sees them.
MAX_HEADERS = 64 * 1024
#: A chunk-size line (with its extensions) or a trailer line longer than this is refused (400).
MAX_LINE = 4096
#: Seconds a refused connection is still read from (and what comes is dropped) before it is closed.
LINGER = 2.0

BAD_REQUEST = "400 Bad Request"
TIMED_OUT = "408 Request Timeout"
TOO_LARGE = "413 Content Too Large"
HEADERS_TOO_LARGE = "431 Request Header Fields Too Large"
BUSY = "503 Service Unavailable"

_HEX_DIGITS = string.hexdigits.encode()


def is_revalidation(request: bytes | bytearray) -> bool:
    """Whether a whole request is a GET with ``If-None-Match`` (its headers are read, not its body)."""
    if not request.startswith(b"GET "):
        return False
    end = request.find(b"\r\n\r\n")
    headers = bytes(request[: end if end >= 0 else len(request)]).lower()
    return b"\r\nif-none-match:" in headers


def _number(name: str, default: float) -> float:
    return float(os.environ.get(name) or default)


class Refused(Exception):
    """A request refused before it reaches a thread: its status line."""

    def __init__(self, status: str) -> None:
        super().__init__(status)
        self.status = status


class RequestScanner:
    """Where the request at the start of a growing buffer ends, each byte read once.

    The main loop calls ``end()`` with the whole buffer after every read. The scanner keeps its place
    (which part of the request it is in, where the current line began, how far it has searched), so
    each call reads only what arrived since the last one.
    """

    HEADERS, LENGTH, CHUNK_SIZE, CHUNK_DATA, TRAILERS = range(5)

    def __init__(self, max_body: int) -> None:
        self.max_body = max_body
        #: The most a request may take on the wire: its headers, its body, and chunk framing of up to
        #: a quarter of the body (chunks of 24 bytes or more fit, whatever their number).
        self.max_request = MAX_HEADERS + max_body + max_body // 4 + MAX_LINE
        self.part = self.HEADERS
        self.position = 0  # where the line being read begins (a chunk size, a trailer)
        self.searched = 0  # the bytes before this have been searched already
        self.part_end = 0  # where the body (Content-Length) or the chunk (with its CRLF) ends
        self.body = 0  # chunk-data bytes so far
        #: Whether the headers, once complete, ask for ``100 Continue`` (HTTP/1.1 and later only:
        #: RFC 9110, section 10.1.1).
        self.expects_continue = False

    @property
    def in_body(self) -> bool:
        return self.part != self.HEADERS

    def end(self, data: bytes | bytearray) -> int | None:
        """Where the request ends in ``data`` (the same buffer, grown, at every call), or None while
        it is not all there.

        Raises ``Refused`` for headers, a body, a line or a whole request over the limits. A request
        this cannot make sense of (a bad Content-Length, a bad chunk size or chunk end) counts as
        complete: gunicorn's own parser then refuses it with a 400, as it always has, without waiting
        for anything.
        """
        end = self._scan(data)
        if end is None and len(data) > self.max_request:
            raise Refused(TOO_LARGE)
        return end

    def _scan(self, data: bytes | bytearray) -> int | None:
        if self.part == self.HEADERS:
            start = self._headers(data)
            if start is None:
                return None
            if self.part == self.HEADERS:  # nothing this can make sense of
                return len(data)
        while True:
            if self.part == self.LENGTH:
                return self.part_end if len(data) >= self.part_end else None
            if self.part == self.CHUNK_DATA:
                if len(data) < self.part_end:
                    return None
                if data[self.part_end - 2 : self.part_end] != b"\r\n":
                    return len(data)
                self.part, self.position = self.CHUNK_SIZE, self.part_end
                self.searched = self.position
                continue
            line_end = self._line(data)  # a chunk size, or a trailer
            if line_end < 0:
                return None
            line, next_line = bytes(data[self.position : line_end]), line_end + 2
            self.position = self.searched = next_line
            if self.part == self.TRAILERS:
                if not line:  # the empty line that ends the trailers
                    return next_line
                continue
            size = _chunk_size(line)
            if size is None:
                return len(data)
            if size == 0:  # the last chunk: then the trailers, if any, up to an empty line
                self.part = self.TRAILERS
                continue
            self.body += size
            if self.body > self.max_body:
                raise Refused(TOO_LARGE)
            self.part, self.part_end = self.CHUNK_DATA, next_line + size + 2

    def _headers(self, data: bytes | bytearray) -> int | None:
        """Where the body begins, once the headers are complete; their framing read into ``part``."""
        end = data.find(b"\r\n\r\n", max(0, self.searched - 3))
        if end < 0:
            self.searched = len(data)
            if len(data) > MAX_HEADERS:
                raise Refused(HEADERS_TOO_LARGE)
            return None
        if end > MAX_HEADERS:
            raise Refused(HEADERS_TOO_LARGE)
        request_line, *lines = bytes(data[:end]).split(b"\r\n")
        length, chunked, expect = 0, False, False
        for line in lines:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                try:
                    length = int(value.strip())
                except ValueError:
                    return end + 4
            elif name == b"transfer-encoding":
                chunked = b"chunked" in value.lower()
            elif name == b"expect":
                expect = value.strip().lower() == b"100-continue"
        version = request_line.rpartition(b" ")[2]
        self.expects_continue = expect and version.startswith(b"HTTP/") and version[5:] >= b"1.1"
        start = end + 4
        if chunked:
            self.part, self.position = self.CHUNK_SIZE, start
            self.searched = start
        elif length > self.max_body:
            raise Refused(TOO_LARGE)
        elif length >= 0:
            self.part, self.part_end = self.LENGTH, start + length
        return start

    def _line(self, data: bytes | bytearray) -> int:
        """Where the line at ``position`` ends (its CRLF), or -1 while it is not all there."""
        line_end = data.find(b"\r\n", self.searched)
        if line_end < 0:
            self.searched = max(self.position, len(data) - 1)
            line_end = len(data)
        if line_end - self.position > MAX_LINE:
            raise Refused(BAD_REQUEST)
        return line_end if line_end < len(data) else -1


def _chunk_size(line: bytes) -> int | None:
    """A chunk-size line's size, or None where gunicorn's parser refuses it (hex digits, then
    optionally blanks and ``;`` extensions)."""
    size, semicolon, _ = line.partition(b";")
    if semicolon:
        size = size.rstrip(b" \t")
    if not size or size.translate(None, _HEX_DIGITS):
        return None
    return int(size, 16)


def request_end(data: bytes | bytearray, max_body: int) -> int | None:
    """Where the first request in ``data`` ends, or None while it is not all there (one scan)."""
    return RequestScanner(max_body).end(data)


class BufferedConn(TConn):
    """A connection whose next request is collected by the main loop before a thread parses it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.data_ready = True  # never wait for data in a thread: the main loop has it all
        self.received = bytearray()
        self.scanner: RequestScanner | None = None  # the request being received, while it is
        self.complete = False
        self.continued = False
        self.deadline = 0.0
        self.io_timeout: float | None = None
        #: Whether the answer to this request ends the connection, to even out the workers' load.
        self.shed = False

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
        self.max_buffered = int(_number("GUNICORN_MAX_BUFFERED", 33_554_432))
        self.revalidation_threads = int(_number("GUNICORN_REVALIDATION_THREADS", 2))
        self.revalidations: futures.ThreadPoolExecutor | None = None
        self.buffered = 0  # bytes held for the requests being received
        self.receiving: dict[BufferedConn, None] = {}  # in the order they began, oldest first
        self.lingering: dict[BufferedConn, None] = {}  # refused, read from until they close
        # TLS and HTTP/2 keep gunicorn's own handling.
        self.buffering = not self.cfg.is_ssl and getattr(self.cfg, "http2_cleartext", "off") == "off"
        # The worker object is made in the master, before the fork: its slot on the shared board.
        self.slot = BOARD.claim(self)
        self.accept_paused_until = 0.0  # while set, new connections are left to the siblings
        self.balance_resumes = 0.0  # until then the siblings are not counted (they took nothing)
        self.next_shed_check = 0.0

    def init_process(self) -> None:
        if self.buffering and self.revalidation_threads > 0:
            self.revalidations = futures.ThreadPoolExecutor(
                max_workers=self.revalidation_threads, thread_name_prefix="revalidation"
            )
        super().init_process()

    def run(self) -> None:
        # On the board once the app is loaded and the worker accepts: a sibling leaves it nothing before.
        if self.slot is not None:
            BOARD.join(self.slot, os.getpid())
        try:
            super().run()
        finally:
            if self.revalidations is not None:
                self.revalidations.shutdown(wait=False)

    def handle_quit(self, sig, frame) -> None:
        if self.revalidations is not None:
            self.revalidations.shutdown(wait=False)
        super().handle_quit(sig, frame)

    # --- Keeping the workers' connections even (config/worker_balance.py) ---------------------------

    def _others(self) -> list[int]:
        """The siblings' connections; none while they were seen not to take a connection left to them."""
        if self.slot is None or time.monotonic() < self.balance_resumes:
            return []
        return BOARD.others(self.slot)

    def _publish(self) -> None:
        """Our number of connections on the board; once stopping (we accept no more), off the board."""
        if self.slot is None:
            return
        if self.alive:
            BOARD.publish(self.slot, self.nr_conns)
        else:
            BOARD.leave(self.slot)

    def wait_for_and_dispatch_events(self, timeout: float) -> None:
        self._publish()
        left = self.accept_paused_until - time.monotonic()
        if self.alive and left > 0:  # wake when the pause is over (never sooner than asked otherwise)
            timeout = min(timeout, left)
        super().wait_for_and_dispatch_events(timeout)

    def set_accept_enabled(self, enabled: bool) -> None:
        """gunicorn's main loop turns accepting back on at every turn: not before a pause is over. Then
        a connection still waiting is taken at once, and the siblings, which left it there, are left out
        of the count for ``SIBLINGS_BACKOFF`` seconds (one may be stuck: nothing is shed to it)."""
        if enabled and self.accept_paused_until:
            if time.monotonic() < self.accept_paused_until:
                return
            self.accept_paused_until = 0.0
            super().set_accept_enabled(True)
            taken = [self._accept(listener) for listener in self.sockets]  # every listener's, not the first
            if any(taken):
                self.balance_resumes = time.monotonic() + SIBLINGS_BACKOFF
            return
        super().set_accept_enabled(enabled)

    def accept(self, listener) -> None:
        """A new connection: left to a sibling with fewer for ``ACCEPT_PAUSE`` seconds, else taken."""
        if over_share(self.nr_conns, self._others()):
            self.accept_paused_until = time.monotonic() + ACCEPT_PAUSE
            super().set_accept_enabled(False)
            return
        self._accept(listener)

    def _shed(self) -> bool:
        """Whether this request's answer should end its connection (looked at, and so at most one
        connection ended, every ``SHED_EVERY`` seconds)."""
        now = time.monotonic()
        if now < self.next_shed_check:
            return False
        self.next_shed_check = now + SHED_EVERY
        return should_shed(self.nr_conns, self._others())

    def handle_request(self, req, conn):
        if getattr(conn, "shed", False):
            req.force_close()  # the answer says "Connection: close"; the client comes back anew
        return super().handle_request(req, conn)

    def _accept(self, listener) -> bool:
        """Take a waiting connection, if there is one (whether there was)."""
        try:
            client_sock, client_addr = listener.accept()
        except OSError as error:
            if error.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return False
        self.nr_conns += 1
        self._publish()
        conn_class = BufferedConn if self.buffering else TConn
        self.enqueue_req(conn_class(self.cfg, client_sock, client_addr, listener.getsockname()))
        return True

    def enqueue_req(self, conn) -> None:
        """Every way a request reaches the threads (new, kept alive, pipelined) comes through here."""
        if not isinstance(conn, BufferedConn) or conn.complete:
            if isinstance(conn, BufferedConn):
                conn.complete = False
                conn.shed = self._shed()
                if self.revalidations is not None and is_revalidation(conn.received):
                    # What gunicorn's own enqueue_req does (27.0), with the revalidations' threads.
                    done = self.revalidations.submit(self.handle, conn)
                    done.add_done_callback(
                        lambda fut: self.method_queue.defer(self.finish_request, conn, fut)
                    )
                    return
            super().enqueue_req(conn)
            return
        if conn.parser is not None:  # a pipelined request already read ahead by the parser
            conn.received += conn.parser.unreader.take_buffered()
        conn.scanner = RequestScanner(self.max_body)
        conn.continued = False
        conn.io_timeout = self.request_timeout
        conn.deadline = time.monotonic() + self.request_timeout
        conn.sock.setblocking(False)
        self.receiving[conn] = None
        self.buffered += len(conn.received)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_request_bytes, conn))
        self.on_request_bytes(conn)

    def on_request_bytes(self, conn: BufferedConn, _fileobj=None) -> None:
        """In the main loop: take what the socket has, without waiting; hand over a complete request."""
        scanner = conn.scanner
        if conn not in self.receiving or scanner is None:
            return
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            data = None
        except OSError:
            data = b""
        if data:
            conn.received += data
            self.buffered += len(data)
        try:
            end = scanner.end(conn.received)
            if end is None and data != b"":
                if time.monotonic() >= conn.deadline:
                    raise Refused(TIMED_OUT)
                # Over the budget, a body waits for no more bytes (headers still may: they are
                # bounded per connection, and most requests have no body).
                if scanner.in_body and self.buffered > self.max_buffered:
                    raise Refused(BUSY)
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
        elif not conn.continued and scanner.expects_continue:
            # The client waits for this before it sends the body (gunicorn would send it only once
            # a thread has the request; a second one later is allowed and ignored by clients).
            conn.continued = True
            with contextlib.suppress(OSError):
                conn.sock.send(b"HTTP/1.1 100 Continue\r\n\r\n")

    def _stop_receiving(self, conn: BufferedConn) -> None:
        if conn in self.receiving:
            del self.receiving[conn]
            self.buffered -= len(conn.received)
        conn.scanner = None
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)

    def _refuse(self, conn: BufferedConn, status: str) -> None:
        """Answer without a thread (one non-blocking send: the answer fits any socket buffer), then
        close our side and read and drop whatever the client still sends for a moment before closing:
        closing at once while its bytes arrive would reset the connection and could lose the answer
        (RFC 9112, section 9.6)."""
        self._stop_receiving(conn)
        conn.received = bytearray()
        body = status.encode() + b"\n"
        retry = f"Retry-After: {int(self.request_timeout)}\r\n" if status == BUSY else ""
        answer = (
            f"HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: {len(body)}\r\n"
            f"{retry}Connection: close\r\n\r\n"
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
