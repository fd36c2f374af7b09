"""The class tables' records in the admin: read-only, and scoped to the instructor's own classes.

The shoe's dump is never shown: it holds the order of the undealt cards. Opening a class table is the
service ``classtable.services.class_table_open`` (the class's page offers it); chips move only
through the class table's services, never here.
"""

from django.contrib import admin
from django.db.models import QuerySet

from accounts.models import Classroom
from accounts.scoping import classes_for
from classtable.models import ClassCall, ClassPlay, ClassTable
from common.admin import DeclaredLookupsOnly


class ClassScopedReadOnly(DeclaredLookupsOnly):
    """Rows of a class table session: an instructor sees those of the classes they teach, and edits none.

    ``class_path`` leads from a row to its class.
    """

    class_path = "classroom"

    def get_queryset(self, request) -> QuerySet:
        taught = classes_for(request.user, Classroom.objects.all())
        return super().get_queryset(request).filter(**{f"{self.class_path}__in": taught})

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(ClassTable)
class ClassTableAdmin(ClassScopedReadOnly):
    list_display = ["classroom", "opened_at", "dealer", "preset", "calls_draws", "state", "closed_at"]
    list_filter = ["state", "preset"]
    list_select_related = ["classroom", "dealer"]
    exclude = ["shoe_state"]
    date_hierarchy = "opened_at"


@admin.register(ClassPlay)
class ClassPlayAdmin(ClassScopedReadOnly):
    class_path = "round__table__classroom"
    list_display = ["user", "round", "state", "committed", "returned", "settled_at"]
    list_filter = ["state"]
    search_fields = ["user__username"]
    list_select_related = ["user", "round__table__classroom"]
    exclude = ["draft"]


@admin.register(ClassCall)
class ClassCallAdmin(ClassScopedReadOnly):
    class_path = "round__table__classroom"
    list_display = ["user", "round", "question", "answer", "correct", "called_at"]
    list_filter = ["question", "correct"]
    search_fields = ["user__username"]
    list_select_related = ["user", "round__table__classroom"]
