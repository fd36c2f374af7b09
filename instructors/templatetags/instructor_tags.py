"""Template tags of the instructor's admin."""

from __future__ import annotations

from django import template
from django.db.models import Count, Q

from accounts import scoping
from accounts.models import Classroom

register = template.Library()


@register.simple_tag(takes_context=True)
def own_classes(context) -> list[Classroom]:
    """The classes the signed-in user teaches (every class for a superuser), by name, with their learners."""
    request = context.get("request")
    if request is None or not request.user.is_authenticated:
        return []
    classes = Classroom.objects.annotate(
        # Staff members of a class are not its learners.
        learners=Count("memberships", distinct=True, filter=Q(memberships__user__is_staff=False))
    ).order_by("name", "pk")
    return list(scoping.classes_for(request.user, classes))
