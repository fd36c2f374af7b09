"""Visitors without an account: lessons 1-3 and their worked examples, in a signed cookie (issues 17, 25).

A visitor reads the first three lessons and deals their worked examples one card
per click, with and without htmx; the state lives in the visitor's signed cookie,
so no seat, round, ledger or session row is written, a second visitor sees their
own, and a forged or expired cookie is a fresh start. Bad input gets a 4xx and a
message, replays change nothing, CSRF holds, and the exercises and the later
lessons ask politely for an account (403 with sign-up and log-in links).
"""

from __future__ import annotations

import dataclasses
import json
import re
import time
from http import HTTPStatus

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import reverse

from lessons import sandbox
from lessons.course import COURSE, LESSONS
from progress.models import Attempt, LessonProgress
from table import errors
from table.models import LedgerEntry, Round, Seat
from tests.factories import UserFactory
from tests.support import HX, MODES, parse

OPEN = [spec for spec in COURSE if spec.number <= 3]
CLOSED = [spec for spec in COURSE if spec.number > 3]
OPEN_EXAMPLES = [
    pytest.param(spec.slug, found, id=f"{spec.slug}/{found.key}") for spec in OPEN for found in spec.examples
]
FIRST = ("hands-and-results", "first-coup")
_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')
_TOKENS = re.compile(r'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]*"')


def deal(client, slug, key, card, *, round="1", headers=None):
    data = {"round": round, "card": str(card)}
    return client.post(reverse("lessons:example-deal", args=[slug, key]), data, headers=headers or {})


def restart(client, slug, key, attempt, headers=None):
    data = {} if attempt is None else {"attempt": str(attempt)}
    return client.post(reverse("lessons:example-restart", args=[slug, key]), data, headers=headers or {})


def lesson_html(client, slug) -> str:
    response = client.get(reverse("lessons:lesson", args=[slug]))
    assert response.status_code == HTTPStatus.OK
    return response.content.decode()


def panel(html: str, key: str) -> str:
    """The example's panel: from its id to its Restart form's end."""
    start = html.index(f'id="example-{key}"')
    return html[start : html.index("</form>", html.index('class="restart"', start))]


def kept(client) -> dict:
    """The visitor's examples, as the signed cookie the client holds has them: attempt and cards dealt
    (without the moment written)."""
    request = HttpRequest()
    morsel = client.cookies.get(sandbox.COOKIE_NAME)
    if morsel is not None:
        request.COOKIES[sandbox.COOKIE_NAME] = morsel.value
    return {
        label: state[:2] for label, state in sandbox.VisitorExamples.from_request(request).examples.items()
    }


def signed(text: str) -> str:
    """``text`` signed as the site signs the visitor's cookie."""
    response = HttpResponse()
    response.set_signed_cookie(sandbox.COOKIE_NAME, text, salt=sandbox.COOKIE_SALT)
    return response.cookies[sandbox.COOKIE_NAME].value


def no_rows_written() -> bool:
    return not (Seat.objects.exists() or Round.objects.exists() or LedgerEntry.objects.exists())


def test_the_open_lessons_are_the_first_three_and_their_examples_take_no_stakes():
    assert {"hands-and-results", "cards-and-suits", "counting-totals"} == sandbox.OPEN_LESSONS
    # If an open lesson's example ever takes stakes, visitors need sandbox chips first (see lessons.sandbox).
    assert all(sandbox.visitor_can_deal(spec.slug, found) for spec in OPEN for found in spec.examples)


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize(("slug", "found"), OPEN_EXAMPLES)
def test_a_visitor_deals_every_card_of_each_open_example_and_no_row_is_written(
    client, course, slug, found, headers
):
    html = lesson_html(client, slug)
    assert f'action="{reverse("lessons:example-deal", args=[slug, found.key])}"' in panel(html, found.key)
    assert "Deal card 1 to Player" in html
    assert not client.cookies.get(settings.SESSION_COOKIE_NAME), "reading a lesson opens no session"
    assert not client.cookies.get(sandbox.COOKIE_NAME), "reading a lesson sets no cookie"

    for index in range(len(found.cards)):
        response = deal(client, slug, found.key, index, headers=headers)
        if headers:
            assert response.status_code == HTTPStatus.OK
            fragment = response.content.decode()
            assert "<html" not in fragment and f'id="example-{found.key}"' in fragment
        else:
            assert response.status_code == HTTPStatus.FOUND
            assert response["Location"] == f"{reverse('lessons:lesson', args=[slug])}#example-{found.key}"
        assert kept(client) == {f"{slug}/{found.key}": [1, index + 1]}

    html = panel(lesson_html(client, slug), found.key)
    result = parse(html).find("section", class_="result")
    assert any(name.startswith("result-") for name in result.classes) and "Deal card" not in html
    assert no_rows_written()
    assert Session.objects.count() == 0


@pytest.mark.parametrize("headers", MODES)
def test_a_doubled_or_replayed_deal_deals_nothing_twice(client, course, headers):
    deal(client, *FIRST, 0, headers=headers)
    again = deal(client, *FIRST, 0, headers=headers)

    assert again.status_code == (HTTPStatus.OK if headers else HTTPStatus.FOUND)
    assert kept(client) == {"hands-and-results/first-coup": [1, 1]}
    assert "Deal card 2 to Banker" in lesson_html(client, "hands-and-results")


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize(
    ("data", "status", "message"),
    [
        ({"round": "1", "card": "3"}, HTTPStatus.BAD_REQUEST, errors.NO_SUCH_CARD),
        ({"round": "1", "card": "-1"}, HTTPStatus.BAD_REQUEST, errors.FORM_INCOMPLETE),
        ({"round": "1", "card": "one"}, HTTPStatus.BAD_REQUEST, errors.FORM_INCOMPLETE),
        ({"round": "1"}, HTTPStatus.BAD_REQUEST, errors.FORM_INCOMPLETE),
        ({"round": "2", "card": "1"}, HTTPStatus.NOT_FOUND, errors.ROUND_NOT_FOUND),
    ],
)
def test_a_bad_deal_is_refused_with_its_message_and_changes_nothing(
    client, course, headers, data, status, message
):
    deal(client, *FIRST, 0)

    response = client.post(reverse("lessons:example-deal", args=FIRST), data, headers=headers)

    assert response.status_code == status
    assert str(message).replace("'", "&#x27;") in response.content.decode()
    assert kept(client) == {"hands-and-results/first-coup": [1, 1]}


@pytest.mark.parametrize("headers", MODES)
def test_a_deal_after_the_coup_is_over_is_a_409(client, course, headers):
    for index in range(4):
        deal(client, *FIRST, index)

    response = deal(client, *FIRST, 4, headers=headers)

    assert response.status_code == HTTPStatus.CONFLICT
    assert str(errors.COUP_OVER) in response.content.decode()
    assert kept(client) == {"hands-and-results/first-coup": [1, 4]}


@pytest.mark.parametrize("headers", MODES)
def test_a_visitor_restarts_an_example_once_even_when_the_click_is_doubled(client, course, headers):
    for index in range(4):
        deal(client, *FIRST, index)

    first = restart(client, *FIRST, 1, headers=headers)
    deal(client, *FIRST, 0)
    doubled = restart(client, *FIRST, 1, headers=headers)  # the same form again: attempt 1 is gone

    assert first.status_code == doubled.status_code == (HTTPStatus.OK if headers else HTTPStatus.FOUND)
    assert kept(client) == {"hands-and-results/first-coup": [2, 1]}
    html = panel(lesson_html(client, "hands-and-results"), "first-coup")
    assert 'name="attempt" value="2"' in html and "Deal card 2 to Banker" in html
    assert no_rows_written()


def test_a_restart_without_its_attempt_is_a_400(client, course):
    response = restart(client, *FIRST, None, headers=HX)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert str(errors.FORM_INCOMPLETE) in response.content.decode()
    assert kept(client) == {}


@pytest.mark.parametrize("name", ["example-confirm", "example-draft"])
def test_the_open_examples_take_no_bets_from_a_visitor(client, course, name):
    url = reverse(f"lessons:{name}", args=FIRST)

    before = client.post(url, {"round": "1", "stake_player": "10"}, headers=HX)
    for index in range(4):
        deal(client, *FIRST, index)
    after = client.post(url, {"round": "1", "stake_player": "10"})

    assert before.status_code == after.status_code == HTTPStatus.CONFLICT
    assert str(errors.BETS_CLOSED).replace("'", "&#x27;") in before.content.decode()
    assert str(errors.EXAMPLE_ONE_COUP) in after.content.decode()
    assert no_rows_written()


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize(
    "args",
    [
        ("hands-and-results", "no-such-example"),
        ("no-such-lesson", "first-coup"),
        ("cards-and-suits", "first-coup"),
    ],
)
def test_an_unknown_example_is_a_404_and_keeps_nothing(client, course, headers, args):
    response = client.post(
        reverse("lessons:example-deal", args=args), {"round": "1", "card": "0"}, headers=headers
    )

    assert response.status_code == HTTPStatus.NOT_FOUND
    assert not client.cookies.get(settings.SESSION_COOKIE_NAME)
    assert Session.objects.count() == 0


def test_two_visitors_each_see_their_own_example(course):
    first, second = Client(), Client()
    for index in range(3):
        deal(first, *FIRST, index)
    deal(second, *FIRST, 0)

    assert "Deal card 4 to Banker" in lesson_html(first, "hands-and-results")
    assert "Deal card 2 to Banker" in lesson_html(second, "hands-and-results")
    assert (
        Client()
        .get(reverse("lessons:lesson", args=["hands-and-results"]))
        .content.decode()
        .count("Deal card 1 to Player")
        == 1
    )
    assert Session.objects.count() == 0


def test_a_bot_dealing_over_and_over_keeps_one_small_cookie_and_no_row(client, course):
    for _ in range(50):
        for index in range(6):
            deal(client, *FIRST, index)
        restart(client, *FIRST, kept(client)["hands-and-results/first-coup"][0])
    for spec in COURSE:  # every example of every lesson, open or not
        for found in spec.examples:
            deal(client, spec.slug, found.key, 0)

    assert Session.objects.count() == 0
    assert set(kept(client)) <= {f"{spec.slug}/{found.key}" for spec in OPEN for found in spec.examples}
    assert len(client.cookies[sandbox.COOKIE_NAME].value) < 400
    assert no_rows_written()


def test_cookieless_bad_requests_open_no_session(course):
    for index in range(20):
        bot = Client()
        deal(bot, *FIRST, index + 1)  # not the next card
        deal(bot, "settlement", "player-wins", 0)  # a lesson that needs an account
        restart(bot, *FIRST, None)
        restart(bot, *FIRST, 1)  # nothing dealt: already at its start

    assert Session.objects.count() == 0


def test_the_state_goes_when_the_cookie_is_older_than_its_age(client, course, monkeypatch):
    deal(client, *FIRST, 0)
    assert kept(client) == {"hands-and-results/first-coup": [1, 1]}

    later = time.time() + sandbox.COOKIE_AGE.total_seconds() + 60
    monkeypatch.setattr(signing.time, "time", lambda: later)

    assert "Deal card 1 to Player" in lesson_html(client, "hands-and-results")


def test_a_cookie_the_site_did_not_sign_is_a_fresh_start(client, course):
    deal(client, *FIRST, 0)
    value = client.cookies[sandbox.COOKIE_NAME].value
    forged = value.replace("[1,1,", "[1,3,")
    assert forged != value

    client.cookies[sandbox.COOKIE_NAME] = forged
    html = lesson_html(client, "hands-and-results")
    client.cookies[sandbox.COOKIE_NAME] = "not a signed value"
    again = deal(client, *FIRST, 0, headers=HX)

    assert "Deal card 1 to Player" in html
    assert again.status_code == HTTPStatus.OK and kept(client) == {"hands-and-results/first-coup": [1, 1]}


@pytest.mark.parametrize(
    "examples",
    [[1, 2], {"hands-and-results/first-coup": "x"}, {"hands-and-results/first-coup": [0, 1]}, "text"],
)
def test_a_signed_cookie_with_odd_contents_is_a_fresh_start(client, course, examples):
    client.cookies[sandbox.COOKIE_NAME] = signed(json.dumps(examples))

    assert "Deal card 1 to Player" in lesson_html(client, "hands-and-results")
    assert deal(client, *FIRST, 0).status_code == HTTPStatus.FOUND
    assert kept(client) == {"hands-and-results/first-coup": [1, 1]}


def test_the_cookie_keeps_no_card(client, course):
    for index in range(3):
        deal(client, *FIRST, index)

    morsel = client.cookies[sandbox.COOKIE_NAME]
    assert kept(client) == {"hands-and-results/first-coup": [1, 3]}
    assert morsel["httponly"] and morsel["samesite"] == "Lax"
    assert int(morsel["max-age"]) == sandbox.COOKIE_AGE.total_seconds()


@pytest.mark.parametrize("headers", MODES)
def test_a_visitors_own_examples_are_kept_out_of_shared_caches(client, course, headers):
    dealt = deal(client, *FIRST, 0, headers=headers)
    page = client.get(reverse("lessons:lesson", args=["hands-and-results"]))

    for response in (dealt, page):
        assert "private" in response["Cache-Control"] and "no-store" in response["Cache-Control"]


def test_many_new_visitors_dealing_lesson_1_write_no_row(course):
    """2,000 first deals from one client wrote 2,000 session rows (issue 25); 40 here write none."""
    for _ in range(40):
        visitor = Client()
        assert deal(visitor, *FIRST, 0, headers=HX).status_code == HTTPStatus.OK
        assert kept(visitor) == {"hands-and-results/first-coup": [1, 1]}

    assert Session.objects.count() == 0
    assert no_rows_written()


@pytest.mark.parametrize("headers", MODES)
def test_no_answer_to_a_visitor_depends_on_the_undealt_cards(client, course, monkeypatch, headers):
    """The same two cards dealt, the rest of the arranged shoe different: the same bytes come back."""
    other = Client()
    for visitor in (client, other):
        deal(visitor, *FIRST, 0)
    answers = []
    for visitor, rest in ((client, ("5", "8")), (other, ("9", "Q"))):
        spec = LESSONS["hands-and-results"]
        found = dataclasses.replace(spec.examples[0], cards=("2", "K", *rest))
        monkeypatch.setitem(LESSONS, spec.slug, dataclasses.replace(spec, examples=(found,)))
        response = deal(visitor, *FIRST, 1, headers=headers)
        page = visitor.get(reverse("lessons:lesson", args=["hands-and-results"]))
        answers.append(_TOKENS.sub("", response.content.decode() + page.content.decode()))
    assert answers[0] == answers[1]


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("slug", [spec.slug for spec in CLOSED])
def test_the_later_lessons_ask_a_visitor_to_sign_up_or_log_in(client, course, slug, headers):
    response = client.get(reverse("lessons:lesson", args=[slug]), headers=headers)

    html = response.content.decode()
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert "is for learners with an account" in html
    assert f'href="{reverse("signup")}"' in html
    assert f'href="{reverse("login")}?next=/lessons/{slug}/"' in html
    assert ("<html" in html) is not bool(headers)


@pytest.mark.parametrize("headers", MODES)
def test_a_later_lessons_example_is_refused_to_a_visitor(client, course, headers):
    response = deal(client, "first-stake", "stake-on-player", 0, headers=headers)

    assert response.status_code == HTTPStatus.FORBIDDEN
    assert "is for learners with an account" in response.content.decode()
    assert kept(client) == {} and no_rows_written()


@pytest.mark.parametrize("headers", MODES)
def test_exercises_ask_a_visitor_for_an_account(client, course, headers):
    html = lesson_html(client, "hands-and-results")
    assert 'id="exercise"' not in html and "The exercises check your answers" in html

    response = client.post(
        reverse("lessons:exercise-answer", args=["hands-and-results"]),
        {"token": "x", "answer": "player"},
        headers=headers,
    )

    assert response.status_code == HTTPStatus.FORBIDDEN
    assert "The exercises check your answers" in response.content.decode()
    assert not Attempt.objects.exists() and not LessonProgress.objects.exists()


def test_a_visitors_deal_needs_the_csrf_token(course):
    client = Client(enforce_csrf_checks=True)
    html = client.get(reverse("lessons:lesson", args=["hands-and-results"])).content.decode()

    refused = deal(client, *FIRST, 0)
    token = _CSRF.search(html).group(1)
    accepted = client.post(
        reverse("lessons:example-deal", args=FIRST), {"round": "1", "card": "0", "csrfmiddlewaretoken": token}
    )

    assert refused.status_code == HTTPStatus.FORBIDDEN
    assert accepted.status_code == HTTPStatus.FOUND
    assert kept(client) == {"hands-and-results/first-coup": [1, 1]}


def test_the_home_page_lets_a_visitor_deal_lesson_1s_example(client, course):
    html = client.get(reverse("home")).content.decode()

    assert f'action="{reverse("lessons:example-deal", args=FIRST)}"' in html
    assert "Deal card 1 to Player" in html and 'id="example-first-coup-live"' in html
    assert f'href="{reverse("signup")}"' in html
    assert html.count("with an account") >= len(CLOSED)

    deal(client, *FIRST, 0, headers=HX)
    assert "Deal card 2 to Banker" in client.get(reverse("home")).content.decode()


def test_a_learner_keeps_the_seat_based_examples_and_no_demo_on_the_home_page(client, course):
    user = UserFactory()
    client.force_login(user)

    assert "Try it: deal a coup" not in client.get(reverse("home")).content.decode()
    assert deal(client, *FIRST, 0).status_code == HTTPStatus.FOUND
    assert Seat.objects.filter(
        user=user, kind=Seat.Kind.LESSON, label="hands-and-results/first-coup"
    ).exists()
    assert kept(client) == {}


VISITOR_FORMS = {
    "lessons:example-confirm": ["round", "stake_player", "stake_banker", "stake_tie"],
    "lessons:example-draft": ["round", "stake_player", "chip", "add", "op"],
    "lessons:example-deal": ["round", "card"],
    "lessons:example-restart": ["attempt"],
}
