"""Views of the course: the learner's home, lesson pages, worked examples and exercises.

Worked examples deal through the table's own services, selectors and
partials (a sandbox seat per attempt), so the cards, totals and explanation
sentences are exactly the practice table's.
"""

from __future__ import annotations

import random
from decimal import Decimal
from http import HTTPStatus

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from lessons import house_edge, services
from lessons.course import LESSONS, Example, example
from lessons.selectors import course_overview
from progress.assignments import learner_assignments
from progress.models import Lesson
from progress.services import lesson_visit
from table import actions
from table.charts import balance_chart
from table.forms import chip_in_use, parse_index, stakes_entered
from table.models import Seat
from table.presenters import table_view
from table.presets import DEFAULT_CHIP

FIRST_LESSON = "hands-and-results"
#: Where generated exercise questions come from; tests put a seeded ``random.Random`` here.
RNG = random.Random()


@require_GET
def home(request) -> HttpResponse:
    """The start page: what the learner's classes ask of them by when, the course, and where to continue."""
    user = request.user if request.user.is_authenticated else None
    overview = course_overview(user)
    assignments = learner_assignments(user) if user is not None else []
    return render(request, "home.html", {"overview": overview, "assignments": assignments})


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
        lion=False,
        one_round=True,
        chip=chip,
        entered=entered,
        stakes=bool(found.stakes),
    )


def _exercise_context(request, lesson: Lesson, progress, *, feedback=None, error: str = "") -> dict:
    if feedback and not feedback["correct"]:
        # Try again: the same question (as kept on the server), with a fresh one-time token.
        question = feedback["question"]
        token = services.exercise_again(user=request.user, lesson=lesson, question=question)
    else:
        question, token = services.exercise_next(user=request.user, lesson=lesson, progress=progress, rng=RNG)
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
    if request.user.is_authenticated:
        progress = lesson_visit(user=request.user, lesson=lesson)
        examples = []
        for found in spec.examples:
            view = overrides.pop(f"view:{found.key}", None) or example_view(
                lesson, found, services.example_current(user=request.user, lesson=lesson, example=found)
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
    if lesson.slug == "house-edge":
        context.update(house_edge.context())
        if request.user.is_authenticated:
            seat = Seat.objects.filter(user=request.user, kind=Seat.Kind.TABLE).first()
            context["chart"] = balance_chart(seat) if seat is not None else None
    return render(request, "lessons/lesson.html", context, status=status)


@require_GET
def lesson(request, slug: str) -> HttpResponse:
    """A lesson page: explanation, worked examples, exercise. Lesson 1 can be read without an account."""
    lesson = _lesson_or_404(slug)
    if slug != FIRST_LESSON and not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    return _page(request, lesson)


def _example_act(request, lesson: Lesson, found: Example, action: actions.Action) -> HttpResponse:
    """Run one table service on the example's sandbox seat; render the example, or the refusal."""
    slug, key = lesson.slug, found.key
    seat = services.example_current(user=request.user, lesson=lesson, example=found)
    done = actions.run(seat, action, reload=lambda: Seat.objects.get(pk=seat.pk))
    entered = stakes_entered(request.POST) if done.refused else None
    view = example_view(lesson, found, done.seat, done.round, chip=chip_in_use(request.POST), entered=entered)
    if not request.htmx:
        if not done.refused:
            return redirect(f"{reverse('lessons:lesson', args=[slug])}#example-{key}")
        return _page(request, lesson, status=done.status, **{f"view:{key}": view, f"error:{key}": done.error})
    context = {"lesson": lesson, "example": found, "view": view, "error": done.error}
    return render(request, "lessons/partials/_example.html", context, status=done.status)


@login_required
@require_POST
def example_confirm(request, slug: str, key: str) -> HttpResponse:
    """Confirm the stakes of a worked example (sandbox chips)."""
    return _example_act(request, *_example_or_404(slug, key), actions.confirm(request.POST))


@login_required
@require_POST
def example_draft(request, slug: str, key: str) -> HttpResponse:
    """Save a draft of the example's stakes; nothing leaves the sandbox balance."""
    return _example_act(request, *_example_or_404(slug, key), actions.draft(request.POST))


@login_required
@require_POST
def example_deal(request, slug: str, key: str) -> HttpResponse:
    """Deal the example's next card (the one the form expects)."""
    return _example_act(request, *_example_or_404(slug, key), actions.deal(request.POST))


@login_required
@require_POST
def example_restart(request, slug: str, key: str) -> HttpResponse:
    """Put the example back to its start: a fresh attempt with its own sandbox chips.

    The form names the attempt it restarts, so a doubled click restarts once.
    """
    lesson, found = _example_or_404(slug, key)

    def restart(seat: Seat) -> Seat:
        after = parse_index(request.POST, "attempt")
        return services.example_restart(user=request.user, lesson=lesson, example=found, after=after)

    return _example_act(request, lesson, found, restart)


@login_required
@require_POST
def exercise_answer(request, slug: str) -> HttpResponse:
    """Grade an answer, record it, and show why, with the next question (or the same one to try again)."""
    lesson = _lesson_or_404(slug)
    status, feedback, error = HTTPStatus.OK, None, ""
    try:
        question, attempt = services.exercise_answer(
            user=request.user, lesson=lesson, token=request.POST.get("token", ""), data=request.POST
        )
        feedback = {"question": question, "correct": attempt.correct, "answer": attempt.answer}
    except services.ExerciseError as refused:
        status, error = refused.status, refused.message
    if not request.htmx:
        return _page(request, lesson, status=status, feedback=feedback, exercise_error=error)
    progress = lesson_visit(user=request.user, lesson=lesson)
    context = {"lesson": lesson, "spec": LESSONS[slug]} | _exercise_context(
        request, lesson, progress, feedback=feedback, error=error
    )
    return render(request, "lessons/partials/_exercise.html", context, status=status)
