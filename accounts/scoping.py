"""What an instructor may see in the admin: only their own classes and those classes' learners.

Design overview: every admin queryset of learner data goes through one of
these filters (``LearnerScopedAdmin`` for the learner records of every app,
``classes_for`` for the classes), so the rule lives in one place. A superuser sees everything;
a staff user sees the classes they teach and the records of learners who are
members of those classes; anyone else sees nothing.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy

from accounts.models import Classroom
from common.admin import DeclaredLookupsOnly


def sees_everything(user) -> bool:
    return bool(user.is_active and user.is_superuser)


def classes_for(user, queryset: QuerySet) -> QuerySet:
    """Classes the user teaches."""
    if sees_everything(user):
        return queryset
    return queryset.filter(instructors=user)


def learners_for(user, queryset: QuerySet, path: str = "") -> QuerySet:
    """Rows that belong to a learner of one of the user's classes; ``path`` leads from the row to the user."""
    if sees_everything(user):
        return queryset
    prefix = f"{path}__" if path else ""
    return queryset.filter(**{f"{prefix}memberships__classroom__instructors": user}).distinct()


# --- The admin's side of the rule ------------------------------------------------------


class OwnClassFilter(admin.SimpleListFilter):
    """Filter by class, offering only the classes the instructor teaches."""

    title = gettext_lazy("class")
    parameter_name = "class"
    path = "memberships__classroom"

    def lookups(self, request, model_admin):
        classes = classes_for(request.user, Classroom.objects.all())
        return [(str(classroom.pk), classroom.name) for classroom in classes]

    def queryset(self, request, queryset):
        value = self.value()
        if not value:
            return queryset
        allowed = classes_for(request.user, Classroom.objects.filter(pk=value if value.isdigit() else 0))
        return queryset.filter(**{self.path + "__in": allowed}).distinct()


def own_class_filter(path: str) -> type[OwnClassFilter]:
    """``OwnClassFilter`` for rows that reach the class by ``path``."""
    return type(f"OwnClassFilter_{path}", (OwnClassFilter,), {"path": path})


class LearnerScopedAdmin(DeclaredLookupsOnly):
    """Rows of learner data: an instructor sees those of their own classes' learners only.

    Their list pages filter only by the filters they declare (``common.admin``): a lookup on any
    other field would let the result count read a value the page never shows.

    ``learner_path`` leads from a row to its learner (``""``: the row is the learner).
    """

    learner_path = "user"

    def get_queryset(self, request):
        return learners_for(request.user, super().get_queryset(request), self.learner_path)


class ReadOnlyAdmin(LearnerScopedAdmin):
    """Learner records: instructors look, they do not edit."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
