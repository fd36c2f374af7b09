"""Who may see a class table, and how a refusal is answered (a page, the htmx message, or a redirect).

Roles: the ``dealer`` (the instructor who opened it: sees and deals), an ``instructor`` of the class
(sees the projector and the control page, cannot deal: the services refuse with 403), a ``learner``
(a member of the class). Anyone else gets a clear 403; a table that does not exist is a 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Exists, OuterRef, Subquery
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _

from accounts.models import Membership
from classtable import errors
from classtable.models import ClassSeat, ClassTable
from classtable.services.sessions import teaches
from common.errors import AppError

DEALER, INSTRUCTOR, LEARNER = "dealer", "instructor", "learner"
NOT_INSTRUCTOR_PAGE = _("This page is for the class's instructors.")
LOG_IN = _("Log in to see your class table.")


def table_and_role(user, pk: int) -> tuple[ClassTable, str]:
    """The class table ``pk`` and the user's part at it, in one query for a learner (every changed poll
    asks). The table carries ``own_version``, the user's seat's version (``None``: no seat), so the poll
    compares its tag without reading the versions again.

    :raises errors.NotFound: no such table. :raises errors.NotAllowed: neither its instructor nor a member.
    """
    table = (
        ClassTable.objects.select_related("classroom")
        .defer("shoe_state")  # the services read the shoe under the table's row lock, never from here
        .annotate(
            member=Exists(Membership.objects.filter(user=user.pk, classroom=OuterRef("classroom_id"))),
            own_version=Subquery(
                ClassSeat.objects.filter(table=OuterRef("pk"), user=user.pk).values("version")[:1]
            ),
        )
        .filter(pk=pk)
        .first()
    )
    if table is None:
        raise errors.NotFound(errors.NO_SUCH_TABLE)
    if table.dealer_id == user.pk:
        return table, DEALER
    if teaches(user, table.classroom):
        return table, INSTRUCTOR
    if table.member:
        return table, LEARNER
    raise errors.NotAllowed(errors.NOT_A_MEMBER)


def refused_page(request, error: AppError, *, table: ClassTable | None = None) -> HttpResponse:
    """A refusal of a GET: the message alone (htmx) or a page saying it, with the error's status."""
    context = {"message": error.message, "table": table}
    template = "classtable/refused.html#message" if request.htmx else "classtable/refused.html"
    return render(request, template, context, status=error.status)


def refused_post(request, error: AppError, back: str) -> HttpResponse:
    """A refused POST: with htmx the message partial (its 4xx); without, back to the page with the
    message (POST, redirect, GET)."""
    if request.htmx:
        response = render(
            request, "classtable/partials/_message.html", {"message": error.message}, status=error.status
        )
        response["HX-Retarget"] = "#ct-message"
        response["HX-Reswap"] = "innerHTML"
        return response
    messages.error(request, error.message)
    return redirect(back)


def not_instructor() -> AppError:
    return errors.NotAllowed(NOT_INSTRUCTOR_PAGE)
