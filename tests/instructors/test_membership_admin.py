"""An instructor takes a batch of members out of their own class in the admin, and only of their own.

Removing a member ends the membership only: the learner keeps the account, the chips, the progress
and every record, and may join again with the class's code.
"""

from decimal import Decimal
from http import HTTPStatus

import pytest
from django.urls import reverse

from accounts.models import Membership
from progress.models import Lesson, LessonProgress
from table import services
from table.models import LedgerEntry, Seat
from tests.factories import (
    LessonProgressFactory,
    MembershipFactory,
    UserFactory,
    two_instructors_each_with_a_class,
)

REMOVE = "remove_from_class"


@pytest.fixture
def world(db):
    world = two_instructors_each_with_a_class()
    world["intruders"] = [UserFactory(username=f"bot{n}") for n in range(4)]
    for learner in world["intruders"]:
        MembershipFactory(user=learner, classroom=world["class_a"])
    world["pupil"] = UserFactory(username="pupil-a")
    MembershipFactory(user=world["pupil"], classroom=world["class_a"])
    world["theirs"] = UserFactory(username="pupil-b")
    MembershipFactory(user=world["theirs"], classroom=world["class_b"])
    return world


@pytest.fixture
def as_a(client, world):
    client.force_login(world["a"])
    return client


def members_page(client, **query):
    return client.get(reverse("admin:accounts_membership_changelist"), query)


def remove(client, memberships):
    return client.post(
        reverse("admin:accounts_membership_changelist"),
        {"action": REMOVE, "_selected_action": [membership.pk for membership in memberships]},
    )


def members_of(classroom) -> set[str]:
    return set(Membership.objects.filter(classroom=classroom).values_list("user__username", flat=True))


def test_an_instructor_sees_the_members_of_their_own_classes_only(as_a, world):
    page = members_page(as_a)

    html = page.content.decode()
    assert page.status_code == HTTPStatus.OK
    assert "bot0" in html and "pupil-a" in html
    assert "pupil-b" not in html
    assert REMOVE in html
    assert "delete_selected" not in html  # removing is the one thing the page does, and it says so


def test_the_class_list_links_each_classs_learner_count_to_its_members(as_a, world):
    page = as_a.get(reverse("admin:accounts_classroom_changelist")).content.decode()
    members = members_page(as_a, **{"class": world["class_a"].pk})

    assert f"{reverse('admin:accounts_membership_changelist')}?class={world['class_a'].pk}" in page
    assert members.status_code == HTTPStatus.OK
    assert members.context["cl"].result_count == 5


def test_an_instructor_removes_a_batch_of_members_from_their_class(as_a, world):
    batch = Membership.objects.filter(user__in=world["intruders"])

    response = remove(as_a, batch)

    assert response.status_code == HTTPStatus.FOUND
    assert members_of(world["class_a"]) == {"pupil-a"}
    assert members_of(world["class_b"]) == {"pupil-b"}
    followed = as_a.get(response["Location"]).content.decode()
    assert "Removed 4 learners from their classes." in followed


def test_an_instructor_cannot_remove_the_members_of_another_instructors_class(as_a, world):
    theirs = Membership.objects.filter(user=world["theirs"])
    mine = Membership.objects.filter(user=world["intruders"][0])

    response = remove(as_a, theirs | mine)

    assert response.status_code == HTTPStatus.FOUND
    assert members_of(world["class_b"]) == {"pupil-b"}
    assert "bot0" not in members_of(world["class_a"])
    assert "Removed 1 learner from their class." in as_a.get(response["Location"]).content.decode()


def test_the_service_leaves_other_instructors_classes_alone_whatever_it_is_given(world):
    from accounts.services import memberships_remove

    removed = memberships_remove(actor=world["a"], memberships=Membership.objects.all())
    by_a_learner = memberships_remove(actor=world["pupil"], memberships=Membership.objects.all())

    assert removed == 5
    assert members_of(world["class_b"]) == {"pupil-b"}
    assert by_a_learner == 0


def test_a_removed_learner_keeps_their_chips_and_records_and_may_join_again(as_a, world, client):
    learner = world["intruders"][0]
    seat = services.seat_open(user=learner)
    LessonProgressFactory(user=learner, lesson=Lesson.objects.get(number=1), attempts=2, correct=1)
    entries = LedgerEntry.objects.filter(seat=seat).count()

    remove(as_a, Membership.objects.filter(user=learner))

    seat.refresh_from_db()
    assert seat.balance == Decimal("100.00")
    assert LedgerEntry.objects.filter(seat=seat).count() == entries
    assert LessonProgress.objects.filter(user=learner).exists()
    client.force_login(learner)
    rejoined = client.post(reverse("join"), {"join_code": world["class_a"].join_code})
    assert rejoined.status_code == HTTPStatus.FOUND
    assert Seat.objects.filter(user=learner, kind="table").count() == 1


def test_other_staff_and_learners_cannot_remove_members(client, world):
    staff = UserFactory(username="helpdesk", instructor=True)  # staff, but not in the Instructors group
    client.force_login(staff)
    as_staff = remove(client, Membership.objects.all())
    client.force_login(world["pupil"])
    as_learner = remove(client, Membership.objects.all())

    assert as_staff.status_code == HTTPStatus.FORBIDDEN
    assert as_learner.status_code == HTTPStatus.FOUND and "login" in as_learner["Location"]
    assert Membership.objects.count() == 6
