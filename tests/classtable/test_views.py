"""The class table's pages over HTTP, plain and with HX-Request: the learner's, the instructor's, the
projector, the refusals (each a clear 4xx, never a 500), the CSV and the replay."""

from __future__ import annotations

from http import HTTPStatus

import pytest
from django.urls import reverse

from classtable.models import ClassBet, ClassPlay, ClassRound, ClassTable
from tests.classtable.support import HX, client_for, deal_to_the_end, open_room
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db
MODES = [{}, HX]


@pytest.fixture
def room():
    return open_room(learners=2)


@pytest.mark.parametrize("headers", MODES)
def test_a_learner_joins_bets_calls_and_sees_the_result(room, headers):
    learner = client_for(room.learners[0])
    teacher = client_for(room.instructor)

    page = learner.get(room.url("table"))
    assert page.status_code == 200 and b'id="ct-join"' in page.content and b'id="ct-poll"' in page.content
    joined = learner.post(room.url("join"), headers=headers)
    assert joined.status_code == (200 if headers else 302)
    drafted = learner.post(room.url("draft"), {"round": "1", "add": "banker", "chip": "25"}, headers=headers)
    assert drafted.status_code == (200 if headers else 302)
    assert ClassPlay.objects.get().draft == {"banker": "25.00"}
    confirmed = learner.post(room.url("confirm"), {"round": "1", "stake_banker": "25"}, headers=headers)
    assert confirmed.status_code == (200 if headers else 302)
    if headers:
        assert b"<html" not in confirmed.content and b'id="ct-panel"' in confirmed.content
        assert confirmed["X-Class-Table-ETag"].startswith('"')

    teacher.post(room.url("bets-close"), {"round": "1"}, headers=headers)
    deal_to_the_end(teacher, room, callers=[learner], headers=headers)

    round = ClassRound.objects.get()
    assert round.state == ClassRound.State.SETTLED
    html = learner.get(room.url("table")).content.decode()
    assert "Your result" in html and "Your net:" in html
    assert ClassBet.objects.get().result in {"won", "lost", "push"}
    assert "You said:" in html  # the learner's calls, graded


@pytest.mark.parametrize("headers", MODES)
def test_the_instructor_pages_answer_full_and_as_fragments(room, headers):
    teacher = client_for(room.instructor)
    for name in ("control", "projector"):
        response = teacher.get(room.url(name), headers=headers)
        assert response.status_code == 200
        assert (b"<html" in response.content) is not bool(headers)
        assert b'id="ct-room"' in response.content
    index = teacher.get(reverse("classtable:index"))
    assert index.status_code == 200 and room.table.classroom.name.encode() in index.content


def test_the_instructor_opens_a_table_from_the_list_for_a_class_without_one():
    instructor = UserFactory(instructor=True)
    classroom = ClassroomFactory(instructors=[instructor])
    teacher = client_for(instructor)
    page = teacher.get(reverse("classtable:index"))
    assert f'id="open-{classroom.pk}"'.encode() in page.content

    response = teacher.post(
        reverse("classtable:open"), {"classroom": classroom.pk, "preset": "standard", "calls_draws": "on"}
    )

    table = ClassTable.objects.get(classroom=classroom)
    assert response.status_code == 302 and response["Location"] == reverse(
        "classtable:control", args=[table.pk]
    )
    assert table.calls_draws and table.dealer == instructor
    again = teacher.post(reverse("classtable:open"), {"classroom": classroom.pk, "preset": "standard"})
    assert again.status_code == 302  # refused (one open per class), back to the list with the message
    assert "already has a class table open" in teacher.get(again["Location"]).content.decode()


@pytest.mark.parametrize("headers", MODES)
def test_a_stranger_is_refused_with_a_clear_403_and_a_missing_table_is_a_404(room, headers):
    stranger = client_for(UserFactory())
    for name in ("table", "poll", "replay"):
        response = stranger.get(room.url(name), headers=headers)
        assert response.status_code == HTTPStatus.FORBIDDEN
        assert "not a member of" in response.content.decode()
    posted = stranger.post(room.url("join"), headers=headers)
    assert posted.status_code == (HTTPStatus.FORBIDDEN if headers else 302)
    missing = stranger.get(reverse("classtable:table", args=[room.table.pk + 999]), headers=headers)
    assert missing.status_code == HTTPStatus.NOT_FOUND and b"no such class table" in missing.content
    assert stranger.get("/class-table/abc/").status_code == HTTPStatus.NOT_FOUND


@pytest.mark.parametrize("headers", MODES)
def test_a_learner_cannot_see_the_instructor_pages_nor_deal(room, headers):
    learner = client_for(room.learners[0])
    for name in ("control", "projector", "csv"):
        assert learner.get(room.url(name), headers=headers).status_code == HTTPStatus.FORBIDDEN
    response = learner.post(room.url("bets-close"), {"round": "1"}, headers=headers)
    assert response.status_code == (HTTPStatus.FORBIDDEN if headers else 302)
    assert ClassRound.objects.get().state == ClassRound.State.BETTING


@pytest.mark.parametrize("headers", MODES)
def test_a_second_instructor_watches_the_projector_but_cannot_deal(room, headers):
    other = UserFactory(instructor=True)
    room.table.classroom.instructors.add(other)
    watcher = client_for(other)

    assert watcher.get(room.url("projector"), headers=headers).status_code == 200
    page = watcher.get(room.url("control")).content.decode()
    assert "You are watching" in page and 'id="ct-bets-close"' not in page
    response = watcher.post(room.url("bets-close"), {"round": "1"}, headers=headers)
    if headers:
        assert response.status_code == HTTPStatus.FORBIDDEN
        assert "Only the instructor who opened this class table deals it" in response.content.decode()
    else:
        assert response.status_code == 302
        assert "Only the instructor who opened" in watcher.get(response["Location"]).content.decode()
    assert ClassRound.objects.get().state == ClassRound.State.BETTING


@pytest.mark.parametrize("headers", MODES)
def test_a_bet_after_no_more_bets_is_refused_with_its_message_and_no_chip_moves(room, headers):
    learner = client_for(room.learners[0])
    learner.post(room.url("join"))
    client_for(room.instructor).post(room.url("bets-close"), {"round": "1"})

    response = learner.post(room.url("confirm"), {"round": "1", "stake_player": "10"}, headers=headers)

    if headers:
        assert response.status_code == HTTPStatus.CONFLICT
        assert response["HX-Retarget"] == "#ct-message"
        assert "No more bets" in response.content.decode()
    else:
        assert response.status_code == 302 and response["Location"] == room.url("table")
        assert (
            "No more bets: the bets for this round are closed."
            in learner.get(room.url("table")).content.decode()
        )
    assert not ClassBet.objects.exists()


@pytest.mark.parametrize("headers", MODES)
def test_a_call_after_the_decision_closed_is_refused(room, headers):
    learner = client_for(room.learners[0])
    teacher = client_for(room.instructor)
    learner.post(room.url("join"))
    teacher.post(room.url("bets-close"), {"round": "1"})
    deal_to_the_end(teacher, room)
    round = ClassRound.objects.get()
    assert round.decisions, "the seeded shoe's first coup has a draw decision"
    question = next(iter(round.decisions))

    response = learner.post(
        room.url("call"), {"round": "1", "question": question, "answer": "draws"}, headers=headers
    )

    assert response.status_code == (HTTPStatus.CONFLICT if headers else 302)
    if not headers:
        assert "the decision is closed" in learner.get(room.url("table")).content.decode()


@pytest.mark.parametrize("headers", MODES)
def test_a_closed_session_refuses_every_post_and_its_page_says_it_ended(room, headers):
    learner = client_for(room.learners[0])
    teacher = client_for(room.instructor)
    learner.post(room.url("join"))
    assert teacher.post(room.url("end"), headers=headers).status_code == (200 if headers else 302)

    refused = learner.post(room.url("confirm"), {"round": "1", "stake_player": "10"}, headers=headers)
    assert refused.status_code == (HTTPStatus.GONE if headers else 302)
    page = learner.get(room.url("table")).content.decode()
    assert "This class table session has ended." in page and 'id="ct-poll"' not in page
    deal = teacher.post(room.url("deal"), {"round": "1", "card": "0"}, headers=headers)
    assert deal.status_code == (HTTPStatus.GONE if headers else 302)


@pytest.mark.parametrize("headers", MODES)
def test_bad_form_fields_are_a_400_not_a_500(room, headers):
    learner = client_for(room.learners[0])
    teacher = client_for(room.instructor)
    learner.post(room.url("join"))
    for client, name, fields in [
        (learner, "draft", {"round": "x", "add": "player"}),
        (learner, "draft", {"round": "1", "add": "nowhere"}),
        (learner, "draft", {"round": "1", "stake_player": "lots"}),
        (learner, "call", {"round": "1", "question": "player_draw", "answer": "maybe"}),
        (teacher, "deal", {"round": "1", "card": "-3"}),
    ]:
        response = client.post(room.url(name), fields, headers=headers)
        assert response.status_code in ((400, 409) if headers else (302,)), (
            name,
            fields,
            response.status_code,
        )
    bad_open = teacher.post(
        reverse("classtable:open"), {"classroom": "zz", "preset": "standard"}, headers=headers
    )
    assert bad_open.status_code in (400, 403, 302)


def test_a_doubled_deal_deals_one_card(room):
    teacher = client_for(room.instructor)
    teacher.post(room.url("bets-close"), {"round": "1"})
    for _ in range(2):
        assert teacher.post(room.url("deal"), {"round": "1", "card": "0"}, headers=HX).status_code == 200
    assert len(ClassRound.objects.get().card_tokens) == 1


def test_the_next_round_and_the_roads(room):
    teacher = client_for(room.instructor)
    teacher.post(room.url("bets-close"), {"round": "1"})
    deal_to_the_end(teacher, room)
    response = teacher.post(room.url("next-round"), {"round": "2"}, headers=HX)
    assert response.status_code == 200 and b'id="ct-bets-close"' in response.content
    assert ClassRound.objects.filter(state=ClassRound.State.BETTING, number=2).exists()
    assert b"bead-plate" in teacher.get(room.url("projector")).content


def test_the_csv_lists_every_bet_and_call_and_neutralises_formulas():
    room = open_room(learners=0)
    sneaky = UserFactory(username="=cmd")
    MembershipFactory(user=sneaky, classroom=room.table.classroom)
    learner = client_for(sneaky)
    teacher = client_for(room.instructor)
    learner.post(room.url("join"))
    learner.post(room.url("confirm"), {"round": "1", "stake_player": "10"})
    teacher.post(room.url("bets-close"), {"round": "1"})
    deal_to_the_end(teacher, room, callers=[learner])

    response = teacher.get(room.url("csv"))

    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert "attachment;" in response["Content-Disposition"]
    text = response.content.decode()
    assert "'=cmd,bet,player,10.00" in text and ",call," in text


@pytest.mark.parametrize("headers", MODES)
def test_the_replay_steps_through_the_ended_session_one_card_per_click(room, headers):
    learner = client_for(room.learners[0])
    teacher = client_for(room.instructor)
    teacher.post(room.url("bets-close"), {"round": "1"})
    deal_to_the_end(teacher, room)
    assert learner.get(room.url("replay")).status_code == HTTPStatus.CONFLICT  # still open
    teacher.post(room.url("end"))
    tokens = ClassRound.objects.get().card_tokens

    first = learner.get(room.url("replay"), headers=headers)
    assert first.status_code == 200 and b'id="ct-replay-next"' in first.content
    assert first.content.count(b'<svg class="card') == 0
    two = learner.get(room.url("replay", round=1, card=2), headers=headers)
    assert two.content.count(b'<svg class="card') == 2 and b"ct-replay-restart" in two.content
    end = learner.get(room.url("replay", round=1, card=len(tokens)), headers=headers).content.decode()
    assert "wins" in end or "Tie" in end
    assert learner.get(room.url("replay", round="junk", card="99999")).status_code == 200


def test_the_home_page_says_your_class_is_playing_while_the_table_is_open(room):
    learner = client_for(room.learners[0])
    home = learner.get(reverse("home")).content.decode()
    assert "Your class is playing" in home and room.url("table") in home
    client_for(room.instructor).post(room.url("end"))
    assert "Your class is playing" not in learner.get(reverse("home")).content.decode()
    assert "Your class is playing" not in client_for(UserFactory()).get(reverse("home")).content.decode()


def test_the_class_admin_page_links_to_the_class_table(room):
    teacher = client_for(room.instructor)
    teacher.user = room.instructor
    from django.contrib.auth.models import Permission

    room.instructor.user_permissions.add(*Permission.objects.filter(codename__endswith="classroom"))
    page = teacher.get(reverse("admin:accounts_classroom_change", args=[room.table.classroom_id]))
    assert page.status_code == 200
    assert f"{reverse('classtable:index')}#class-{room.table.classroom_id}" in page.content.decode()
