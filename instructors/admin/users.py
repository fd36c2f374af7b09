"""Accounts: Django's user admin without any part of a password hash, and accounts that keep a history.

Django's user admin is registered again here, because only this app knows both the accounts and
the table: an account with a chip history (a seat, or a reset it made) is never deleted, by
anyone (``KeepsHistory``), and no part of a password's hash is shown.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.admin.actions import delete_selected
from django.contrib.admin.utils import quote, unquote
from django.contrib.auth import admin as auth_admin
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.hashers import UNUSABLE_PASSWORD_PREFIX
from django.contrib.auth.models import User
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext_lazy

from common.admin import DeclaredLookupsOnly
from progress.models import Attempt, DrillCell, LessonProgress
from table.models import LedgerEntry, Seat

PLAYED = gettext_lazy(
    "Learners who have played keep their history: deactivate the account instead (untick Active)."
)
NAMED_IN_A_LEDGER = gettext_lazy(
    "Instructors who reset a learner's chips stay named in that history: deactivate the account "
    "instead (untick Active)."
)
NOTHING_DELETED = gettext_lazy("Nothing was deleted. Accounts that keep their history: %(users)s.")
PASSWORD_SET = gettext_lazy("A password is set. It is stored only as a hash, which is never shown.")
NO_PASSWORD = gettext_lazy("No password set.")


#: A learner's own records that go with their account (a learner with a seat is never deleted).
OWNED_BY_THE_LEARNER = (LessonProgress, Attempt, DrillCell)


# --- Accounts with a history are deactivated, not deleted -------------------------------


def history_reasons(users) -> dict[str, list[str]]:
    """Why some of ``users`` (a queryset of accounts) keep their history: each reason, with their names.

    A seat (at the table or in a lesson) means chips were granted in a ledger that is never
    rewritten; a ledger entry naming the account as its actor (a reset) would lose its author.
    """
    played = users.filter(pk__in=Seat.objects.values("user"))
    named = users.filter(pk__in=LedgerEntry.objects.exclude(actor=None).values("actor"))
    reasons = {str(PLAYED): played, str(NAMED_IN_A_LEDGER): named.exclude(pk__in=played.values("pk"))}
    found = {}
    for reason, accounts in reasons.items():
        names = sorted(set(accounts.values_list(users.model.USERNAME_FIELD, flat=True)))
        if names:
            found[reason] = names
    return found


class KeepsHistory(admin.ModelAdmin):
    """An account with a chip history cannot be deleted here, not even by a superuser.

    The delete page and the "delete selected" action say why and delete nothing; the account is
    deactivated instead. Accounts without a seat are deleted as usual, with their own progress
    records (whose admins are otherwise read-only).
    """

    def _reasons(self, obj) -> dict[str, list[str]]:
        return history_reasons(type(obj)._default_manager.filter(pk=obj.pk))

    def has_delete_permission(self, request, obj=None):
        allowed = super().has_delete_permission(request, obj)
        return allowed and (obj is None or not self._reasons(obj))

    def delete_view(self, request, object_id, extra_context=None):
        obj = self.get_object(request, unquote(object_id))
        if obj is not None and self.has_view_or_change_permission(request, obj):
            reasons = self._reasons(obj)
            if reasons:
                for reason in reasons:
                    self.message_user(request, reason, messages.ERROR)
                opts = self.opts
                return redirect(
                    reverse(
                        f"admin:{opts.app_label}_{opts.model_name}_change",
                        args=[quote(obj.pk)],
                        current_app=self.admin_site.name,
                    )
                )
        return super().delete_view(request, object_id, extra_context)

    def get_actions(self, request):
        actions = super().get_actions(request)
        if "delete_selected" in actions:
            _func, name, description = actions["delete_selected"]
            actions[name] = (delete_selected_keeping_history, name, description)
        return actions

    def get_deleted_objects(self, objs, request):
        deleted, model_count, perms_needed, protected = super().get_deleted_objects(objs, request)
        owned = {str(model._meta.verbose_name) for model in OWNED_BY_THE_LEARNER}
        return deleted, model_count, {name for name in perms_needed if str(name) not in owned}, protected


def delete_selected_keeping_history(modeladmin, request, queryset):
    """Django's "delete selected", refused whole when one of the accounts keeps a history."""
    reasons = history_reasons(queryset)
    if not reasons:
        return delete_selected(modeladmin, request, queryset)
    for reason in reasons:
        modeladmin.message_user(request, reason, messages.ERROR)
    names = sorted({name for accounts in reasons.values() for name in accounts})
    modeladmin.message_user(request, NOTHING_DELETED % {"users": ", ".join(names)}, messages.ERROR)
    return None


# --- Users: Django's admin, without any part of a password hash ------------------------


class PasswordStateWidget(auth_forms.ReadOnlyPasswordHashWidget):
    """Whether a password is set, and the button to change it: not the algorithm, salt or hash."""

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        usable = bool(value) and not value.startswith(UNUSABLE_PASSWORD_PREFIX)
        context["summary"] = [{"label": PASSWORD_SET if usable else NO_PASSWORD}]
        return context


class UserChangeForm(auth_forms.UserChangeForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "password" in self.fields:
            self.fields["password"].widget = PasswordStateWidget()


admin.site.unregister(User)


@admin.register(User)
class UserAdmin(KeepsHistory, DeclaredLookupsOnly, auth_admin.UserAdmin):
    form = UserChangeForm
