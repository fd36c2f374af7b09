"""The drawing-table drill's views: parse the answer, record it, render the next question.

One URL, two renderings: a full page for a plain request, the ``drill-panel``
partial for an htmx request. Unlike the table, a plain POST answer renders the
page with its feedback (status 200) instead of redirecting, so the learner sees
whether the answer was right. A refused answer is rendered in the same place
with its 4xx status and nothing counted.
"""

from __future__ import annotations

import random
from http import HTTPStatus

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST
from django_htmx.middleware import HtmxDetails

from lessons.drill import (
    TOKEN_MISSING,
    AlreadyAnswered,
    Cell,
    DrillError,
    Feedback,
    drill_question_find,
    feedback_for,
    next_cell,
    parse_answer,
    question_for,
)
from lessons.services import drill_attempt_record, drill_question_issue
from progress.heatmap import learner_cells, learner_heat_map
from progress.models import DRILL_FLOOR_SECONDS

#: The drill's source of chance; tests put a seeded ``random.Random`` here.
RNG = random.Random()


class HtmxHttpRequest(HttpRequest):  # typing aid only: django-htmx adds ``request.htmx``
    htmx: HtmxDetails


def _render(
    request: HtmxHttpRequest,
    *,
    feedback: Feedback | None = None,
    ask: Cell | None = None,
    token: str = "",
    error: str = "",
    status: int = HTTPStatus.OK,
) -> HttpResponse:
    """The panel: feedback or error, the question (``ask`` with its ``token``, or a new one), the heat map."""
    cells = learner_cells(request.user)
    if ask is None or not token:
        previous = feedback.cell if feedback else None
        ask = next_cell(cells, RNG, previous=previous)
        token = drill_question_issue(user=request.user, cell=ask)
    context = {
        "feedback": feedback,
        "error": error,
        "question": question_for(ask),
        "token": token,
        "heat": learner_heat_map(request.user, cells),
        "floor_seconds": DRILL_FLOOR_SECONDS,
    }
    template = "lessons/drill.html#drill-panel" if request.htmx else "lessons/drill.html"
    return render(request, template, context, status=status)


@login_required
@require_GET
def drill(request: HtmxHttpRequest) -> HttpResponse:
    """A new question about the Banker table, with the learner's heat map."""
    return _render(request)


@login_required
@require_POST
def drill_answer(request: HtmxHttpRequest) -> HttpResponse:
    """Grade the answer to the question kept for this token, count it once, and ask the next one."""
    token = request.POST.get("token", "")
    if not token:
        return _render(request, error=TOKEN_MISSING, status=HTTPStatus.BAD_REQUEST)
    try:
        cell, issued_at = drill_question_find(user=request.user, token=token)
    except AlreadyAnswered as refused:
        return _replayed(request, refused)
    except DrillError as refused:
        return _render(request, error=refused.message, status=refused.status)
    try:
        answer = parse_answer(request.POST.get("answer"))
        feedback = drill_attempt_record(
            user=request.user, nonce=token, cell=cell, answer=answer, issued_at=issued_at
        )
    except AlreadyAnswered as refused:  # answered by a doubled request in the meantime
        return _replayed(request, refused)
    except DrillError as refused:
        # The question was not answered: ask it again with the same token.
        return _render(request, ask=cell, token=token, error=refused.message, status=refused.status)
    return _render(request, feedback=feedback)


def _replayed(request: HtmxHttpRequest, refused: AlreadyAnswered) -> HttpResponse:
    """The answer that counted, shown again with the refusal and a new question."""
    return _render(
        request, feedback=feedback_for(refused.attempt), error=refused.message, status=refused.status
    )
