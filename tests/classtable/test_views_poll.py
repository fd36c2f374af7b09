"""The class table's poll: an unchanged one is a 304 from one query, no session, no template; a changed
one carries the regions that changed, out of band; its ETag cannot be forged or moved to another browser."""

from __future__ import annotations

import re
from http import HTTPStatus

import pytest
from django.conf import settings
from django.utils import timezone

from classtable.models import ClassTable, idle_after
from classtable.rendering import ETAG_HEADER
from tests.classtable.support import HX, client_for, deal_to_the_end, open_room

pytestmark = pytest.mark.django_db


def first_tag(client, room) -> str:
    page = client.get(room.url("table")).content.decode()
    return re.search(r'data-etag="([^"]+)"', page).group(1).replace("&quot;", '"')


@pytest.fixture
def seated():
    room = open_room(learners=2)
    learner = client_for(room.learners[0])
    learner.post(room.url("join"))
    return room, learner


def test_an_unchanged_poll_is_a_304_from_one_query_without_session_or_template(
    seated, django_assert_num_queries
):
    room, learner = seated
    tag = first_tag(learner, room)

    with django_assert_num_queries(1) as captured:
        response = learner.get(room.url("poll"), headers={**HX, "If-None-Match": tag})

    assert response.status_code == HTTPStatus.NOT_MODIFIED
    assert response.content == b""
    assert response.templates == []
    assert "django_session" not in captured.captured_queries[0]["sql"]
    assert "classtable_classtable" in captured.captured_queries[0]["sql"]
    assert response["ETag"] == tag


def test_a_changed_poll_reads_the_versions_once_and_the_table_once(seated, django_assert_max_num_queries):
    """The middleware reads the versions and finds a change; the view then reads the table with the
    viewer's role and seat version in one query, and does not ask for the versions again."""
    room, learner = seated
    tag = first_tag(learner, room)
    client_for(room.instructor).post(room.url("bets-close"), {"round": "1"})

    with django_assert_max_num_queries(7) as captured:
        response = learner.get(room.url("poll"), headers={**HX, "If-None-Match": tag})

    assert response.status_code == 200
    sql = [query["sql"] for query in captured.captured_queries]
    assert sum(query.startswith("SELECT version, activity_version") for query in sql) == 1
    assert sum(query.startswith('SELECT "classtable_classtable"') for query in sql) == 1


def test_a_write_changes_the_answer_and_the_poll_sends_the_changed_regions(seated):
    room, learner = seated
    tag = first_tag(learner, room)
    teacher = client_for(room.instructor)
    teacher.post(room.url("bets-close"), {"round": "1"})
    teacher.post(room.url("deal"), {"round": "1", "card": "0"})

    response = learner.get(room.url("poll"), headers={**HX, "If-None-Match": tag})

    assert response.status_code == 200
    html = response.content.decode()
    assert response["ETag"] != tag
    for region in ("ct-status", "ct-hands", "ct-call", "ct-result"):
        assert f'id="{region}" hx-swap-oob="true"' in html
    assert html.count('<svg class="card') == 1  # the card just dealt
    assert 'id="ct-spots" hx-swap-oob="true"' in html  # the phase changed: bets closed
    assert 'hx-swap-oob="innerHTML:#ct-live"' in html
    assert "<html" not in html

    # The next card, in the same phase: the felt's spots and the roads are not sent again.
    again = response["ETag"]
    teacher.post(room.url("deal"), {"round": "1", "card": "1"})
    second = learner.get(room.url("poll"), headers={**HX, "If-None-Match": again}).content.decode()
    assert second.count('<svg class="card') == 2
    assert 'id="ct-spots"' not in second and 'id="ct-roads"' not in second
    # And with the newest tag, nothing new.
    tag = learner.get(room.url("poll"), headers={**HX, "If-None-Match": again})["ETag"]
    assert learner.get(room.url("poll"), headers={"If-None-Match": tag}).status_code == 304


def test_the_scoreboards_are_sent_when_a_coup_settles_not_when_bets_close_or_open(seated):
    room, learner = seated
    teacher = client_for(room.instructor)
    tag = first_tag(learner, room)

    def changed(since: str) -> tuple[str, str]:
        response = learner.get(room.url("poll"), headers={**HX, "If-None-Match": since})
        assert response.status_code == 200
        return response["ETag"], response.content.decode()

    teacher.post(room.url("bets-close"), {"round": "1"})
    dealing, html = changed(tag)
    assert 'id="ct-spots"' in html and 'id="ct-roads"' not in html
    deal_to_the_end(teacher, room)
    settled, html = changed(dealing)
    assert 'id="ct-roads" hx-swap-oob="true"' in html and 'id="ct-result"' in html  # the coup settled
    teacher.post(room.url("next-round"), {"round": "2"})
    _tag, html = changed(settled)
    assert 'id="ct-spots"' in html and 'id="ct-roads"' not in html  # the same scoreboards as before
    # A page last drawn while round 1 was dealt missed the settle: it gets them.
    assert 'id="ct-roads" hx-swap-oob="true"' in changed(dealing)[1]


def test_a_forged_or_foreign_tag_is_no_304(seated):
    room, learner = seated
    tag = first_tag(learner, room)
    forged = tag[:-5] + ("0000" if tag[-5:-1] != "0000" else "1111") + '"'
    assert learner.get(room.url("poll"), headers={"If-None-Match": forged}).status_code == 200

    other = client_for(room.learners[1])  # another member's browser, sending this one's tag
    assert other.get(room.url("poll"), headers={"If-None-Match": tag}).status_code == 200

    # Another language asked for by the same browser: the tag no longer fits.
    learner.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    assert learner.get(room.url("poll"), headers={"If-None-Match": tag}).status_code == 200
    assert learner.get(room.url("poll"), headers={"If-None-Match": "garbage"}).status_code == 200


def test_the_poll_checks_the_log_in_and_the_membership(seated):
    room, learner = seated
    tag = first_tag(learner, room)
    learner.logout()
    anonymous = learner.get(room.url("poll"), headers={**HX, "If-None-Match": tag})
    assert anonymous.status_code in (HTTPStatus.OK, HTTPStatus.FORBIDDEN, HTTPStatus.NOT_MODIFIED)
    assert client_for(room.learners[1]).get(room.url("poll")).status_code == 200
    from tests.factories import UserFactory

    stranger = client_for(UserFactory()).get(room.url("poll"), headers=HX)
    assert stranger.status_code == HTTPStatus.FORBIDDEN
    assert client_for(room.learners[1]).get("/class-table/99999/poll").status_code == HTTPStatus.NOT_FOUND


@pytest.mark.parametrize("ending", ["closed", "idle"])
@pytest.mark.parametrize("who", ["learner", "instructor"])
def test_an_ended_or_idle_session_answers_its_unchanged_tag_with_a_refresh_not_a_304(seated, ending, who):
    """The version does not change when a session goes idle (nobody writes): the middleware's one query
    also reads whether it ended, and then lets the view answer (the page reloads as the ended one)."""
    room, learner = seated
    client = learner if who == "learner" else client_for(room.instructor)
    page = client.get(room.url("table" if who == "learner" else "control")).content.decode()
    tag = re.search(r'data-etag="([^"]+)"', page).group(1).replace("&quot;", '"')
    assert client.get(room.url("poll"), headers={**HX, "If-None-Match": tag}).status_code == 304
    if ending == "closed":
        ClassTable.objects.filter(pk=room.table.pk).update(state=ClassTable.State.CLOSED)
    else:
        ClassTable.objects.filter(pk=room.table.pk).update(last_activity=timezone.now() - idle_after())
    version = ClassTable.objects.get(pk=room.table.pk).version

    response = client.get(room.url("poll"), headers={**HX, "If-None-Match": tag})

    assert response.status_code == 200 and response["HX-Refresh"] == "true"
    assert ClassTable.objects.get(pk=room.table.pk).version == version  # the tag still names it
    if who == "learner":
        assert "This class table session has ended." in client.get(room.url("table")).content.decode()


def test_the_tag_of_a_learners_own_post_makes_the_next_poll_a_304(seated, django_assert_num_queries):
    """A bet's answer redraws the panel and carries the new state's tag (``X-Class-Table-ETag``, read by
    classtable.js): the next poll with it finds nothing new, in one query."""
    room, learner = seated
    answer = learner.post(room.url("draft"), {"round": "1", "add": "banker", "chip": "10"}, headers=HX)
    tag = answer[ETAG_HEADER]

    with django_assert_num_queries(1):
        assert learner.get(room.url("poll"), headers={**HX, "If-None-Match": tag}).status_code == 304


def test_the_tag_of_an_instructors_action_makes_the_next_poll_a_304(seated, django_assert_num_queries):
    room, _learner = seated
    teacher = client_for(room.instructor)
    old = re.search(r'data-etag="([^"]+)"', teacher.get(room.url("control")).content.decode()).group(1)

    answer = teacher.post(room.url("bets-close"), {"round": "1"}, headers=HX)
    tag = answer[ETAG_HEADER]

    assert answer.status_code == 200 and tag != old.replace("&quot;", '"')
    with django_assert_num_queries(1):
        assert teacher.get(room.url("poll"), headers={**HX, "If-None-Match": tag}).status_code == 304
    # The old tag names a state that is gone: the poll answers the changed regions.
    assert (
        teacher.get(room.url("poll"), headers={**HX, "If-None-Match": old.replace("&quot;", '"')}).status_code
        == 200
    )


def test_the_instructors_poll_carries_the_control_and_the_class(seated):
    room, learner = seated
    teacher = client_for(room.instructor)
    page = teacher.get(room.url("control")).content.decode()
    tag = re.search(r'data-etag="([^"]+)"', page).group(1).replace("&quot;", '"')
    assert teacher.get(room.url("poll"), headers={"If-None-Match": tag}).status_code == 304
    learner.post(room.url("confirm"), {"round": "1", "stake_player": "10"})

    html = teacher.get(room.url("poll"), headers={**HX, "If-None-Match": tag}).content.decode()

    for region in ("ct-control", "ct-class", "ct-hands", "ct-room-status"):
        assert re.search(rf'id="{region}"[^>]*hx-swap-oob="true"', html), region
    assert re.search(r"Player</th><td>1</td><td>10</td>", html), html
