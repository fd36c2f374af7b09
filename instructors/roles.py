"""The "Instructors" group and exactly the permissions it needs.

Instructors view their classes' learners and records, and add and change
their own classes; they cannot edit learners, progress, rounds or the
ledger (chips move only through the settlement service). The group is kept
up to date after every ``migrate`` (a ``post_migrate`` handler), so a fresh
database has it too.
"""

from __future__ import annotations

from django.apps import apps
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType

INSTRUCTORS = "Instructors"

PERMISSIONS = [
    ("accounts", "classroom", ["view", "add", "change"]),
    ("accounts", "membership", ["view", "delete"]),
    ("accounts", "learner", ["view"]),
    ("accounts", "resetlink", ["view", "add"]),
    ("progress", "lessonprogress", ["view"]),
    ("progress", "attempt", ["view"]),
    ("progress", "drillcell", ["view"]),
    ("progress", "assignment", ["view", "add", "change", "delete"]),
    ("progress", "payoutanswer", ["view"]),
    ("progress", "payoutrecord", ["view"]),
    ("table", "seat", ["view"]),
    ("table", "round", ["view"]),
    ("table", "ledgerentry", ["view"]),
    ("classtable", "classtable", ["view"]),
    ("classtable", "classplay", ["view"]),
    ("classtable", "classcall", ["view"]),
    ("auditions", "audition", ["view", "add", "change", "delete"]),
    ("auditions", "auditionattempt", ["view"]),
    ("auditions", "auditionquestion", ["view"]),
]


def ensure_instructors_group(**kwargs) -> None:
    """Create or update the group with exactly ``PERMISSIONS``."""
    group, _ = Group.objects.get_or_create(name=INSTRUCTORS)
    wanted = []
    for app_label, model, actions in PERMISSIONS:
        content_type = ContentType.objects.get_for_model(
            apps.get_model(app_label, model), for_concrete_model=False
        )
        for action in actions:
            permission, _ = Permission.objects.get_or_create(
                content_type=content_type,
                codename=f"{action}_{model}",
                defaults={"name": f"Can {action} {model}"},
            )
            wanted.append(permission)
    group.permissions.set(wanted)
