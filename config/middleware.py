"""Project middleware: the health check, the Content-Security-Policy, refusing unreadable requests,
ignoring malformed session cookies, and keeping logged-in pages out of caches."""

from __future__ import annotations

import re
from collections.abc import Callable
from http import HTTPStatus

from django.conf import settings
from django.contrib.sessions.middleware import SessionMiddleware
from django.core.exceptions import BadRequest
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext_lazy as _

from accounts.services import TooManyRequests
from config.views import refusal
from lessons.sandbox import COOKIE_NAME as EXAMPLES_COOKIE

HEALTH_PATH = "/healthz"


class HealthCheckMiddleware:
    """Answer ``/healthz`` first: 200 when the database answers, 503 otherwise.

    It runs before the host check, sessions and authentication, so a
    container's health probe (from localhost, over plain HTTP) needs neither
    a session, a login nor an allowed host name; it reveals nothing but "ok".
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path != HEALTH_PATH:
            return self.get_response(request)
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
                cursor.fetchone()
        except Exception:  # noqa: BLE001 - any database failure means "not healthy"
            return HttpResponse(
                "database unavailable\n", status=HTTPStatus.SERVICE_UNAVAILABLE, content_type="text/plain"
            )
        return HttpResponse("ok\n", content_type="text/plain")


class ContentSecurityPolicyMiddleware:
    """Send the CSP header from ``settings.CONTENT_SECURITY_POLICY`` (empty: none)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.policy:
            response.headers.setdefault("Content-Security-Policy", self.policy)
        return response


#: Why a request was refused before any view saw it (module constants; tests assert the texts).
UNREADABLE_FORM = _(
    "This form could not be read: forms are sent as UTF-8 text. Reload the page and try again."
)
NUL_CHARACTER = _("This request contains a NUL character, which no form of this site sends.")


class RequestSanityMiddleware:
    """Refuse with 400, before CSRF and the views, what no page of this site sends.

    - a form body that cannot be decoded (a declared ``charset=utf-16``, broken
      bytes): Django raises ``BadRequest`` when the form is first read, and its
      error handlers read the form again through the CSRF check, which made a 500;
    - a NUL character in the path, the query string or a form field: PostgreSQL
      cannot store or compare it (an admin filter ``?kind__exact=%00`` was a 500).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            fields = [*request.GET.lists(), *request.POST.lists()]
        except (BadRequest, UnicodeDecodeError, ValueError):
            return refusal(request, UNREADABLE_FORM)
        if "\x00" in request.path or any(
            "\x00" in key or any("\x00" in value for value in values) for key, values in fields
        ):
            return refusal(request, NUL_CHARACTER)
        return self.get_response(request)


#: A session key as Django makes one (``SessionBase._get_new_session_key``): 32 lower-case letters, digits.
SESSION_KEY_FORM = re.compile(r"[a-z0-9]{32}")


class WellFormedSessionMiddleware(SessionMiddleware):
    """Django's sessions, but a cookie that is not a well-formed key is no session, before any query.

    Django looks any cookie value up in the session table: one it unquotes to a NUL
    (``sessionid="abcdefgh\\000ijkl"``) made PostgreSQL refuse the query, a 500 on every page.
    Such a cookie is now treated as absent (the response deletes it, as for an expired session).
    """

    def process_request(self, request: HttpRequest) -> None:
        key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
        if key is not None and not SESSION_KEY_FORM.fullmatch(key):
            key = None
        request.session = self.SessionStore(key)


class PrivatePagesMiddleware:
    """Pages for a logged-in user are theirs alone: no shared cache may keep them, nor the browser's disk.

    A request that carries a session cookie, or a visitor's examples cookie, is treated as one (deciding
    it from the cookie, not from ``request.user``, costs no database read on pages that would otherwise
    need none).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        signed_in = (
            settings.SESSION_COOKIE_NAME in request.COOKIES
            # A visitor's own worked examples (lessons.sandbox) are theirs alone too.
            or EXAMPLES_COOKIE in request.COOKIES
            or EXAMPLES_COOKIE in response.cookies
            or getattr(request, "user", None)
            and (request.user.is_authenticated)
        )
        if signed_in and "Cache-Control" not in response:
            patch_cache_control(response, private=True, no_store=True)
        return response


class TooManyRequestsMiddleware:
    """Answer a limit per client (``accounts.services.TooManyRequests``) that a view let through: a 429
    page with its message and ``Retry-After`` (the log-in limits are raised out of ``authenticate()``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, TooManyRequests):
            return None
        response = render(request, "429.html", {"message": exception.message}, status=exception.status)
        response["Retry-After"] = str(exception.retry_after)
        return response
