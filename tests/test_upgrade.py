"""An installation made before the apps were split upgrades with every row intact.

The database is migrated back to the schema of the last release that had one
``lessons`` app (``lessons`` 0005, ``table`` 0003, no ``accounts`` or
``progress``), filled through that schema's own historical models, then
migrated forward as ``manage.py migrate`` would; every row is then read back
through today's models.
"""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.auth.models import Group
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from accounts.models import Classroom, Learner, Membership, Profile
from progress.models import Attempt, DrillCell, Lesson, LessonProgress
from table.models import LedgerEntry, Round, RoundBet, Seat
from table.services import ledger_verify

BEFORE_THE_SPLIT = [
    ("lessons", "0005_profile_language"),
    ("table", "0003_translatable_labels"),
    ("accounts", None),
    ("progress", None),
]

OLD_NODES = [node for node in BEFORE_THE_SPLIT if node[1] is not None]

#: Slow (it migrates the whole schema back and forth): ``make test`` leaves it out, CI runs it once,
#: on PostgreSQL (``.ci/run``); by hand: ``.venv/bin/pytest -m upgrade``.
pytestmark = [pytest.mark.upgrade, pytest.mark.django_db(transaction=True)]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor


def _fill(apps) -> dict:
    """A school as it was: an instructor, a class, two learners, progress, a settled round, the ledger."""
    User = apps.get_model("auth", "User")
    instructor = User.objects.create(username="old-teacher", is_staff=True, password="x")
    ada = User.objects.create(username="old-ada", password="hash-of-ada")
    bo = User.objects.create(username="old-bo", password="hash-of-bo")
    classroom = apps.get_model("lessons", "Classroom").objects.create(
        name="Class of 2026",
        join_code="ABCD2345",
        join_code_expires_at=timezone.now() + timedelta(days=30),
        starting_balance=Decimal("250.00"),
        allow_standard=False,
        allow_no_commission=True,
    )
    classroom.instructors.add(instructor)
    apps.get_model("lessons", "Classroom").objects.create(
        name="Both tables", join_code="BOTH2345", join_code_expires_at=timezone.now(), starting_balance=100
    )
    Membership = apps.get_model("lessons", "Membership")
    Membership.objects.create(user=ada, classroom=classroom)
    Membership.objects.create(user=bo, classroom=classroom)
    apps.get_model("lessons", "Profile").objects.create(user=ada, language="de")
    lesson = apps.get_model("lessons", "Lesson").objects.create(slug="hands-and-results", number=1, title="T")
    apps.get_model("lessons", "LessonProgress").objects.create(
        user=ada, lesson=lesson, attempts=4, correct=3, seconds_spent=310, completed_at=timezone.now()
    )
    apps.get_model("lessons", "Attempt").objects.create(
        user=ada,
        source="lesson",
        lesson=lesson,
        kind="results",
        nonce="n-1",
        question={"kind": "results", "prompt": "Who wins?"},
        answer="banker",
        correct=True,
    )
    apps.get_model("lessons", "DrillCell").objects.create(
        user=bo, banker_total=3, third="8", attempts=5, correct=4, streak=2
    )
    seat = apps.get_model("table", "Seat").objects.create(
        user=ada, preset="no-commission", balance=Decimal("245.00"), starting_balance=Decimal("250.00")
    )
    round_ = apps.get_model("table", "Round").objects.create(
        seat=seat,
        number=1,
        state="settled",
        preset="no-commission",
        cards="4S 2H 4D 3C",
        committed=Decimal("10.00"),
        returned=Decimal("5.00"),
        winner="player",
        player_total=8,
        banker_total=7,
        natural=True,
        settled_at=timezone.now(),
    )
    apps.get_model("table", "RoundBet").objects.create(
        round=round_, kind="banker", amount=Decimal("5.00"), result="lost"
    )
    Ledger = apps.get_model("table", "LedgerEntry")
    for kind, amount, after in [
        ("grant", "250.00", "250.00"),
        ("stake", "-10.00", "240.00"),
        ("stake_return", "5.00", "245.00"),
    ]:
        Ledger.objects.create(
            seat=seat,
            round=None if kind == "grant" else round_,
            kind=kind,
            bet_kind="" if kind == "grant" else "player",
            amount=Decimal(amount),
            balance_after=Decimal(after),
        )
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    classroom_type, _ = ContentType.objects.get_or_create(app_label="lessons", model="classroom")
    permission, _ = Permission.objects.get_or_create(
        content_type=classroom_type, codename="view_classroom", defaults={"name": "Can view classroom"}
    )
    group, _ = apps.get_model("auth", "Group").objects.get_or_create(name="Old instructors")
    group.permissions.add(permission)
    return {"classroom_type": classroom_type.pk, "permission": permission.pk, "seat": seat.pk}


def test_every_row_of_an_installation_from_before_the_split_survives_the_upgrade():
    executor = _migrate(BEFORE_THE_SPLIT)
    made = _fill(executor.loader.project_state(OLD_NODES).apps)

    executor = MigrationExecutor(connection)
    _migrate(executor.loader.graph.leaf_nodes())

    classroom = Classroom.objects.get(join_code="ABCD2345")
    assert classroom.name == "Class of 2026"
    assert classroom.starting_balance == Decimal("250.00")
    assert classroom.presets == ["no-commission"]  # it allowed only the no-commission table
    assert Classroom.objects.get(join_code="BOTH2345").presets == []  # both: every table
    assert [user.username for user in classroom.instructors.all()] == ["old-teacher"]
    assert sorted(
        Membership.objects.filter(classroom=classroom).values_list("user__username", flat=True)
    ) == [
        "old-ada",
        "old-bo",
    ]
    assert Learner.objects.get(username="old-ada").password == "hash-of-ada"
    assert Profile.objects.get(user__username="old-ada").language == "de"

    progress = LessonProgress.objects.get(user__username="old-ada")
    assert (progress.lesson.slug, progress.attempts, progress.correct, progress.seconds_spent) == (
        "hands-and-results",
        4,
        3,
        310,
    )
    assert progress.completed
    attempt = Attempt.objects.get(nonce="n-1")
    assert (attempt.lesson, attempt.answer, attempt.correct) == (Lesson.objects.get(number=1), "banker", True)
    assert attempt.question == {"kind": "results", "prompt": "Who wins?"}
    cell = DrillCell.objects.get(user__username="old-bo")
    assert (cell.banker_total, cell.third, cell.attempts, cell.correct, cell.streak) == (3, "8", 5, 4, 2)

    seat = Seat.objects.get(pk=made["seat"])
    assert (seat.balance, seat.preset) == (Decimal("245.00"), "no-commission")
    ledger_verify(seat)
    assert LedgerEntry.objects.filter(seat=seat).count() == 3
    round_ = Round.objects.get(seat=seat)
    assert (round_.cards, round_.winner, round_.returned) == ("4S 2H 4D 3C", "player", Decimal("5.00"))
    assert RoundBet.objects.get(round=round_).amount == Decimal("5.00")

    # The content type moved with its model: the group keeps its permission, under the new app.
    assert ContentType.objects.get(pk=made["classroom_type"]).app_label == "accounts"
    assert Group.objects.get(name="Old instructors").permissions.get().pk == made["permission"]
    assert Group.objects.get(name="Old instructors").permissions.get().content_type.model_class() is Classroom


def test_the_upgrade_can_be_undone_and_done_again_without_losing_a_row():
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    executor = _migrate(BEFORE_THE_SPLIT)
    _fill(executor.loader.project_state(OLD_NODES).apps)
    _migrate(latest)
    _migrate(BEFORE_THE_SPLIT)
    _migrate(latest)

    assert Membership.objects.count() == 2
    assert dict(Classroom.objects.values_list("join_code", "presets")) == {
        "ABCD2345": ["no-commission"],
        "BOTH2345": [],
    }
    assert (
        LessonProgress.objects.count() == 1
        and Attempt.objects.count() == 1
        and DrillCell.objects.count() == 1
    )
    assert ContentType.objects.filter(app_label="lessons", model="classroom").count() == 0
    assert ContentType.objects.filter(app_label="accounts", model="classroom").count() == 1
