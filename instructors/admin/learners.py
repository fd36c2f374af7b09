"""The learners of the instructor's classes: read-only records, with the chip reset and log-in unlock.

Chips change only through the table's settlement service (the reset action calls it), and
progress only through the learners' own answers.
"""

from __future__ import annotations

from axes.utils import reset as axes_reset
from django.contrib import admin, messages
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts.models import Learner
from accounts.scoping import ReadOnlyAdmin, own_class_filter
from instructors.admin.users import KeepsHistory
from table.errors import TableError
from table.services import learner_chips_reset

NOTHING_TO_UNLOCK = gettext_lazy("None of the selected learners had failed log-ins to clear.")


@admin.register(Learner)
class LearnerAdmin(KeepsHistory, ReadOnlyAdmin):
    list_display = ["username", "email", "classes", "date_joined", "last_login"]
    search_fields = ["username", "email"]
    list_filter = [own_class_filter("memberships__classroom")]
    fields = ["username", "email", "date_joined", "last_login"]
    actions = ["reset_chips", "unlock_logins"]

    learner_path = ""

    def get_queryset(self, request):
        return super().get_queryset(request).filter(is_staff=False).prefetch_related("memberships__classroom")

    @admin.display(description=gettext_lazy("classes"))
    def classes(self, obj):
        return ", ".join(membership.classroom.name for membership in obj.memberships.all())

    def _teaches(self, request) -> bool:
        return request.user.has_perm("accounts.view_classroom") and request.user.is_staff

    def has_reset_chips_permission(self, request):
        return self._teaches(request)

    def has_unlock_logins_permission(self, request):
        return self._teaches(request)

    @admin.action(
        description=gettext_lazy(
            "Reset the table chips of the selected learners to their class's starting balance"
        ),
        permissions=["reset_chips"],
    )
    def reset_chips(self, request, queryset):
        done, skipped = 0, []
        for learner in queryset:  # already scoped to the instructor's learners
            try:
                learner_chips_reset(user=learner, actor=request.user)
                done += 1
            except TableError as refused:
                skipped.append(_("%(learner)s: %(reason)s") % {"learner": learner, "reason": refused.message})
        self.message_user(
            request,
            ngettext("Reset the chips of %(count)d learner.", "Reset the chips of %(count)d learners.", done)
            % {"count": done},
            messages.SUCCESS,
        )
        for line in skipped:
            self.message_user(request, line, messages.WARNING)

    @admin.action(
        description=gettext_lazy("Unlock log-in (clear failed attempts)"), permissions=["unlock_logins"]
    )
    def unlock_logins(self, request, queryset):
        """Clear the failed log-ins (django-axes) of the selected learners, so a locked-out one can log in."""
        unlocked = 0
        for learner in queryset:  # already scoped to the instructor's learners
            if axes_reset(username=learner.get_username()):
                unlocked += 1
        if not unlocked:
            self.message_user(request, NOTHING_TO_UNLOCK, messages.INFO)
            return
        self.message_user(
            request,
            ngettext(
                "Unlocked the log-in of %(count)d learner.",
                "Unlocked the log-ins of %(count)d learners.",
                unlocked,
            )
            % {"count": unlocked},
            messages.SUCCESS,
        )
