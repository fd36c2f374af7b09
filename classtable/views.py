"""The learners' class table: the page, the poll, join and leave, bets (draft, confirm) and draw calls.

One URL per page, two renderings: a full page for a plain request, the panel for an htmx one. A plain
POST redirects back to the page (POST, redirect, GET), with its refusal as a message; an htmx POST
answers the panel, or the refusal's message with its 4xx. Every GET only reads.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from classtable import errors
from classtable.access import LEARNER, LOG_IN, refused_page, refused_post, table_and_role
from classtable.etag import read_etags
from classtable.rendering import learner_context, poll_answer, with_tag
from classtable.services.learners import (
    bets_confirm,
    bets_draft,
    bets_repeat,
    bets_undo,
    draw_call,
    seat_join,
    seat_leave,
)
from common.errors import AppError
from table.forms import chip_in_use, parse_bets, parse_chip, parse_index, parse_spot
from table.presets import DEFAULT_CHIP

#: The class table's columns a learner's action may have changed (``services.locking.touch``, a close).
REFRESHED = ["state", "version", "activity_version", "last_activity", "closed_at"]


def _page_url(pk: int) -> str:
    return reverse("classtable:table", args=[pk])


@login_required
@require_GET
def table_page(request, pk: int) -> HttpResponse:
    """A learner's view of the class table; its instructors go to their control page."""
    try:
        table, role = table_and_role(request.user, pk)
    except AppError as error:
        return refused_page(request, error)
    if role != LEARNER:
        return redirect("classtable:control", pk)
    context = learner_context(request, table, chip=chip_in_use(request.GET), roads=not request.htmx)
    template = "classtable/learner.html#panel" if request.htmx else "classtable/learner.html"
    return render(request, template, context)


@require_GET
def poll(request, pk: int) -> HttpResponse:
    """What changed since the page's ETag (an unchanged one is answered 304 by
    ``classtable.middleware`` before the session is read; this is the full path, with every check)."""
    if not request.user.is_authenticated:
        return refused_page(request, errors.NotAllowed(LOG_IN))
    try:
        table, role = table_and_role(request.user, pk)
    except AppError as error:
        return refused_page(request, error)
    tags = [tag for tag, _ in read_etags(request, pk) if tag.user == request.user.pk]
    own = table.own_version or 0  # read with the table (``table_and_role``): no second query
    if not table.ended() and any(tag.current(table.version, table.activity_version, own) for tag in tags):
        return HttpResponseNotModified()
    return poll_answer(request, table, role, tags[0] if tags else None)


def _act(request, pk: int, action) -> HttpResponse:
    """Run a learner's service; answer the panel (htmx) or go back to the page (a plain post)."""
    try:
        table, role = table_and_role(request.user, pk)
        if role != LEARNER:
            raise errors.NotAllowed(errors.NOT_A_MEMBER)
        action(table)
    except AppError as error:
        return refused_post(request, error, _page_url(pk))
    chip = chip_in_use(request.POST)
    if not request.htmx:
        return redirect(_page_url(pk) + (f"?chip={chip:.0f}" if chip != DEFAULT_CHIP else ""))
    table.refresh_from_db(fields=REFRESHED)  # what the action changed; the class stays loaded
    context = learner_context(request, table, chip=chip, roads=False)  # the panel has no roads
    return with_tag(render(request, "classtable/learner.html#panel", context), context["etag"])


@login_required
@require_POST
def join(request, pk: int) -> HttpResponse:
    return _act(request, pk, lambda table: seat_join(user=request.user, table_id=table.pk))


@login_required
@require_POST
def leave(request, pk: int) -> HttpResponse:
    return _act(request, pk, lambda table: seat_leave(user=request.user, table_id=table.pk))


def _draft_change(user, table_id: int, data):
    """What the pressed button asks of the draft, as at the practice table: ``add=<spot>`` puts the rack's
    chip on that spot, ``op=undo|clear|repeat`` does what it says; any other submit (a rack chip chosen,
    Save, Enter in a field) saves the stakes as typed."""
    number = parse_index(data, "round")
    seat = {"user": user, "table_id": table_id, "round_number": number}
    op = data.get("op", "")
    if op == "repeat":
        return bets_repeat(**seat)
    if op == "clear":
        return bets_draft(**seat, bets=[])
    if op == "undo":
        return bets_undo(**seat, bets=parse_bets(data))
    placed = None
    if "add" in data:
        placed = (parse_spot(data["add"]), parse_chip(data))
    elif "select" in data:
        parse_chip(data)  # a rack chip chosen: refuse one the rack does not have
    return bets_draft(**seat, bets=parse_bets(data), placed=placed)


@login_required
@require_POST
def draft(request, pk: int) -> HttpResponse:
    """Save the learner's draft (a chip put on a spot or taken back, the stakes as typed, the last round's
    bets, or Clear): no chip moves."""
    return _act(request, pk, lambda table: _draft_change(request.user, table.pk, request.POST))


@login_required
@require_POST
def confirm(request, pk: int) -> HttpResponse:
    """Confirm the bets on the felt: the stakes leave the balance (refused once "No more bets" came)."""
    return _act(
        request,
        pk,
        lambda table: bets_confirm(
            user=request.user,
            table_id=table.pk,
            round_number=parse_index(request.POST, "round"),
            bets=parse_bets(request.POST),
        ),
    )


@login_required
@require_POST
def call(request, pk: int) -> HttpResponse:
    """The learner's call on the open draw decision (refused once it is closed)."""
    return _act(
        request,
        pk,
        lambda table: draw_call(
            user=request.user,
            table_id=table.pk,
            round_number=parse_index(request.POST, "round"),
            question=request.POST.get("question", ""),
            answer=request.POST.get("answer", ""),
        ),
    )
