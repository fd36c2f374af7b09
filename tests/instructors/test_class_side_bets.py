"""The instructor ticks each class's side bets in its admin page, from the bet registry; only registry keys
are stored, and the class's learners see those spots at the table."""

from __future__ import annotations

from http import HTTPStatus

import pytest
from django.urls import reverse

from accounts.models import DEFAULT_SIDE_BETS, Classroom
from baccarat import all_bets
from tests.engine.test_bets import ANY_NATURAL, throwaway_bet  # noqa: F401  (the fixture)
from tests.factories import MembershipFactory, SeatFactory, UserFactory, two_instructors_each_with_a_class
from tests.support import parse

FORM = {
    "name": "Evening class",
    "join_code_expires_at_0": "2030-01-01",
    "join_code_expires_at_1": "12:00:00",
    "starting_balance": "100.00",
    "memberships-TOTAL_FORMS": "0",
    "memberships-INITIAL_FORMS": "0",
}


@pytest.fixture
def world(db):
    return two_instructors_each_with_a_class()


@pytest.fixture
def as_a(client, world):
    client.force_login(world["a"])
    return client


def side_bet_boxes(html: bytes) -> dict[str, bool]:
    """The side-bet checkboxes of the class form: key -> ticked."""
    return {
        box.attrs["value"]: "checked" in box.attrs
        for box in parse(html).find_all("input", type="checkbox", name="side_bets")
    }


def test_the_class_form_offers_every_registered_side_bet_with_the_defaults_ticked(as_a):
    boxes = side_bet_boxes(as_a.get(reverse("admin:accounts_classroom_add")).content)
    assert list(boxes) == [spec.key for spec in all_bets() if spec.is_side_bet]
    assert [key for key, ticked in boxes.items() if ticked] == list(DEFAULT_SIDE_BETS)


def test_a_registered_side_bet_is_offered_to_tick_with_no_other_change(as_a, throwaway_bet):  # noqa: F811
    assert ANY_NATURAL in side_bet_boxes(as_a.get(reverse("admin:accounts_classroom_add")).content)


def test_the_class_stores_only_registry_keys(as_a):
    unknown = as_a.post(
        reverse("admin:accounts_classroom_add"), {**FORM, "side_bets": ["lion_banker", "roulette"]}
    )
    main = as_a.post(reverse("admin:accounts_classroom_add"), {**FORM, "side_bets": ["player"]})
    ticked = as_a.post(reverse("admin:accounts_classroom_add"), {**FORM, "side_bets": ["lion_banker"]})

    assert unknown.status_code == HTTPStatus.OK and "roulette" in unknown.content.decode()
    assert main.status_code == HTTPStatus.OK  # a main bet is not a side bet to tick
    assert ticked.status_code == HTTPStatus.FOUND
    assert [classroom.side_bets for classroom in Classroom.objects.filter(name="Evening class")] == [
        ["lion_banker"]
    ]


def test_unticking_every_side_bet_takes_them_off_the_learners_felt(client, as_a, world):
    classroom = world["class_a"]
    change = reverse("admin:accounts_classroom_change", args=[classroom.pk])
    data = {**FORM, "name": classroom.name, "presets": ["standard", "no-commission"]}
    assert as_a.post(change, data).status_code == HTTPStatus.FOUND
    assert Classroom.objects.get(pk=classroom.pk).side_bets == []

    learner = UserFactory()
    MembershipFactory(user=learner, classroom=classroom)
    SeatFactory(user=learner)
    client.force_login(learner)
    felt = parse(client.get(reverse("table:play")).content)
    assert [field.attrs["name"] for field in felt.find_all("input", class_="spot-field")] == [
        "stake_player",
        "stake_banker",
        "stake_tie",
    ]
