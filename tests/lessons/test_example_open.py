"""A learner's worked example is opened by a POST the lesson page sends when it loads (issue 27): the
page's GET opens no sandbox seat, and a doubled or replayed POST opens one, once."""

from __future__ import annotations

from decimal import Decimal
from http import HTTPStatus

import pytest
from django.urls import reverse

from table.models import LedgerEntry, Round, Seat
from tests.support import HX, MODES, parse

pytestmark = pytest.mark.usefixtures("course")

SLUG, KEY = "first-stake", "stake-on-player"
LABEL = f"{SLUG}/{KEY}"


def open_example(client, slug=SLUG, key=KEY, **headers):
    return client.post(reverse("lessons:example-open", args=[slug, key]), headers=headers)


def test_the_first_view_opens_no_example_and_asks_for_it_when_it_loads(learner_client):
    page = parse(learner_client.get(reverse("lessons:lesson", args=[SLUG])).content.decode())

    url = reverse("lessons:example-open", args=[SLUG, KEY])
    form = page.find("form", action=url)
    assert form.attrs["method"] == "post" and form.attrs["hx-post"] == url
    assert form.attrs["hx-trigger"] == "load, submit" and form.attrs["hx-target"] == f"#example-{KEY}"
    assert form.attrs["hx-sync"] == "body:queue all"  # one after another with the page's other load posts
    assert page.find("div", id=f"example-{KEY}") is not None
    assert page.find("div", id=f"example-{KEY}-live") is not None
    assert not Seat.objects.filter(kind=Seat.Kind.LESSON).exists()


@pytest.mark.parametrize("headers", MODES)
def test_opening_an_example_opens_its_seat_once_and_shows_it(learner_client, learner, headers):
    page_url = reverse("lessons:lesson", args=[SLUG])

    response = open_example(learner_client, **headers)
    again = open_example(learner_client, **headers)  # a doubled request, or a replay, opens nothing more

    seat = Seat.objects.get(user=learner, kind=Seat.Kind.LESSON, label=LABEL)
    assert seat.attempt == 1 and seat.balance == Decimal("100.00")
    assert LedgerEntry.objects.filter(seat=seat).count() == 1
    for answer in (response, again):
        if headers:
            assert answer.status_code == HTTPStatus.OK and "<html" not in answer.content.decode()
            panel = parse(answer.content.decode()).find("div", id=f"example-{KEY}")
            assert panel.find("input", name="attempt").attrs["value"] == str(seat.pk)
        else:  # without JavaScript: back to the example, which the page now shows
            assert answer.status_code == HTTPStatus.FOUND and answer.url == f"{page_url}#example-{KEY}"
    page = parse(learner_client.get(page_url).content.decode())
    assert page.find_all("form", action=reverse("lessons:example-open", args=[SLUG, KEY])) == []
    assert page.find("input", name="attempt").attrs["value"] == str(seat.pk)


def test_a_replayed_open_keeps_the_stakes_and_chips_of_the_attempt(learner_client, learner):
    open_example(learner_client, **HX)
    confirm = reverse("lessons:example-confirm", args=[SLUG, KEY])
    learner_client.post(confirm, {"round": "1", "stake_player": "10"}, headers=HX)

    assert open_example(learner_client, **HX).status_code == HTTPStatus.OK

    seat = Seat.objects.get(user=learner, kind=Seat.Kind.LESSON, label=LABEL)
    assert seat.balance == Decimal("90.00")
    assert Round.objects.get(seat=seat).state == Round.State.DEALING


def test_opening_an_example_is_refused_clearly_when_it_is_not_a_post_for_a_known_example(learner_client):
    url = reverse("lessons:example-open", args=[SLUG, KEY])
    assert learner_client.get(url).status_code == HTTPStatus.METHOD_NOT_ALLOWED
    assert open_example(learner_client, "no-such-lesson", KEY).status_code == HTTPStatus.NOT_FOUND
    assert open_example(learner_client, SLUG, "no-such-example").status_code == HTTPStatus.NOT_FOUND
    assert not Seat.objects.filter(kind=Seat.Kind.LESSON).exists()


def test_a_visitor_has_their_example_shown_as_their_cookie_keeps_it(client):
    """A visitor's example is never a seat: opening one shows it, and the page shows it without asking."""
    slug, key = "hands-and-results", "first-coup"
    page = parse(client.get(reverse("lessons:lesson", args=[slug])).content.decode())
    assert page.find_all("form", action=reverse("lessons:example-open", args=[slug, key])) == []

    response = open_example(client, slug, key, **HX)

    assert response.status_code == HTTPStatus.OK
    assert parse(response.content.decode()).find("div", id=f"example-{key}") is not None
    assert open_example(client, **HX).status_code == HTTPStatus.FORBIDDEN  # an example with stakes
    assert not Seat.objects.exists()
