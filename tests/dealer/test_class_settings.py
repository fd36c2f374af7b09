"""The instructor sets a class's dealer-mode standard, commission procedure and house rounding in the
class admin; a dealer table opened afterwards takes them."""

from http import HTTPStatus

import pytest
from django.urls import reverse

from dealer.services import session_open
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Dealer school",
    "instructors": [],
    "audience": "adults",
    "helpline": "",
    "join_code_expires_at_0": "2030-01-01",
    "join_code_expires_at_1": "00:00:00",
    "starting_balance": "100.00",
    "memberships-TOTAL_FORMS": "0",
    "memberships-INITIAL_FORMS": "0",
}


def test_the_class_admin_saves_the_dealer_settings_and_refuses_a_standard_out_of_range(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    classroom = ClassroomFactory()
    url = reverse("admin:accounts_classroom_change", args=[classroom.pk])
    assert 'name="dealer_round_seconds"' in client.get(url).content.decode()
    settings = {"dealer_round_seconds": "15", "dealer_commission": "box", "dealer_house_rounding": "on"}
    assert client.post(url, {**FORM, **settings}).status_code == HTTPStatus.FOUND
    classroom.refresh_from_db()
    assert (classroom.dealer_round_seconds, classroom.dealer_commission, classroom.dealer_house_rounding) == (
        15,
        "box",
        True,
    )
    refused = client.post(url, {**FORM, "dealer_round_seconds": "500", "dealer_commission": "box"})
    assert refused.status_code == HTTPStatus.OK and b"errorlist" in refused.content
    learner = UserFactory()
    MembershipFactory(user=learner, classroom=classroom)
    session = session_open(user=learner, seats=3, preset="standard")
    assert (session.standard_seconds, session.commission, session.house_rounding) == (15, "box", True)
