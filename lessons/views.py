"""Views of the course: the learner's home, lesson pages, worked examples and exercises.

Worked examples deal through the table's own services, selectors and
partials (a sandbox seat per attempt), so the cards, totals and explanation
sentences are exactly the practice table's. Visitors without an account read
lessons 1 to 3 and deal their examples too: the state is kept in the visitor's
signed cookie (``lessons.sandbox``) and drawn by the same presenter and partials.
Everything else (exercises, lessons 4 on, an example with stakes) answers a
visitor with a 403 page that says how to sign up or log in.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal
from http import HTTPStatus

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from lessons import figures, house_edge, sandbox, services, systems
from lessons.course import LESSONS, Example, example
from lessons.selectors import course_overview
from progress.assignments import learner_assignments
from progress.models import Lesson
from progress.selectors import lesson_attempt, lesson_progress
from progress.services import lesson_visit
from table import actions, errors
from table.charts import balance_chart, example_chart
from table.forms import chip_in_use, parse_index, stakes_entered
from table.models import Round, Seat
from table.presenters import table_view
from table.presets import DEFAULT_CHIP

FIRST_LESSON = "hands-and-results"
#: Where generated exercise questions come from; tests put a seeded ``random.Random`` here.
RNG = random.Random()


@require_GET
def home(request) -> HttpResponse:
    """The start page: what the learner's classes ask of them by when, the course, and where to continue.

    A visitor also finds lesson 1's worked example here, to deal one card per click.
    """
    user = request.user if request.user.is_authenticated else None
    overview = course_overview(user)
    context: dict = {
        "overview": overview,
        "open_lessons": sandbox.VISITOR_LESSONS,
        "assignments": learner_assignments(user) if user is not None else [],
    }
    if user is None:
        lesson = Lesson.objects.filter(slug=FIRST_LESSON).first()
        examples = LESSONS[FIRST_LESSON].examples
        if lesson is not None and examples:
            found = examples[0]
            seat, round = sandbox.visitor_example_current(
                kept=_kept(request), slug=lesson.slug, example=found
            )
            context["demo"] = {
                "lesson": lesson,
                "example": found,
                "view": example_view(lesson, found, seat, round),
            }
    return render(request, "home.html", context)


def _account_needed(request, lesson: Lesson, *, what: str) -> HttpResponse:
    """Refuse a visitor politely (403): what needs an account, and where to sign up or log in.

    ``what``: ``lesson`` (past the open ones), ``exercise``, or ``example`` (one that takes stakes).
    """
    context = {
        "lesson": lesson,
        "summary": LESSONS[lesson.slug].summary,
        "what": what,
        "next": reverse("lessons:lesson", args=[lesson.slug]),
        "open_lessons": sandbox.VISITOR_LESSONS,
    }
    template = "lessons/partials/_account_needed.html" if request.htmx else "lessons/account_needed.html"
    return render(request, template, context, status=HTTPStatus.FORBIDDEN)


def _lesson_or_404(slug: str) -> Lesson:
    if slug not in LESSONS:
        raise Http404(_("There is no such lesson."))
    return get_object_or_404(Lesson, slug=slug)


def _example_or_404(slug: str, key: str) -> tuple[Lesson, Example]:
    lesson = _lesson_or_404(slug)
    found = example(slug, key)
    if found is None:
        raise Http404(_("There is no such example."))
    return lesson, found


def example_view(
    lesson: Lesson,
    found: Example,
    seat: Seat,
    round=None,
    *,
    chip: Decimal = DEFAULT_CHIP,
    entered: dict[str, str] | None = None,
):
    urls = {
        name: reverse(f"lessons:example-{name}", args=[lesson.slug, found.key])
        for name in ("confirm", "draft", "deal")
    }
    return table_view(
        seat,
        round,
        urls=urls,
        panel_id=f"example-{found.key}",
        side_bets=False,
        one_round=True,
        chip=chip,
        entered=entered,
        stakes=bool(found.stakes),
    )


def _exercise_issue(request, lesson: Lesson, progress, feedback=None) -> tuple[dict, str]:
    """Issue the question to ask after ``feedback`` (on a POST): the same one again after a wrong answer
    (with a fresh one-time token), else the next one."""
    if feedback and not feedback["correct"]:
        question = feedback["question"]
        return question, services.exercise_again(user=request.user, lesson=lesson, question=question)
    return services.exercise_next(user=request.user, lesson=lesson, progress=progress, rng=RNG)


def _exercise_context(
    request, lesson: Lesson, progress, *, feedback=None, error: str = "", asked=None
) -> dict:
    """The exercise as the page shows it: ``asked`` (question, token) if given, else the question waiting
    in this lesson, read without writing; with none waiting, the page asks for one with a POST."""
    question, token = asked or services.exercise_waiting(user=request.user, lesson=lesson) or (None, "")
    return {
        "progress": progress,
        "question": question,
        "token": token,
        "feedback": feedback,
        "exercise_error": error,
    }


def _page(request, lesson: Lesson, *, status: int = HTTPStatus.OK, **overrides) -> HttpResponse:
    """The whole lesson page, with any example or exercise state the caller already has."""
    spec = LESSONS[lesson.slug]
    context = {"lesson": lesson, "spec": spec, "course": list(Lesson.objects.all())}
    context.update(figures.context(lesson.slug))
    if request.user.is_authenticated:
        progress = lesson_progress(user=request.user, lesson=lesson)
        examples = []
        for found in spec.examples:
            # An example not opened yet has no view: the page asks for it with a POST (a GET writes nothing).
            seat = services.example_seat(user=request.user, lesson=lesson, example=found)
            view = overrides.pop(f"view:{found.key}", None) or (
                example_view(lesson, found, seat) if seat is not None else None
            )
            examples.append((found, view, overrides.pop(f"error:{found.key}", "")))
        context["examples"] = examples
        context.update(
            _exercise_context(
                request,
                lesson,
                progress,
                feedback=overrides.pop("feedback", None),
                error=overrides.pop("exercise_error", ""),
            )
        )
    else:
        context["examples"] = [
            (
                found,
                overrides.pop(f"view:{found.key}", None) or _visitor_view(request, lesson, found),
                overrides.pop(f"error:{found.key}", ""),
            )
            for found in spec.examples
        ]
        context["open_lessons"] = sandbox.VISITOR_LESSONS
    if lesson.slug == "house-edge":
        context.update(house_edge.context())
        if request.user.is_authenticated:
            seat = Seat.objects.filter(user=request.user, kind=Seat.Kind.TABLE).first()
            context["chart"] = balance_chart(seat) if seat is not None else None
    if lesson.slug == systems.SLUG:
        context.update(systems.context())
        seat = None
        if request.user.is_authenticated:
            seat = Seat.objects.filter(user=request.user, kind=Seat.Kind.TABLE).first()
        context["chart"] = (balance_chart(seat) if seat is not None else None) or example_chart()
    return render(request, "lessons/lesson.html", context, status=status)


def _kept(request) -> sandbox.VisitorExamples:
    """The visitor's examples, read from their cookie once per request."""
    if not hasattr(request, "visitor_examples"):
        request.visitor_examples = sandbox.VisitorExamples.from_request(request)
    return request.visitor_examples


def _visitor_view(request, lesson: Lesson, found: Example):
    """A visitor's example from the cookie; ``None`` for one a visitor may not deal (it takes stakes)."""
    if not sandbox.visitor_can_deal(lesson.slug, found):
        return None
    seat, round = sandbox.visitor_example_current(kept=_kept(request), slug=lesson.slug, example=found)
    return example_view(lesson, found, seat, round)


@require_GET
def lesson(request, slug: str) -> HttpResponse:
    """A lesson page: explanation, worked examples, exercise.

    Lessons 1 to 3 can be read, and their examples dealt, without an account; the others ask a
    visitor to sign up or log in.
    """
    lesson = _lesson_or_404(slug)
    if not request.user.is_authenticated and not sandbox.open_to_visitors(slug):
        return _account_needed(request, lesson, what="lesson")
    return _page(request, lesson, feedback=_answered_feedback(request, lesson))


#: The query parameter naming the answer just given (a plain form post redirects to the page with it).
ANSWERED = "answered"


def _answered_url(lesson: Lesson, nonce: str) -> str:
    return f"{reverse('lessons:lesson', args=[lesson.slug])}?{urlencode({ANSWERED: nonce})}#exercise"


def _answered_feedback(request, lesson: Lesson) -> dict | None:
    """The feedback on the learner's own answer the page names, read back from its attempt; an unknown
    name shows the page without feedback (it only ever comes from the redirect above)."""
    nonce = request.GET.get(ANSWERED, "")
    if not nonce or not request.user.is_authenticated:
        return None
    attempt = lesson_attempt(user=request.user, lesson=lesson, nonce=nonce)
    if attempt is None:
        return None
    return {"question": attempt.question, "correct": attempt.correct, "answer": attempt.answer}


def _example_act(request, lesson: Lesson, found: Example, action: actions.Action) -> HttpResponse:
    """Run one table service on the example's sandbox seat; render the example, or the refusal."""
    seat = services.example_current(user=request.user, lesson=lesson, example=found)
    done = actions.run(request.user, seat.pk, action, reload=lambda: Seat.objects.get(pk=seat.pk))
    entered = stakes_entered(request.POST) if done.refused else None
    view = example_view(lesson, found, done.seat, done.round, chip=chip_in_use(request.POST), entered=entered)
    return _example_answer(request, lesson, found, view, error=done.error, status=done.status)


def _visitor_act(request, lesson: Lesson, found: Example, action: Callable[[], object]) -> HttpResponse:
    """A visitor's request on an example: run ``action`` (a ``lessons.sandbox`` service on the
    visitor's examples), then render the example as it now stands, or the refusal, and keep the
    new state in the visitor's cookie."""
    if not sandbox.visitor_can_deal(lesson.slug, found):
        return _account_needed(
            request, lesson, what="example" if sandbox.open_to_visitors(lesson.slug) else "lesson"
        )
    error, status = "", HTTPStatus.OK
    try:
        action()
    except errors.TableError as refused:
        error, status = refused.message, refused.status
    seat, round = sandbox.visitor_example_current(kept=_kept(request), slug=lesson.slug, example=found)
    view = example_view(lesson, found, seat, round)
    response = _example_answer(request, lesson, found, view, error=error, status=status)
    _kept(request).save(response)
    return response


def _example_answer(
    request, lesson: Lesson, found: Example, view, *, error: str, status: int
) -> HttpResponse:
    """The example after a request: the panel for htmx, else the lesson (or the page with the refusal)."""
    slug, key = lesson.slug, found.key
    if not request.htmx:
        if not error:
            return redirect(f"{reverse('lessons:lesson', args=[slug])}#example-{key}")
        return _page(request, lesson, status=status, **{f"view:{key}": view, f"error:{key}": error})
    context = {"lesson": lesson, "example": found, "view": view, "error": error}
    return render(request, "lessons/partials/_example.html", context, status=status)


def _visitor_bets_closed(request, lesson: Lesson, found: Example) -> Callable[[], object]:
    """A visitor's draft or confirm: the examples open to visitors take no stakes, so bets are closed
    (as they are on a learner's example of that kind, which is confirmed without a bet when it opens)."""

    def refuse() -> object:
        seat, round = sandbox.visitor_example_current(kept=_kept(request), slug=lesson.slug, example=found)
        settled = round.state == Round.State.SETTLED
        raise errors.WrongState(errors.EXAMPLE_ONE_COUP if settled else errors.BETS_CLOSED)

    return refuse


def _example_stakes(request, slug: str, key: str, action) -> HttpResponse:
    """A draft or a confirm of an example's stakes: closed to visitors, ``action`` (an
    ``actions`` reader of the form) for a learner."""
    lesson, found = _example_or_404(slug, key)
    if not request.user.is_authenticated:
        return _visitor_act(request, lesson, found, _visitor_bets_closed(request, lesson, found))
    return _example_act(request, lesson, found, action(request.POST))


@require_POST
def example_open(request, slug: str, key: str) -> HttpResponse:
    """Open the learner's worked example (its sandbox seat, exactly once) and show it.

    The lesson page asks for it with htmx when it loads (its GET opens nothing); without JavaScript,
    its button posts here and is sent back to the example. A visitor's example lives in their cookie:
    it is shown as it is.
    """
    lesson, found = _example_or_404(slug, key)
    if not request.user.is_authenticated:
        return _visitor_act(request, lesson, found, lambda: None)
    seat = services.example_current(user=request.user, lesson=lesson, example=found)
    view = example_view(lesson, found, seat)
    return _example_answer(request, lesson, found, view, error="", status=HTTPStatus.OK)


@require_POST
def example_confirm(request, slug: str, key: str) -> HttpResponse:
    """Confirm the stakes of a worked example (sandbox chips)."""
    return _example_stakes(request, slug, key, actions.confirm)


@require_POST
def example_draft(request, slug: str, key: str) -> HttpResponse:
    """Save a draft of the example's stakes; nothing leaves the sandbox balance."""
    return _example_stakes(request, slug, key, actions.draft)


@require_POST
def example_deal(request, slug: str, key: str) -> HttpResponse:
    """Deal the example's next card (the one the form expects)."""
    lesson, found = _example_or_404(slug, key)
    if not request.user.is_authenticated:
        return _visitor_act(
            request,
            lesson,
            found,
            lambda: sandbox.visitor_example_deal(
                kept=_kept(request),
                slug=slug,
                example=found,
                round_number=parse_index(request.POST, "round"),
                expected_index=parse_index(request.POST, "card"),
            ),
        )
    return _example_act(request, lesson, found, actions.deal(request.POST))


@require_POST
def example_restart(request, slug: str, key: str) -> HttpResponse:
    """Put the example back to its start: a fresh attempt with its own sandbox chips.

    The form names the attempt it restarts, so a doubled click restarts once.
    """
    lesson, found = _example_or_404(slug, key)
    if not request.user.is_authenticated:
        return _visitor_act(
            request,
            lesson,
            found,
            lambda: sandbox.visitor_example_restart(
                kept=_kept(request), slug=slug, example=found, after=parse_index(request.POST, "attempt")
            ),
        )

    def restart(**seat) -> Seat:
        after = parse_index(request.POST, "attempt")
        return services.example_restart(user=request.user, lesson=lesson, example=found, after=after)

    return _example_act(request, lesson, found, restart)


@require_POST
def exercise_answer(request, slug: str) -> HttpResponse:
    """Grade an answer, record it, and show why, with the next question (or the same one to try again)."""
    lesson = _lesson_or_404(slug)
    if not request.user.is_authenticated:
        return _account_needed(request, lesson, what="exercise")
    status, feedback, error = HTTPStatus.OK, None, ""
    try:
        question, attempt = services.exercise_answer(
            user=request.user, lesson=lesson, token=request.POST.get("token", ""), data=request.POST
        )
        feedback = {"question": question, "correct": attempt.correct, "answer": attempt.answer}
    except services.ExerciseError as refused:
        status, error = refused.status, refused.message
    progress = lesson_visit(user=request.user, lesson=lesson)
    if not request.htmx:
        if feedback is not None:
            # Post, redirect, get: the page names the answer, so a reload shows it again (not a 409), and
            # the question to ask next is issued here, as the GET only reads it back.
            _exercise_issue(request, lesson, progress, feedback)
            return redirect(_answered_url(lesson, attempt.nonce))
        services.exercise_show(user=request.user, lesson=lesson, progress=progress, rng=RNG)
        return _page(request, lesson, status=status, exercise_error=error)
    context = {"lesson": lesson, "spec": LESSONS[slug]} | _exercise_context(
        request,
        lesson,
        progress,
        feedback=feedback,
        error=error,
        asked=_exercise_issue(request, lesson, progress, feedback),
    )
    return render(request, "lessons/partials/_exercise.html", context, status=status)


@require_POST
def exercise_show(request, slug: str) -> HttpResponse:
    """Show the lesson's exercise: the question waiting, else a new one issued and timed on the server.

    The lesson page asks for it with htmx when it loads (its GET issues nothing); without JavaScript,
    its button posts here and is sent back to the page, which shows the question now waiting.
    """
    lesson = _lesson_or_404(slug)
    if not request.user.is_authenticated:
        return _account_needed(request, lesson, what="exercise")
    progress = lesson_progress(user=request.user, lesson=lesson)
    asked = services.exercise_show(user=request.user, lesson=lesson, progress=progress, rng=RNG)
    if not request.htmx:
        return redirect(f"{reverse('lessons:lesson', args=[slug])}#exercise")
    context = {"lesson": lesson, "spec": LESSONS[slug]} | _exercise_context(
        request, lesson, progress, asked=asked
    )
    return render(request, "lessons/partials/_exercise.html", context)


@require_POST
def visit(request, slug: str) -> HttpResponse:
    """Record a visit of the lesson (started, last visited, study time): the page posts here with htmx
    when it loads, so its GET writes nothing. A replay soon after adds only the seconds between."""
    lesson = _lesson_or_404(slug)
    if not request.user.is_authenticated:
        return _account_needed(request, lesson, what="lesson")
    lesson_visit(user=request.user, lesson=lesson)
    return HttpResponse(status=HTTPStatus.NO_CONTENT)
