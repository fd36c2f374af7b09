"""Limits per client address: at most so many of something in a window, counted from the rows kept.

One mechanism for every limit of this kind (reset e-mails, log-ins, failed log-ins): the rows a
request writes are also what is counted, so nothing else has to be stored, and a refused request
writes nothing, so a flood neither fills a table nor postpones the next allowed request.
``retry_after`` answers how long until one more is allowed; ``TooManyRequests`` is the 429 that
says so (``config.middleware.TooManyRequestsMiddleware`` answers it with ``Retry-After``).
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from http import HTTPStatus

from django.db.models import QuerySet
from django.utils.functional import Promise
from django.utils.translation import ngettext

from common.errors import AppError


class TooManyRequests(AppError):
    """Over a limit per client (or per address): 429, with the seconds until one more is allowed."""

    status = HTTPStatus.TOO_MANY_REQUESTS

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def retry_after(rows: QuerySet, *, field: str, limit: int, window: timedelta, now: datetime) -> int | None:
    """Seconds until one more is allowed when ``rows`` already has ``limit`` within ``window``, else None.

    ``field`` is the rows' time field; rows older than the window do not count.
    """
    recent = rows.filter(**{f"{field}__gte": now - window}).order_by(f"-{field}")
    latest = list(recent.values_list(field, flat=True)[:limit])
    if len(latest) < limit:
        return None
    return max(1, math.ceil((latest[-1] + window - now).total_seconds()))


def refuse(message: str | Promise, seconds: int) -> TooManyRequests:
    """The refusal: ``message`` with its ``%(wait)s`` put as whole minutes, and the seconds to wait."""
    minutes = math.ceil(seconds / 60)
    wait = ngettext("%(minutes)d minute", "%(minutes)d minutes", minutes) % {"minutes": minutes}
    return TooManyRequests(str(message) % {"wait": wait}, retry_after=seconds)
