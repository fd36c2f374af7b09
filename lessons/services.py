"""Writes of learner records."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from lessons.models import STOOD, DrillCell


def drill_cell_record(*, user, banker_total: int, player_third: int | None, correct: bool) -> None:
    """Count one answer about one cell of the Banker table (from the drill or a coach-mode call)."""
    third = STOOD if player_third is None else str(player_third)
    with transaction.atomic():
        cell, _ = DrillCell.objects.select_for_update().get_or_create(
            user=user, banker_total=banker_total, third=third
        )
        DrillCell.objects.filter(pk=cell.pk).update(
            attempts=F("attempts") + 1,
            correct=F("correct") + int(correct),
            streak=F("streak") + 1 if correct else 0,
        )
