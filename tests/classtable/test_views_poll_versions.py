"""The poll's counters: a learner's join, confirm or call bumps ``activity_version``, which
only the control page's and the projector's ETags name; another learner's page stays a 304, and the
instructor's pages see the class's new counts. A draft bumps neither. Each of the learner's own actions bumps
their seat's version, which their own tags name: their other tabs show it too."""

from __future__ import annotations

import re
from http import HTTPStatus

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from classtable.models import ClassTable
from classtable.rendering import ETAG_HEADER as ETAG
from tests.classtable.support import HX, client_for, open_room

pytestmark = pytest.mark.django_db


def page_tag(client, url: str) -> str:
    page = client.get(url).content.decode()
    return re.search(r'data-etag="([^"]+)"', page).group(1).replace("&quot;", '"')


@pytest.fixture
def two_seated():
    room = open_room(learners=2)
    first, second = client_for(room.learners[0]), client_for(room.learners[1])
    first.post(room.url("join"))
    second.post(room.url("join"))
    return room, first, second


def poll(client, room, tag: str):
    return client.get(room.url("poll"), headers={**HX, "If-None-Match": tag})


def test_a_learners_confirm_leaves_another_learners_poll_at_304(two_seated):
    room, first, second = two_seated
    tag = page_tag(second, room.url("table"))
    before = ClassTable.objects.get(pk=room.table.pk)

    drafted = first.post(room.url("draft"), {"round": "1", "add": "banker", "chip": "25"}, headers=HX)
    assert drafted.status_code == 200
    assert ClassTable.objects.get(pk=room.table.pk).activity_version == before.activity_version  # a draft
    confirmed = first.post(room.url("confirm"), {"round": "1", "stake_banker": "25"}, headers=HX)

    assert confirmed.status_code == 200
    after = ClassTable.objects.get(pk=room.table.pk)
    assert after.version == before.version  # what learners see did not change
    assert after.activity_version == before.activity_version + 1  # the confirm
    assert poll(second, room, tag).status_code == HTTPStatus.NOT_MODIFIED


def test_a_learners_confirm_changes_the_projectors_and_the_control_pages_poll(two_seated):
    room, first, _second = two_seated
    teacher = client_for(room.instructor)
    tags = {name: page_tag(teacher, room.url(name)) for name in ("projector", "control")}
    for tag in tags.values():
        assert poll(teacher, room, tag).status_code == HTTPStatus.NOT_MODIFIED

    first.post(room.url("confirm"), {"round": "1", "stake_banker": "25"}, headers=HX)

    for name, tag in tags.items():
        changed = poll(teacher, room, tag)
        assert changed.status_code == 200, name
        assert changed["ETag"] != tag
        html = changed.content.decode()
        assert 'id="ct-class"' in html
        assert re.search(r'spot-row-banker"><th scope="row">Banker</th><td>1</td><td>25', html), name
        assert poll(teacher, room, changed["ETag"]).status_code == HTTPStatus.NOT_MODIFIED


def test_an_instructors_action_still_changes_every_learners_poll(two_seated):
    room, first, second = two_seated
    tags = [page_tag(client, room.url("table")) for client in (first, second)]

    client_for(room.instructor).post(room.url("bets-close"), {"round": "1"})

    for client, tag in zip((first, second), tags, strict=True):
        assert poll(client, room, tag).status_code == 200


def test_a_learners_own_confirm_answers_their_page_with_a_new_tag(two_seated):
    room, first, _second = two_seated
    tag = page_tag(first, room.url("table"))

    confirmed = first.post(room.url("confirm"), {"round": "1", "stake_banker": "25"}, headers=HX)

    new = confirmed["X-Class-Table-ETag"]
    assert new != tag
    assert poll(first, room, new).status_code == HTTPStatus.NOT_MODIFIED


def test_a_changed_learner_poll_reads_only_the_table_the_round_and_their_own_rows(two_seated):
    room, first, second = two_seated
    second.post(room.url("confirm"), {"round": "1", "stake_player": "25"}, headers=HX)
    first.post(room.url("confirm"), {"round": "1", "stake_banker": "25"}, headers=HX)
    teacher = client_for(room.instructor)
    teacher.post(room.url("bets-close"), {"round": "1"})
    teacher.post(room.url("deal"), {"round": "1", "card": "0"})
    tag = page_tag(first, room.url("table"))
    teacher.post(room.url("deal"), {"round": "1", "card": "1"})  # a card in the same phase

    with CaptureQueriesContext(connection) as captured:
        response = poll(first, room, tag)

    assert response.status_code == 200
    statements = [query["sql"] for query in captured.captured_queries]
    # the 304 check, session, user, table, membership; then the view: the round, the play with its seat,
    # its stakes, the calls (no other seat's row, no roads: the phase did not change)
    assert len(statements) <= 9, statements
    assert not any("COUNT(" in sql.upper() for sql in statements)  # no count of the class


def test_a_learners_own_confirm_shows_in_their_other_tab_and_in_no_other_learners(two_seated):
    room, first, second = two_seated
    other_tab = page_tag(first, room.url("table"))  # the same browser's second tab, drawn before the bet
    theirs = page_tag(second, room.url("table"))

    confirmed = first.post(room.url("confirm"), {"round": "1", "stake_banker": "25"}, headers=HX)
    assert confirmed.status_code == 200

    answer = poll(first, room, other_tab)
    assert answer.status_code == 200 and "25" in answer.content.decode()  # the stake, in the other tab
    assert poll(first, room, confirmed[ETAG]).status_code == HTTPStatus.NOT_MODIFIED  # the posting tab
    assert poll(second, room, theirs).status_code == HTTPStatus.NOT_MODIFIED
