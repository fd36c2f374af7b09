"""The instructor's side of a class table, outside the admin: the list of their classes with Open, the
control page (No more bets, one card per click, go on, next round, end), the projector and the CSV.

Only the instructor who opened a table deals it: another instructor of the class sees the control page
without its buttons and the projector, and a post of theirs is refused by the services with 403.
"""

from __future__ import annotations

import csv

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from accounts import scoping
from accounts.models import Classroom
from classtable import selectors
from classtable.access import LEARNER, not_instructor, refused_page, refused_post, table_and_role
from classtable.rendering import room_context, with_tag
from classtable.services import (
    bets_close,
    card_deal,
    class_table_close,
    class_table_open,
    decision_close,
    round_start,
    session_csv_rows,
)
from common.errors import AppError
from table.forms import parse_index
from table.presets import PRESETS, allowed_presets

#: A cell a spreadsheet would run as a formula starts with one of these (as the class progress CSV).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_safe(text: str) -> str:
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


@login_required
@require_GET
def index(request) -> HttpResponse:
    """An instructor's classes, each with its open table or the form to open one; a learner's open table."""
    if not request.user.is_staff:
        table = selectors.open_table_for_learner(request.user)
        return render(request, "classtable/index.html", {"learner_table": table, "classes": []})
    classes = []
    for classroom in scoping.classes_for(request.user, Classroom.objects.order_by("name")):
        classes.append(
            {
                "classroom": classroom,
                "open": selectors.open_table_for_class(classroom.pk),
                "presets": [PRESETS[key] for key in allowed_presets(classroom.presets or [])],
            }
        )
    return render(request, "classtable/index.html", {"classes": classes})


@login_required
@require_POST
def open_table(request) -> HttpResponse:
    """Open a class table for one of the instructor's classes, then go to its control page."""
    try:
        table = class_table_open(
            user=request.user,
            classroom_id=parse_index(request.POST, "classroom"),
            preset=request.POST.get("preset", ""),
            calls_draws=request.POST.get("calls_draws") == "on",
        )
    except AppError as error:
        return refused_post(request, error, reverse("classtable:index"))
    return redirect("classtable:control", table.pk)


def _room(request, pk: int, template: str) -> HttpResponse:
    try:
        table, role = table_and_role(request.user, pk)
        if role == LEARNER:
            raise not_instructor()
    except AppError as error:
        return refused_page(request, error)
    context = room_context(request, table, role)
    return render(request, f"{template}#room" if request.htmx else template, context)


@login_required
@require_GET
def control(request, pk: int) -> HttpResponse:
    """The instructor's control page (the dealer's buttons; another instructor watches)."""
    return _room(request, pk, "classtable/control.html")


@login_required
@require_GET
def projector(request, pk: int) -> HttpResponse:
    """The projector: cards readable across a classroom, the roads, the class's bets and calls."""
    return _room(request, pk, "classtable/projector.html")


def _dealer_act(request, pk: int, action) -> HttpResponse:
    back = reverse("classtable:control", args=[pk])
    try:
        table, role = table_and_role(request.user, pk)
        if role == LEARNER:
            raise not_instructor()
        action(table)
    except AppError as error:
        return refused_post(request, error, back)
    if not request.htmx:
        return redirect(back)
    table.refresh_from_db()
    context = room_context(request, table, role)
    response = render(request, "classtable/control.html#room", context)
    return with_tag(response, context["etag"])


def _round(request) -> int:
    return parse_index(request.POST, "round")


@login_required
@require_POST
def close_bets(request, pk: int) -> HttpResponse:
    """ "No more bets"."""
    return _dealer_act(
        request,
        pk,
        lambda table: bets_close(user=request.user, table_id=table.pk, round_number=_round(request)),
    )


@login_required
@require_POST
def deal(request, pk: int) -> HttpResponse:
    """One card: the form names the card it expects, so a doubled or replayed post deals nothing twice."""
    return _dealer_act(
        request,
        pk,
        lambda table: card_deal(
            user=request.user,
            table_id=table.pk,
            round_number=_round(request),
            expected_index=parse_index(request.POST, "card"),
        ),
    )


@login_required
@require_POST
def go_on(request, pk: int) -> HttpResponse:
    """Close the open draw decision without waiting for the calls still missing."""
    return _dealer_act(
        request,
        pk,
        lambda table: decision_close(
            user=request.user,
            table_id=table.pk,
            round_number=_round(request),
            question=request.POST.get("question", ""),
        ),
    )


@login_required
@require_POST
def next_round(request, pk: int) -> HttpResponse:
    """ "Place your bets" for the next round."""
    return _dealer_act(
        request,
        pk,
        lambda table: round_start(user=request.user, table_id=table.pk, round_number=_round(request)),
    )


@login_required
@require_POST
def end(request, pk: int) -> HttpResponse:
    """End the session: an unfinished coup's stakes go back to their seats."""
    return _dealer_act(request, pk, lambda table: class_table_close(user=request.user, table_id=table.pk))


@login_required
@require_GET
def session_csv(request, pk: int) -> HttpResponse:
    """Every seat, bet, call and result of the session, for the class's instructors."""
    try:
        table, role = table_and_role(request.user, pk)
        if role == LEARNER:
            raise not_instructor()
    except AppError as error:
        return refused_page(request, error)
    stamp = timezone.localtime(table.opened_at).strftime("%Y-%m-%d-%H%M")
    response = HttpResponse(
        content_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="class-table-{table.pk}-{stamp}.csv"'},
    )
    writer = csv.writer(response)
    for row in session_csv_rows(table.pk):
        writer.writerow([csv_safe(str(cell)) for cell in row])
    return response
