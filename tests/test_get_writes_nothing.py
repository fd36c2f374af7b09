"""GET requests write nothing for a learner who already has a seat (issue 27): reading a seat is a
selector, opening one a service, and every chip movement a POST. The class table's pages (issue 29) too,
for its learners and its instructor, while it takes bets, once it ended and once it went idle."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from baccarat import Bet, BetKind
from classtable.models import ClassTable, idle_after
from lessons.course import LESSONS
from table import services
from tests.classtable.support import HX, client_for, open_room
from tests.factories import SeatFactory

WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)
PAGES = ["table:play", "table:results", "table:odds"]


@pytest.mark.django_db
@pytest.mark.parametrize("page", PAGES)
def test_a_get_of_a_table_page_writes_nothing_for_a_learner_with_a_seat(client, page):
    seat = SeatFactory()
    services.round_confirm(user=seat.user, bets=[Bet(BetKind.PLAYER, Decimal(10))])
    client.force_login(seat.user)  # the log-in writes the session, with the profile's language in it

    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse(page))

    assert response.status_code == 200
    assert [query["sql"] for query in captured if WRITE.match(query["sql"])] == []


def _writes(client, url: str, **headers) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, headers=headers)
    assert response.status_code == 200
    return [query["sql"] for query in captured if WRITE.match(query["sql"])]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "slug", ["hands-and-results", "first-stake", "settlement", "house-edge", "scoreboards-and-systems"]
)
@pytest.mark.parametrize("htmx", [False, True])
def test_a_get_of_a_lesson_page_writes_nothing_for_a_learner_with_a_seat(client, course, slug, htmx):
    """The visit is a POST fired by the page, each worked example is opened by a POST (then read back),
    the exercise's question is issued by a POST (or read back when one is waiting); a GET, with or
    without the htmx header, only reads, the first view too."""
    seat = SeatFactory()
    client.force_login(seat.user)
    url = reverse("lessons:lesson", args=[slug])
    headers = {"HX-Request": "true"} if htmx else {}

    assert _writes(client, url, **headers) == []  # the first view: no example opened, no question waiting
    for found in LESSONS[slug].examples:  # the page asks for each of them with a POST
        client.post(reverse("lessons:example-open", args=[slug, found.key]), headers={"HX-Request": "true"})
    client.post(reverse("lessons:exercise-show", args=[slug]), headers={"HX-Request": "true"})
    client.post(reverse("lessons:lesson-visit", args=[slug]))
    assert _writes(client, url, **headers) == []  # the question waiting is shown again


#: The class table's GET URLs: (name, who asks). ``index`` is the list of classes (no table in its URL).
CLASS_TABLE_PAGES = [
    ("index", "learner"),
    ("index", "instructor"),
    ("table", "learner"),
    ("poll", "learner"),
    ("poll", "instructor"),
    ("control", "instructor"),
    ("projector", "instructor"),
    ("csv", "instructor"),
    ("replay", "learner"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "who"), CLASS_TABLE_PAGES, ids=lambda value: value)
@pytest.mark.parametrize("session", ["open", "ended", "idle"])
@pytest.mark.parametrize("htmx", [False, True])
def test_a_get_of_a_class_table_page_writes_nothing(name, who, session, htmx):
    """A session that went idle is ended by reading the clock, not by a write on the next GET."""
    room = open_room(learners=1)
    learner, teacher = client_for(room.learners[0]), client_for(room.instructor)
    learner.post(room.url("join"))
    learner.post(room.url("confirm"), {"round": "1", "stake_player": "10"})
    if session == "ended" or name == "replay":
        teacher.post(room.url("end"))
    elif session == "idle":
        ClassTable.objects.filter(pk=room.table.pk).update(last_activity=timezone.now() - idle_after())
    client = learner if who == "learner" else teacher
    url = reverse("classtable:index") if name == "index" else room.url(name)

    assert _writes(client, url, **(HX if htmx else {})) == []
