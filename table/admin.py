"""The table's records in the admin: read-only, and scoped to the instructor's own learners.

The shoe's dump is never shown, not even to instructors: it holds the order of
the undealt cards.
"""

from django.contrib import admin
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.scoping import ReadOnlyAdmin, own_class_filter
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
    learner_path = "seat__user"
    list_filter = [own_class_filter("seat__user__memberships__classroom"), "state", "winner", "preset"]
    search_fields = ["seat__user__username"]
    list_select_related = ["seat__user"]
    exclude = ["calls"]


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
        "note_shown",
    ]
    learner_path = "seat__user"
    list_filter = [own_class_filter("seat__user__memberships__classroom"), "kind"]
    search_fields = ["seat__user__username", "note"]
    list_select_related = ["seat__user", "round", "actor"]

    @admin.display(description=_("note"), ordering="note")
    def note_shown(self, entry: LedgerEntry) -> str:
        """The app's own notes (``LedgerEntry.NOTE_*``) in the reader's language; any other as written."""
        return gettext(entry.note) if entry.note else ""
