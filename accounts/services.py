"""Writes of classes and memberships: joining a class, and a class's join code."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import Classroom, Membership, join_code_expiry, new_join_code
from common.errors import AppError

JOIN_CODE_UNKNOWN = _("There is no class with that join code. Check it with your instructor.")
JOIN_CODE_EXPIRED = _("That join code has expired. Ask your instructor for the new one.")
ALREADY_MEMBER = _("You are already in that class.")


class JoinError(AppError):
    """A join code or membership the class refuses."""


def classroom_regenerate_code(*, classroom: Classroom) -> Classroom:
    """A new join code, valid for the usual time; the old one stops working."""
    classroom.join_code = new_join_code()
    classroom.join_code_expires_at = join_code_expiry()
    classroom.save(update_fields=["join_code", "join_code_expires_at"])
    return classroom


def classroom_for_code(code: str) -> Classroom | None:
    """The class a join code names (case and spaces do not matter), or ``None`` for an empty code.

    :raises JoinError: for an unknown or expired code.
    """
    normalised = "".join(code.split()).upper()
    if not normalised:
        return None
    classroom = Classroom.objects.filter(join_code=normalised).first()
    if classroom is None:
        raise JoinError(JOIN_CODE_UNKNOWN)
    if classroom.join_code_expires_at <= timezone.now():
        raise JoinError(JOIN_CODE_EXPIRED)
    return classroom


def classroom_join(*, user, code: str) -> Classroom:
    """Join the class with this code.

    :raises JoinError: for an empty, unknown or expired code, or a class the learner is already in.
    """
    classroom = classroom_for_code(code)
    if classroom is None:
        raise JoinError(JOIN_CODE_UNKNOWN)
    _, created = Membership.objects.get_or_create(user=user, classroom=classroom)
    if not created:
        raise JoinError(ALREADY_MEMBER)
    return classroom
