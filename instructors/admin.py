"""The instructor's admin: their classes (with the class progress page) and their learners.

Instructors are staff users in the "Instructors" group (see ``instructors.roles``).
Learner records are read-only here: chips change only through the table's
settlement service (the reset action calls it), and progress only through
the learners' own answers. Every queryset is scoped by ``accounts.scoping``.

Django's user admin is registered again here, because only this app knows
both the accounts and the table: an account with a chip history (a seat, or a
reset it made) is never deleted, by anyone (``KeepsHistory``), and no part of a
password's hash is shown. Every list page filters only by its declared filters
(``common.admin``).
"""

from __future__ import annotations

from axes.utils import reset as axes_reset
from django import forms
from django.contrib import admin, messages
from django.contrib.admin.actions import delete_selected
from django.contrib.admin.utils import quote, unquote
from django.contrib.auth import admin as auth_admin
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.hashers import UNUSABLE_PASSWORD_PREFIX
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts import scoping
from accounts.models import Classroom, Learner, Membership
from accounts.scoping import ReadOnlyAdmin, own_class_filter
from accounts.services import classroom_regenerate_code, memberships_remove
from common.admin import DeclaredLookupsOnly
from instructors import views
from lessons.course import LESSONS
from progress.models import Assignment, Attempt, DrillCell, Lesson, LessonProgress
from table.errors import TableError
from table.models import LedgerEntry, Seat
from table.presets import preset_choices
from table.services import learner_chips_reset

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
NOTHING_TO_UNLOCK = gettext_lazy("None of the selected learners had failed log-ins to clear.")
LESSON_NEEDED = gettext_lazy("Choose the lesson to assign.")
DUE_IN_THE_PAST = gettext_lazy("The due date has passed: choose a date and time still to come.")
DUE_HELP = gettext_lazy("Date and time in the site's time zone (%(zone)s).")
DUE_DATE = gettext_lazy("Due date")
DUE_TIME = gettext_lazy("Due time")
MEMBERS_TITLE = gettext_lazy("Members of your classes: tick those to take out of their class")

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


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    fields = ["user", "joined_at"]
    readonly_fields = ["user", "joined_at"]
    can_delete = True

    def has_add_permission(self, request, obj=None):
        return False


class ClassroomForm(forms.ModelForm):
    """The class's tables are ticked from ``PRESETS``, so only real presets are ever stored."""

    presets = forms.MultipleChoiceField(
        label=capfirst(Classroom._meta.get_field("presets").verbose_name),
        help_text=Classroom._meta.get_field("presets").help_text,
        choices=preset_choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A form posted without the audience (an older page, a script) keeps the class's own (a new
        # class: the careful default, a school class).
        self.fields["audience"].required = False

    def clean_audience(self) -> str:
        return self.cleaned_data.get("audience") or self.instance.audience or Classroom.Audience.SCHOOL

    class Meta:
        model = Classroom
        fields = [
            "name",
            "instructors",
            "audience",
            "helpline",
            "join_code_expires_at",
            "starting_balance",
            "presets",
        ]


@admin.register(Classroom)
class ClassroomAdmin(DeclaredLookupsOnly):
    form = ClassroomForm
    list_display = [
        "name",
        "audience",
        "learner_count",
        "join_code",
        "join_code_expires_at",
        "starting_balance",
        "progress_link",
    ]
    search_fields = ["name"]
    fields = [
        "name",
        "instructors",
        "audience",
        "helpline",
        "join_code",
        "join_code_expires_at",
        "starting_balance",
        "presets",
    ]
    readonly_fields = ["join_code"]
    filter_horizontal = ["instructors"]
    inlines = [MembershipInline]
    actions = ["regenerate_join_codes"]

    def get_queryset(self, request):
        queryset = super().get_queryset(request).annotate(learners=Count("memberships", distinct=True))
        return scoping.classes_for(request.user, queryset)

    def get_fields(self, request, obj=None):
        fields = list(super().get_fields(request, obj))
        if not scoping.sees_everything(request.user):
            fields.remove("instructors")  # an instructor's classes are their own
        return fields

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if not change and not scoping.sees_everything(request.user):
            obj.instructors.add(request.user)

    @admin.display(description=gettext_lazy("learners"), ordering="learners")
    def learner_count(self, obj):
        members = reverse("admin:accounts_membership_changelist")
        return format_html('<a href="{}?class={}">{}</a>', members, obj.pk, obj.learners)

    @admin.display(description=gettext_lazy("progress"))
    def progress_link(self, obj):
        return format_html(
            '<a href="{}">{}</a>',
            reverse("admin:accounts_classroom_progress", args=[obj.pk]),
            _("Class progress"),
        )

    @admin.action(description=gettext_lazy("Regenerate the join code of the selected classes"))
    def regenerate_join_codes(self, request, queryset):
        classes = list(queryset)  # already scoped to the instructor's classes
        for classroom in classes:
            classroom_regenerate_code(classroom=classroom)
        self.message_user(
            request,
            ngettext(
                "New join codes for %(count)d class.",
                "New join codes for %(count)d classes.",
                len(classes),
            )
            % {"count": len(classes)},
            messages.SUCCESS,
        )

    def get_urls(self):
        own = [
            path(
                "<int:object_id>/progress/",
                self.admin_site.admin_view(self.progress),
                name="accounts_classroom_progress",
            ),
            path(
                "<int:object_id>/progress/learner/<int:user_id>/",
                self.admin_site.admin_view(self.learner_progress),
                name="accounts_classroom_learner",
            ),
            path(
                "<int:object_id>/progress.csv",
                self.admin_site.admin_view(self.progress_csv),
                name="accounts_classroom_progress_csv",
            ),
        ]
        return own + super().get_urls()

    def _own_class(self, request, object_id):
        if not self.has_view_permission(request):
            raise PermissionDenied
        return get_object_or_404(self.get_queryset(request), pk=object_id)

    def progress(self, request, object_id):
        return views.progress_view(self, request, self._own_class(request, object_id))

    def learner_progress(self, request, object_id, user_id):
        return views.learner_view(self, request, self._own_class(request, object_id), user_id)

    def progress_csv(self, request, object_id):
        return views.progress_csv(self, request, self._own_class(request, object_id))


@admin.register(Membership)
class MembershipAdmin(DeclaredLookupsOnly):
    """The members of the instructor's classes, to take a batch of them out of a class at once.

    Filter by class and by when they joined (e.g. a burst of sign-ups with the join code in the last
    hour), tick them, and remove them: only the membership goes; the learner keeps the account,
    chips, progress and records, and may join again with the class's code.
    """

    list_display = ["user", "classroom", "joined_at"]
    list_filter = [own_class_filter("classroom"), "joined_at"]
    list_select_related = ["user", "classroom"]
    search_fields = ["user__username"]
    ordering = ["-joined_at", "-id"]
    fields = ["user", "classroom", "joined_at"]
    readonly_fields = fields
    actions = ["remove_from_class"]

    def get_queryset(self, request):
        own = scoping.classes_for(request.user, Classroom.objects.all())
        return super().get_queryset(request).filter(classroom__in=own, user__is_staff=False)

    def changelist_view(self, request, extra_context=None):
        return super().changelist_view(request, {"title": MEMBERS_TITLE, **(extra_context or {})})

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # "remove from the class" says what happens
        return actions

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.action(
        description=gettext_lazy(
            "Remove the selected learners from their class (they keep their chips and records)"
        ),
        permissions=["delete"],
    )
    def remove_from_class(self, request, queryset):
        removed = memberships_remove(actor=request.user, memberships=queryset)
        self.message_user(
            request,
            ngettext(
                "Removed %(count)d learner from their class.",
                "Removed %(count)d learners from their classes.",
                removed,
            )
            % {"count": removed},
            messages.SUCCESS,
        )


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


# --- Assignments: what a class is asked to do by when --------------------------------------


class AssignmentForm(forms.ModelForm):
    """An assignment for one of the instructor's classes; the admin scopes the class and lesson choices.

    A lesson is needed for a lesson assignment and dropped for any other kind; a due moment that
    is set or changed must still be to come (an old assignment keeps its past due date when only
    other fields change).
    """

    class Meta:
        model = Assignment
        fields = ["classroom", "kind", "lesson", "due_at"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "due_at" in self.fields:
            field = self.fields["due_at"]
            field.help_text = DUE_HELP % {"zone": timezone.get_current_timezone_name()}
            # The admin's date-and-time widget is two inputs under one label: each gets its own name.
            for widget, name in zip(getattr(field.widget, "widgets", []), (DUE_DATE, DUE_TIME), strict=False):
                widget.attrs["aria-label"] = name

    def clean_due_at(self):
        due_at = self.cleaned_data["due_at"]
        if due_at is not None and "due_at" in self.changed_data and due_at <= timezone.now():
            raise forms.ValidationError(DUE_IN_THE_PAST, code="past")
        return due_at

    def clean(self):
        cleaned = super().clean()
        kind = cleaned.get("kind")
        if kind == Assignment.Kind.LESSON:
            if cleaned.get("lesson") is None and "lesson" not in self.errors:
                self.add_error("lesson", forms.ValidationError(LESSON_NEEDED, code="required"))
        elif kind:
            cleaned["lesson"] = None
        return cleaned


@admin.register(Assignment)
class AssignmentAdmin(DeclaredLookupsOnly):
    """Instructors add, change and delete the assignments of their own classes only."""

    form = AssignmentForm
    list_display = ["__str__", "classroom", "due_at", "progress_link"]
    list_filter = [own_class_filter("classroom"), "kind"]
    list_select_related = ["classroom", "lesson"]
    ordering = ["due_at", "id"]

    def get_queryset(self, request):
        own = scoping.classes_for(request.user, Classroom.objects.all())
        return super().get_queryset(request).filter(classroom__in=own)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "classroom":
            kwargs["queryset"] = scoping.classes_for(request.user, Classroom.objects.all())
        elif db_field.name == "lesson":
            kwargs["queryset"] = Lesson.objects.filter(slug__in=list(LESSONS))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

    @admin.display(description=gettext_lazy("progress"))
    def progress_link(self, obj):
        return format_html(
            '<a href="{}">{}</a>',
            reverse("admin:accounts_classroom_progress", args=[obj.classroom_id]),
            _("Class progress"),
        )


admin.site.site_header = gettext_lazy("Punto Banco school: instructors")
admin.site.site_title = gettext_lazy("Punto Banco school admin")
admin.site.index_title = gettext_lazy("Classes and learners")
