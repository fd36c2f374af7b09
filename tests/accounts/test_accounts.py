"""Learner accounts: sign-up with or without a class code, joining later, log-in throttling."""

from datetime import timedelta
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from accounts.models import Classroom, Membership
from accounts.services import ALREADY_MEMBER, JOIN_CODE_EXPIRED, JOIN_CODE_UNKNOWN
from table.services import seat_for_learner
from tests.factories import UserFactory

User = get_user_model()
PASSWORD = "a sturdy passphrase 2026"


@pytest.fixture
def classroom(db):
    return Classroom.objects.create(
        name="Year 10 maths", starting_balance=Decimal("250.00"), presets=["no-commission"]
    )


def signup(client, **extra):
    data = {"username": "newlearner", "password1": PASSWORD, "password2": PASSWORD, **extra}
    return client.post(reverse("signup"), data)


def test_signing_up_without_a_code_creates_a_learner_in_no_class_and_logs_in(client):
    response = signup(client)

    assert response.status_code == HTTPStatus.FOUND
    user = User.objects.get(username="newlearner")
    assert not user.is_staff and not Membership.objects.filter(user=user).exists()
    assert client.get(reverse("home")).context["user"] == user


def test_signing_up_with_a_code_joins_that_class_and_takes_its_table_settings(client, classroom):
    response = signup(client, join_code=classroom.join_code.lower(), email="new@school.example")

    assert response.status_code == HTTPStatus.FOUND
    user = User.objects.get(username="newlearner")
    assert list(Membership.objects.filter(user=user).values_list("classroom", flat=True)) == [classroom.pk]
    seat = seat_for_learner(user=user)
    assert (seat.balance, seat.preset) == (Decimal("250.00"), "no-commission")


@pytest.mark.parametrize(
    ("code", "message"),
    [("NOPE1234", JOIN_CODE_UNKNOWN), ("expired", JOIN_CODE_EXPIRED)],
)
def test_a_wrong_or_expired_code_refuses_the_sign_up_with_a_clear_400(client, classroom, code, message):
    if code == "expired":
        Classroom.objects.filter(pk=classroom.pk).update(
            join_code_expires_at=timezone.now() - timedelta(days=1)
        )
        code = classroom.join_code

    response = signup(client, join_code=code)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert escape(str(message)) in response.content.decode()
    assert not User.objects.filter(username="newlearner").exists()


def test_a_taken_username_or_a_weak_password_is_refused(client, db):
    UserFactory(username="newlearner")

    taken = signup(client)
    weak = client.post(reverse("signup"), {"username": "other", "password1": "12345", "password2": "12345"})

    assert taken.status_code == weak.status_code == HTTPStatus.BAD_REQUEST
    assert User.objects.filter(username="other").count() == 0


def test_a_learner_joins_a_class_later_once(client, classroom):
    learner = UserFactory()
    client.force_login(learner)

    joined = client.post(reverse("join"), {"join_code": f" {classroom.join_code} "})
    again = client.post(reverse("join"), {"join_code": classroom.join_code})
    wrong = client.post(reverse("join"), {"join_code": "ZZZZZZZZ"})

    assert joined.status_code == HTTPStatus.FOUND
    assert again.status_code == wrong.status_code == HTTPStatus.BAD_REQUEST
    assert escape(str(ALREADY_MEMBER)) in again.content.decode()
    assert escape(str(JOIN_CODE_UNKNOWN)) in wrong.content.decode()
    assert Membership.objects.filter(user=learner).count() == 1


def test_joining_needs_an_account(client, db):
    response = client.get(reverse("join"))

    assert response.status_code == HTTPStatus.FOUND and response["Location"].startswith(reverse("login"))


def test_repeated_failed_log_ins_are_throttled_even_with_the_right_password_afterwards(client, db):
    UserFactory(username="target", password=PASSWORD)
    statuses = [
        client.post(reverse("login"), {"username": "target", "password": "guess"}).status_code
        for _ in range(5)
    ]
    assert statuses == [HTTPStatus.OK] * 4 + [HTTPStatus.TOO_MANY_REQUESTS]  # the fifth failure locks

    locked = client.post(reverse("login"), {"username": "target", "password": PASSWORD})

    assert locked.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert b"Too many failed log-ins" in locked.content
    assert "_auth_user_id" not in client.session


def test_a_good_log_in_before_the_limit_works_and_resets_the_count(client, db):
    UserFactory(username="target", password=PASSWORD)
    for _ in range(3):
        client.post(reverse("login"), {"username": "target", "password": "guess"})

    response = client.post(reverse("login"), {"username": "target", "password": PASSWORD})

    assert response.status_code == HTTPStatus.FOUND
    assert "_auth_user_id" in client.session


def test_a_learner_changes_their_password(client, db):
    learner = UserFactory(password=PASSWORD)
    client.force_login(learner)

    response = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "another good phrase 99",
            "new_password2": "another good phrase 99",
        },
    )

    assert response.status_code == HTTPStatus.FOUND
    learner.refresh_from_db()
    assert learner.check_password("another good phrase 99")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"old_password": "not it", "new_password1": "x phrase 99 ok", "new_password2": "x phrase 99 ok"},
            "incorrect",
        ),
        (
            {"old_password": PASSWORD, "new_password1": "x phrase 99 ok", "new_password2": "x phrase 98 ok"},
            "didn",
        ),
        ({}, "This field is required"),
    ],
)
def test_a_refused_password_change_is_a_400_with_the_reason_and_changes_nothing(client, db, data, message):
    learner = UserFactory(password=PASSWORD)
    client.force_login(learner)

    response = client.post(reverse("password_change"), data)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert message in response.content.decode()
    learner.refresh_from_db()
    assert learner.check_password(PASSWORD)


def test_the_class_restricts_which_tables_its_learners_may_choose(client, classroom):
    learner = UserFactory()
    Membership.objects.create(user=learner, classroom=classroom)
    client.force_login(learner)

    response = client.post(
        reverse("table:seat-preset"), {"preset": "standard"}, headers={"HX-Request": "true"}
    )

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert b"Your class does not use the Standard table." in response.content


@pytest.mark.parametrize("with_code", [True, False], ids=["join code", "no code"])
def test_a_new_learner_starts_at_the_table_with_coach_mode_on_with_or_without_a_join_code(
    client, classroom, course, with_code
):
    """The README: coach mode is on for new learners, those who come with their class's code too."""
    signup(client, **({"join_code": classroom.join_code} if with_code else {}))

    page = client.get(reverse("table:play"))

    assert page.status_code == HTTPStatus.OK
    assert page.context["seat"].coach_mode
    assert "Coach mode (“you call it”) is <strong>on</strong>" in page.content.decode()
