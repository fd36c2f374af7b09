"""The instructor's classes (with the class progress page, its learner pages and CSV) and their members.

Every queryset is scoped by ``accounts.scoping``: an instructor sees only their own classes, and
another instructor's class is a 404 on its progress pages.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts import scoping
from accounts.models import Classroom, Membership, default_side_bets
from accounts.scoping import own_class_filter
from accounts.services import classroom_regenerate_code, memberships_remove
from common.admin import DeclaredLookupsOnly
from instructors import views
from table.bets import side_bet_choices
from table.presets import preset_choices

MEMBERS_TITLE = gettext_lazy("Members of your classes: tick those to take out of their class")


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    fields = ["user", "joined_at"]
    readonly_fields = ["user", "joined_at"]
    can_delete = True

    def has_add_permission(self, request, obj=None):
        return False


class ClassroomForm(forms.ModelForm):
    """The class's tables are ticked from ``PRESETS`` and its side bets from the bet registry, so only real
    presets and registered side bets are ever stored."""

    presets = forms.MultipleChoiceField(
        label=capfirst(Classroom._meta.get_field("presets").verbose_name),
        help_text=Classroom._meta.get_field("presets").help_text,
        choices=preset_choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    side_bets = forms.MultipleChoiceField(
        label=capfirst(Classroom._meta.get_field("side_bets").verbose_name),
        help_text=Classroom._meta.get_field("side_bets").help_text,
        choices=side_bet_choices,
        initial=default_side_bets,
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
            "side_bets",
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
        "class_table_link",
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
        "side_bets",
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

    @admin.display(description=gettext_lazy("class table"))
    def class_table_link(self, obj):
        """Open a class table for the class (or go to the open one) on the instructor's page."""
        return format_html(
            '<a href="{}#class-{}">{}</a>', reverse("classtable:index"), obj.pk, _("Class table")
        )

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra = {"class_table_url": f"{reverse('classtable:index')}#class-{object_id}"}
        return super().change_view(request, object_id, form_url, {**extra, **(extra_context or {})})

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
