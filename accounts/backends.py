"""The log-in's first backend: django-axes' lock-out, after the limits per client address.

Every failed log-in with a username not yet tried from a client writes one django-axes row, and
every log-in writes a session row (and axes' access log row): a script could write as many as it
liked. Before any password is checked (every ``authenticate()``: the log-in page and the admin's),
a client address is refused, with a 429 and nothing written:

- a username it has not failed with yet, once it holds ``FAILED_LOGIN_NAMES_PER_CLIENT`` axes rows
  (axes deletes each row ``AXES_COOLOFF_TIME`` after its last failure, or at a log-in that succeeds);
- any log-in, once it logged in ``LOG_INS_PER_CLIENT`` times in the last hour (counted from axes'
  access log, one row per log-in).

The address is the client's, read through the trusted proxies (``common.client_ip``), as for the
lock-out itself. The rows counted are the ones axes writes anyway, so a log-in adds no row of
its own to ``CountedRequest`` (the other limits per client, ``accounts.services.requests_count``);
the refusal is that limiter's ``TooManyRequests``, raised out of ``authenticate()`` on purpose: it
is no failed log-in, so axes records nothing for it, and
``config.middleware.TooManyRequestsMiddleware`` answers it with ``Retry-After``.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from axes.backends import AxesStandaloneBackend  # type: ignore[import-untyped]
from axes.helpers import get_client_user_agent  # type: ignore[import-untyped]
from axes.models import AccessAttempt, AccessLog  # type: ignore[import-untyped]
from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.services import TooManyRequests, client_address
from common.client_ip import client_ip

#: The window the log-ins of one client are counted in.
LOG_IN_WINDOW = timedelta(hours=1)

TOO_MANY_NAMES = _(
    "Too many different usernames were tried from your network, so logging in with a new one is "
    "paused. Try again in %(wait)s, or check your username with your instructor."
)
TOO_MANY_LOG_INS = _("There were too many log-ins from your network in the last hour. Try again in %(wait)s.")


class ClientLimitedAxesBackend(AxesStandaloneBackend):
    """``AxesStandaloneBackend``, first refusing a client over its limits (``log_in_limits_check``)."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is not None:
            log_in_limits_check(request, username)
        return super().authenticate(request, username=username, password=password, **kwargs)


def log_in_limits_check(request, username: str | None) -> None:
    """Refuse a log-in that would pass one of the client's limits.

    :raises TooManyRequests: over either limit (nothing is written).
    """
    address = client_address(client_ip(request))
    if address is None:
        return
    now = timezone.now()
    attempts = AccessAttempt.objects.filter(ip_address=address)
    known = attempts.filter(username=username, user_agent=get_client_user_agent(request)).exists()
    if not known:
        seconds = _retry_after(
            attempts,
            field="attempt_time",
            limit=settings.FAILED_LOGIN_NAMES_PER_CLIENT,
            window=settings.AXES_COOLOFF_TIME,
            now=now,
        )
        if seconds is not None:
            raise _refusal(TOO_MANY_NAMES, seconds)
    seconds = _retry_after(
        AccessLog.objects.filter(ip_address=address),
        field="attempt_time",
        limit=settings.LOG_INS_PER_CLIENT,
        window=LOG_IN_WINDOW,
        now=now,
    )
    if seconds is not None:
        raise _refusal(TOO_MANY_LOG_INS, seconds)


def _retry_after(rows: QuerySet, *, field: str, limit: int, window: timedelta, now: datetime) -> int | None:
    """Seconds until one more is allowed when ``rows`` has ``limit`` within ``window`` (else None),
    counted as ``requests_count`` counts (a limit of 0 refuses all, for the whole window)."""
    recent = rows.filter(**{f"{field}__gte": now - window}).order_by(f"-{field}")
    latest = list(recent.values_list(field, flat=True)[:limit])
    if len(latest) < limit:
        return None
    oldest = latest[-1] if latest else now
    return max(1, math.ceil((oldest + window - now).total_seconds()))


def _refusal(message: str | Promise, seconds: int) -> TooManyRequests:
    minutes = math.ceil(seconds / 60)
    wait = ngettext("%(minutes)d minute", "%(minutes)d minutes", minutes) % {"minutes": minutes}
    return TooManyRequests(str(message) % {"wait": wait}, retry_after=seconds)
