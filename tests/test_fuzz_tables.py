"""Hostile input, generated, for the class table and dealer mode (issues 29, 30): every POST form field
gets strings no page sends. No answer may be a 5xx, and every balance must still equal its ledger.
Hypothesis runs derandomized (tests/conftest.py)."""

from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from dealer.models import DealerRound
from table.services import ledger_problems
from tests.factories import ClassTableFactory, UserFactory
from tests.support import HX
from tests.test_fuzz import FUZZ, HOSTILE

pytestmark = pytest.mark.django_db

#: Every form of the class table, with the fields its pages send, and who posts it.
CLASS_TABLE_FORMS = {
    "join": ("learner", []),
    "leave": ("learner", []),
    "draft": (
        "learner",
        ["round", "stake_player", "stake_banker", "stake_tie", "chip", "select", "add", "op"],
    ),
    "confirm": ("learner", ["round", "stake_player", "stake_banker", "stake_tie", "stake_lion_player"]),
    "call": ("learner", ["round", "question", "answer"]),
    "bets-close": ("dealer", ["round"]),
    "deal": ("dealer", ["round", "card"]),
    "go-on": ("dealer", ["round", "question"]),
    "next-round": ("dealer", ["round"]),
}
DEALER_FORMS = {
    "dealer:open": ["seats", "preset", "commission", "house_rounding"],
    "dealer:act": ["step", "do", "hand", "option", "bet", "seat", "amount"],
    "dealer:next": [],
}


@pytest.fixture
def class_table(db):
    table = ClassTableFactory(learners=1, cards="3 7 3 K", calls_draws=True)
    clients = {}
    for role, user in (("learner", table.learners[0]), ("dealer", table.dealer)):
        clients[role] = Client(raise_request_exception=False)
        clients[role].force_login(user)
    return table, clients


@FUZZ
@given(data=st.data())
def test_no_class_table_form_answers_a_5xx_to_hostile_input(class_table, data):
    table, clients = class_table
    name = data.draw(st.sampled_from(sorted(CLASS_TABLE_FORMS)))
    role, fields = CLASS_TABLE_FORMS[name]
    posted = {
        field: data.draw(HOSTILE)
        for field in data.draw(st.lists(st.sampled_from(fields or ["x"]), unique=True))
    }
    htmx = data.draw(st.booleans())

    response = clients[role].post(
        reverse(f"classtable:{name}", args=[table.pk]), posted, headers=HX if htmx else {}
    )

    assert response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR, (name, posted)
    assert ledger_problems() == []


@pytest.fixture
def dealer_client(db):
    client = Client(raise_request_exception=False)
    client.force_login(UserFactory())
    response = client.post(reverse("dealer:open"), {"seats": "4", "preset": "standard"})
    assert response.status_code == HTTPStatus.FOUND
    return client


@FUZZ
@given(data=st.data())
def test_no_dealer_form_answers_a_5xx_to_hostile_input(dealer_client, data):

    round = DealerRound.objects.order_by("-pk").first()
    name = data.draw(st.sampled_from(sorted(DEALER_FORMS)))
    fields = DEALER_FORMS[name]
    posted = {
        field: data.draw(HOSTILE)
        for field in data.draw(st.lists(st.sampled_from(fields or ["x"]), unique=True))
    }
    if name == "dealer:act" and data.draw(st.booleans()):
        posted["step"] = str(round.step)  # a form of the round in play, so the action itself is read
        actions = st.sampled_from(["deal", "stand", "call", "take", "pay", "mark", "collect"])
        posted["do"] = data.draw(st.one_of(actions, HOSTILE))
    args = {"dealer:act": [round.pk], "dealer:next": [round.session_id]}.get(name, [])
    htmx = data.draw(st.booleans())

    response = dealer_client.post(reverse(name, args=args), posted, headers=HX if htmx else {})

    assert response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR, (name, posted)
