"""Assignments: what a class is asked to do by when (instructors manage those of their own classes)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts import scoping
from accounts.models import Classroom
from accounts.scoping import own_class_filter
from common.admin import DeclaredLookupsOnly
from lessons.course import LESSONS
from progress.models import DEALER_ASSIGNMENT_ROUNDS, Assignment, Lesson

LESSON_NEEDED = gettext_lazy("Choose the lesson to assign.")
DUE_IN_THE_PAST = gettext_lazy("The due date has passed: choose a date and time still to come.")
DUE_HELP = gettext_lazy("Date and time in the site's time zone (%(zone)s).")
DUE_DATE = gettext_lazy("Due date")
DUE_TIME = gettext_lazy("Due time")

# --- Assignments: what a class is asked to do by when --------------------------------------


class AssignmentForm(forms.ModelForm):
    """An assignment for one of the instructor's classes; the admin scopes the class and lesson choices.

    A lesson is needed for a lesson assignment and dropped for any other kind; a due moment that
    is set or changed must still be to come (an old assignment keeps its past due date when only
    other fields change).
    """

    class Meta:
        model = Assignment
        fields = ["classroom", "kind", "lesson", "rounds", "due_at"]

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
        if kind != Assignment.Kind.DEALER_ROUNDS:
            cleaned["rounds"] = None
        elif cleaned.get("rounds") is None and "rounds" not in self.errors:
            cleaned["rounds"] = DEALER_ASSIGNMENT_ROUNDS
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
