"""One reader of typed amounts, in every place that reads one and in each language.

"1,500" was 1,500.00 in the payout drill and 1.50 at a coach settlement call. Now the payout drill,
the coach's settlement call, the lessons' amount answers and the table's stakes all read a typed
amount through ``table.amounts.typed_amount``, in the active language's way of writing numbers,
and refuse text that the two ways read differently.
"""

from __future__ import annotations

import re
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from baccarat import AmbiguousAmountError
from lessons import exercises, payout
from lessons.models import IssuedQuestion
from table import coach, errors, forms
from table.amounts import amount_text, typed_amount
from tests.factories import SeatFactory, arrange_shoe
from tests.support import HX, LANGUAGES, exercise_shown

AMBIGUOUS = "ambiguous"

#: (language, typed, the amount read or AMBIGUOUS): the issue's forms, and what each language reads.
CASES = [
    ("en", "1,500.25", "1500.25"),
    ("en", "1,500", "1500"),
    ("en", "19.5", "19.5"),
    ("en", "19,50", "19.50"),  # only a decimal comma can read it
    ("en", "1.500", AMBIGUOUS),  # 1.5, or 1,500 written the German way?
    ("en", "10.001", AMBIGUOUS),
    ("de", "1.500,25", "1500.25"),
    ("de", "1.500", "1500"),
    ("de", "19,5", "19.5"),
    ("de", "19.50", "19.50"),
    ("de", "1,500", AMBIGUOUS),
    ("id", "1.500,25", "1500.25"),
    ("id", "1.500", "1500"),
    ("id", "19,5", "19.5"),
    ("id", "1,500", AMBIGUOUS),
    ("id", "1 500", "1500"),
]

#: The message each language gives for "1.500"/"1,500" (the words are the language's own).
AMBIGUOUS_WORDS = {"en": "can be read two ways", "de": "zwei Arten lesen", "id": "dua cara"}


@pytest.mark.parametrize(("language", "typed", "expected"), CASES)
def test_the_reader_reads_each_languages_way_and_refuses_what_reads_two_ways(language, typed, expected):
    with translation.override(language):
        if expected == AMBIGUOUS:
            with pytest.raises(AmbiguousAmountError):
                typed_amount(typed)
        else:
            assert typed_amount(typed) == Decimal(expected)


def _each_reader(typed: str) -> dict[str, object]:
    """What every place that reads a typed amount makes of ``typed``: an amount, or its message."""
    found: dict[str, object] = {}
    try:
        found["payout drill"] = payout.parse_typed_amount(typed)
    except payout.PayoutError as error:
        found["payout drill"] = error.message
    try:
        found["coach call"] = coach.parse_call_amount(typed)
    except errors.InvalidInput as error:
        found["coach call"] = error.message
    question = exercises.Question(
        kind="settlement",
        prompt="",
        form="numbers",
        answer="",
        why="",
        shown="",
        fields=(("balance", "Balance"),),
    )
    try:
        found["exercise"] = Decimal(exercises.normalise(question, {"answer_balance": typed}))
    except exercises.BadAnswer as error:
        found["exercise"] = error.message
    return found


@pytest.mark.parametrize(("language", "typed", "expected"), CASES)
def test_every_place_that_reads_an_amount_reads_it_alike(language, typed, expected):
    with translation.override(language):
        found = _each_reader(typed)
        if expected == AMBIGUOUS:
            assert all(AMBIGUOUS_WORDS[language] in str(value) for value in found.values()), found
            assert all(typed in str(value) for value in found.values()), found
        else:
            assert set(found.values()) == {Decimal(expected).quantize(Decimal("0.01"))}, found


@pytest.mark.parametrize(("language", "typed", "expected"), CASES)
def test_a_stake_is_read_the_same_way(language, typed, expected):
    with translation.override(language):
        if expected == AMBIGUOUS:
            with pytest.raises(errors.InvalidInput, match=AMBIGUOUS_WORDS[language]):
                forms.parse_stake(typed)
        elif Decimal(expected) == Decimal(expected).to_integral_value() and not re.search(
            r"[.,]\d{1,2}$", typed
        ):
            assert forms.parse_stake(typed) == Decimal(expected)
        else:
            with pytest.raises(errors.InvalidInput):
                forms.parse_stake(typed)


# --- through the pages, in each language ---------------------------------------------------------


@pytest.fixture
def coached(client, db):
    seat = SeatFactory(coach_mode=True)
    client.force_login(seat.user)
    return client, seat


def _settlement_call(client, seat, language, typed):
    """10 on Banker, Banker wins (19.50 back); the settlement call answered with ``typed``."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    arrange_shoe(seat, "2 4 3 4")
    client.post(reverse("table:round-confirm"), {"round": "1", "stake_banker": "10"}, headers=HX)
    for index in range(4):
        client.post(reverse("table:round-deal"), {"round": "1", "card": str(index)}, headers=HX)
    return client.post(
        reverse("table:round-call"),
        {"round": "1", "question": "settlement", "return_banker": typed},
        headers=HX,
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_coach_settlement_call_reads_the_languages_amount(coached, language):
    client, seat = coached
    with translation.override(language):
        typed = amount_text(Decimal("19.50"))
    response = _settlement_call(client, seat, language, typed)
    assert response.status_code == HTTPStatus.OK
    assert seat.rounds.get().calls["settlement"]["correct"] is True


@pytest.mark.parametrize(("language", "typed"), [("en", "1.500"), ("de", "1,500"), ("id", "1,500")])
def test_a_coach_settlement_call_that_reads_two_ways_is_a_clear_400(coached, language, typed):
    client, seat = coached
    response = _settlement_call(client, seat, language, typed)
    assert response.status_code == HTTPStatus.BAD_REQUEST
    body = response.content.decode()
    assert AMBIGUOUS_WORDS[language] in body and escape(typed) in body
    assert "settlement" not in seat.rounds.get().calls


def _payout_token(client) -> str:
    html = client.get(reverse("drill:payout")).content.decode()
    return re.search(r'name="token" value="([^"]+)"', html).group(1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_payout_drill_reads_the_languages_amount_grouped_as_it_writes_it(client, learner, language):
    client.force_login(learner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    token = _payout_token(client)
    kept = payout.read_question(IssuedQuestion.objects.get(nonce=token).question)
    with translation.override(language):
        typed = {name: amount_text(value, grouping=True) for name, value in kept.expected().items()}
    response = client.post(reverse("drill:payout-answer"), {"token": token, **typed})
    assert response.status_code == HTTPStatus.OK
    assert learner.payout_answers.get().correct


@pytest.mark.parametrize(("language", "typed"), [("en", "1.500"), ("de", "1,500"), ("id", "1,500")])
def test_the_payout_drill_refuses_an_amount_that_reads_two_ways(client, learner, language, typed):
    client.force_login(learner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    token = _payout_token(client)
    kept = payout.read_question(IssuedQuestion.objects.get(nonce=token).question)
    response = client.post(
        reverse("drill:payout-answer"), {"token": token, **dict.fromkeys(kept.expected(), typed)}
    )
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert AMBIGUOUS_WORDS[language] in response.content.decode()
    assert not learner.payout_answers.exists()


def _exercise_token(client, slug) -> str:
    exercise_shown(client, slug)
    html = client.get(reverse("lessons:lesson", args=[slug])).content.decode()
    return re.search(r'name="token" value="([^"]+)"', html[html.index('id="exercise"') :]).group(1)


@pytest.mark.parametrize(("language", "typed"), [("en", "109.50"), ("de", "109,50"), ("id", "109,5")])
def test_a_lesson_answer_reads_the_languages_amount(client, learner, course, language, typed):
    """Seed 004's settlement cases are 110, 90, 100, 180 and 109.50, asked in that order."""
    client.force_login(learner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for expected in ("110", "90", "100", "180", typed):
        response = client.post(
            reverse("lessons:exercise-answer", args=["settlement"]),
            {"token": _exercise_token(client, "settlement"), "answer_balance": expected},
            headers=HX,
        )
        assert response.status_code == HTTPStatus.OK and "✓" in response.content.decode(), expected


@pytest.mark.parametrize(("language", "typed"), [("en", "1.500"), ("de", "1,500"), ("id", "1,500")])
def test_a_lesson_answer_that_reads_two_ways_is_a_clear_400(client, learner, course, language, typed):
    client.force_login(learner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    token = _exercise_token(client, "settlement")
    response = client.post(
        reverse("lessons:exercise-answer", args=["settlement"]),
        {"token": token, "answer_balance": typed},
        headers=HX,
    )
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert AMBIGUOUS_WORDS[language] in response.content.decode()
