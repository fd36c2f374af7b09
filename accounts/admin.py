"""Django's group admin and django-axes' log-in records, registered again to filter only as declared,
and the instructors' password-reset links.

Their list pages keep everything they had, except lookups outside their own
filters (``common.admin``). The user admin is restated in ``instructors.admin``,
which also knows which accounts have a history at the table.
"""

from __future__ import annotations

from http import HTTPStatus

# Imported for their registrations: each stock admin is registered before it is replaced here.
import axes.admin  # noqa: F401
import django.contrib.auth.admin  # noqa: F401
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, HttpResponseNotAllowed
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import RESET_LINK_HOURS, ResetLink
from accounts.scoping import ReadOnlyAdmin, own_class_filter
from accounts.services import NOT_YOUR_LEARNER, ResetLinkError, reset_link_check_maker, reset_link_make
from common.admin import with_declared_lookups_only

LINK_STATE_USED = gettext_lazy("used")
LINK_STATE_VOIDED = gettext_lazy("replaced by a newer link")
LINK_STATE_EXPIRED = gettext_lazy("expired")
LINK_STATE_OPEN = gettext_lazy("not used yet")

for model in (Group, AccessAttempt, AccessLog, AccessFailureLog):
    with_declared_lookups_only(model)


# --- Password-reset links: made by an instructor for one learner, then read-only --------


@admin.register(ResetLink)
class ResetLinkAdmin(ReadOnlyAdmin):
    """The reset links made for the instructor's learners: who made each, when, and whether it was used.

    A link is made from its learner's page (``make``, the "Make a password-reset link" button): the
    page that answers shows the link once; only its hash is kept, so no page can show it again.
    """

    list_display = ["user", "created_by", "created_at", "expires_at", "state", "used_at"]
    list_select_related = ["user", "created_by"]
    list_filter = [own_class_filter("user__memberships__classroom")]
    search_fields = ["user__username"]
    fields = ["user", "created_by", "created_at", "expires_at", "state", "used_at", "voided_at"]
    readonly_fields = fields
    date_hierarchy = None

    @admin.display(description=gettext_lazy("state"))
    def state(self, obj: ResetLink) -> str:
        if obj.used_at is not None:
            return str(LINK_STATE_USED)
        if obj.voided_at is not None:
            return str(LINK_STATE_VOIDED)
        if obj.expires_at <= timezone.now():
            return str(LINK_STATE_EXPIRED)
        return str(LINK_STATE_OPEN)

    def get_urls(self):
        own = [
            path(
                "make/<int:user_id>/",
                self.admin_site.admin_view(self.make),
                name="accounts_resetlink_make",
            ),
        ]
        return own + super().get_urls()

    def has_make_permission(self, request) -> bool:
        return bool(request.user.is_staff and request.user.has_perm("accounts.add_resetlink"))

    def make(self, request, user_id: int) -> HttpResponse:
        """GET: what the button will do. POST: make the link and show it, once."""
        if not self.has_make_permission(request):
            raise PermissionDenied
        if request.method not in ("GET", "POST"):
            return HttpResponseNotAllowed(["GET", "POST"])
        learner = get_user_model()._default_manager.filter(pk=user_id).first()
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": _("Password-reset link"),
            "learner": learner,
            "hours": RESET_LINK_HOURS,
        }
        try:
            if learner is None:
                raise ResetLinkError(NOT_YOUR_LEARNER, HTTPStatus.NOT_FOUND)
            if request.method == "POST":
                link, token = reset_link_make(actor=request.user, learner=learner)
                context["link"] = link
                context["url"] = request.build_absolute_uri(reverse("reset-link", args=[token]))
                context["token"] = token
            else:
                reset_link_check_maker(actor=request.user, learner=learner)
        except ResetLinkError as refused:
            context["refused"] = refused.message
            return TemplateResponse(
                request, "admin/accounts/resetlink/make.html", context, status=refused.status
            )
        return TemplateResponse(request, "admin/accounts/resetlink/make.html", context)
