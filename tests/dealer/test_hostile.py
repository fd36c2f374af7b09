"""Dealer mode against a hostile or clumsy client (issue 30): every URL under /dealer/ answers a wrong
method, a garbage form, another learner's round, a doubled or replayed post or a post after the session
closed with a clear 4xx, never a 500, and nothing is counted for it."""

from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from dealer import errors
from dealer.models import DealerRound, DealerSession
from dealer.playing import right_action
from progress.models import DealerRecord
from tests.factories import UserFactory
from tests.support import HX, MODES

pytestmark = pytest.mark.django_db

HUGE = "9" * 25
GARBAGE = ["", "-1", "1e9", "NaN", "Infinity", "-Infinity", "9" * 5000, HUGE, "²", "1.5", "0x1", "\u202e1"]


def client_of(user) -> Client:
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def player(db):
    return UserFactory()


@pytest.fixture
def dealt(player):
    """The player's client and the first round of a freshly opened Standard table of four seats."""
    client = client_of(player)
    response = client.post(
        reverse("dealer:open"), {"seats": "4", "preset": "standard", "commission": "payout"}
    )
    assert response.status_code == HTTPStatus.FOUND
    return client, DealerRound.objects.get()


def act(client, round, headers=None, **data):
    data.setdefault("step", str(round.step))
    return client.post(reverse("dealer:act", args=[round.pk]), data, headers=headers or {})


def unchanged(round: DealerRound) -> None:
    """The round is as it was: no step taken, no error counted."""
    fresh = DealerRound.objects.get(pk=round.pk)
    assert (fresh.step, fresh.errors, fresh.cards, fresh.phase) == (
        round.step,
        round.errors,
        round.cards,
        round.phase,
    )


URLS = {
    "open": lambda round: reverse("dealer:open"),
    "act": lambda round: reverse("dealer:act", args=[round.pk]),
    "next": lambda round: reverse("dealer:next", args=[round.session_id]),
    "close": lambda round: reverse("dealer:close", args=[round.session_id]),
}


@pytest.mark.parametrize("name", sorted(URLS))
@pytest.mark.parametrize("method", ["get", "put", "delete"])
def test_a_post_endpoint_refuses_other_methods(dealt, name, method):
    client, round = dealt
    response = getattr(client, method)(URLS[name](round))
    assert response.status_code == HTTPStatus.METHOD_NOT_ALLOWED
    unchanged(round)


@pytest.mark.parametrize("name", ["table", "round"])
def test_a_page_refuses_a_post(dealt, name):
    client, round = dealt
    path = reverse("dealer:round", args=[round.pk]) if name == "round" else reverse("dealer:table")
    assert client.put(path).status_code == HTTPStatus.METHOD_NOT_ALLOWED


@pytest.mark.parametrize("name", ["act", "next", "close"])
def test_another_learners_round_or_session_is_a_404(dealt, name):
    client, round = dealt
    response = client_of(UserFactory()).post(URLS[name](round), {"step": "0", "do": "stand"}, headers=HX)
    assert response.status_code == HTTPStatus.NOT_FOUND
    assert DealerSession.objects.get().closed_at is None
    unchanged(round)


def test_another_learners_round_page_is_a_404(dealt):
    _, round = dealt
    response = client_of(UserFactory()).get(reverse("dealer:round", args=[round.pk]))
    assert response.status_code == HTTPStatus.NOT_FOUND


@pytest.mark.parametrize("number", ["0", HUGE])
def test_a_round_or_session_that_does_not_exist_is_a_404(dealt, number):
    client, round = dealt
    for path, method in [
        (f"/dealer/round/{number}/", client.get),
        (f"/dealer/round/{number}/act/", client.post),
        (f"/dealer/session/{number}/next/", client.post),
        (f"/dealer/session/{number}/close/", client.post),
    ]:
        response = method(path, {"step": "0", "do": "stand"})
        assert response.status_code == HTTPStatus.NOT_FOUND, path


@pytest.mark.parametrize("segment", ["abc", "-1", "1.5", "١"])
def test_a_path_segment_that_is_not_a_number_is_a_404(dealt, segment):
    client, _ = dealt
    assert client.get(f"/dealer/round/{segment}/").status_code == HTTPStatus.NOT_FOUND


def test_an_anonymous_client_is_sent_to_log_in(dealt):
    _, round = dealt
    for name in URLS:
        response = client_of(None).post(URLS[name](round), {"step": "0"})
        assert response.status_code == HTTPStatus.FOUND and "/login" in response["Location"]


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("step", GARBAGE + ["1", "5"])
def test_a_garbage_or_wrong_step_is_refused_and_counts_nothing(dealt, step, headers):
    client, round = dealt
    response = act(client, round, headers, step=step, **right_action(round))
    assert HTTPStatus.BAD_REQUEST <= response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR
    assert response.content.strip()
    unchanged(round)


FORMS = {
    "no action": {},
    "unknown action": {"do": "shuffle"},
    "deal to nobody": {"do": "deal", "hand": "tie"},
    "unknown call": {"do": "call", "option": "x" * 5000},
    "take without a bet": {"do": "take", "bet": ""},
    "take a superscript seat": {"do": "take", "bet": "²-player"},
    "take a huge seat": {"do": "take", "bet": HUGE + "-player"},
    "take an unknown bet": {"do": "take", "bet": "1-" + "x" * 5000},
    "pay NaN": {"do": "pay", "bet": "1-player", "amount": "NaN"},
    "pay Infinity": {"do": "pay", "bet": "1-player", "amount": "Infinity"},
    "pay negative": {"do": "pay", "bet": "1-player", "amount": "-10"},
    "pay 1e9": {"do": "pay", "bet": "1-player", "amount": "1e9"},
    "pay many decimals": {"do": "pay", "bet": "1-player", "amount": "10.0000001"},
    "pay unicode digits": {"do": "pay", "bet": "1-player", "amount": "١٠"},
    "mark a garbage seat": {"do": "mark", "seat": "²", "amount": "1"},
    "collect between rounds": {"do": "collect", "seat": "1", "amount": "1"},
    "collect a huge seat": {"do": "collect", "seat": HUGE, "amount": "1"},
}


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("form", FORMS.values(), ids=FORMS.keys())
def test_a_garbage_action_is_a_4xx_or_a_counted_mistake_never_a_500(dealt, form, headers):
    client, round = dealt
    response = act(client, round, headers, **form)
    assert (
        response.status_code != HTTPStatus.OK or DealerRound.objects.get(pk=round.pk).step == round.step + 1
    )
    assert response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR
    assert DealerRound.objects.get(pk=round.pk).started_at is None  # no card was dealt by it


def test_a_doubled_post_takes_one_step(dealt, clock):
    client, round = dealt
    form = right_action(round)
    clock.tick("1")
    first = act(client, round, HX, **form)
    clock.tick("1")
    again = act(client, round, HX, **form)
    assert first.status_code == HTTPStatus.OK and again.status_code == HTTPStatus.CONFLICT
    assert str(errors.STALE_STEP) in again.content.decode()
    assert DealerRound.objects.get(pk=round.pk).step == round.step + 1


@pytest.mark.parametrize(
    "form",
    [
        {},
        {"seats": "2", "preset": "standard"},
        {"seats": "8", "preset": "standard"},
        {"seats": "1e9", "preset": "standard"},
        {"seats": HUGE, "preset": "standard"},
        {"seats": "9" * 5000, "preset": "standard"},
        {"seats": "-4", "preset": "standard"},
        {"seats": "4", "preset": "x" * 5000},
        {"seats": "4", "preset": "standard", "commission": "free"},
    ],
)
def test_opening_with_garbage_is_a_400_and_opens_nothing(player, form):
    response = client_of(player).post(reverse("dealer:open"), form)
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert len(response.content) < 100_000
    assert not DealerSession.objects.exists()


def test_a_preset_too_long_is_not_echoed_whole(player):
    response = client_of(player).post(reverse("dealer:open"), {"seats": "4", "preset": "x" * 5000})
    assert "x" * 100 not in response.content.decode()


def test_after_the_close_nothing_more_is_played_or_counted(dealt, clock):
    client, round = dealt
    assert client.post(URLS["close"](round)).status_code == HTTPStatus.FOUND
    assert client.post(URLS["close"](round)).status_code == HTTPStatus.FOUND  # twice: once
    clock.tick("1")
    response = act(client, round, HX, **right_action(round))
    assert response.status_code == HTTPStatus.CONFLICT
    assert str(errors.SESSION_CLOSED) in response.content.decode()
    unchanged(round)
    response = client.post(URLS["next"](round), headers=HX)
    assert HTTPStatus.BAD_REQUEST <= response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR
    assert DealerRound.objects.count() == 1 and not DealerRecord.objects.exists()


def test_next_while_a_round_is_open_deals_no_new_round(dealt):
    client, round = dealt
    client.post(URLS["next"](round), headers=HX)
    client.post(URLS["next"](round), headers=HX)
    assert DealerRound.objects.count() == 1


@pytest.mark.parametrize("name", ["open", "act", "next", "close"])
def test_a_post_without_its_csrf_token_is_the_projects_403(dealt, player, name):
    _, round = dealt
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(player)
    response = client.post(URLS[name](round), {"step": "0", "seats": "4"})
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert "<footer" in response.content.decode()
    unchanged(round)


@pytest.mark.parametrize("cookie", ["garbage", "x" * 4000])
def test_a_garbage_session_cookie_is_a_log_in(dealt, cookie):
    _, round = dealt
    client = Client(raise_request_exception=False)
    client.cookies["sessionid"] = cookie
    assert client.get(reverse("dealer:round", args=[round.pk])).status_code == HTTPStatus.FOUND
    assert client.post(URLS["act"](round), {"step": "0"}).status_code == HTTPStatus.FOUND
