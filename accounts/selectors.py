"""Reads of classes and memberships."""

from __future__ import annotations

from accounts.models import Classroom, Membership


def learner_class(user) -> Classroom | None:
    """The class whose settings apply to the learner at the table: the first one joined."""
    membership = Membership.objects.filter(user=user).select_related("classroom").first()
    return membership.classroom if membership else None
