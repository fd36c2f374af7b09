"""The class table against a hostile or clumsy client (issue 29): every URL under /class-table/ answers a
wrong method, a garbage form, a stranger, a doubled post or a forged ETag with a clear 4xx, never a 500,
and no chip is lost or made."""

from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from classtable import errors
from classtable.models import ClassRound
from table.services import ledger_problems
from tests.classtable.helpers import balance, current, ledger_rows
from tests.factories import ClassTableFactory, UserFactory
from tests.support import HX, MODES

pytestmark = pytest.mark.django_db

LEARNER_POSTS = ["join", "leave", "draft", "confirm", "call"]
DEALER_POSTS = ["bets-close", "deal", "go-on", "next-round", "end"]
GETS = ["table", "poll", "control", "projector", "csv", "replay"]
GARBAGE = ["", "-1", "1e9", "NaN", "Infinity", "-Infinity", "9" * 400, "1234567", "1.5", "0x1", "\u202e1"]


def client_of(user) -> Client:
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def url(name, table) -> str:
    return reverse(f"classtable:{name}", args=[table.pk])


def untouched(before: dict, rows: int) -> None:
    assert ledger_problems() == []
    assert ledger_rows() == rows
    assert {user: balance(user) for user in before} == before


@pytest.fixture
def table(db):
    return ClassTableFactory(learners=2, cards="3 7 3 K", calls_draws=True)


def balances(table) -> dict:
    return {user: balance(user) for user in table.learners}


@pytest.mark.parametrize("name", LEARNER_POSTS + DEALER_POSTS)
@pytest.mark.parametrize("method", ["get", "put", "delete", "patch"])
def test_a_post_endpoint_refuses_other_methods_with_405(table, name, method):
    before, rows = balances(table), ledger_rows()
    user = table.dealer if name in DEALER_POSTS else table.learners[0]
    response = getattr(client_of(user), method)(url(name, table))
    assert response.status_code == HTTPStatus.METHOD_NOT_ALLOWED
    untouched(before, rows)


@pytest.mark.parametrize("name", GETS)
def test_a_page_refuses_a_post_with_405(table, name):
    response = client_of(table.dealer).post(url(name, table))
    assert response.status_code == HTTPStatus.METHOD_NOT_ALLOWED


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("name", LEARNER_POSTS + DEALER_POSTS + GETS)
def test_a_stranger_or_another_classes_instructor_is_refused(table, name, headers):
    before, rows = balances(table), ledger_rows()
    for user in (UserFactory(), UserFactory(instructor=True)):
        client = client_of(user)
        response = (client.get if name in GETS else client.post)(url(name, table), headers=headers)
        if name in GETS or headers:
            assert response.status_code == HTTPStatus.FORBIDDEN, name
            assert str(errors.NOT_A_MEMBER) in response.content.decode()
        else:
            assert response.status_code == HTTPStatus.FOUND
    untouched(before, rows)


@pytest.mark.parametrize("name", LEARNER_POSTS + DEALER_POSTS + GETS)
def test_an_anonymous_client_is_sent_to_log_in_or_refused(table, name):
    client = client_of(None)
    response = (client.get if name in GETS else client.post)(url(name, table))
    if name == "poll":
        assert response.status_code == HTTPStatus.FORBIDDEN
    else:
        assert response.status_code == HTTPStatus.FOUND and "/login" in response["Location"]


@pytest.mark.parametrize("pk", ["0", "9" * 25])
@pytest.mark.parametrize("name", LEARNER_POSTS + DEALER_POSTS + GETS)
def test_a_table_that_does_not_exist_is_a_404_even_a_huge_number(table, name, pk):
    client = client_of(table.dealer)
    path = url(name, table).replace(f"/{table.pk}/", f"/{pk}/")
    response = (client.get if name in GETS else client.post)(path, headers=HX)
    assert response.status_code == HTTPStatus.NOT_FOUND
    assert str(errors.NO_SUCH_TABLE) in response.content.decode()


@pytest.mark.parametrize("segment", ["abc", "-1", "1.5", "%00", "١"])
def test_a_path_segment_that_is_not_a_number_is_a_4xx(table, segment):
    response = client_of(table.dealer).get(f"/class-table/{segment}/")
    assert response.status_code in (HTTPStatus.NOT_FOUND, HTTPStatus.BAD_REQUEST)  # NUL: the site's 400


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("value", GARBAGE)
@pytest.mark.parametrize("name,field", [("bets-close", "round"), ("deal", "card"), ("next-round", "round")])
def test_the_dealers_garbage_hidden_fields_are_a_400(table, name, field, value, headers):
    before, rows = balances(table), ledger_rows()
    client = client_of(table.dealer)
    form = {"round": "1", "card": "0"} | {field: value}
    response = client.post(url(name, table), form, headers=headers)
    assert response.status_code == (HTTPStatus.BAD_REQUEST if headers else HTTPStatus.FOUND)
    untouched(before, rows)


@pytest.mark.parametrize("round_number", ["0", "2", "999999"])
def test_a_round_in_the_past_or_future_is_refused(table, round_number):
    before, rows = balances(table), ledger_rows()
    client = client_of(table.learners[0])
    response = client.post(url("confirm", table), {"round": round_number, "stake_player": "10"}, headers=HX)
    assert HTTPStatus.BAD_REQUEST <= response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR
    assert str(errors.NO_SUCH_ROUND) in response.content.decode()
    untouched(before, rows)


@pytest.mark.parametrize("card", ["1", "2", "5", "999999"])
def test_a_card_index_in_the_future_deals_nothing(table, card):
    client = client_of(table.dealer)
    client.post(url("bets-close", table), {"round": "1"}, headers=HX)
    response = client.post(url("deal", table), {"round": "1", "card": card}, headers=HX)
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert current(table).cards == ""


def test_a_doubled_deal_deals_one_card_and_answers_the_table(table):
    client = client_of(table.dealer)
    client.post(url("bets-close", table), {"round": "1"}, headers=HX)
    first = client.post(url("deal", table), {"round": "1", "card": "0"}, headers=HX)
    again = client.post(url("deal", table), {"round": "1", "card": "0"}, headers=HX)
    assert first.status_code == again.status_code == HTTPStatus.OK
    assert current(table).card_tokens == ["3"]


STAKES = {
    "over the maximum": {"stake_player": "100000"},
    "fraction": {"stake_player": "10.5"},
    "many decimals": {"stake_player": "10.000000001"},
    "negative": {"stake_player": "-10"},
    "NaN": {"stake_player": "NaN"},
    "Infinity": {"stake_player": "Infinity"},
    "1e9": {"stake_player": "1e9"},
    "huge": {"stake_player": "9" * 400},
    "unicode digits": {"stake_player": "١٠"},
    "unknown kind": {"stake_martingale": "10"},
    "overlong kind": {"stake_" + "x" * 5000: "10"},
    "more than the balance": {"stake_player": "1000", "stake_banker": "1000"},
}


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("stakes", STAKES.values(), ids=STAKES.keys())
@pytest.mark.parametrize("name", ["draft", "confirm"])
def test_a_bad_stake_is_a_400_and_moves_no_chip(table, name, stakes, headers):
    before, rows = balances(table), ledger_rows()
    client = client_of(table.learners[0])
    response = client.post(url(name, table), {"round": "1", **stakes}, headers=headers)
    if headers:
        assert response.status_code == HTTPStatus.BAD_REQUEST, response.content
        assert response.content.strip()
    else:  # back to the page with the message (a name too long for a form is the site's 400)
        assert response.status_code in (HTTPStatus.FOUND, HTTPStatus.BAD_REQUEST)
    untouched(before, rows)


def test_a_stake_below_the_minimum_is_a_draft_but_no_confirm(table):
    client = client_of(table.learners[0])
    form = {"round": "1", "stake_player": "1"}
    assert client.post(url("draft", table), form, headers=HX).status_code == HTTPStatus.OK
    before, rows = balances(table), ledger_rows()
    assert client.post(url("confirm", table), form, headers=HX).status_code == HTTPStatus.BAD_REQUEST
    untouched(before, rows)


def test_an_array_of_stakes_is_read_as_one_and_moves_one_stake(table):
    client = client_of(table.learners[0])
    response = client.post(url("confirm", table), {"round": "1", "stake_player": ["10", "900"]}, headers=HX)
    assert response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR
    assert ledger_problems() == []


@pytest.mark.parametrize("form", [{"add": "martingale"}, {"add": "player", "chip": "3"}, {"select": "1e9"}])
def test_a_chip_on_no_spot_or_no_chip_is_a_400(table, form):
    before, rows = balances(table), ledger_rows()
    response = client_of(table.learners[0]).post(url("draft", table), {"round": "1", **form}, headers=HX)
    assert response.status_code == HTTPStatus.BAD_REQUEST
    untouched(before, rows)


def test_a_doubled_confirm_takes_the_stake_once(table):
    learner = table.learners[0]
    start = balance(learner)
    client = client_of(learner)
    first = client.post(url("confirm", table), {"round": "1", "stake_player": "10"}, headers=HX)
    again = client.post(url("confirm", table), {"round": "1", "stake_player": "10"}, headers=HX)
    assert first.status_code == HTTPStatus.OK and again.status_code == HTTPStatus.CONFLICT
    assert balance(learner) == start - 10 and ledger_problems() == []


@pytest.mark.parametrize(
    "form",
    [
        {"question": "player_draw", "answer": "maybe"},
        {"question": "x" * 5000, "answer": "draws"},
        {"question": "", "answer": ""},
        {"question": "player_draw", "answer": "draws" * 1000},
    ],
)
def test_a_garbage_call_is_refused(table, form):
    client = client_of(table.learners[0])
    response = client.post(url("call", table), {"round": "1", **form}, headers=HX)
    assert HTTPStatus.BAD_REQUEST <= response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR
    assert response.content.strip()


def test_everything_after_the_end_is_a_410_and_moves_no_chip(table):
    learner = table.learners[0]
    client = client_of(learner)
    client.post(url("confirm", table), {"round": "1", "stake_player": "10"}, headers=HX)
    dealer = client_of(table.dealer)
    assert dealer.post(url("end", table), headers=HX).status_code == HTTPStatus.OK
    before, rows = balances(table), ledger_rows()
    for name, form in [
        ("join", {}),
        ("draft", {"round": "1", "stake_player": "10"}),
        ("confirm", {"round": "1", "stake_player": "10"}),
        ("call", {"round": "1", "question": "player_draw", "answer": "draws"}),
    ]:
        response = client.post(url(name, table), form, headers=HX)
        assert response.status_code == HTTPStatus.GONE, name
    for name in DEALER_POSTS[:-1]:
        response = dealer.post(url(name, table), {"round": "1", "card": "0"}, headers=HX)
        assert response.status_code == HTTPStatus.GONE, name
    untouched(before, rows)


def test_a_dealer_who_ends_twice_ends_once(table):
    client_of(table.learners[0]).post(url("confirm", table), {"round": "1", "stake_player": "10"}, headers=HX)
    dealer = client_of(table.dealer)
    dealer.post(url("end", table), headers=HX)
    before, rows = balances(table), ledger_rows()
    assert dealer.post(url("end", table), headers=HX).status_code < HTTPStatus.INTERNAL_SERVER_ERROR
    untouched(before, rows)


def test_a_learner_is_refused_every_dealer_post(table):
    before, rows = balances(table), ledger_rows()
    client = client_of(table.learners[0])
    for name in DEALER_POSTS:
        response = client.post(url(name, table), {"round": "1", "card": "0"}, headers=HX)
        assert response.status_code == HTTPStatus.FORBIDDEN, name
    assert current(table).state == ClassRound.State.BETTING
    untouched(before, rows)


def test_another_instructor_of_the_class_cannot_deal(table):
    other = UserFactory(instructor=True)
    table.classroom.instructors.add(other)
    response = client_of(other).post(url("bets-close", table), {"round": "1"}, headers=HX)
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert str(errors.NOT_THE_DEALER) in response.content.decode()


@pytest.mark.parametrize("name", LEARNER_POSTS + DEALER_POSTS)
def test_a_post_without_its_csrf_token_is_the_projects_403(table, name):
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(table.dealer)
    response = client.post(url(name, table), {"round": "1"})
    assert response.status_code == HTTPStatus.FORBIDDEN
    assert "<footer" in response.content.decode()


ETAGS = [
    "*",
    "garbage",
    '"1.1.1.betting_0.1.en.' + "0" * 32 + '"',
    'W/"x"',
    "," * 5000,
    '"' + "9" * 12 + ".1.1.a.1.en." + "f" * 32 + '"',
    "\u00e9t\u00e9",
]


@pytest.mark.parametrize("etag", ETAGS)
def test_a_forged_if_none_match_never_gets_a_304(table, etag):
    for user in (table.learners[0], table.dealer, UserFactory()):
        response = client_of(user).get(url("poll", table), headers={"If-None-Match": etag})
        assert response.status_code in (HTTPStatus.OK, HTTPStatus.FORBIDDEN)


def test_a_tag_from_another_browser_gets_no_304(table):
    learner = table.learners[0]
    mine = client_of(learner).get(url("poll", table))
    other = client_of(learner)  # another log-in: another session cookie
    response = other.get(url("poll", table), headers={"If-None-Match": mine["ETag"]})
    assert response.status_code == HTTPStatus.OK


@pytest.mark.parametrize("cookie", ["", "garbage", "x" * 4000, "\x7f", "a=b; c"])
def test_a_garbage_session_cookie_is_a_log_in_not_a_500(table, cookie):
    client = Client(raise_request_exception=False)
    client.cookies["sessionid"] = cookie
    for name in GETS:
        response = client.get(url(name, table))
        assert response.status_code in (HTTPStatus.FOUND, HTTPStatus.FORBIDDEN), name


def test_a_class_table_open_with_garbage_is_refused(table):
    client = client_of(table.dealer)
    for form in [
        {},
        {"classroom": "x"},
        {"classroom": "-1", "preset": "standard"},
        {"classroom": str(table.classroom_id), "preset": "x" * 5000},
        {"classroom": "999999", "preset": "standard"},
        {"classroom": str(table.classroom_id), "preset": "standard"},  # already open
    ]:
        response = client.post(reverse("classtable:open"), form, headers=HX)
        assert HTTPStatus.BAD_REQUEST <= response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR, form
