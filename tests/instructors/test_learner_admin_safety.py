"""Deleting and unlocking learners in the admin.

An account with a chip history (a seat, or a reset it made) is never deleted, not even by a
superuser: the delete page and the bulk action say so and delete nothing. An instructor clears
the failed log-ins of their own learners, and of no one else's.
"""

from __future__ import annotations

from decimal import Decimal
from http import HTTPStatus

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from accounts.models import Membership
from baccarat import Bet, BetKind
from instructors.admin.learners import NOTHING_TO_UNLOCK
from instructors.admin.users import NAMED_IN_A_LEDGER, NOTHING_DELETED, PLAYED
from instructors.roles import INSTRUCTORS, ensure_instructors_group
from progress.models import Lesson, LessonProgress
from table import services
from table.models import LedgerEntry, Round, Seat
from tests.factories import (
    AttemptFactory,
    ClassroomFactory,
    LessonProgressFactory,
    MembershipFactory,
    SeatFactory,
    UserFactory,
)

User = get_user_model()
PASSWORD = "a sturdy passphrase 2026"


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def played(user):
    """The learner plays one coup at the table: Player 4 + 4 against Banker 2 + 3."""
    seat = SeatFactory(user=user, cards="4 2 4 3")
    services.round_confirm(user=seat.user, seat_id=seat.pk, bets=[Bet(BetKind.PLAYER, Decimal(10))])
    for index in range(4):
        services.round_deal(user=seat.user, seat_id=seat.pk, round_number=1, expected_index=index)
    return user


def history(user) -> tuple[int, int, int]:
    return (
        Seat.objects.filter(user=user).count(),
        Round.objects.filter(seat__user=user).count(),
        LedgerEntry.objects.filter(seat__user=user).count(),
    )


@pytest.fixture
def root(client, db):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


# --- Deleting --------------------------------------------------------------------------------


@pytest.mark.parametrize("admin_name", ["auth_user", "accounts_learner"])
def test_a_learner_who_has_played_cannot_be_deleted_even_by_a_superuser(root, admin_name):
    learner = played(UserFactory(username="alice"))
    before = history(learner)
    url = reverse(f"admin:{admin_name}_delete", args=[learner.pk])

    asked = root.get(url, follow=True)
    confirmed = root.post(url, {"post": "yes"}, follow=True)

    for response in (asked, confirmed):
        assert response.redirect_chain == [(reverse(f"admin:{admin_name}_change", args=[learner.pk]), 302)]
        assert messages_of(response) == [str(PLAYED)]
    assert User.objects.filter(pk=learner.pk).exists()
    assert history(learner) == before == (1, 1, before[2])


def test_the_change_page_of_a_learner_who_has_played_offers_no_delete_link(root):
    learner = played(UserFactory(username="alice"))
    fresh = UserFactory(username="fresh")

    kept = root.get(reverse("admin:auth_user_change", args=[learner.pk])).content.decode()
    deletable = root.get(reverse("admin:auth_user_change", args=[fresh.pk])).content.decode()

    assert reverse("admin:auth_user_delete", args=[learner.pk]) not in kept
    assert reverse("admin:auth_user_delete", args=[fresh.pk]) in deletable


def test_a_learner_who_only_opened_the_table_keeps_the_grant_of_their_starting_chips(root):
    learner = SeatFactory(user=UserFactory(username="opened")).user

    response = root.post(reverse("admin:auth_user_delete", args=[learner.pk]), {"post": "yes"}, follow=True)

    assert messages_of(response) == [str(PLAYED)]
    assert LedgerEntry.objects.filter(seat__user=learner, kind="grant").count() == 1


def test_an_instructor_who_reset_a_learners_chips_stays_named_in_that_history(root):
    teacher = UserFactory(instructor=True)
    learner = played(UserFactory())
    services.learner_chips_reset(user=learner, actor=teacher)

    response = root.post(reverse("admin:auth_user_delete", args=[teacher.pk]), {"post": "yes"}, follow=True)

    assert messages_of(response) == [str(NAMED_IN_A_LEDGER)]
    assert LedgerEntry.objects.get(seat__user=learner, kind="reset").actor == teacher


def test_the_bulk_delete_refuses_the_whole_selection_when_one_learner_has_played(root):
    alice, fresh = played(UserFactory(username="alice")), UserFactory(username="fresh")
    form = {"action": "delete_selected", "_selected_action": [alice.pk, fresh.pk]}

    asked = root.post(reverse("admin:auth_user_changelist"), form, follow=True)
    confirmed = root.post(reverse("admin:auth_user_changelist"), {**form, "post": "yes"}, follow=True)

    for response in (asked, confirmed):
        assert response.status_code == HTTPStatus.OK
        assert messages_of(response) == [str(PLAYED), str(NOTHING_DELETED % {"users": "alice"})]
    assert User.objects.filter(pk__in=[alice.pk, fresh.pk]).count() == 2
    assert history(alice)[0] == 1


def test_a_learner_who_never_sat_at_a_table_is_deleted_with_their_own_progress(root, course):
    classroom = ClassroomFactory(name="Class A")
    learner = UserFactory(username="lessons-only")
    MembershipFactory(user=learner, classroom=classroom)
    LessonProgressFactory(user=learner, lesson=Lesson.objects.get(number=1), attempts=1)
    AttemptFactory(
        user=learner,
        source="drill",
        kind="banker-table",
        nonce="n1",
        question={},
        answer="stands",
        correct=True,
    )

    response = root.post(reverse("admin:auth_user_delete", args=[learner.pk]), {"post": "yes"})

    assert response.status_code == HTTPStatus.FOUND
    assert not User.objects.filter(pk=learner.pk).exists()
    assert not LessonProgress.objects.filter(user_id=learner.pk).exists()
    assert not Membership.objects.filter(user_id=learner.pk).exists()


def test_learners_who_never_sat_at_a_table_are_deleted_by_the_bulk_action(root):
    first, second = UserFactory(), UserFactory()
    form = {"action": "delete_selected", "_selected_action": [first.pk, second.pk], "post": "yes"}

    response = root.post(reverse("admin:auth_user_changelist"), form)

    assert response.status_code == HTTPStatus.FOUND
    assert not User.objects.filter(pk__in=[first.pk, second.pk]).exists()


# --- Unlocking ---------------------------------------------------------------------------------


@pytest.fixture
def classes(db):
    ensure_instructors_group()
    teacher = UserFactory(instructor=True, username="teacher-a")
    teacher.groups.add(Group.objects.get(name=INSTRUCTORS))
    class_a, class_b = ClassroomFactory(name="Class A"), ClassroomFactory(name="Class B")
    class_a.instructors.add(teacher)
    mine, theirs = (
        UserFactory(username="alice", password=PASSWORD),
        UserFactory(username="bob", password=PASSWORD),
    )
    MembershipFactory(user=mine, classroom=class_a)
    MembershipFactory(user=theirs, classroom=class_b)
    return {"teacher": teacher, "mine": mine, "theirs": theirs}


def lock_out(username: str) -> Client:
    """Five failed log-ins: the account is locked, even with the right password."""
    browser = Client()
    for _ in range(5):
        browser.post(reverse("login"), {"username": username, "password": "a wrong guess"})
    assert browser.post(reverse("login"), {"username": username, "password": PASSWORD}).status_code == (
        HTTPStatus.TOO_MANY_REQUESTS
    )
    return browser


def unlock(client, *learners):
    form = {"action": "unlock_logins", "_selected_action": [learner.pk for learner in learners]}
    return client.post(reverse("admin:accounts_learner_changelist"), form, follow=True)


def test_an_instructor_unlocks_their_learner_who_can_then_log_in(client, classes):
    browser = lock_out("alice")
    client.force_login(classes["teacher"])

    response = unlock(client, classes["mine"])

    assert messages_of(response) == ["Unlocked the log-in of 1 learner."]
    assert not AccessAttempt.objects.filter(username="alice").exists()
    logged_in = browser.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert logged_in.status_code == HTTPStatus.FOUND
    assert browser.session["_auth_user_id"] == str(classes["mine"].pk)


def test_an_instructor_cannot_unlock_a_learner_of_another_class_by_crafting_the_post(client, classes):
    browser = lock_out("bob")
    client.force_login(classes["teacher"])

    response = unlock(client, classes["theirs"])

    assert messages_of(response) == [str(NOTHING_TO_UNLOCK)]
    assert AccessAttempt.objects.filter(username="bob").exists()
    assert browser.post(reverse("login"), {"username": "bob", "password": PASSWORD}).status_code == (
        HTTPStatus.TOO_MANY_REQUESTS
    )


def test_the_unlock_action_counts_the_learners_it_unlocked(client, classes):
    lock_out("alice")
    lock_out("bob")
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))

    response = unlock(client, classes["mine"], classes["theirs"])

    assert messages_of(response) == ["Unlocked the log-ins of 2 learners."]
    assert not AccessAttempt.objects.filter(username__in=["alice", "bob"]).exists()


def test_the_unlock_action_is_offered_to_instructors_and_not_to_other_staff(client, classes):
    client.force_login(classes["teacher"])
    offered = client.get(reverse("admin:accounts_learner_changelist")).content.decode()
    clerk = UserFactory(is_staff=True, username="clerk")
    clerk.user_permissions.add(
        *Group.objects.get(name=INSTRUCTORS).permissions.filter(codename="view_learner")
    )
    client.force_login(clerk)

    not_offered = client.get(reverse("admin:accounts_learner_changelist")).content.decode()

    assert 'value="unlock_logins"' in offered
    assert 'value="unlock_logins"' not in not_offered
