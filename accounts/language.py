"""The language a page is shown in: the learner's choice, remembered in a cookie and in their profile.

Order of precedence: the language cookie (this browser's explicit choice),
then the logged-in learner's profile (their choice on another device), then
the browser's own Accept-Language (Django's LocaleMiddleware does the first
and the last).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from accounts.models import PROFILE_LANGUAGE_SESSION_KEY, Profile

LANGUAGE_CODES = {code for code, _ in settings.LANGUAGES}
#: The profile's language, remembered in the session when the learner logs in (``accounts.models``): one
#: query per log-in, and no request after it writes the session to remember it (a GET writes nothing).
SESSION_KEY = PROFILE_LANGUAGE_SESSION_KEY


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Switch language (Django's view: cookie and redirect) and keep the choice in the learner's profile."""
    code = request.POST.get("language", "")
    if code in LANGUAGE_CODES and request.user.is_authenticated:
        Profile.objects.update_or_create(user=request.user, defaults={"language": code})
        request.session[SESSION_KEY] = code
    return django_set_language(request)


class ProfileLanguageMiddleware:
    """Without a language cookie, show a logged-in learner their profile's language, and remember it here."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chosen = None
        if settings.LANGUAGE_COOKIE_NAME not in request.COOKIES and request.user.is_authenticated:
            if SESSION_KEY not in request.session:  # a session from before log-ins remembered it
                language = (
                    Profile.objects.filter(user=request.user).values_list("language", flat=True).first()
                )
                request.session[SESSION_KEY] = language or ""
            chosen = request.session[SESSION_KEY]
            if chosen in LANGUAGE_CODES:
                translation.activate(chosen)
                request.LANGUAGE_CODE = chosen
        response = self.get_response(request)
        if chosen in LANGUAGE_CODES:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                chosen,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response
