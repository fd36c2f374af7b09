"""Every admin list page filters only by what it declares, and no admin page shows a shoe or a password hash.

Django's admin used to accept a lookup on any field in a list page's query string: the result
count then answered one yes/no question per request about a value the page never shows (the
undealt cards of a seat, a password's hash). Each registered admin is walked here, as a superuser
and as the demo instructor, over the data ``manage.py seed_demo`` writes.
"""

from __future__ import annotations

import re
from datetime import timedelta
from decimal import Decimal
from http import HTTPStatus

import pytest
from axes.models import AccessFailureLog
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import transaction
from django.db.models import Field
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from accounts.models import Classroom, ResetLink
from accounts.services import reset_link_make, token_normalise
from classtable import services as classtable_services
from classtable.models import ClassTable
from common.admin import DeclaredLookupsOnly
from ops import demo
from ops.management.commands import seed_demo
from progress.models import Assignment
from table.bets import stake_on
from table.models import Seat
from tests.auditions.support import signed_audition
from tests.factories import AssignmentFactory, UserFactory, arrange_class_shoe

User = get_user_model()
ADMINS = {f"{model._meta.app_label}_{model._meta.model_name}": model for model in admin.site._registry}
RESULT_COUNT = re.compile(r"\b\d+\s+results?\b|\b\d+\s+selected\b")
WRONG_PASSWORD = "a-typed-guess-never-shown-5150"


def changelist(name: str) -> str:
    return reverse(f"admin:{name}_changelist")


def model_admin(name: str):
    return admin.site.get_model_admin(ADMINS[name])


@pytest.fixture(scope="module")
def seeded(django_db_setup, django_db_blocker):
    """The demo's data, a superuser, and log-in records: written once, rolled back after the module."""
    fast_hashing = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    with django_db_blocker.unblock(), transaction.atomic():
        with override_settings(PASSWORD_HASHERS=fast_hashing):
            seed_demo.seed()
            UserFactory(username="root", is_staff=True, is_superuser=True)
            AssignmentFactory(
                classroom=Classroom.objects.get(name=demo.DEMO_CLASS),
                kind=Assignment.Kind.DRILL_MASTERY,
                due_at=timezone.now() + timedelta(days=7),
            )
            signed_audition(Classroom.objects.get(name=demo.DEMO_CLASS))
            # A real failed log-in (axes keeps its form data) and a real successful one.
            Client().post(reverse("login"), {"username": "demo-learner-2", "password": WRONG_PASSWORD})
            Client().post(
                reverse("login"), {"username": "demo-learner-1", "password": demo.DEMO_LEARNER_PASSWORD}
            )
            # A password-reset link the demo instructor made for a learner (its token is a secret too).
            instructor = User.objects.get(username=demo.DEMO_INSTRUCTOR)
            RESET_TOKENS.append(
                reset_link_make(actor=instructor, learner=User.objects.get(username="demo-learner-4"))[1]
            )
            class_table_seed(instructor)
            AccessFailureLog.objects.create(
                username="demo-learner-3",
                ip_address="127.0.0.1",
                user_agent="test",
                path_info="/accounts/login/",
            )
        yield
        transaction.set_rollback(True)


def class_table_seed(instructor) -> None:
    """A class-table session of the demo class with a confirmed bet and a call (its shoe is a secret too)."""
    demo_class = Classroom.objects.get(name=demo.DEMO_CLASS)
    table = classtable_services.class_table_open(
        user=instructor,
        classroom_id=demo_class.pk,
        preset=demo_class.presets[0] if demo_class.presets else "standard",
    )
    arrange_class_shoe(table, "3 7 3 K")
    learner = User.objects.get(username="demo-learner-1")
    classtable_services.seat_join(user=learner, table_id=table.pk)
    classtable_services.bets_confirm(
        user=learner, table_id=table.pk, round_number=1, bets=[stake_on("player", Decimal(10))]
    )
    classtable_services.bets_close(user=instructor, table_id=table.pk, round_number=1)
    for index in range(4):
        classtable_services.card_deal(
            user=instructor, table_id=table.pk, round_number=1, expected_index=index
        )
    classtable_services.draw_call(
        user=learner, table_id=table.pk, round_number=1, question="player_draw", answer="stands"
    )


@pytest.fixture
def as_root(seeded, db, client):
    client.force_login(User.objects.get(username="root"))
    return client


@pytest.fixture
def as_teacher(seeded, db, client):
    client.force_login(User.objects.get(username=demo.DEMO_INSTRUCTOR))
    return client


@pytest.fixture
def as_clerk(seeded, db, client):
    """A staff user who may only view users: the password is shown as a read-only field."""
    clerk = UserFactory(username="clerk", is_staff=True)
    clerk.user_permissions.add(Permission.objects.get(codename="view_user"))
    client.force_login(clerk)
    return client


def assert_refused(response):
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert not RESULT_COUNT.search(response.content.decode())


# --- Every admin -------------------------------------------------------------------------------


def test_every_registered_admin_filters_only_by_its_declared_filters():
    assert {
        name for name, model in ADMINS.items() if not isinstance(model_admin(name), DeclaredLookupsOnly)
    } == set()
    assert {"auth_user", "auth_group", "axes_accessattempt", "table_seat", "accounts_learner"} <= set(ADMINS)


@pytest.mark.parametrize("name", sorted(ADMINS))
def test_each_filter_an_admin_declares_answers_every_choice_it_offers(as_root, name):
    listing = as_root.get(changelist(name))
    assert listing.status_code == HTTPStatus.OK
    specs = listing.context["cl"].filter_specs
    declared = model_admin(name).get_list_filter(listing.wsgi_request)

    assert len(specs) == len(declared)  # the seeded data gives every declared filter something to offer
    for spec in specs:
        for choice in spec.choices(listing.context["cl"]):
            response = as_root.get(changelist(name) + choice["query_string"])
            assert response.status_code == HTTPStatus.OK, (spec.title, choice["query_string"])
            assert "e=1" not in response.get("Location", "")


@pytest.mark.parametrize("name", sorted(name for name in ADMINS if model_admin(name).date_hierarchy))
def test_the_date_hierarchy_of_an_admin_answers(as_root, name):
    field = model_admin(name).date_hierarchy
    today = timezone.localdate()

    response = as_root.get(
        changelist(name),
        {f"{field}__year": today.year, f"{field}__month": today.month, f"{field}__day": today.day},
    )

    assert response.status_code == HTTPStatus.OK


@pytest.mark.parametrize("name", sorted(ADMINS))
def test_a_lookup_outside_an_admins_declared_filters_is_a_400_without_a_result_count(as_root, name):
    model = ADMINS[name]
    specs = as_root.get(changelist(name)).context["cl"].filter_specs
    declared = {parameter for spec in specs for parameter in spec.expected_parameters()}
    lookups = [(f"{model._meta.pk.name}__gt", "0")]
    for field in model._meta.get_fields():
        if isinstance(field, Field) and field.concrete:
            lookups += [(f"{field.name}__regex", "."), (field.name, "x")]

    for lookup, value in lookups:
        if lookup not in declared:  # e.g. ``path_info`` is the parameter of axes' own filter on it
            assert_refused(as_root.get(changelist(name), {lookup: value}))


# --- The two reproductions ------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["as_teacher", "as_root"])
def test_the_undealt_cards_of_a_seat_cannot_be_read_through_a_regex_on_the_seat_list(
    request, seeded, db, who
):
    client = request.getfixturevalue(who)
    seat = Seat.objects.get(user__username="demo-learner-1", kind="table")
    _format, decks, _cut, position, cards = seat.shoe_state.split(".")
    probe = rf"^s1\.{decks}\.\d+\.{position}\.[^.]{{{position}}}[{cards[int(position)]}]"
    assert Seat.objects.filter(pk=seat.pk, shoe_state__regex=probe).exists()  # the question it would answer

    response = client.get(changelist("table_seat"), {"q": "demo-learner-1", "shoe_state__regex": probe})

    assert_refused(response)


def test_a_password_hash_cannot_be_read_through_the_learner_list_or_the_user_list(as_teacher):
    learner = User.objects.get(username="demo-learner-1")
    prefix = learner.password[:5]
    assert User.objects.filter(pk=learner.pk, password__startswith=prefix).exists()

    by_teacher = as_teacher.get(
        changelist("accounts_learner"), {"q": "demo-learner-1", "password__startswith": prefix}
    )
    as_teacher.force_login(User.objects.get(username="root"))
    by_root = as_teacher.get(changelist("auth_user"), {"password__startswith": "p"})

    assert_refused(by_teacher)
    assert_refused(by_root)


def test_a_nul_byte_in_a_declared_filter_is_not_a_server_error(seeded, db):
    client = Client(raise_request_exception=False)
    client.force_login(User.objects.get(username="root"))

    response = client.get(changelist("table_seat") + "?kind__exact=%00")

    assert response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR


# --- No page shows a secret -----------------------------------------------------------------------


#: The tokens of the reset links made in ``seeded`` (only their hashes are stored).
RESET_TOKENS: list[str] = []


def secrets() -> set[str]:
    """Every shoe (and its cards), every password hash (with its salt and the prefixes Django shows), and
    every reset link's token and the token's hash."""
    found = {WRONG_PASSWORD, *RESET_TOKENS, *(token_normalise(token) for token in RESET_TOKENS)}
    found |= set(ResetLink.objects.values_list("token_hash", flat=True))
    shoes = [
        *Seat.objects.values_list("shoe_state", flat=True),
        *ClassTable.objects.values_list("shoe_state", flat=True),
    ]
    for shoe in (shoe for shoe in shoes if shoe):
        cards = shoe.rsplit(".", 1)[1]
        found |= {shoe, cards[:24]} if len(cards) >= 12 else {shoe}
    for password in User.objects.values_list("password", flat=True):
        _algorithm, salt, hashed = password.split("$")  # md5$salt$hash (tests hash with MD5)
        found |= {password, salt, hashed, salt[:6], hashed[:6]}
    return found


def pages(name: str, obj) -> list[str]:
    urls = [changelist(name), changelist(name) + "?q=demo"]
    if obj is not None:
        urls += [reverse(f"admin:{name}_{view}", args=[obj.pk]) for view in ("change", "history", "delete")]
    return urls


#: What the demo instructor may open: their learners' records and their classes.
TEACHER_SEES = {
    "accounts_classroom",
    "accounts_learner",
    "accounts_membership",
    "accounts_resetlink",
    "auditions_audition",
    "auditions_auditionattempt",
    "classtable_classcall",
    "classtable_classplay",
    "classtable_classtable",
    "progress_assignment",
    "progress_attempt",
    "progress_drillcell",
    "progress_lessonprogress",
    "progress_payoutanswer",
    "progress_payoutrecord",
    "table_ledgerentry",
    "table_round",
    "table_seat",
}


#: The admins each client may open, by its fixture.
OPENS = {"as_root": set(ADMINS), "as_teacher": TEACHER_SEES, "as_clerk": {"auth_user"}}


@pytest.mark.parametrize("who", sorted(OPENS))
def test_no_admin_page_shows_a_shoe_or_a_password_hash(request, seeded, db, who):
    client = request.getfixturevalue(who)
    hidden = secrets()
    opened = set()

    for name in sorted(ADMINS):
        first = model_admin(name).get_queryset(client.get(changelist(name)).wsgi_request).first()
        if first is None:  # no access: the pages of any row, which they are refused
            first = ADMINS[name]._default_manager.first()
        assert first is not None, name
        urls = {
            "changelist": changelist(name),
            "search": changelist(name) + "?q=demo",
            **{
                view: reverse(f"admin:{name}_{view}", args=[first.pk])
                for view in ("change", "history", "delete")
            },
        }
        for view, url in urls.items():
            response = client.get(url)
            assert response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR, url
            html = response.content.decode()
            assert [secret for secret in hidden if secret in html] == [], url
            if response.status_code == HTTPStatus.OK and view in ("changelist", "change"):
                opened.add(name)

    assert opened == OPENS[who]
