"""Helpers of the audition's tests: an audition, answers right or wrong, dealer rounds finished."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import factory
from django.utils import timezone

from auditions import services
from auditions.models import Audition, AuditionAttempt, AuditionQuestion
from dealer.models import DealerRound, DealerSession
from lessons.payout import read_question


class AuditionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Audition

    title = factory.Sequence(lambda n: f"Audition {n}")
    preset = "standard"
    seats = 5
    rounds = 4
    questions = 5
    time_limit = 30
    is_open = True


def start(user, audition, *, at: datetime | None = None, seed: int = 30) -> AuditionAttempt:
    return services.attempt_start(user=user, audition=audition, rng=random.Random(seed), now=at)


def right_answer(question: AuditionQuestion) -> dict[str, str]:
    """The form data of the right answer to a kept question (the test reads what the page never shows)."""
    data = question.question
    if question.source == "payout":
        expected = read_question(data).expected()
        return {f"answer_{name}": str(amount) for name, amount in expected.items()}
    if data["form"] == "choice":
        return {"answer": data["answer"]}
    names = [name for name, _label in data["fields"]]
    return {f"answer_{name}": amount for name, amount in zip(names, data["answer"].split("|"), strict=True)}


def wrong_answer(question: AuditionQuestion) -> dict[str, str]:
    data = question.question
    if question.source != "payout" and data["form"] == "choice":
        return {"answer": next(value for value, _label in data["choices"] if value != data["answer"])}
    return {name: str(float(value) + 1) for name, value in right_answer(question).items()}


def waiting(attempt: AuditionAttempt) -> AuditionQuestion:
    return (
        AuditionQuestion.objects.filter(attempt=attempt, answered_at__isnull=True)
        .order_by("position")
        .first()
    )


def answer(attempt, *, right: bool, at: datetime) -> AuditionQuestion:
    question = waiting(attempt)
    posted = {"token": question.nonce, **(right_answer(question) if right else wrong_answer(question))}
    return services.answer_record(
        user=attempt.user, attempt=attempt, nonce=question.nonce, posted=posted, now=at
    )


def answer_all(attempt, rights: list[bool], *, every: float = 20) -> datetime:
    """Answer the attempt's questions in order, one every ``every`` seconds; returns the last moment."""
    moment = attempt.started_at
    for right in rights:
        moment += timedelta(seconds=every)
        answer(attempt, right=right, at=moment)
    return moment


def play_rounds(
    session: DealerSession, outcomes: list[tuple[bool, int]], *, at: datetime | None = None
) -> None:
    """Finish the session's rounds as dealer mode records them: each ``(clean, duration_ms)`` in turn.

    Test-only: written to the rows the way dealer mode's round service leaves a finished round.
    """
    moment = at or timezone.now()
    for clean, duration_ms in outcomes:
        current = DealerRound.objects.filter(session=session).exclude(phase="done").order_by("number").first()
        if current is None:
            number = (DealerRound.objects.filter(session=session).count()) + 1
            current = DealerRound.objects.create(session=session, number=number, layout=[])
        moment += timedelta(milliseconds=duration_ms + 1000)
        current.phase = "done"
        current.started_at = moment - timedelta(milliseconds=duration_ms)
        current.finished_at = moment
        current.duration_ms = duration_ms
        current.clean = clean
        current.errors = {} if clean else {"payout": 1}
        current.save()


def signed_audition(classroom) -> AuditionAttempt:
    """An open audition of the class and one of its learners' attempts, passed and signed off by the
    class's first instructor (for the tests that walk every admin page over some data)."""
    instructor = classroom.instructors.order_by("pk").first()
    learner = classroom.memberships.filter(user__is_staff=False).order_by("pk").first().user
    audition = AuditionFactory(
        classroom=classroom, written_weight=100, practical_weight=0, created_by=instructor
    )
    attempt = start(learner, audition, at=timezone.now() - timedelta(minutes=10))
    end = answer_all(attempt, [True] * audition.questions)
    attempt = services.attempt_finish(user=learner, attempt=attempt, now=end)
    return services.attempt_sign_off(actor=instructor, attempt=attempt)
