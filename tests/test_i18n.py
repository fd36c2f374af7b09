"""English, German and Indonesian: the language chosen, remembered, and used everywhere a learner reads."""

from decimal import Decimal
from http import HTTPStatus

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from accounts.models import Profile
from baccarat import Card, Reason
from lessons.services import lessons_load
from table import errors
from table.amounts import amount_text
from table.explain import card_name, reason_sentence
from tests.factories import ProfileFactory, SeatFactory, UserFactory, arrange_shoe
from tests.support import HX, LANGUAGES, exercise_shown, parse


def in_language(code, text):
    """The text as the catalogue gives it in that language (English: as written)."""
    with translation.override(code):
        return str(text)


@pytest.fixture
def course(db):
    lessons_load()


def test_every_language_has_its_own_words_for_the_rules():
    sentences = {}
    for code in LANGUAGES:
        with translation.override(code):
            sentences[code] = (
                card_name(Card.parse("7C")),
                reason_sentence(Reason.BANKER_STANDS_TABLE, banker_total=3, player_third=8),
            )
    assert sentences["en"] == (
        "seven of clubs",
        "Banker has 3 and Player's third card is an 8: Banker stands.",
    )
    assert len({sentences[code] for code in LANGUAGES}) == 3


@pytest.mark.parametrize(("code", "text"), [("en", "109.50"), ("de", "109,50"), ("id", "109,50")])
def test_amounts_are_written_the_way_each_language_writes_them(code, text):
    with translation.override(code):
        assert amount_text(Decimal("109.5")) == text


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_lesson_page_speaks_the_chosen_language(client, course, code):
    client.cookies["language"] = code

    html = client.get(reverse("lessons:lesson", args=["hands-and-results"])).content.decode()

    with translation.override(code):
        from lessons.course import LESSONS

        title = str(LESSONS["hands-and-results"].title)
    assert escape(title) in html
    assert parse(html).find("html").attrs["lang"] == code


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_table_round_partials_speak_the_chosen_language(client, db, code):
    seat = SeatFactory()
    arrange_shoe(seat, "2 4 3 4")
    client.force_login(seat.user)
    client.cookies["language"] = code
    client.post(reverse("table:round-confirm"), {"round": "1", "stake_banker": "10"}, headers=HX)

    responses = [
        client.post(reverse("table:round-deal"), {"round": "1", "card": str(i)}, headers=HX) for i in range(4)
    ]

    html = responses[-1].content.decode()
    assert b"<html" not in responses[-1].content
    with translation.override(code):
        natural = reason_sentence(Reason.NATURAL, player_total=5, banker_total=8)
        balance = amount_text(Decimal("109.50"))
    assert escape(natural) in html
    assert balance in html  # 109,50 in German and Indonesian


@pytest.mark.parametrize("code", LANGUAGES)
def test_an_error_message_speaks_the_chosen_language(client, db, code):
    seat = SeatFactory()
    client.force_login(seat.user)
    client.cookies["language"] = code

    response = client.post(reverse("table:round-confirm"), {"round": "1", "stake_player": "abc"}, headers=HX)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert escape(in_language(code, errors.STAKE_NOT_A_NUMBER)) in response.content.decode()
    if code != "en":
        assert in_language(code, errors.STAKE_NOT_A_NUMBER) != in_language("en", errors.STAKE_NOT_A_NUMBER)


@pytest.mark.parametrize("code", LANGUAGES)
def test_exercise_feedback_speaks_the_chosen_language(client, course, code):
    import re

    client.force_login(UserFactory())
    client.cookies["language"] = code
    exercise_shown(client, "counting-totals")
    page = client.get(reverse("lessons:lesson", args=["counting-totals"])).content.decode()
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)

    html = client.post(
        reverse("lessons:exercise-answer", args=["counting-totals"]),
        {"token": token, "answer": "5"},
        headers=HX,
    ).content.decode()

    with translation.override(code):
        from lessons.exercises import counting_question

        why = counting_question(["7H", "8C"]).why
    assert escape(why) in html


def test_the_browsers_language_is_the_first_default(client, course):
    html = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="id-ID,id;q=0.9,en;q=0.5").content.decode()

    assert parse(html).find("html").attrs["lang"] == "id"


def test_switching_language_sets_the_cookie_and_the_learners_profile(client, course):
    learner = UserFactory()
    client.force_login(learner)

    response = client.post(reverse("set_language"), {"language": "de", "next": "/"})

    assert response.status_code == HTTPStatus.FOUND
    assert response.cookies["language"].value == "de"
    assert Profile.objects.get(user=learner).language == "de"


def test_the_profiles_language_follows_the_learner_to_another_browser(client, course):
    learner = UserFactory()
    ProfileFactory(user=learner, language="id")
    client.force_login(learner)  # a new browser: no language cookie

    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="de")

    assert parse(response.content).find("html").attrs["lang"] == "id"
    assert response.cookies["language"].value == "id"


def test_logging_in_remembers_the_profiles_language_so_the_first_page_writes_nothing(client, course):
    learner = UserFactory(password="a long teaching password")
    ProfileFactory(user=learner, language="de")
    client.post(reverse("login"), {"username": learner.username, "password": "a long teaching password"})

    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse("home"))

    assert parse(response.content).find("html").attrs["lang"] == "de"
    writes = [query["sql"] for query in captured if query["sql"].lstrip().startswith(("INSERT", "UPDATE"))]
    assert writes == []


def test_an_unknown_language_changes_nothing(client, course):
    learner = UserFactory()
    client.force_login(learner)

    client.post(reverse("set_language"), {"language": "xx", "next": "/"})

    assert not Profile.objects.filter(user=learner).exists()
