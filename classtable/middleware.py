"""An unchanged poll of a class table is answered 304 before sessions, users or templates.

Every page of a class table polls ``/class-table/<pk>/poll`` each second, so sixty learners make sixty
requests a second that almost always find nothing new. This middleware sits before the session
middleware (``config.settings.MIDDLEWARE``): for a GET of a poll that names a genuine ETag
(``classtable.etag``: signed, bound to this browser's session cookie and language), it reads the table's
version, one indexed query, and answers 304 when it is still the one the tag names and the session has
not ended. A session that goes idle changes no version (nobody writes), so the same query also reads the
state and the last activity: an ended or idle one goes on to the view, which answers the page's refresh.
Nothing else runs on a 304:
no session is loaded, no user, no template. Anything else (no tag, a forged or stale one, another
path) goes on to the view, which checks the log-in and the membership in full.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified

from classtable.etag import read_etags
from classtable.selectors import table_versions

POLL_PATH = re.compile(r"^/class-table/(\d{1,12})/poll$")


class NotModifiedPollMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method != "GET" or "If-None-Match" not in request.headers:
            return self.get_response(request)
        match = POLL_PATH.match(request.path_info)
        if match is None:
            return self.get_response(request)
        tags = read_etags(request, int(match.group(1)))
        if not tags:
            return self.get_response(request)
        first = tags[0][0]
        found = table_versions(first.table, first.user)  # the one query; an ended session goes on to the view
        for tag, raw in tags:
            if tag.user != first.user:
                continue
            if found is not None and not found[3] and tag.current(found[0], found[1], found[2]):
                response = HttpResponseNotModified()
                response["ETag"] = raw
                response["Cache-Control"] = "private, no-store"
                return response
        return self.get_response(request)
