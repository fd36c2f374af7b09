"""The migration that adds assignments records who already mastered every Banker-table cell."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from progress.models import DrillMasteryReached

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("progress", "0001_initial")]
AFTER = [("progress", "0002_assignments_and_drill_mastery_moment")]
COLUMNS = [str(value) for value in range(10)] + ["stood"]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def test_learners_who_already_master_every_cell_get_the_moment_of_their_latest_answer():
    apps = _migrate(BEFORE)
    User = apps.get_model("auth", "User")
    DrillCell = apps.get_model("progress", "DrillCell")
    master, almost = User.objects.create(username="master"), User.objects.create(username="almost")
    for user, streak_of_last in ((master, 3), (almost, 2)):
        for total in range(8):
            for third in COLUMNS:
                last = (total, third) == (7, "stood")
                DrillCell.objects.create(
                    user=user,
                    banker_total=total,
                    third=third,
                    attempts=3,
                    correct=3,
                    streak=streak_of_last if last else 3,
                )
    moment = timezone.now() - timedelta(days=3)
    DrillCell.objects.filter(user=master, banker_total=7, third="stood").update(updated_at=moment)
    DrillCell.objects.filter(user=master).exclude(banker_total=7, third="stood").update(
        updated_at=moment - timedelta(hours=1)
    )
    try:
        _migrate(AFTER)
        assert list(DrillMasteryReached.objects.values_list("user__username", "reached_at")) == [
            ("master", moment)
        ]
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
