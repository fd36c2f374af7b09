"""The poll's ETag: the class table's version, the viewer and the language, signed so it cannot be forged.

A learner's or the instructor's page polls ``/class-table/<pk>/poll`` every second. The answer depends on
the class table (its ``version``, bumped by every write of the backend), on who looks (their bets, their
calls, what an instructor may see) and on the language of the page. The ETag names all three, and its
HMAC (``salted_hmac`` with ``SECRET_KEY``) also covers the request's session cookie and language cookie:
a tag made for one browser's session is no tag for another's, and nobody can make one up.

So the 304 path (``classtable.middleware.NotModifiedPollMiddleware``) checks a poll without loading the
session or the user: it verifies the signature against the cookies the request carries, then runs one
query (the table's version) and answers 304 when the version is the one the tag names.

A learner's tag names ``version`` (its ``activity`` is 0) and their own seat's version (``own``,
``ClassSeat.version``, bumped by their join, leave, draft, confirm and call): another learner's bet or
call bumps ``activity_version``, which only the control page's and the projector's tags name (the
class's counts), so it leaves every other learner's poll at 304, while the learner's own action shows
in each of their tabs.

The tag also carries the round's number and phase the page was drawn at, so a changed poll knows which
regions it must send again (the betting form only when the phase changed, the roads only when a coup
ended): the browser keeps a learner's chips on the felt while the other players bet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare, salted_hmac

SALT = "classtable.poll-etag"
#: ``"<table>.<version>.<round>.<phase>.<activity>.<user>.<language>.<own>.<mac>"``, quoted as an entity
#: tag is.
TAG = re.compile(
    r'^(?:W/)?"(\d{1,12})\.(\d{1,18})\.(\d{1,9})\.([a-z0-9_]{1,40})\.(\d{1,18})\.(\d{1,12})\.([a-z-]{2,8})'
    r'\.(\d{1,18})\.([0-9a-f]{32})"$'
)


@dataclass(frozen=True)
class PollTag:
    table: int
    version: int
    round: int
    phase: str
    user: int
    language: str
    #: The table's ``activity_version`` the page was drawn at; 0 for a learner's page (which shows none
    #: of it).
    activity: int = 0
    #: The viewer's own seat's version (``ClassSeat.version``) the page was drawn at; 0 without a seat.
    own: int = 0

    def current(self, version: int, activity: int, own: int) -> bool:
        """Whether the page this tag names is still what its viewer would be shown."""
        return (
            self.version == version and (self.activity == 0 or self.activity == activity) and self.own == own
        )

    @property
    def stage(self) -> str:
        """The phase without the card count: a change of it redraws the felt's form and the roads."""
        return self.phase.rsplit("_", 1)[0]

    @property
    def cards(self) -> str:
        return self.phase.rsplit("_", 1)[-1]

    @property
    def payload(self) -> str:
        head = f"{self.table}.{self.version}.{self.round}.{self.phase}"
        return f"{head}.{self.activity}.{self.user}.{self.language}.{self.own}"


def _browser(request: HttpRequest) -> str:
    """What the tag is bound to: this browser's session cookie and the language it asks for (read from
    the request's headers only: no session, no user)."""
    session = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) or "accept:" + request.headers.get(
        "Accept-Language", ""
    )
    return f"{session}|{language}"


def _mac(tag: PollTag, request: HttpRequest) -> str:
    return salted_hmac(SALT, f"{tag.payload}|{_browser(request)}", algorithm="sha256").hexdigest()[:32]


def make_etag(tag: PollTag, request: HttpRequest) -> str:
    return f'"{tag.payload}.{_mac(tag, request)}"'


def read_etags(request: HttpRequest, table: int) -> list[tuple[PollTag, str]]:
    """The genuine tags of this table the request's ``If-None-Match`` names, each with its text as sent
    (a forged one, or one made for another browser or table: none)."""
    found = []
    for raw in request.headers.get("If-None-Match", "").split(",")[:4]:
        match = TAG.match(raw.strip())
        if match is None:
            continue
        number, version, round_number, phase, activity, user, language, own, mac = match.groups()
        tag = PollTag(
            int(number), int(version), int(round_number), phase, int(user), language, int(activity), int(own)
        )
        if tag.table == table and constant_time_compare(mac, _mac(tag, request)):
            found.append((tag, raw.strip()))
    return found
