"""The class table's reads that are not a page's view model (those are in ``classtable.presenters``).
Writes nothing.

- ``table_versions(table_id, user_id) -> (version, activity_version, own, ended) | None`` — ONE indexed
  query, for the poll's 304 (``classtable.middleware``): a learner's tag names the table's version and
  their seat's (``own``), the control page's and projector's both of the table's.
- ``open_table_for_learner(user)`` / ``open_table_for_class(classroom_id)`` — the open, not idle session.
- ``session_replay(user, table_id) -> list[list[str]]`` — the dealt tokens of each round of an ended session.
"""

from __future__ import annotations

from django.db import connection
from django.utils import timezone

from accounts.models import Membership
from classtable.models import ClassRound, ClassSeat, ClassTable, idle_after
from classtable.services.sessions import teaches

#: The poll's 304 reads this, about sixty times a second for a class of sixty: plain SQL, as the ORM's
#: compiling of even this query costs four times its round trip (0.8 ms of CPU against 0.2 ms).
VERSIONS = (
    f"SELECT version, activity_version, CASE WHEN state = %s OR last_activity < %s THEN 1 ELSE 0 END, "
    f"(SELECT version FROM {ClassSeat._meta.db_table} WHERE table_id = %s AND user_id = %s) "
    f"FROM {ClassTable._meta.db_table} WHERE id = %s"
)


def table_versions(table_id: int, user_id: int) -> tuple[int, int, int, bool] | None:
    """The table's version, its activity version, the user's own seat's version (0: no seat) and whether
    the session has ended (closed, or idle by now): one query."""
    since = connection.ops.adapt_datetimefield_value(timezone.now() - idle_after())
    with connection.cursor() as cursor:
        cursor.execute(VERSIONS, [ClassTable.State.CLOSED.value, since, table_id, user_id, table_id])
        row = cursor.fetchone()
    if row is None:
        return None
    version, activity, ended, own = row
    return version, activity, own or 0, bool(ended)


def _open(queryset):
    return queryset.filter(state=ClassTable.State.OPEN, last_activity__gte=timezone.now() - idle_after())


def open_table_for_class(classroom_id: int) -> ClassTable | None:
    return _open(ClassTable.objects.filter(classroom_id=classroom_id)).first()


def open_table_for_learner(user) -> ClassTable | None:
    """The open session of a class the learner is a member of ("Your class is playing"), if any."""
    classes = Membership.objects.filter(user=user).values("classroom")
    return _open(ClassTable.objects.filter(classroom__in=classes)).select_related("classroom").first()


def session_replay(user, table_id: int) -> list[list[str]] | None:
    """The dealt tokens of every round of an ENDED session, in order, for a member of its class or one of
    its instructors (``None``: not theirs, or still open — the shoe's rest is never shown)."""
    table = ClassTable.objects.select_related("classroom").filter(pk=table_id).first()
    if table is None or not table.ended():
        return None
    if not (
        Membership.objects.filter(user=user, classroom=table.classroom_id).exists()
        or teaches(user, table.classroom)
    ):
        return None
    rounds = ClassRound.objects.filter(table=table).exclude(cards="").order_by("number")
    return [cards.split() for cards in rounds.values_list("cards", flat=True)]
