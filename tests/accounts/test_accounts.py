"""Learner accounts: sign-up with or without a class code, joining later, log-in throttling."""

from datetime import timedelta
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from accounts.models import Classroom, Membership
from accounts.services import ALREADY_MEMBER, JOIN_CODE_EXPIRED, JOIN_CODE_UNKNOWN
from table.services import seat_open
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory
from tests.support import HX

User = get_user_model()
PASSWORD = "a sturdy passphrase 2026"


@pytest.fixture
def classroom(db):
    return ClassroomFactory(
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
    seat = seat_open(user=user)
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
    MembershipFactory(user=learner, classroom=classroom)
    client.force_login(learner)

    response = client.post(reverse("table:seat-preset"), {"preset": "standard"}, headers=HX)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert b"Your class does not use the Standard table." in response.content


# --- Sign-ups and joins are limited per client address and hour ---------------------------------


def signup_as(number: int, *, address: str = "203.0.113.7", **extra):
    """Sign up learner ``number`` from the client ``address``, with a fresh client each time."""
    data = {"username": f"pupil{number}", "password1": PASSWORD, "password2": PASSWORD, **extra}
    return Client(REMOTE_ADDR=address).post(reverse("signup"), data)


@override_settings(SIGNUPS_PER_CLIENT=100, JOINS_PER_CLIENT=15)
def test_a_script_signing_up_with_one_classs_code_is_stopped_at_the_join_limit(classroom):
    """The finding's 150 sign-ups with one class's code from one client, scaled down to 30."""
    statuses = [signup_as(n, join_code=classroom.join_code).status_code for n in range(30)]

    assert statuses == [HTTPStatus.FOUND] * 15 + [HTTPStatus.TOO_MANY_REQUESTS] * 15
    assert classroom.memberships.count() == 15
    assert User.objects.filter(username__startswith="pupil").count() == 15  # a refused one makes no account
    from_elsewhere = signup_as(99, address="198.51.100.2", join_code=classroom.join_code)
    assert from_elsewhere.status_code == HTTPStatus.FOUND


@override_settings(SIGNUPS_PER_CLIENT=3)
def test_sign_ups_without_a_code_are_limited_too_and_the_refusal_says_when_to_try_again(db):
    statuses = [signup_as(n).status_code for n in range(3)]
    refused = signup_as(3)

    assert statuses == [HTTPStatus.FOUND] * 3
    assert refused.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert 3590 <= int(refused["Retry-After"]) <= 3600
    html = refused.content.decode()
    assert escape("Too many accounts were made from your network in the last hour") in html
    assert "Try again in 60 minutes" in html
    assert 'name="username"' in html
    assert not User.objects.filter(username="pupil3").exists()


@override_settings(SIGNUPS_PER_CLIENT=1)
def test_a_refused_sign_up_form_does_not_count(db):
    weak = Client(REMOTE_ADDR="203.0.113.7").post(
        reverse("signup"), {"username": "pupil0", "password1": "12345", "password2": "12345"}
    )

    assert weak.status_code == HTTPStatus.BAD_REQUEST
    assert signup_as(0).status_code == HTTPStatus.FOUND


@override_settings(JOINS_PER_CLIENT=2)
def test_joins_on_the_join_page_are_limited_per_client_and_a_refused_code_does_not_count(classroom):
    others = [ClassroomFactory(name=f"Class {n}") for n in range(2)]

    def join_as(user, code):
        client = Client(REMOTE_ADDR="203.0.113.7")
        client.force_login(user)
        return client.post(reverse("join"), {"join_code": code})

    wrong = join_as(UserFactory(), "ZZZZZZZZ")
    first = join_as(UserFactory(), classroom.join_code)
    second = join_as(UserFactory(), others[0].join_code)
    third = join_as(UserFactory(), others[1].join_code)

    assert wrong.status_code == HTTPStatus.BAD_REQUEST
    assert (first.status_code, second.status_code) == (HTTPStatus.FOUND, HTTPStatus.FOUND)
    assert third.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert "Retry-After" in third
    assert (
        escape("Too many learners joined a class from your network in the last hour")
        in third.content.decode()
    )
    assert not others[1].memberships.exists()


@override_settings(SIGNUPS_PER_CLIENT=5, JOINS_PER_CLIENT=1)
@pytest.mark.parametrize(
    ("language", "words"),
    [("de", "Versuche es in 60 Minuten erneut"), ("id", "Coba lagi dalam 60 menit")],
)
def test_the_join_refusal_is_in_the_learners_language(classroom, language, words):
    client = Client(REMOTE_ADDR="203.0.113.7", headers={"accept-language": language})
    signup_as(0, join_code=classroom.join_code)

    refused = client.post(
        reverse("signup"),
        {
            "username": "pupil1",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "join_code": classroom.join_code,
        },
    )

    assert refused.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert words in refused.content.decode()


@override_settings(SIGNUPS_PER_CLIENT=2, TRUSTED_PROXIES=["10.0.0.0/8"])
def test_behind_a_trusted_proxy_sign_ups_count_against_the_forwarded_client(db):
    def through_proxy(number: int, client_address: str):
        data = {"username": f"pupil{number}", "password1": PASSWORD, "password2": PASSWORD}
        client = Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=client_address)
        return client.post(reverse("signup"), data).status_code

    statuses = [through_proxy(n, "203.0.113.7") for n in range(3)] + [through_proxy(9, "203.0.113.8")]

    assert statuses == [HTTPStatus.FOUND] * 2 + [HTTPStatus.TOO_MANY_REQUESTS, HTTPStatus.FOUND]


@override_settings(SIGNUPS_PER_CLIENT=0)
def test_a_limit_of_zero_refuses_every_sign_up_for_the_hour(db):
    refused = signup_as(0)

    assert refused.status_code == HTTPStatus.TOO_MANY_REQUESTS
    assert refused["Retry-After"] == "3600"


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
