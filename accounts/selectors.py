"""Reads of classes and memberships."""

from __future__ import annotations

from accounts.models import Classroom, Membership


def learner_class(user) -> Classroom | None:
    """The class whose settings apply to the learner at the table: the first one joined."""
    membership = Membership.objects.filter(user=user).select_related("classroom").first()
    return membership.classroom if membership else None


def footer_facts(user) -> tuple[bool, str]:
    """What the footer says to this reader: whether any of their classes is a school class (the more
    careful wording wins), and the helpline their classes name (the first set, by class name; ``""``:
    none). One query; an anonymous reader is in no class."""
    if not getattr(user, "is_authenticated", False):
        return False, ""
    classes = list(
        Classroom.objects.filter(memberships__user=user).order_by("name").values_list("audience", "helpline")
    )
    school = any(audience == Classroom.Audience.SCHOOL for audience, _ in classes)
    helpline = next((line for _, line in classes if line), "")
    return school, helpline
