"""The audition's pages: the learner's auditions, an attempt (written questions, dealer rounds, result),
and the certificate anyone with its code can check.

One URL per page, two renderings: the whole page for a plain request, the ``attempt-panel``
partial for an htmx request. A plain POST that succeeds redirects to the attempt's page (POST,
redirect, GET); an htmx POST gets the panel as it is now. A refusal is rendered in the same place
with its 4xx status, and says why. GETs only read: an attempt whose time ran out reads as ended
without anyone writing it down.
"""

from __future__ import annotations

import random
from http import HTTPStatus

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from auditions import errors, selectors, services, written
from auditions.errors import AuditionError
from auditions.models import Audition, AuditionAttempt
from dealer.models import DealerRound, DealerSession

#: The written questions' source of chance; tests put a seeded ``random.Random`` here.
RNG = random.Random()


class HtmxHttpRequest(HttpRequest):  # typing aid only: django-htmx adds ``request.htmx``
    htmx: HtmxDetails


def _audition(request: HttpRequest, audition_id: int) -> Audition:
    found = selectors.learner_audition(request.user, audition_id)
    if found is None:
        raise Http404(errors.NOT_FOUND)
    return found


def _attempt(request: HttpRequest, audition: Audition, number: int) -> AuditionAttempt:
    found = selectors.learner_attempt(request.user, audition, number)
    if found is None:
        raise Http404(errors.NOT_FOUND)
    return found


def attempt_url(attempt: AuditionAttempt) -> str:
    return reverse("auditions:attempt", args=[attempt.audition_id, attempt.number])


def dealer_url(session: DealerSession) -> str:
    """The dealer table of the attempt's rounds, at its newest round."""
    latest = DealerRound.objects.filter(session=session).order_by("-number").first()
    return reverse("dealer:round", args=[latest.pk]) if latest is not None else reverse("dealer:table")


def _go(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """After a plain POST, the page at ``url``; after an htmx one, the browser is sent there."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


# --- The learner's auditions -------------------------------------------------------------------


@login_required
@require_GET
def audition_list(request: HtmxHttpRequest) -> HttpResponse:
    auditions = list(selectors.learner_auditions(request.user))
    context = {"auditions": auditions, "running": selectors.running_attempt(request.user)}
    return render(request, "auditions/list.html", context)


def _detail(
    request: HtmxHttpRequest, audition: Audition, *, error: str = "", status: int = HTTPStatus.OK
) -> HttpResponse:
    attempts = selectors.learner_attempts(request.user, audition)
    results = selectors.results_for(attempts)
    now = timezone.now()
    context = {
        "audition": audition,
        "table": selectors.table_label(audition.preset),
        "lines": [selectors.AttemptLine(a, results[a.pk], selectors.is_running(a, now)) for a in attempts],
        "running": selectors.running_attempt(request.user, now),
        "error": error,
    }
    template = "auditions/detail.html#audition-panel" if request.htmx else "auditions/detail.html"
    return render(request, template, context, status=status)


@login_required
@require_GET
def audition_detail(request: HtmxHttpRequest, audition_id: int) -> HttpResponse:
    return _detail(request, _audition(request, audition_id))


@login_required
@require_POST
def attempt_start(request: HtmxHttpRequest, audition_id: int) -> HttpResponse:
    audition = _audition(request, audition_id)
    try:
        attempt = services.attempt_start(user=request.user, audition=audition, rng=RNG)
    except AuditionError as refused:
        return _detail(request, audition, error=refused.message, status=refused.status)
    return _go(request, attempt_url(attempt))


# --- An attempt --------------------------------------------------------------------------------


def _panel(
    request: HtmxHttpRequest, attempt: AuditionAttempt, *, error: str = "", status: int = HTTPStatus.OK
) -> HttpResponse:
    """The attempt as it is now: its time, the question waiting, the dealer rounds, or its result."""
    now = timezone.now()
    running = selectors.is_running(attempt, now)
    question = selectors.current_question(attempt) if running else None
    context = {
        "attempt": attempt,
        "audition": attempt.audition,
        "table": selectors.table_label(attempt.preset),
        "running": running,
        "ends_at": selectors.ends_at(attempt),
        "minutes_left": (selectors.seconds_left(attempt, now) + 59) // 60,
        "question": question,
        "shown": written.shown(question.source, question.question) if question is not None else None,
        "result": selectors.result_of_attempt(attempt),
        "certificate_url": reverse("auditions:certificate", args=[attempt.certificate_code])
        if attempt.certificate_code
        else "",
        "error": error,
    }
    template = "auditions/attempt.html#attempt-panel" if request.htmx else "auditions/attempt.html"
    return render(request, template, context, status=status)


@login_required
@require_GET
def attempt_page(request: HtmxHttpRequest, audition_id: int, number: int) -> HttpResponse:
    return _panel(request, _attempt(request, _audition(request, audition_id), number))


def _refused(request: HtmxHttpRequest, attempt: AuditionAttempt, refused: AuditionError) -> HttpResponse:
    attempt.refresh_from_db()  # a run-out attempt was closed by the refusal
    return _panel(request, attempt, error=refused.message, status=refused.status)


@login_required
@require_POST
def attempt_answer(request: HtmxHttpRequest, audition_id: int, number: int) -> HttpResponse:
    attempt = _attempt(request, _audition(request, audition_id), number)
    try:
        services.answer_record(
            user=request.user, attempt=attempt, nonce=request.POST.get("token", ""), posted=request.POST
        )
    except AuditionError as refused:
        return _refused(request, attempt, refused)
    if request.htmx:
        return _panel(request, attempt)
    return redirect(attempt_url(attempt))


@login_required
@require_POST
def attempt_practical(request: HtmxHttpRequest, audition_id: int, number: int) -> HttpResponse:
    attempt = _attempt(request, _audition(request, audition_id), number)
    try:
        session = services.practical_open(user=request.user, attempt=attempt, done_url=attempt_url(attempt))
    except AuditionError as refused:
        return _refused(request, attempt, refused)
    return _go(request, dealer_url(session))


@login_required
@require_POST
def attempt_finish(request: HtmxHttpRequest, audition_id: int, number: int) -> HttpResponse:
    attempt = _attempt(request, _audition(request, audition_id), number)
    attempt = services.attempt_finish(user=request.user, attempt=attempt)
    if request.htmx:
        return _panel(request, attempt)
    return redirect(attempt_url(attempt))


# --- The certificate ---------------------------------------------------------------------------


@require_GET
def certificate(request: HttpRequest, code: str) -> HttpResponse:
    """The certificate of a passed, signed-off attempt, for anyone with its code (no log-in); any
    other code is a 404 that says nothing of whether an attempt exists."""
    found = selectors.certificate_for(code)
    if found is None:
        raise Http404(errors.NO_CERTIFICATE)
    return render(request, "auditions/certificate.html", {"certificate": found, "code": code})
