"""What an instructor may see in the admin: only their own classes and those classes' learners.

Design overview: every admin queryset of learner data goes through one of
these filters, so the rule lives in one place. A superuser sees everything;
a staff user sees the classes they teach and the records of learners who are
members of those classes; anyone else sees nothing.
"""

from __future__ import annotations

from django.db.models import QuerySet


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
