"""A learner's draft at the class table, as at the practice table: chips put on spots one by one, Undo
takes the last one back, Clear takes them all, Repeat stakes the bets of the learner's last round.
No chip moves until Confirm; a button with nothing to do is refused with a clear 409."""

from __future__ import annotations

import re
from decimal import Decimal
from http import HTTPStatus

import pytest

from classtable.models import ClassPlay
from table.models import Seat
from tests.classtable.support import HX, client_for, deal_to_the_end, open_room

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated():
    room = open_room(learners=1, calls_draws=False)
    learner = client_for(room.learners[0])
    learner.post(room.url("join"))
    return room, learner


def stake(html: str, spot: str) -> str:
    """The amount the felt's field for ``spot`` holds."""
    field = re.search(rf'<input[^>]*name="stake_{spot}"[^>]*>', html).group(0)
    return re.search(r'value="([^"]*)"', field).group(1)


def draft(learner, room, fields: dict, *, headers=HX):
    return learner.post(room.url("draft"), {"round": "1", **fields}, headers=headers)


def test_undo_takes_back_the_last_chip_placed_and_then_refuses(seated):
    room, learner = seated
    html = draft(learner, room, {"add": "banker", "chip": "25"}).content.decode()
    html = draft(
        learner, room, {"add": "banker", "chip": "5", "stake_banker": stake(html, "banker")}
    ).content.decode()
    assert stake(html, "banker") == "30"
    assert re.search(r'id="ct-panel-undo"(?![^>]*disabled)', html)

    html = draft(learner, room, {"op": "undo", "stake_banker": "30"}).content.decode()
    assert stake(html, "banker") == "25"
    html = draft(learner, room, {"op": "undo", "stake_banker": "25"}).content.decode()
    assert stake(html, "banker") in ("", "0")
    assert re.search(r'id="ct-panel-undo"[^>]*disabled', html)

    refused = draft(learner, room, {"op": "undo"})
    assert refused.status_code == HTTPStatus.CONFLICT
    assert "undo" in refused.content.decode().lower()
    assert Seat.objects.get(user=room.learners[0], kind=Seat.Kind.TABLE).balance == Decimal("100.00")


def test_typed_stakes_start_the_undo_history_afresh(seated):
    room, learner = seated
    draft(learner, room, {"add": "player", "chip": "5"})
    draft(learner, room, {"stake_player": "40"})  # typed over the chip
    assert draft(learner, room, {"op": "undo", "stake_player": "40"}).status_code == HTTPStatus.CONFLICT
    assert ClassPlay.objects.get(user=room.learners[0]).draft == {"player": "40.00"}


def test_repeat_stakes_the_learners_last_round_and_is_refused_before_one(seated):
    room, learner = seated
    refused = draft(learner, room, {"op": "repeat"})
    assert refused.status_code == HTTPStatus.CONFLICT
    assert "repeat" in refused.content.decode().lower()

    learner.post(room.url("confirm"), {"round": "1", "stake_player": "10", "stake_tie": "5"}, headers=HX)
    teacher = client_for(room.instructor)
    teacher.post(room.url("bets-close"), {"round": "1"})
    deal_to_the_end(teacher, room)
    teacher.post(room.url("next-round"), {"round": "2"})
    balance = Seat.objects.get(user=room.learners[0], kind=Seat.Kind.TABLE).balance

    html = learner.post(room.url("draft"), {"round": "2", "op": "repeat"}, headers=HX).content.decode()
    assert (stake(html, "player"), stake(html, "tie")) == ("10", "5")
    play = ClassPlay.objects.get(user=room.learners[0], round__number=2)
    assert play.state == ClassPlay.State.DRAFT and play.draft == {"player": "10.00", "tie": "5.00"}
    assert Seat.objects.get(user=room.learners[0], kind=Seat.Kind.TABLE).balance == balance  # a draft


def test_without_javascript_undo_and_clear_are_plain_posts_back_to_the_page(seated):
    room, learner = seated
    draft(learner, room, {"add": "banker", "chip": "5"}, headers={})
    response = draft(learner, room, {"op": "undo", "stake_banker": "5"}, headers={})
    assert response.status_code == HTTPStatus.FOUND
    assert ClassPlay.objects.get(user=room.learners[0]).draft == {}
    draft(learner, room, {"add": "banker", "chip": "5"}, headers={})
    draft(learner, room, {"op": "clear", "stake_banker": "5"}, headers={})
    assert ClassPlay.objects.get(user=room.learners[0]).draft == {}
