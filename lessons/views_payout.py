"""The timed payout drill's views: parse the typed amounts, grade and record them once, ask the next question.

One URL, two renderings, as the drawing-table drill: a full page for a plain
request, the ``payout-panel`` partial for an htmx request. A plain POST answer
renders the page with its verdict (status 200) so the learner sees the
working. A refused answer is rendered in the same place with its 4xx status
and nothing counted; an amount that cannot be read asks the same question
again (its clock keeps running: the time is measured from when it was issued).

Every new question ends the one waiting, if any, as a skipped (wrong) answer,
and the panel says so; only a doubled or replayed answer (409) shows the
question waiting again instead of a new one, so a double click costs nothing.
"""

from __future__ import annotations

import random
from http import HTTPStatus

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from lessons.payout import (
    SKIPPED,
    SKIPPED_BEFORE,
    TOKEN_MISSING,
    AlreadyAnswered,
    Feedback,
    PayoutError,
    PayoutQuestion,
    feedback_for,
    field_label,
    make_question,
    prompt_lines,
    read_question,
)
from lessons.services import (
    payout_answer_and_ask,
    payout_question_again,
    payout_question_ask,
    payout_question_find,
)
from lessons.views_drill import HtmxHttpRequest
from progress.models import PAYOUT_FLOOR_SECONDS, PAYOUT_MASTERY_SECONDS, PAYOUT_MASTERY_STREAK, PayoutRecord
from progress.selectors import payout_summary

#: The payout drill's source of chance; tests put a seeded ``random.Random`` here.
RNG = random.Random()
#: Set in the learner's session while a payout question may be waiting: other pages then end it
#: (``lessons.middleware``), and cost nothing when it is not set.
SESSION_KEY = "payout_question_waiting"


def _new_question() -> dict:
    return make_question(RNG)


def _render(
    request: HtmxHttpRequest,
    *,
    feedback: Feedback | None = None,
    ask: PayoutQuestion | None = None,
    token: str = "",
    values: dict[str, str] | None = None,
    error: str = "",
    status: int = HTTPStatus.OK,
    skipped_before: int = 0,
) -> HttpResponse:
    """The panel: verdict or refusal, the question (``ask`` again, or a new one), the record.

    ``skipped_before``: how many questions the caller ended as skipped while issuing ``ask``.
    """
    skipped = skipped_before > 0
    if ask is None or not token:
        kept = make_question(RNG)
        token, ended = payout_question_ask(user=request.user, question=kept)
        skipped = ended > 0
        ask = read_question(kept)
        values = None
    if not request.session.get(SESSION_KEY):
        request.session[SESSION_KEY] = True
    values = values or {}
    fields = [
        {"name": field.name, "label": field_label(field), "value": values.get(field.name, "")[:40]}
        for field in ask.fields
    ]
    context = {
        "feedback": feedback,
        "error": error,
        "skipped": skipped and not error,
        "prompt": prompt_lines(ask),
        "fields": fields,
        "token": token,
        "summary": payout_summary([request.user.pk])[request.user.pk],
        "mastery_streak": PAYOUT_MASTERY_STREAK,
        "mastery_seconds": PAYOUT_MASTERY_SECONDS,
        "floor_seconds": PAYOUT_FLOOR_SECONDS,
        "skipped_text": SKIPPED,
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
        feedback, kept, next_token = payout_answer_and_ask(
            user=request.user, token=token, data=request.POST, new=_new_question
        )
    except AlreadyAnswered as refused:  # answered by a doubled request in the meantime
        return _replayed(request, refused)
    except PayoutError as refused:
        # Not answered: ask the same question again, with what was typed, under the same token.
        values = {field.name: request.POST.get(field.name, "") for field in question.fields}
        return _render(
            request, ask=question, token=token, values=values, error=refused.message, status=refused.status
        )
    return _render(request, feedback=feedback, ask=read_question(kept), token=next_token)


def _replayed(request: HtmxHttpRequest, refused: AlreadyAnswered) -> HttpResponse:
    """The answer that counted shown again (or that it was skipped), with the question waiting now.

    A doubled answer arrives after its first copy has been graded and the next
    question shown: that question is shown again (not a new one, which would
    end it as skipped); a new one only if none is waiting.
    """
    ask, token, skipped = payout_question_again(user=request.user, new=_new_question)
    if refused.answer.skipped:
        return _render(
            request,
            ask=ask,
            token=token,
            error=str(SKIPPED_BEFORE),
            status=refused.status,
            skipped_before=skipped,
        )
    record = PayoutRecord.objects.get(user=request.user)
    return _render(
        request,
        feedback=feedback_for(refused.answer, record),
        ask=ask,
        token=token,
        error=refused.message,
        status=refused.status,
        skipped_before=skipped,
    )
