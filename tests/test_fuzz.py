"""Hostile input, generated: every POST form and every admin filter gets strings no page sends (NUL,
other scripts' digits, ``-.``, huge numbers, very long text, odd charsets). No answer may be a 5xx, and
every balance must still equal its ledger. Hypothesis runs derandomized (tests/conftest.py)."""

from __future__ import annotations

from http import HTTPStatus

import pytest
from django.contrib import admin
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table.models import Seat
from table.services import ledger_verify
from tests.factories import SeatFactory, UserFactory
from tests.support import HX

pytestmark = pytest.mark.django_db

HOSTILE = st.one_of(
    st.sampled_from(
        [
            "",
            "\x00",
            "10\x00",
            "-.",
            "+.",
            ".",
            "-10",
            "0",
            "1e26",
            "1e-9",
            "NaN",
            "-Infinity",
            "١٠",  # Arabic-Indic digits
            "१०",  # Devanagari digits
            "１０",  # full-width digits
            "9" * 400,
            "x" * 5000,
            "' OR 1=1 --",
            "<script>alert(1)</script>",
            "%00",
            "\ud7ff",
            "10,5",
            " 10 ",
        ]
    ),
    st.text(max_size=40),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)
FUZZ = settings(
    max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)

#: Every form a learner posts, with the fields its page sends.
FORMS = {
    "table:round-draft": [
        "round",
        "stake_player",
        "stake_banker",
        "stake_tie",
        "stake_lion_player",
        "chip",
        "select",
        "add",
        "op",
    ],
    "table:round-confirm": ["round", "stake_player", "stake_banker", "stake_tie", "stake_lion_banker"],
    "table:round-deal": ["round", "card"],
    "table:round-call": ["round", "question", "answer", "return_player", "return_banker"],
    "table:seat-coach": ["coach"],
    "table:seat-preset": ["preset"],
    "table:balance-reset": [],
    "join": ["code"],
    "password_change": ["old_password", "new_password1", "new_password2"],
}
EXAMPLE = ("first-stake", "stake-on-player")
EXAMPLE_FORMS = {
    "lessons:example-confirm": ["round", "stake_player", "stake_banker", "stake_tie", "stake_lion_player"],
    "lessons:example-draft": ["round", "stake_player", "chip", "add", "op"],
    "lessons:example-deal": ["round", "card"],
    "lessons:example-restart": ["attempt"],
}


@pytest.fixture
def seated_client(course):
    seat = SeatFactory(cards="4 2 4 3 5 3 K J 8")
    client = Client(raise_request_exception=False)
    client.force_login(seat.user)
    return client


def every_ledger_balances() -> None:
    for seat in Seat.objects.all():
        ledger_verify(seat)


@FUZZ
@given(data=st.data())
def test_no_learner_form_answers_a_5xx_to_hostile_input(seated_client, data):
    forms = {**{name: (reverse(name), fields) for name, fields in FORMS.items()}}
    forms |= {name: (reverse(name, args=EXAMPLE), fields) for name, fields in EXAMPLE_FORMS.items()}
    forms["lessons:exercise-answer"] = (
        reverse("lessons:exercise-answer", args=[EXAMPLE[0]]),
        ["token", "answer", "balance", "committed"],
    )
    name = data.draw(st.sampled_from(sorted(forms)))
    path, fields = forms[name]
    posted = {
        field: data.draw(HOSTILE)
        for field in data.draw(st.lists(st.sampled_from(fields or ["x"]), unique=True))
    }
    htmx = data.draw(st.booleans())

    response = seated_client.post(path, posted, headers=HX if htmx else {})

    assert response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR, (name, posted, response.status_code)
    every_ledger_balances()


@FUZZ
@given(username=HOSTILE, password=HOSTILE, code=HOSTILE)
def test_sign_up_and_log_in_never_answer_a_5xx(db, username, password, code):
    client = Client(raise_request_exception=False)
    for response in (
        client.post(
            reverse("signup"),
            {"username": username, "password1": password, "password2": password, "join_code": code},
        ),
        Client(raise_request_exception=False).post(
            reverse("login"), {"username": username, "password": password}
        ),
    ):
        assert response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR, (username, password)


@FUZZ
@given(
    charset=st.sampled_from(["utf-16", "utf-32", "latin-1", "cp1252", "shift_jis", "x-unknown", "utf-8"]),
    text=HOSTILE,
)
def test_a_form_in_any_charset_never_answers_a_5xx(seated_client, charset, text):
    try:
        body = f"round=1&stake_player={text}".encode(charset)
    except (LookupError, UnicodeEncodeError):
        body = f"round=1&stake_player={text}".encode("utf-8", "surrogatepass")
    response = seated_client.generic(
        "POST",
        reverse("table:round-confirm"),
        data=body,
        content_type=f"application/x-www-form-urlencoded; charset={charset}",
    )
    assert response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR
    every_ledger_balances()


def admin_changelists() -> list[str]:
    return [
        reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        for model in admin.site._registry
    ]


@FUZZ
@given(data=st.data())
def test_no_admin_list_answers_a_5xx_to_hostile_filters(admin_client, data):
    SeatFactory(user=UserFactory())
    path = data.draw(st.sampled_from(admin_changelists()))
    keys = data.draw(
        st.lists(
            st.sampled_from(
                [
                    "q",
                    "o",
                    "p",
                    "kind__exact",
                    "state__exact",
                    "id__gt",
                    "password__startswith",
                    "shoe_state__regex",
                    "user__username",
                    "balance__gte",
                    "created_at__gte",
                    "is_staff__exact",
                    "e",
                    "_popup",
                    "all",
                ]
            )
            | st.text(min_size=1, max_size=20),
            min_size=1,
            max_size=3,
            unique=True,
        )
    )
    query = {key: data.draw(HOSTILE) for key in keys}

    response = admin_client.get(path, query)

    assert response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR, (path, query, response.status_code)
