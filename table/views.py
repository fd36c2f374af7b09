"""The practice table's views: parse a form, call one service, render.

One URL, two renderings: a full page for a plain request, the ``table-panel``
partial for an htmx request. A plain POST that succeeds redirects to the table
(POST, redirect, GET); an htmx POST re-renders the panel from fresh state, except
a dealt card, which answers with the regions it changed. A refused request is
rendered in the same place with its 4xx status.
"""

from __future__ import annotations

from http import HTTPStatus

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap, retarget

from table import actions, services
from table.charts import balance_chart
from table.explain import card_name
from table.forms import chip_in_use, parse_index, parse_switch, stakes_entered
from table.models import Round, Seat
from table.presenters import changed_regions, edge_rows, roads_view, table_view
from table.presets import DEFAULT_CHIP
from table.selectors import (
    awaiting_call,
    full_shoe_odds,
    next_coup_odds,
    recent_rounds,
    shoe_facts,
    shoe_rounds,
    table_seat,
)


def _render(
    request,
    seat: Seat,
    *,
    round: Round | None = None,
    error: str = "",
    status: int = HTTPStatus.OK,
    entered: dict[str, str] | None = None,
) -> HttpResponse:
    data = request.POST if request.method == "POST" else request.GET
    view = table_view(seat, round=round, chip=chip_in_use(data), entered=entered, fragments=True)
    # The scoreboards sit beside the panel: a full page draws them, an htmx answer swaps them out of
    # band only when they change: a round is settled (or its last call made), or a new shoe begins.
    # Chips, drafts and confirms within a shoe leave them as they are.
    new_shoe = view.dealing and view.next_index == 0 and bool(view.round and view.round.new_shoe)
    roads_changed = not request.htmx or view.settled or new_shoe
    context = {
        "view": view,
        "seat": view.seat,
        "error": error,
        "roads": roads_view(shoe_rounds(view.seat)) if roads_changed else None,
    }
    template = "table/play.html#table-panel" if request.htmx else "table/play.html"
    return render(request, template, context, status=status)


def _run(request, action: actions.Action) -> actions.Outcome:
    return actions.run(request.user, None, action, reload=lambda: services.seat_open(user=request.user))


def _seat(request) -> Seat:
    """The learner's table seat for a page (a read; only a learner's very first visit opens it)."""
    return table_seat(request.user) or services.seat_open(user=request.user)


def _act(request, action: actions.Action) -> HttpResponse:
    """Run one service for the learner's seat; render its fresh state, or the refusal with its status."""
    return _answer(request, _run(request, action))


def _answer(request, done: actions.Outcome) -> HttpResponse:
    """The panel after an action, or the refusal (a refused bet form keeps the stakes as typed)."""
    if done.refused:
        return _render(
            request, done.seat, error=done.error, status=done.status, entered=stakes_entered(request.POST)
        )
    if not request.htmx:
        chip = chip_in_use(request.POST)
        return redirect(reverse("table:play") + (f"?chip={chip:.0f}" if chip != DEFAULT_CHIP else ""))
    return _render(request, done.seat, round=done.round)


@login_required
@require_GET
def play(request) -> HttpResponse:
    """The table: the current round, or a fresh betting form."""
    return _render(request, _seat(request))


@login_required
@require_POST
def round_draft(request) -> HttpResponse:
    """Save the bets as a draft; nothing leaves the balance."""
    return _act(request, actions.draft(request.POST))


@login_required
@require_POST
def round_confirm(request) -> HttpResponse:
    """Commit the bets: the stakes leave the balance and the cards can come."""
    return _act(request, actions.confirm(request.POST))


@login_required
@require_POST
def round_deal(request) -> HttpResponse:
    """Deal exactly the card the form expects; settle when the coup is over.

    With htmx, a card is answered with the regions it changed (``_deal.html``), the end of the coup
    included; a repeated or refused deal gets the whole panel, retargeted. When the learner deals
    face down, the same answer comes with the card's back in front: the regions it changed wait in a
    ``<template>`` until the learner turns the card (``static/js/table.js``). Without htmx the deal
    redirects to the table, where every card is face up.
    """
    done = _run(request, actions.deal(request.POST))
    if request.htmx and not done.refused and done.step is not None:
        return _deal_fragment(request, done)
    response = _answer(request, done)
    if request.htmx:
        retarget(response, "#table-panel")
        reswap(response, "outerHTML")
    return response


def _deal_fragment(request, done: actions.Outcome) -> HttpResponse:
    assert done.step is not None
    view = table_view(done.seat, round=done.round, fragments=True)
    kind = done.step.hand.value
    cards = view.player if kind == "player" else view.banker
    banker_row = view.banker_row_html()
    context = {
        "view": view,
        "seat": view.seat,
        "kind": kind,
        "cards": cards,
        "total": view.coup.player_total if kind == "player" else view.coup.banker_total,
        "new_card": cards[-1],
        "banker_row": banker_row,
        "regions": changed_regions(view, hand_cards=len(cards), banker_row=bool(banker_row)),
        "face_down": done.seat.face_down,
        # The end of the coup adds it to the scoreboards.
        "roads": roads_view(shoe_rounds(view.seat)) if view.settled else None,
    }
    return render(request, "table/partials/_deal.html", context)


@login_required
@require_POST
def balance_reset(request) -> HttpResponse:
    """Start again with the starting chips (only below the table minimum)."""
    return _act(request, lambda **seat: services.balance_reset(**seat, actor=request.user).seat)


@login_required
@require_POST
def seat_preset(request) -> HttpResponse:
    """Choose the table for the next shoe."""
    return _act(
        request, lambda **seat: services.seat_choose_preset(**seat, preset=request.POST.get("preset", ""))
    )


@login_required
@require_POST
def round_call(request) -> HttpResponse:
    """Coach mode: the learner's call on the pending question."""
    amounts = {
        key.removeprefix("return_"): value for key, value in request.POST.items() if key.startswith("return_")
    }
    return _act(
        request,
        lambda **seat: services.round_call(
            **seat,
            round_number=parse_index(request.POST, "round"),
            question=request.POST.get("question", ""),
            answer=request.POST.get("answer", ""),
            amounts=amounts,
        ),
    )


@login_required
@require_POST
def seat_coach(request) -> HttpResponse:
    """Switch coach mode on or off."""
    return _act(request, lambda **seat: services.seat_set_coach(**seat, on=request.POST.get("coach") == "on"))


@login_required
@require_POST
def seat_face_down(request) -> HttpResponse:
    """Deal face down (each card turned by the learner) or face up; ``face_down`` is ``on`` or ``off``."""
    return _act(
        request,
        lambda **seat: services.seat_set_face_down(**seat, on=parse_switch(request.POST, "face_down")),
    )


@login_required
@require_GET
def results(request) -> HttpResponse:
    """The learner's rounds: bead plate, history, and the balance beside the expected drift."""
    seat = _seat(request)
    if awaiting_call(seat):  # the round's result, balance and board wait for the learner's call
        return render(request, "table/results.html", {"seat": seat, "awaiting_call": True})
    context = {
        "seat": seat,
        "chart": balance_chart(seat),
        "roads": roads_view(shoe_rounds(seat)),
        "history": recent_rounds(seat, limit=30),
    }
    return render(request, "table/results.html", context)


@login_required
@require_GET
def odds(request) -> HttpResponse:
    """Exact odds of the next coup for the cards left in this shoe (a fragment for htmx; ``close``: none)."""
    if request.htmx and request.GET.get("close"):
        return HttpResponse("")
    seat = _seat(request)
    next_odds = next_coup_odds(seat)
    facts = shoe_facts(seat)
    burn = facts.burn if facts is not None else None
    full = full_shoe_odds(seat)
    edges = edge_rows(seat, next_odds, full) if next_odds is not None else []
    context = {
        "seat": seat,
        "odds": next_odds,
        # The odds count the cards the learner has not seen: after a burn, the burned ones too.
        "cards_unseen": sum(next_odds.counts) if next_odds else None,
        "cards_left": facts.cards_left if facts is not None else None,
        "burn": burn,
        "burn_card_name": card_name(burn.turned) if burn is not None else "",
        "full": full,
        # Only the bets the learner's table offers: the main bets and its side bets.
        "edges": edges,
        "side_bets": any(row.side for row in edges),
    }
    template = "table/odds.html#odds-panel" if request.htmx else "table/odds.html"
    return render(request, template, context)
