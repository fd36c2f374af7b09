"""Password-reset links an instructor makes for a learner of their class: made once, used once.

The instructor's side goes through the admin (the learner's page, the "make" page, the list of
links); the learner's side through ``/accounts/recover/<token>/``, without logging in.
"""

from datetime import timedelta
from http import HTTPStatus
from urllib.parse import quote

import pytest
from django.contrib.auth import SESSION_KEY, get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts import services
from accounts.models import ResetLink
from accounts.services import token_hash
from instructors.roles import ensure_instructors_group
from tests.factories import MembershipFactory, UserFactory, two_instructors_each_with_a_class
from tests.races import together

NEW_PASSWORD = "blue-lantern-harbour-42"


@pytest.fixture
def world(db):
    world = two_instructors_each_with_a_class()
    mine, theirs = UserFactory(username="alice-in-a"), UserFactory(username="bob-in-b")
    MembershipFactory(user=mine, classroom=world["class_a"])
    MembershipFactory(user=theirs, classroom=world["class_b"])
    return world | {"mine": mine, "theirs": theirs}


@pytest.fixture
def as_a(world):
    client = Client()
    client.force_login(world["a"])
    return client


def make_url(user) -> str:
    return reverse("admin:accounts_resetlink_make", args=[user.pk])


def make_link(client, user) -> str:
    """The instructor presses the button; the token shown on the page that answers."""
    response = client.post(make_url(user))
    assert response.status_code == HTTPStatus.OK
    return response.context["token"]


def use_url(token: str) -> str:
    return reverse("reset-link", args=[token])


def set_password(token: str, password: str = NEW_PASSWORD, client=None):
    client = client or Client()
    return client.post(use_url(token), {"new_password1": password, "new_password2": password})


# --- Making a link --------------------------------------------------------------------


def test_the_learners_admin_page_offers_the_button_to_make_a_link(as_a, world):
    html = as_a.get(reverse("admin:accounts_learner_change", args=[world["mine"].pk])).content.decode()

    assert make_url(world["mine"]) in html
    assert "Make a password-reset link" in html


def test_opening_the_make_page_makes_no_link(as_a, world):
    response = as_a.get(make_url(world["mine"]))

    assert response.status_code == HTTPStatus.OK
    assert "Make the link" in response.content.decode()
    assert not ResetLink.objects.exists()


def test_a_made_link_is_shown_once_with_its_expiry_and_recorded_only_as_a_hash(as_a, world):
    before = timezone.now()
    response = as_a.post(make_url(world["mine"]))
    html = response.content.decode()
    token = response.context["token"]

    link = ResetLink.objects.get()
    assert response.status_code == HTTPStatus.OK
    assert response.context["url"] in html
    assert token in html
    assert "It works once, until" in html
    assert "no-store" in response["Cache-Control"]
    assert (link.user, link.created_by, link.used_at, link.voided_at) == (
        world["mine"],
        world["a"],
        None,
        None,
    )
    assert link.token_hash == token_hash(token) != token
    assert timedelta(hours=23, minutes=59) < link.expires_at - before <= timedelta(hours=24, seconds=5)
    for field in ResetLink._meta.concrete_fields:
        assert services.token_normalise(token) not in str(getattr(link, field.attname))


def test_the_made_link_is_not_shown_again_in_the_admin(as_a, world):
    token = make_link(as_a, world["mine"])
    link = ResetLink.objects.get()

    for url in (
        reverse("admin:accounts_resetlink_changelist"),
        reverse("admin:accounts_resetlink_change", args=[link.pk]),
        make_url(world["mine"]),
    ):
        html = as_a.get(url).content.decode()
        assert token not in html
        assert services.token_normalise(token) not in html


def test_a_new_link_voids_the_learners_earlier_unused_links(as_a, world):
    first = make_link(as_a, world["mine"])
    second = make_link(as_a, world["mine"])

    refused = Client().get(use_url(first))

    assert refused.status_code == HTTPStatus.GONE
    assert "replaced by a newer one" in refused.content.decode()
    assert Client().get(use_url(second)).status_code == HTTPStatus.OK
    assert ResetLink.objects.filter(voided_at__isnull=False).count() == 1


def test_an_instructor_cannot_make_a_link_for_a_learner_outside_their_classes(as_a, world):
    for method in (as_a.get, as_a.post):
        response = method(make_url(world["theirs"]))

        assert response.status_code == HTTPStatus.NOT_FOUND
        assert "only for a learner of one of your classes" in response.content.decode()
    assert not ResetLink.objects.exists()


def test_an_unknown_account_gets_the_same_answer_as_another_instructors_learner(as_a, world):
    response = as_a.post(reverse("admin:accounts_resetlink_make", args=[999_999]))

    assert response.status_code == HTTPStatus.NOT_FOUND
    assert "only for a learner of one of your classes" in response.content.decode()


def test_no_link_is_made_for_an_instructor_or_a_superuser_even_in_the_class(as_a, world):
    colleague = UserFactory(instructor=True, username="co-teacher")
    admin_user = UserFactory(username="root", is_superuser=True)
    for user in (colleague, admin_user):
        MembershipFactory(user=user, classroom=world["class_a"])

        response = as_a.post(make_url(user))

        assert response.status_code == HTTPStatus.FORBIDDEN
        assert "for learners only" in response.content.decode()
    assert not ResetLink.objects.exists()


def test_a_superuser_cannot_make_a_link_for_an_instructor_either(world):
    client = Client()
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))

    assert client.post(make_url(world["a"])).status_code == HTTPStatus.FORBIDDEN
    assert client.post(make_url(world["theirs"])).status_code == HTTPStatus.OK


def test_a_learner_cannot_make_links(world):
    client = Client()
    client.force_login(world["theirs"])

    response = client.post(make_url(world["mine"]))

    assert response.status_code == HTTPStatus.FOUND  # to the admin's log-in page
    assert not ResetLink.objects.exists()


def test_a_staff_user_outside_the_instructors_group_cannot_make_links(world):
    client = Client()
    client.force_login(UserFactory(instructor=True, username="staff-only"))

    assert client.post(make_url(world["mine"])).status_code == HTTPStatus.FORBIDDEN
    assert not ResetLink.objects.exists()


def test_the_admin_lists_only_the_links_of_the_instructors_own_learners(as_a, world):
    make_link(as_a, world["mine"])
    other = Client()
    other.force_login(world["b"])
    make_link(other, world["theirs"])

    html = as_a.get(reverse("admin:accounts_resetlink_changelist")).content.decode()
    theirs = ResetLink.objects.get(user=world["theirs"])

    assert "alice-in-a" in html
    assert "bob-in-b" not in html
    assert (
        as_a.get(reverse("admin:accounts_resetlink_change", args=[theirs.pk])).status_code == HTTPStatus.FOUND
    )


def test_recorded_links_are_read_only_in_the_admin(as_a, world):
    make_link(as_a, world["mine"])
    link = ResetLink.objects.get()

    page = as_a.get(reverse("admin:accounts_resetlink_change", args=[link.pk]))
    add = as_a.get(reverse("admin:accounts_resetlink_add"))
    post = as_a.post(reverse("admin:accounts_resetlink_change", args=[link.pk]), {"used_at": ""})

    assert page.status_code == HTTPStatus.OK
    assert "not used yet" in page.content.decode()
    assert add.status_code == HTTPStatus.FORBIDDEN
    assert post.status_code == HTTPStatus.FORBIDDEN


# --- Using a link ---------------------------------------------------------------------


def test_a_learner_sets_a_new_password_through_the_link_without_logging_in(as_a, world):
    token = make_link(as_a, world["mine"])
    client = Client()

    page = client.get(use_url(token))
    response = set_password(token, client=client)

    assert page.status_code == HTTPStatus.OK
    assert "alice-in-a" in page.content.decode()  # the learner sees their username
    assert response.status_code == HTTPStatus.FOUND
    assert response["Location"] == reverse("login")
    world["mine"].refresh_from_db()
    assert world["mine"].check_password(NEW_PASSWORD)
    assert ResetLink.objects.get().used_at is not None
    logged_in = client.post(reverse("login"), {"username": "alice-in-a", "password": NEW_PASSWORD})
    assert logged_in.status_code == HTTPStatus.FOUND
    assert client.session[SESSION_KEY] == str(world["mine"].pk)


def test_the_token_works_typed_in_small_letters_and_without_hyphens(as_a, world):
    token = make_link(as_a, world["mine"])

    typed = Client().get(reverse("reset-code"), {"code": token.lower().replace("-", " ")})

    assert typed.status_code == HTTPStatus.FOUND
    assert Client().get(typed["Location"]).status_code == HTTPStatus.OK


def test_a_reset_code_that_is_not_a_code_is_refused_on_the_code_form(db):
    response = Client().get(reverse("reset-code"), {"code": "----"})

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert "not a complete reset link" in response.content.decode()


def test_the_new_password_must_pass_djangos_password_validators(as_a, world):
    token = make_link(as_a, world["mine"])

    response = set_password(token, "12345678")

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert "This password is too common." in response.content.decode()
    assert ResetLink.objects.get().used_at is None
    assert Client().get(use_url(token)).status_code == HTTPStatus.OK


def test_mismatched_passwords_are_refused_and_leave_the_link_usable(as_a, world):
    token = make_link(as_a, world["mine"])

    response = Client().post(use_url(token), {"new_password1": NEW_PASSWORD, "new_password2": "other"})

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert ResetLink.objects.get().used_at is None


def test_a_second_use_of_a_link_is_refused_with_410(as_a, world):
    token = make_link(as_a, world["mine"])
    set_password(token)

    page = Client().get(use_url(token))
    again = set_password(token, "another-lantern-99")

    for response in (page, again):
        assert response.status_code == HTTPStatus.GONE
        assert "already been used" in response.content.decode()
    world["mine"].refresh_from_db()
    assert world["mine"].check_password(NEW_PASSWORD)


def test_an_expired_link_is_refused_with_410(as_a, world):
    token = make_link(as_a, world["mine"])
    ResetLink.objects.update(expires_at=timezone.now() - timedelta(seconds=1))

    for response in (Client().get(use_url(token)), set_password(token)):
        assert response.status_code == HTTPStatus.GONE
        assert "has expired" in response.content.decode()
    world["mine"].refresh_from_db()
    assert not world["mine"].check_password(NEW_PASSWORD)


def test_an_unknown_token_is_refused_with_404(db):
    token = "ABCD-EFGH-JKMN-PQRS-TUVW"

    for response in (Client().get(use_url(token)), set_password(token)):
        assert response.status_code == HTTPStatus.NOT_FOUND
        assert "does not exist" in response.content.decode()


@pytest.mark.parametrize(
    "token",
    [
        "short",
        "ABCD-EFGH-JKMN-PQRS-TUV0",
        "x" * 500,
        "ABCD-EFGH-JKMN-PQRS-TUVW-ABCD",
        "%00",
        "ÄBCD-EFGH-JKMN-PQRS-TUVW",
    ],
)
def test_a_malformed_token_is_refused_with_400(db, token):
    for response in (Client().get(use_url(token)), set_password(token)):
        assert response.status_code == HTTPStatus.BAD_REQUEST
        assert "not a complete reset link" in response.content.decode()


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(token=st.text(max_size=60), password=st.text(max_size=40))
def test_no_token_or_code_typed_or_posted_is_answered_with_a_5xx(db, token, password):
    client = Client(raise_request_exception=False)
    path = reverse("reset-code") + quote(token, safe="") + "/"
    for response in (
        client.get(path),
        client.post(path, {"new_password1": password, "new_password2": password}),
        client.get(reverse("reset-code"), {"code": token}),
    ):
        assert response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR, (token, response.status_code)


def test_a_link_for_a_deactivated_account_does_not_work(as_a, world):
    token = make_link(as_a, world["mine"])
    get_user_model().objects.filter(pk=world["mine"].pk).update(is_active=False)

    assert Client().get(use_url(token)).status_code == HTTPStatus.NOT_FOUND
    assert as_a.post(make_url(world["mine"])).status_code == HTTPStatus.CONFLICT


def test_the_reset_ends_every_session_the_learner_had(as_a, world):
    token = make_link(as_a, world["mine"])
    elsewhere = Client()
    elsewhere.force_login(world["mine"])
    assert elsewhere.get(reverse("join")).status_code == HTTPStatus.OK

    set_password(token)

    assert elsewhere.get(reverse("join")).status_code == HTTPStatus.FOUND  # to log in
    assert SESSION_KEY not in elsewhere.session


def test_a_doubled_submit_sets_the_password_once(as_a, world):
    token = make_link(as_a, world["mine"])

    first = set_password(token, NEW_PASSWORD)
    second = set_password(token, "second-lantern-77")

    assert (first.status_code, second.status_code) == (HTTPStatus.FOUND, HTTPStatus.GONE)
    world["mine"].refresh_from_db()
    assert world["mine"].check_password(NEW_PASSWORD)


def test_a_reset_clears_the_learners_failed_log_ins(as_a, world):
    client = Client()
    for _ in range(5):
        client.post(reverse("login"), {"username": "alice-in-a", "password": "wrong"})
    locked = client.post(
        reverse("login"), {"username": "alice-in-a", "password": "correct horse battery staple"}
    )
    assert locked.status_code == HTTPStatus.TOO_MANY_REQUESTS
    token = make_link(as_a, world["mine"])

    set_password(token)

    assert (
        client.post(reverse("login"), {"username": "alice-in-a", "password": NEW_PASSWORD}).status_code == 302
    )


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_racing_submits_of_one_link_set_the_password_exactly_once():
    ensure_instructors_group()
    learner = UserFactory(username="racer")
    teacher = UserFactory(username="root", is_staff=True, is_superuser=True)
    _, token = services.reset_link_make(actor=teacher, learner=learner)

    def submit(client):
        return client.post(use_url(token), {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})

    statuses = together(8, submit)

    assert sorted(statuses) == [HTTPStatus.FOUND] + [HTTPStatus.GONE] * 7
    assert ResetLink.objects.get().used_at is not None
