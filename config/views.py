"""Project-wide views: the CSRF failure page, and a trivial page for benchmarks."""

from http import HTTPStatus

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

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
