"""An instructor sees and changes only their own classes and those classes' learners.

Each model is tried through its list page, search, the class filter, its change
page and direct URLs, as instructor A looking for instructor B's learner.
"""

from datetime import timedelta
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import timezone

from accounts.models import Classroom, Learner
from baccarat import Bet, BetKind
from instructors.roles import INSTRUCTORS
from progress.models import Attempt, DrillCell, Lesson, LessonProgress, PayoutAnswer, PayoutRecord
from progress.services import drill_cell_record, payout_answer_record
from table import services
from table.models import LedgerEntry, Round, Seat
from tests.factories import (
    AttemptFactory,
    LessonProgressFactory,
    MembershipFactory,
    UserFactory,
    arrange_shoe,
    two_instructors_each_with_a_class,
)


def make_learner(username, classroom):
    learner = UserFactory(username=username)
    MembershipFactory(user=learner, classroom=classroom)
    seat = services.seat_open(user=learner)
    arrange_shoe(seat, "4 2 4 3")
    services.round_confirm(user=seat.user, seat_id=seat.pk, bets=[Bet(BetKind.PLAYER, Decimal(10))])
    for index in range(4):
        services.round_deal(user=seat.user, seat_id=seat.pk, round_number=1, expected_index=index)
    LessonProgressFactory(user=learner, lesson=Lesson.objects.get(number=1), attempts=2, correct=1)
    drill_cell_record(user=learner, banker_total=3, player_third=8, correct=True)
    AttemptFactory(
        user=learner,
        source="drill",
        kind="banker-table",
        nonce=username,
        question={},
        answer="stands",
        correct=True,
    )
    issued_at = timezone.now()
    payout_answer_record(
        user=learner,
        nonce=username,
        kind="payout-tie",
        question={},
        answer={"tie-paid": "200.00"},
        correct=True,
        issued_at=issued_at,
        answered_at=issued_at + timedelta(seconds=3),
    )
    return learner


@pytest.fixture
def world(db):
    world = two_instructors_each_with_a_class()
    return world | {
        "mine": make_learner("alice-in-a", world["class_a"]),
        "theirs": make_learner("bob-in-b", world["class_b"]),
    }


@pytest.fixture
def as_a(client, world):
    client.force_login(world["a"])
    return client


def objects_of(learner):
    """Every admin-visible record of a learner, by admin URL name."""
    seat = Seat.objects.get(user=learner, kind="table")
    return {
        "accounts_learner": Learner.objects.get(pk=learner.pk),
        "progress_lessonprogress": LessonProgress.objects.get(user=learner),
        "progress_attempt": Attempt.objects.get(user=learner),
        "progress_drillcell": DrillCell.objects.get(user=learner),
        "progress_payoutanswer": PayoutAnswer.objects.get(user=learner),
        "progress_payoutrecord": PayoutRecord.objects.get(user=learner),
        "table_seat": seat,
        "table_round": Round.objects.get(seat=seat),
        "table_ledgerentry": LedgerEntry.objects.filter(seat=seat).first(),
    }


MODELS = [
    "accounts_learner",
    "progress_lessonprogress",
    "progress_attempt",
    "progress_drillcell",
    "progress_payoutanswer",
    "progress_payoutrecord",
    "table_seat",
    "table_round",
    "table_ledgerentry",
]


@pytest.mark.parametrize("name", MODELS)
def test_list_pages_show_only_the_instructors_own_learners(as_a, world, name):
    html = as_a.get(reverse(f"admin:{name}_changelist")).content.decode()

    assert "alice-in-a" in html
    assert "bob-in-b" not in html


@pytest.mark.parametrize("name", MODELS)
def test_search_does_not_reach_another_instructors_learners(as_a, world, name):
    response = as_a.get(reverse(f"admin:{name}_changelist"), {"q": "bob"})

    assert response.status_code == HTTPStatus.OK
    assert "bob-in-b" not in response.content.decode()


@pytest.mark.parametrize("name", MODELS)
def test_the_class_filter_offers_only_own_classes_and_ignores_others(as_a, world, name):
    own_list = as_a.get(reverse(f"admin:{name}_changelist")).content.decode()
    filtered = as_a.get(reverse(f"admin:{name}_changelist"), {"class": world["class_b"].pk}).content.decode()

    assert "Class A" in own_list and "Class B" not in own_list
    assert "bob-in-b" not in filtered


@pytest.mark.parametrize("name", MODELS)
def test_change_pages_of_another_instructors_learners_cannot_be_opened(as_a, world, name):
    theirs = objects_of(world["theirs"])[name]
    mine = objects_of(world["mine"])[name]

    blocked = as_a.get(reverse(f"admin:{name}_change", args=[theirs.pk]))
    allowed = as_a.get(reverse(f"admin:{name}_change", args=[mine.pk]))

    assert blocked.status_code == HTTPStatus.FOUND  # "does not exist", back to the admin index
    assert "bob-in-b" not in as_a.get(blocked["Location"]).content.decode()
    assert allowed.status_code == HTTPStatus.OK


@pytest.mark.parametrize("name", MODELS)
def test_learner_records_are_read_only_for_instructors(as_a, world, name):
    mine = objects_of(world["mine"])[name]

    assert as_a.post(reverse(f"admin:{name}_change", args=[mine.pk]), {}).status_code == HTTPStatus.FORBIDDEN
    assert as_a.get(reverse(f"admin:{name}_add")).status_code == HTTPStatus.FORBIDDEN
    assert as_a.post(reverse(f"admin:{name}_delete", args=[mine.pk]), {"post": "yes"}).status_code in (
        HTTPStatus.FORBIDDEN,
        HTTPStatus.FOUND,
    )
    assert type(mine).objects.filter(pk=mine.pk).exists()


def test_another_instructors_class_is_hidden_everywhere(as_a, world):
    theirs = world["class_b"]

    listing = as_a.get(reverse("admin:accounts_classroom_changelist")).content.decode()
    change = as_a.get(reverse("admin:accounts_classroom_change", args=[theirs.pk]))
    progress = as_a.get(reverse("admin:accounts_classroom_progress", args=[theirs.pk]))
    csv = as_a.get(reverse("admin:accounts_classroom_progress_csv", args=[theirs.pk]))

    assert "Class A" in listing and "Class B" not in listing
    assert change.status_code == HTTPStatus.FOUND
    assert progress.status_code == csv.status_code == HTTPStatus.NOT_FOUND


def test_a_superuser_sees_every_class_and_learner(client, world):
    client.force_login(UserFactory(is_staff=True, is_superuser=True, username="root"))

    html = client.get(reverse("admin:accounts_learner_changelist")).content.decode()

    assert "alice-in-a" in html and "bob-in-b" in html


def test_an_instructor_adding_a_class_teaches_it(as_a, world):
    response = as_a.post(
        reverse("admin:accounts_classroom_add"),
        {
            "name": "Evening class",
            "join_code_expires_at_0": "2030-01-01",
            "join_code_expires_at_1": "12:00:00",
            "starting_balance": "100.00",
            "presets": ["standard", "no-commission"],
            "memberships-TOTAL_FORMS": "0",
            "memberships-INITIAL_FORMS": "0",
        },
    )

    assert response.status_code == HTTPStatus.FOUND
    assert list(Classroom.objects.get(name="Evening class").instructors.all()) == [world["a"]]


def test_a_class_stores_the_tables_ticked_and_refuses_a_table_that_does_not_exist(as_a, world):
    form = {
        "name": "Evening class",
        "join_code_expires_at_0": "2030-01-01",
        "join_code_expires_at_1": "12:00:00",
        "starting_balance": "100.00",
        "memberships-TOTAL_FORMS": "0",
        "memberships-INITIAL_FORMS": "0",
    }

    unknown = as_a.post(reverse("admin:accounts_classroom_add"), {**form, "presets": ["roulette"]})
    ticked = as_a.post(reverse("admin:accounts_classroom_add"), {**form, "presets": ["no-commission"]})

    assert unknown.status_code == HTTPStatus.OK and "roulette" in unknown.content.decode()
    assert ticked.status_code == HTTPStatus.FOUND
    assert [classroom.presets for classroom in Classroom.objects.filter(name="Evening class")] == [
        ["no-commission"]
    ]


def test_regenerating_a_join_code_retires_the_old_one(as_a, world):
    old = world["class_a"].join_code

    as_a.post(
        reverse("admin:accounts_classroom_changelist"),
        {"action": "regenerate_join_codes", "_selected_action": [world["class_a"].pk, world["class_b"].pk]},
    )

    world["class_a"].refresh_from_db()
    world["class_b"].refresh_from_db()
    assert world["class_a"].join_code != old
    assert Classroom.objects.filter(join_code=old).count() == 0
    assert world["class_b"].join_code == Classroom.objects.get(pk=world["class_b"].pk).join_code  # untouched


def test_the_reset_action_restores_the_class_balance_with_a_ledger_entry_naming_the_instructor(as_a, world):
    Classroom.objects.filter(pk=world["class_a"].pk).update(starting_balance=Decimal("150.00"))

    as_a.post(
        reverse("admin:accounts_learner_changelist"),
        {"action": "reset_chips", "_selected_action": [world["mine"].pk, world["theirs"].pk]},
    )

    mine = Seat.objects.get(user=world["mine"], kind="table")
    theirs = Seat.objects.get(user=world["theirs"], kind="table")
    entry = LedgerEntry.objects.filter(seat=mine, kind="reset").get()
    assert (mine.balance, entry.amount, entry.actor) == (Decimal("150.00"), Decimal("40.00"), world["a"])
    assert not LedgerEntry.objects.filter(seat=theirs, kind="reset").exists()
    services.ledger_verify(mine)


def test_a_learner_cannot_enter_the_admin(client, world):
    client.force_login(world["mine"])

    response = client.get(reverse("admin:accounts_learner_changelist"))

    assert response.status_code == HTTPStatus.FOUND and "/admin/login/" in response["Location"]


def test_the_instructors_group_has_exactly_the_permissions_it_needs(world):
    codenames = set(Group.objects.get(name=INSTRUCTORS).permissions.values_list("codename", flat=True))

    assert codenames == {
        "view_classroom",
        "add_classroom",
        "change_classroom",
        "view_membership",
        "delete_membership",
        "view_learner",
        "view_resetlink",
        "add_resetlink",
        "view_lessonprogress",
        "view_attempt",
        "view_drillcell",
        "view_payoutanswer",
        "view_payoutrecord",
        "view_seat",
        "view_round",
        "view_ledgerentry",
        "view_classtable",
        "view_classplay",
        "view_classcall",
        "view_assignment",
        "add_assignment",
        "change_assignment",
        "delete_assignment",
        # The dealer audition: set up for a class, and its attempts read (signed off by an action).
        "view_audition",
        "add_audition",
        "change_audition",
        "delete_audition",
        "view_auditionattempt",
        "view_auditionquestion",
    }


def test_a_staff_user_who_is_not_an_instructor_is_refused_the_progress_page(client, world):
    client.force_login(UserFactory(is_staff=True, username="clerk"))

    response = client.get(reverse("admin:accounts_classroom_progress", args=[world["class_a"].pk]))

    assert response.status_code == HTTPStatus.FORBIDDEN


@pytest.mark.parametrize(
    ("language", "starting", "reset"),
    [
        ("en", "starting chips", "reset by instructor"),
        ("de", "Chips zum Start", "von einer Lehrkraft zurückgesetzt"),
        ("id", "chip awal", "diatur ulang oleh pengajar"),
    ],
)
def test_the_ledgers_own_notes_are_shown_in_the_instructors_language(as_a, world, language, starting, reset):
    seat = Seat.objects.get(user=world["mine"])
    entry = services.balance_reset(user=seat.user, seat_id=seat.pk, actor=world["a"], force=True)
    as_a.cookies["language"] = language

    page = as_a.get(reverse("admin:table_ledgerentry_changelist")).content.decode()

    assert entry.note == "reset by instructor"  # the record itself stays as written
    assert starting in page and reset in page
