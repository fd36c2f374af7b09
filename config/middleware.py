"""Project middleware: the health check and the Content-Security-Policy."""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse

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
