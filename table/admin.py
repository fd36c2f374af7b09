"""The table's records in the admin: read-only, and scoped to the instructor's own learners.

The shoe's dump is never shown, not even to instructors: it holds the order of
the undealt cards.
"""

from django.contrib import admin

from lessons import scoping
from lessons.admin import ReadOnlyAdmin, own_class_filter
from table.models import LedgerEntry, Round, Seat


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = [
        "user",
        "kind",
        "label",
        "preset",
        "balance",
        "starting_balance",
        "shoe_number",
        "coach_mode",
    ]
    list_filter = [own_class_filter("user__memberships__classroom"), "kind", "preset"]
    search_fields = ["user__username", "label"]
    list_select_related = ["user"]
    exclude = ["shoe_state"]

    def get_queryset(self, request):
        return scoping.learners_for(request.user, super().get_queryset(request), "user")


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = [
        "seat",
        "number",
        "state",
        "preset",
        "cards",
        "winner",
        "committed",
        "returned",
        "settled_at",
    ]
    list_filter = [own_class_filter("seat__user__memberships__classroom"), "state", "winner", "preset"]
    search_fields = ["seat__user__username"]
    list_select_related = ["seat__user"]
    exclude = ["calls"]

    def get_queryset(self, request):
        return scoping.learners_for(request.user, super().get_queryset(request), "seat__user")


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin):
    list_display = [
        "seat",
        "created_at",
        "kind",
        "bet_kind",
        "amount",
        "balance_after",
        "round",
        "actor",
        "note",
    ]
    list_filter = [own_class_filter("seat__user__memberships__classroom"), "kind"]
    search_fields = ["seat__user__username", "note"]
    list_select_related = ["seat__user", "round", "actor"]

    def get_queryset(self, request):
        return scoping.learners_for(request.user, super().get_queryset(request), "seat__user")
