"""Dealer mode's pages: open a table, run a round one POST per action, the next round.

A plain request gets the whole page; an htmx request (``HX-Request``) only the ``dealer-panel``
partial. A refused action is shown in the same place with its 4xx status and nothing counted.
GETs write nothing: a session and its rounds are made only by POSTs.
"""

from __future__ import annotations

from http import HTTPStatus

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from accounts.models import DealerCommission
from accounts.selectors import learner_class
from dealer import errors, presenters, services
from dealer.models import MAX_SEATS, MIN_SEATS, DealerRound
from dealer.selectors import open_session
from lessons.views_drill import HtmxHttpRequest
from table.presets import PRESETS, allowed_presets


def _render_round(
    request: HtmxHttpRequest, round: DealerRound, *, error: str = "", status: int = HTTPStatus.OK
):
    context = presenters.table_view(round)
    context["error"] = error
    template = "dealer/table.html#dealer-panel" if request.htmx else "dealer/table.html"
    return render(request, template, context, status=status)


def _open_form(request: HtmxHttpRequest, *, error: str = "", status: int = HTTPStatus.OK) -> HttpResponse:
    classroom = learner_class(request.user)
    keys = allowed_presets(classroom.presets if classroom is not None else [])
    context = {
        "presets": [{"key": key, "label": PRESETS[key].label} for key in keys],
        "seat_choices": list(range(MIN_SEATS, MAX_SEATS + 1)),
        "commission": classroom.dealer_commission if classroom is not None else DealerCommission.PAYOUT,
        "commission_choices": DealerCommission.choices,
        "house_rounding": classroom.dealer_house_rounding if classroom is not None else False,
        "error": error,
    }
    return render(request, "dealer/open.html", context, status=status)


@login_required
@require_GET
def table(request: HtmxHttpRequest) -> HttpResponse:
    """The learner's open dealer table at its current round, or the form to open one."""
    session = open_session(request.user)
    if session is None:
        return _open_form(request)
    round = session.dealer_rounds.order_by("-number").first()
    if round is None:
        return _open_form(request)
    return _render_round(request, round)


@login_required
@require_POST
def open_table(request: HtmxHttpRequest) -> HttpResponse:
    try:
        seats = int(request.POST.get("seats", ""))
    except ValueError:
        return _open_form(request, error=str(errors.SEATS_RANGE), status=HTTPStatus.BAD_REQUEST)
    try:
        session = services.session_open(
            user=request.user,
            seats=seats,
            preset=request.POST.get("preset", ""),
            commission=request.POST.get("commission") or None,
            house_rounding=request.POST.get("house_rounding") == "on",
        )
    except errors.DealerError as refused:
        return _open_form(request, error=refused.message, status=refused.status)
    return redirect("dealer:round", round_id=session.dealer_rounds.get().pk)


@login_required
@require_GET
def round_page(request: HtmxHttpRequest, round_id: int) -> HttpResponse:
    try:
        round = services.round_find(user=request.user, round_id=round_id)
    except errors.NotFound:
        raise Http404(errors.ROUND_NOT_FOUND) from None
    return _render_round(request, round)


@login_required
@require_POST
def act(request: HtmxHttpRequest, round_id: int) -> HttpResponse:
    try:
        round = services.round_find(user=request.user, round_id=round_id)
    except errors.NotFound:
        raise Http404(errors.ROUND_NOT_FOUND) from None
    try:
        step = int(request.POST.get("step", ""))
    except ValueError:
        return _render_round(request, round, error=str(errors.FORM_INCOMPLETE), status=HTTPStatus.BAD_REQUEST)
    try:
        round = services.round_act(user=request.user, round_id=round.pk, step=step, data=request.POST)
    except errors.DealerError as refused:
        round.refresh_from_db()
        return _render_round(request, round, error=refused.message, status=refused.status)
    return _render_round(request, round)


@login_required
@require_POST
def next_round(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    try:
        round = services.round_deal_next(user=request.user, session_id=session_id)
    except errors.NotFound:
        raise Http404(errors.SESSION_NOT_FOUND) from None
    except errors.DealerError as refused:
        last = DealerRound.objects.filter(session_id=session_id).order_by("-number").first()
        if last is None:
            raise Http404(errors.SESSION_NOT_FOUND) from None
        return _render_round(request, last, error=refused.message, status=refused.status)
    if request.htmx:
        return _render_round(request, round)
    return redirect("dealer:round", round_id=round.pk)


@login_required
@require_POST
def close(request: HtmxHttpRequest, session_id: int) -> HttpResponse:
    try:
        services.session_close(user=request.user, session_id=session_id)
    except errors.NotFound:
        raise Http404(errors.SESSION_NOT_FOUND) from None
    return redirect("dealer:table")
