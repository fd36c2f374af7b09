"""Project-wide views: the CSRF failure page, the error pages, and a trivial page for benchmarks."""

import sys
from http import HTTPStatus
from urllib.parse import urlsplit

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import loader
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.views import defaults

CSRF_MESSAGE = _(
    "This form has expired or did not come from this site, so nothing was changed. "
    "Reload the page and try again."
)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A clear 403 for a missing or stale CSRF token; htmx requests get the message in place of the page."""
    response = render(
        request,
        "csrf_failure.html#message" if getattr(request, "htmx", False) else "csrf_failure.html",
        {"message": CSRF_MESSAGE},
        status=HTTPStatus.FORBIDDEN,
    )
    if getattr(request, "htmx", False):
        response["HX-Retarget"] = "#main"
        response["HX-Reswap"] = "innerHTML"
    return response


def ping(request: HttpRequest) -> HttpResponse:
    """The lightest Django page: the full middleware stack, no database, no template.

    ``manage.py bench`` measures it beside the deal request as the baseline.
    """
    return HttpResponse("pong\n", content_type="text/plain")


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 400 page. Django's own runs the CSRF check first, which reads the form again: when the form
    itself was unreadable, that raised a second error and made a 500."""
    return refusal(request, "")


def refusal(request: HttpRequest, message: str) -> HttpResponse:
    """A plain 400 page that reads nothing more of the request (an empty message: the general one)."""
    return render(request, "400.html", {"message": message}, status=HTTPStatus.BAD_REQUEST)


#: What a database that cannot be reached raises (refused or dropped connections, a locked SQLite file).
DATABASE_UNREACHABLE = (OperationalError, InterfaceError)
#: Seconds a client is asked to wait (``Retry-After``) when the database cannot be reached.
RETRY_AFTER_SECONDS = 30


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 handler: an unreachable database is a 503 with ``Retry-After``; anything else is Django's 500.

    Django calls it while it handles the exception (from a view or a middleware), so the exception is
    still the one ``sys.exc_info()`` names.
    """
    error: BaseException | None = sys.exc_info()[1]
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, DATABASE_UNREACHABLE):
            return database_unavailable(request)
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return defaults.server_error(request)


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """A plain 503 page in the visitor's language that needs no database.

    It reads neither the user nor the session (they are in the database): the template is rendered
    without the request, so no context processor runs, and the language is the one already chosen
    for this request, else the cookie's or the browser's. An htmx request gets the message in place
    of the page's main region.
    """
    htmx = request.headers.get("HX-Request") == "true"
    again = request.get_full_path()
    if htmx or request.method != "GET":
        # A fragment's or a form's URL: "try again" is the page it came from (its path only, on this site).
        again = urlsplit(request.headers.get("HX-Current-URL") or request.headers.get("Referer") or "").path
        if not again.startswith("/") or again.startswith("//"):
            again = "/"
    language = getattr(request, "LANGUAGE_CODE", None) or translation.get_language_from_request(request)
    with translation.override(language):
        body = loader.render_to_string(
            "503.html#message" if htmx else "503.html",
            {"again": again, "retry_after": RETRY_AFTER_SECONDS, "LANGUAGE_CODE": language},
        )
    response = HttpResponse(body, status=HTTPStatus.SERVICE_UNAVAILABLE)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    if htmx:
        response["HX-Retarget"] = "#main"
        response["HX-Reswap"] = "innerHTML"
    return response
