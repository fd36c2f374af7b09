"""The benches' HTTP client (``table.benchmark``, ``classtable.benchmark``, the deploy tests): one browser
over a keep-alive ``http.client`` connection, no Django."""

from __future__ import annotations

import gzip
import http.client
import re
import time
import urllib.parse
from dataclasses import dataclass

CSRF = re.compile(rb'"X-CSRFToken": "([^"]+)"')


@dataclass
class Answer:
    status: int
    headers: dict[str, str]  # names in lower case
    body: bytes
    seconds: float
    #: ``time.monotonic()`` when the whole answer had arrived.
    at: float


class Browser:
    """One browser's HTTP client: a keep-alive connection to 127.0.0.1, its cookies and the CSRF header,
    sending what htmx sends (``HX-Request``, forms url-encoded). Both benches' learners and instructors.

    ``host`` is the ``Host`` it names (a proxy in front routes by it); ``gzip`` asks for compressed
    answers as browsers do (a proxy in front may compress, and mark the ETag) and reads them.
    """

    def __init__(self, port: int, session: str, host: str = "127.0.0.1", *, gzip: bool = False) -> None:
        self.port, self.host, self.gzip = port, host, gzip
        self.cookies = {"sessionid": session} if session else {}
        self.csrf = ""
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.reused = False  # whether the connection is kept alive from an earlier request

    def request(
        self,
        method: str,
        path: str,
        data: dict[str, str] | None = None,
        *,
        htmx: bool = True,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        sent = {
            "Host": self.host if self.port in (80, 443) else f"{self.host}:{self.port}",
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "Accept-Language": "en",
            **(headers or {}),
        }
        if htmx:
            sent["HX-Request"] = "true"
        if self.gzip:
            sent["Accept-Encoding"] = "gzip"
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["X-CSRFToken"] = self.csrf
        started = time.perf_counter()
        try:
            try:
                self.conn.request(method, path, body=body, headers=sent)
                response = self.conn.getresponse()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                if not self.reused:
                    raise
                # The server closed the kept-alive connection as the request went out (gunicorn
                # closes idle ones after its keep-alive): send it again on a new one, as browsers do.
                self.conn.close()
                started = time.perf_counter()
                self.conn.request(method, path, body=body, headers=sent)
                response = self.conn.getresponse()
            content = response.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            self.reused = False
            raise
        at = time.monotonic()
        self.reused = not response.will_close
        received = {}
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
            received[header.lower()] = value
        if received.get("content-encoding") == "gzip":
            content = gzip.decompress(content)
        return Answer(response.status, received, content, time.perf_counter() - started, at)

    def open_page(self, path: str) -> Answer:
        """The whole page, as a browser first loads it: its CSRF token."""
        answer = self.request("GET", path, htmx=False)
        if answer.status != 200:
            raise RuntimeError(f"GET {path} answered {answer.status}")
        token = CSRF.search(answer.body)
        if token is None:
            raise RuntimeError(f"GET {path}: no CSRF token in the page")
        self.csrf = token.group(1).decode()
        return answer

    def close(self) -> None:
        self.conn.close()
