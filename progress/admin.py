"""Learner progress in the admin: read-only, scoped to the instructor's own learners."""

from __future__ import annotations

from django.contrib import admin

from accounts.scoping import ReadOnlyAdmin, own_class_filter
from progress.models import Attempt, DrillCell, LessonProgress, PayoutAnswer, PayoutRecord

BY_CLASS = own_class_filter("user__memberships__classroom")


@admin.register(LessonProgress)
class LessonProgressAdmin(ReadOnlyAdmin):
    list_display = ["user", "lesson", "completed_at", "correct", "attempts", "seconds_spent", "last_visited"]
    list_filter = [BY_CLASS, "lesson"]
    search_fields = ["user__username"]
    list_select_related = ["user", "lesson"]


@admin.register(Attempt)
class AttemptAdmin(ReadOnlyAdmin):
    list_display = [
        "user",
        "source",
        "lesson",
        "kind",
        "answer",
        "correct",
        "seconds",
        "too_fast",
        "created_at",
    ]
    list_filter = [BY_CLASS, "source", "correct", "too_fast"]
    search_fields = ["user__username", "kind"]
    list_select_related = ["user", "lesson"]
    exclude = ["nonce"]


@admin.register(DrillCell)
class DrillCellAdmin(ReadOnlyAdmin):
    list_display = ["user", "banker_total", "third", "correct", "attempts", "streak"]
    list_filter = [BY_CLASS, "banker_total", "third"]
    search_fields = ["user__username"]
    list_select_related = ["user"]


@admin.register(PayoutAnswer)
class PayoutAnswerAdmin(ReadOnlyAdmin):
    list_display = ["user", "kind", "correct", "seconds", "fast", "too_fast", "skipped", "created_at"]
    list_filter = [BY_CLASS, "kind", "correct", "fast", "too_fast", "skipped"]
    search_fields = ["user__username", "kind"]
    list_select_related = ["user"]
    exclude = ["nonce"]


@admin.register(PayoutRecord)
class PayoutRecordAdmin(ReadOnlyAdmin):
    list_display = ["user", "answers", "correct", "streak", "best_streak", "best_run_seconds", "mastered_at"]
    list_filter = [BY_CLASS]
    search_fields = ["user__username"]
    list_select_related = ["user"]
