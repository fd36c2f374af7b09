"""The log-in's first backend: django-axes' lock-out, with the rows a client can write bounded.

Every failed log-in with a username not yet tried from a client writes one django-axes row, and
every log-in writes a session row (and axes' access log row): a script could write as many as it
liked. Pupils of one school share one client address (the school's NAT), so no limit here may
stop a learner because of what a classmate did:

- a failed log-in with a username that has **no account** writes no axes row once its client
  holds ``FAILED_LOGIN_NAMES_PER_CLIENT`` of them (axes deletes each row ``AXES_COOLOFF_TIME``
  after its last failure, or at a log-in that succeeds). It is answered exactly as before (the
  page for a wrong password; Django's ``ModelBackend`` still runs the password hasher on a dummy),
  so the cap tells nothing about which usernames exist. Rows for usernames with an account are
  bounded by the accounts, and axes' own lock-out (per username and address) still guards each;
- a log-in to an account that logged in ``LOG_INS_PER_ACCOUNT`` times in the last hour (counted
  from axes' access log, one row per log-in) is refused with a 429 before its password is
  checked, and writes nothing: session rows are bounded per account, and only someone who has
  the password can use up an account's log-ins.

The address is the client's, read through the trusted proxies (``common.client_ip``), as for the
lock-out itself. The rows counted are the ones axes writes anyway, so a log-in adds no row of its
own to ``CountedRequest`` (the other limits per client, ``accounts.services.requests_count``). The
refusal is that limiter's ``TooManyRequests``, raised out of ``authenticate()`` on purpose: it is
no failed log-in, so axes records nothing for it, and ``config.middleware.TooManyRequestsMiddleware``
answers it with ``Retry-After``. A failure not to be recorded is marked on the request and told to
axes through ``AXES_WHITELIST_CALLABLE`` (``failure_not_recorded``), which axes asks before it
writes a row.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from axes.backends import AxesStandaloneBackend  # type: ignore[import-untyped]
from axes.helpers import get_client_user_agent  # type: ignore[import-untyped]
from axes.models import AccessAttempt, AccessLog  # type: ignore[import-untyped]
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.services import TooManyRequests, client_address
from common.client_ip import client_ip

#: The window the log-ins of one account are counted in.
LOG_IN_WINDOW = timedelta(hours=1)

#: Set on a request whose failed log-in axes is not to record (``failure_not_recorded``).
NOT_RECORDED = "_failure_not_recorded"

TOO_MANY_LOG_INS = _("There were too many log-ins to this account in the last hour. Try again in %(wait)s.")


class ClientLimitedAxesBackend(AxesStandaloneBackend):
    """``AxesStandaloneBackend``, first applying the limits on rows (``log_in_limits_check``)."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is not None:
            log_in_limits_check(request, username)
        return super().authenticate(request, username=username, password=password, **kwargs)


def failure_not_recorded(request, credentials=None) -> bool:
    """``AXES_WHITELIST_CALLABLE``: whether axes is to write nothing for this failed log-in."""
    return bool(getattr(request, NOT_RECORDED, False))


def log_in_limits_check(request, username: str | None) -> None:
    """Mark a failed log-in with an unknown username past the client's cap as not to be recorded;
    refuse a log-in to an account past its log-ins an hour.

    :raises TooManyRequests: over the account's log-ins (nothing is written).
    """
    if username is None:
        return
    user_model = get_user_model()
    has_account = user_model._default_manager.filter(**{user_model.USERNAME_FIELD: username}).exists()
    now = timezone.now()
    if has_account:
        seconds = _retry_after(
            AccessLog.objects.filter(username=username),
            field="attempt_time",
            limit=settings.LOG_INS_PER_ACCOUNT,
            window=LOG_IN_WINDOW,
            now=now,
        )
        if seconds is not None:
            raise _refusal(TOO_MANY_LOG_INS, seconds)
        return
    address = client_address(client_ip(request))
    if address is None:
        return
    attempts = AccessAttempt.objects.filter(ip_address=address)
    known = attempts.filter(username=username, user_agent=get_client_user_agent(request)).exists()
    if not known and _retry_after(
        attempts,
        field="attempt_time",
        limit=settings.FAILED_LOGIN_NAMES_PER_CLIENT,
        window=settings.AXES_COOLOFF_TIME,
        now=now,
    ):
        setattr(request, NOT_RECORDED, True)


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
