"""Every write of the audition: start an attempt, record an answer, open the dealer rounds, end, sign off.

Locking: the learner's row first (``select_for_update``), then the attempt's, always in that
order (dealer mode locks the learner's row first too), so a doubled request waits for the first
and then finds its work done. Every time is the server's clock (``timezone.now()``, or ``now``
given by a test).
"""

from __future__ import annotations

import random
import secrets
from datetime import datetime, timedelta
from decimal import Decimal
from http import HTTPStatus

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from accounts.models import Membership
from auditions import errors, selectors, written
from auditions.errors import AuditionError
from auditions.models import SCORE_PLACES, Audition, AuditionAttempt, AuditionQuestion
from dealer.models import DealerSession
from dealer.services import session_close, session_open
from progress.models import PAYOUT_FLOOR_SECONDS

#: An answer that arrives sooner than this after its question came on screen was not a person's: it
#: is recorded and does not count. The payout drill's floor (``progress.models``), for the same reason:
#: even the shortest question has to be read, and its answer chosen or typed.
AUDITION_FLOOR_SECONDS = PAYOUT_FLOOR_SECONDS


def _lock_learner(user) -> None:
    get_user_model()._default_manager.select_for_update().only("pk").get(pk=user.pk)


def _lock_attempt(attempt: AuditionAttempt) -> AuditionAttempt:
    return AuditionAttempt.objects.select_for_update().get(pk=attempt.pk)


def _close(attempt: AuditionAttempt, at: datetime) -> AuditionAttempt:
    """Record the attempt's end at ``at`` (at most its deadline) and its result (the attempt is locked)."""
    attempt.finished_at = min(at, attempt.deadline)
    result = selectors.result_of_attempt(attempt)
    attempt.written_score = result.written_score.quantize(SCORE_PLACES)
    attempt.practical_score = result.practical_score.quantize(SCORE_PLACES)
    attempt.score = result.score.quantize(SCORE_PLACES)
    attempt.passed = result.passed
    attempt.save(update_fields=["finished_at", "written_score", "practical_score", "score", "passed"])
    if attempt.dealer_session_id is not None:  # its rounds are over too
        session_close(user=attempt.user, session_id=attempt.dealer_session_id)
    return attempt


def attempt_start(
    *, user, audition: Audition, rng: random.Random, now: datetime | None = None
) -> AuditionAttempt:
    """Start the learner's next attempt at the audition: numbered, timed, its questions drawn and kept.

    An attempt of theirs whose time ran out is closed first (its result recorded); one still running,
    at any audition, refuses the start.

    :raises AuditionError: 404 if the learner is not in the audition's class, 409 if it is closed or
        another attempt is running.
    """
    try:
        with transaction.atomic():
            return _start(user=user, audition=audition, rng=rng, now=now or timezone.now())
    except IntegrityError:  # two starts at once (the unique open attempt or number): the first won
        raise AuditionError(errors.ONE_AT_A_TIME, HTTPStatus.CONFLICT) from None


def _start(*, user, audition: Audition, rng: random.Random, now: datetime) -> AuditionAttempt:
    _lock_learner(user)
    audition = Audition.objects.get(pk=audition.pk)  # as it is now, after the lock
    if not Membership.objects.filter(user=user, classroom_id=audition.classroom_id).exists():
        raise AuditionError(errors.NOT_FOUND, HTTPStatus.NOT_FOUND)
    if not audition.is_open:
        raise AuditionError(errors.CLOSED, HTTPStatus.CONFLICT)
    for open_attempt in AuditionAttempt.objects.select_for_update().filter(
        user=user, finished_at__isnull=True
    ):
        if selectors.is_running(open_attempt, now):
            raise AuditionError(errors.ONE_AT_A_TIME, HTTPStatus.CONFLICT)
        _close(open_attempt, open_attempt.deadline)
    last = AuditionAttempt.objects.filter(user=user, audition=audition).aggregate(last=Max("number"))["last"]
    attempt = AuditionAttempt.objects.create(
        audition=audition,
        user=user,
        number=(last or 0) + 1,
        started_at=now,
        deadline=now + timedelta(minutes=audition.time_limit),
        preset=audition.preset,
        seats=audition.seats,
        rounds=audition.rounds,
        questions=audition.questions,
        time_limit=audition.time_limit,
        pass_mark=audition.pass_mark,
        written_weight=audition.written_weight,
        practical_weight=audition.practical_weight,
    )
    AuditionQuestion.objects.bulk_create(
        AuditionQuestion(
            attempt=attempt,
            position=position,
            source=drawn.source,
            kind=drawn.kind[:30],
            question=drawn.data,
            nonce=secrets.token_hex(16),
        )
        for position, drawn in enumerate(written.draw(rng, audition.questions), start=1)
    )
    return attempt


def _ended_refusal(attempt: AuditionAttempt, now: datetime) -> AuditionError | None:
    """Why nothing more can be done in the attempt (after closing it if its time ran out), or ``None``."""
    if attempt.finished_at is not None:
        return AuditionError(errors.ENDED, HTTPStatus.CONFLICT)
    if now >= attempt.deadline:
        _close(attempt, attempt.deadline)
        return AuditionError(errors.TIME_UP, HTTPStatus.CONFLICT)
    return None


def answer_record(
    *, user, attempt: AuditionAttempt, nonce: str, posted, now: datetime | None = None
) -> AuditionQuestion:
    """Grade and record the answer to the question waiting in the attempt, once, timed by the server.

    The answer's time runs from when its question came on screen (the previous answer, or the start);
    under ``AUDITION_FLOOR_SECONDS`` it is recorded as too fast and does not count.

    :raises AuditionError: 409 if the attempt has ended (a run-out attempt is closed first, and that
        stays recorded), if the question was already answered, or if it is not the one waiting; 400 if
        the answer cannot be read (nothing recorded).
    """
    with transaction.atomic():
        _lock_learner(user)
        attempt = _lock_attempt(attempt)
        now = now or timezone.now()
        refusal = _ended_refusal(attempt, now)
        if refusal is None:
            return _answer(attempt, nonce, posted, now)
    raise refusal


def _answer(attempt: AuditionAttempt, nonce: str, posted, now: datetime) -> AuditionQuestion:
    question = AuditionQuestion.objects.filter(attempt=attempt, nonce=str(nonce)[:32]).first()
    if question is not None and question.answered_at is not None:
        raise AuditionError(errors.ALREADY_ANSWERED, HTTPStatus.CONFLICT)
    waiting = selectors.current_question(attempt)
    if waiting is None:
        raise AuditionError(errors.NO_QUESTION_LEFT, HTTPStatus.CONFLICT)
    if question is None or question.pk != waiting.pk:
        raise AuditionError(errors.NOT_THIS_QUESTION, HTTPStatus.CONFLICT)
    graded = written.grade(question.source, question.question, posted)
    seconds = Decimal((now - selectors.question_clock_start(attempt)).total_seconds()).quantize(SCORE_PLACES)
    question.answer = graded.answer
    question.correct = graded.correct
    question.seconds = max(seconds, Decimal(0))
    question.too_fast = question.seconds < AUDITION_FLOOR_SECONDS
    question.answered_at = now
    question.save(update_fields=["answer", "correct", "seconds", "too_fast", "answered_at"])
    return question


def practical_open(
    *, user, attempt: AuditionAttempt, done_url: str, now: datetime | None = None
) -> DealerSession:
    """The attempt's dealer rounds: opened the first time (purpose "audition", the attempt's table,
    seats and number of rounds; ``done_url`` leads back), the same session every later time.

    :raises AuditionError: 409 if the attempt has ended.
    """
    with transaction.atomic():
        _lock_learner(user)
        attempt = _lock_attempt(attempt)
        refusal = _ended_refusal(attempt, now or timezone.now())
        if refusal is None:
            if attempt.dealer_session_id is not None:
                return DealerSession.objects.get(pk=attempt.dealer_session_id)
            session = session_open(
                user=user,
                seats=attempt.seats,
                preset=attempt.preset,
                purpose=DealerSession.Purpose.AUDITION,
                rounds=attempt.rounds,
                done_url=done_url,
            )
            attempt.dealer_session = session
            attempt.save(update_fields=["dealer_session"])
            return session
    raise refusal


def attempt_finish(*, user, attempt: AuditionAttempt, now: datetime | None = None) -> AuditionAttempt:
    """End the attempt now (the learner is done), recording its result; an ended attempt stays as it is."""
    with transaction.atomic():
        _lock_learner(user)
        attempt = _lock_attempt(attempt)
        if attempt.finished_at is None:
            _close(attempt, now or timezone.now())
        return attempt


def teaches(actor, attempt: AuditionAttempt) -> bool:
    """Whether ``actor`` is an instructor of the attempt's class (a superuser who is not is not)."""
    return bool(
        actor.is_active
        and actor.is_staff
        and attempt.audition.classroom.instructors.filter(pk=actor.pk).exists()
    )


def attempt_sign_off(*, actor, attempt: AuditionAttempt, now: datetime | None = None) -> AuditionAttempt:
    """Sign a passed, ended attempt off as ``actor``, an instructor of its class; it gets its
    certificate code.

    :raises AuditionError: 403 if the actor does not teach the class; 409 if the attempt is still
        running, did not pass, or is already signed off.
    """
    with transaction.atomic():
        _lock_learner(attempt.user)
        attempt = _lock_attempt(attempt)
        now = now or timezone.now()
        if not teaches(actor, attempt):
            raise AuditionError(errors.NOT_INSTRUCTOR, HTTPStatus.FORBIDDEN)
        if attempt.signed_off_at is not None:
            raise AuditionError(errors.SIGNED_ALREADY, HTTPStatus.CONFLICT)
        if selectors.is_running(attempt, now):
            raise AuditionError(errors.NOT_ENDED, HTTPStatus.CONFLICT)
        if attempt.finished_at is None:
            _close(attempt, attempt.deadline)
        if not attempt.passed:
            raise AuditionError(errors.NOT_PASSED, HTTPStatus.CONFLICT)
        attempt.signed_off_by = actor
        attempt.signed_off_at = now
        attempt.certificate_code = secrets.token_urlsafe(24)
        attempt.save(update_fields=["signed_off_by", "signed_off_at", "certificate_code"])
        return attempt
