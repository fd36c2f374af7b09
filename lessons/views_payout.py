"""The timed payout drill's views: parse the typed amounts, grade and record them once, ask the next question.

One URL, two renderings, as the drawing-table drill: a full page for a plain
request, the ``payout-panel`` partial for an htmx request. A plain POST answer
renders the page with its verdict (status 200) so the learner sees the
working. A refused answer is rendered in the same place with its 4xx status
and nothing counted; an amount that cannot be read asks the same question
again (its clock keeps running: the time is measured from when it was issued).
"""

from __future__ import annotations

import random
from http import HTTPStatus

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from lessons.payout import (
    TOKEN_MISSING,
    AlreadyAnswered,
    Feedback,
    PayoutError,
    PayoutQuestion,
    feedback_for,
    field_label,
    make_question,
    payout_answer_grade,
    payout_question_find,
    payout_question_issue,
    prompt_lines,
    read_question,
)
from lessons.views_drill import HtmxHttpRequest
from progress.models import PAYOUT_MASTERY_SECONDS, PAYOUT_MASTERY_STREAK, PayoutRecord
from progress.selectors import payout_summary

#: The payout drill's source of chance; tests put a seeded ``random.Random`` here.
RNG = random.Random()


def _render(
    request: HtmxHttpRequest,
    *,
    feedback: Feedback | None = None,
    ask: PayoutQuestion | None = None,
    token: str = "",
    values: dict[str, str] | None = None,
    error: str = "",
    status: int = HTTPStatus.OK,
) -> HttpResponse:
    """The panel: verdict or refusal, the question (``ask`` again, or a new one), the record."""
    if ask is None or not token:
        kept = make_question(RNG)
        token = payout_question_issue(user=request.user, question=kept)
        ask = read_question(kept)
        values = None
    values = values or {}
    fields = [
        {"name": field.name, "label": field_label(field), "value": values.get(field.name, "")[:40]}
        for field in ask.fields
    ]
    context = {
        "feedback": feedback,
        "error": error,
        "prompt": prompt_lines(ask),
        "fields": fields,
        "token": token,
        "summary": payout_summary([request.user.pk])[request.user.pk],
        "mastery_streak": PAYOUT_MASTERY_STREAK,
        "mastery_seconds": PAYOUT_MASTERY_SECONDS,
    }
    template = "lessons/payout.html#payout-panel" if request.htmx else "lessons/payout.html"
    return render(request, template, context, status=status)


@login_required
@require_GET
def payout(request: HtmxHttpRequest) -> HttpResponse:
    """A new payout question, with the learner's streak, personal best and mastery."""
    return _render(request)


@login_required
@require_POST
def payout_answer(request: HtmxHttpRequest) -> HttpResponse:
    """Grade the typed amounts against the engine, count the answer once with its time, ask the next one."""
    token = request.POST.get("token", "")
    if not token:
        return _render(request, error=str(TOKEN_MISSING), status=HTTPStatus.BAD_REQUEST)
    try:
        question, _issued_at = payout_question_find(user=request.user, token=token)
    except AlreadyAnswered as refused:
        return _replayed(request, refused)
    except PayoutError as refused:
        return _render(request, error=refused.message, status=refused.status)
    try:
        feedback = payout_answer_grade(user=request.user, token=token, data=request.POST)
    except AlreadyAnswered as refused:  # answered by a doubled request in the meantime
        return _replayed(request, refused)
    except PayoutError as refused:
        # Not answered: ask the same question again, with what was typed, under the same token.
        values = {field.name: request.POST.get(field.name, "") for field in question.fields}
        return _render(
            request, ask=question, token=token, values=values, error=refused.message, status=refused.status
        )
    return _render(request, feedback=feedback)


def _replayed(request: HtmxHttpRequest, refused: AlreadyAnswered) -> HttpResponse:
    """The answer that counted, shown again with the refusal and a new question."""
    record = PayoutRecord.objects.get(user=request.user)
    return _render(
        request, feedback=feedback_for(refused.answer, record), error=refused.message, status=refused.status
    )
