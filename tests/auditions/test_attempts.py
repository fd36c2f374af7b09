"""Taking an audition: one attempt at a time, numbered, timed on the server, every answer recorded once."""

from datetime import timedelta
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.utils import timezone

from auditions import errors, selectors, services
from auditions.errors import AuditionError
from auditions.models import AuditionAttempt, AuditionQuestion
from tests.auditions.support import AuditionFactory, answer, answer_all, right_answer, start, waiting
from tests.factories import ClassroomFactory, UserFactory

pytestmark = pytest.mark.django_db


def refusal(call) -> AuditionError:
    with pytest.raises(AuditionError) as caught:
        call()
    return caught.value


def test_an_attempt_keeps_the_auditions_settings_and_draws_its_questions(learner, audition):
    attempt = start(learner, audition)
    audition.pass_mark, audition.written_weight, audition.practical_weight = 90, 50, 50
    audition.save()
    attempt.refresh_from_db()
    assert (attempt.number, attempt.pass_mark, attempt.written_weight, attempt.practical_weight) == (
        1,
        80,
        30,
        70,
    )
    assert attempt.deadline - attempt.started_at == timedelta(minutes=30)
    questions = list(AuditionQuestion.objects.filter(attempt=attempt))
    assert len(questions) == audition.questions
    assert {q.source for q in questions} <= {"exercise", "payout"}
    assert len({q.nonce for q in questions}) == len(questions)


def test_the_draw_mixes_the_course_and_the_payout_drill(learner, classroom):
    audition = AuditionFactory(classroom=classroom, questions=26)
    attempt = start(learner, audition)
    kinds = set(AuditionQuestion.objects.filter(attempt=attempt).values_list("kind", flat=True))
    assert {"banker-table", "drawing", "naturals", "settlement"} <= kinds
    assert any(kind.startswith("payout-") for kind in kinds)


def test_one_attempt_at_a_time_and_the_next_is_numbered(learner, audition, classroom):
    first = start(learner, audition)
    assert refusal(lambda: start(learner, audition)).status == HTTPStatus.CONFLICT
    other = AuditionFactory(classroom=classroom)
    assert refusal(lambda: start(learner, other)).message == str(errors.ONE_AT_A_TIME)  # any audition

    services.attempt_finish(user=learner, attempt=first)
    second = start(learner, audition)
    assert second.number == 2
    assert AuditionAttempt.objects.filter(user=learner, finished_at__isnull=True).get() == second


def test_an_attempt_past_its_time_is_closed_when_the_next_starts(learner, audition):
    first = start(learner, audition, at=timezone.now() - timedelta(minutes=31))
    assert not selectors.is_running(first)
    second = start(learner, audition)
    first.refresh_from_db()
    assert first.finished_at == first.deadline and first.passed is False
    assert second.number == 2


def test_a_closed_audition_and_another_class_refuse_a_start(learner, audition):
    audition.is_open = False
    audition.save()
    assert refusal(lambda: start(learner, audition)).message == str(errors.CLOSED)
    foreign = AuditionFactory(classroom=ClassroomFactory())
    assert refusal(lambda: start(learner, foreign)).status == HTTPStatus.NOT_FOUND
    assert not AuditionAttempt.objects.exists()


def test_each_answer_is_recorded_once_and_in_order(learner, audition):
    attempt = start(learner, audition)
    first = waiting(attempt)
    moment = attempt.started_at + timedelta(seconds=10)
    services.answer_record(
        user=learner, attempt=attempt, nonce=first.nonce, posted=right_answer(first), now=moment
    )
    first.refresh_from_db()
    assert (first.correct, first.too_fast, first.seconds) == (True, False, Decimal("10.00"))
    again = refusal(
        lambda: services.answer_record(
            user=learner, attempt=attempt, nonce=first.nonce, posted=right_answer(first), now=moment
        )
    )
    assert (again.status, again.message) == (HTTPStatus.CONFLICT, str(errors.ALREADY_ANSWERED))
    last = AuditionQuestion.objects.filter(attempt=attempt).order_by("-position").first()
    ahead = refusal(
        lambda: services.answer_record(user=learner, attempt=attempt, nonce=last.nonce, posted={}, now=moment)
    )
    assert ahead.message == str(errors.NOT_THIS_QUESTION)


def test_an_unreadable_answer_records_nothing(learner, audition):
    attempt = start(learner, audition)
    question = waiting(attempt)
    refused = refusal(
        lambda: services.answer_record(
            user=learner,
            attempt=attempt,
            nonce=question.nonce,
            posted={"answer": "nonsense", "answer_x": "?"},
        )
    )
    assert refused.status == HTTPStatus.BAD_REQUEST
    question.refresh_from_db()
    assert question.answered_at is None


def test_answers_faster_than_a_person_can_act_are_recorded_and_do_not_count(learner, classroom):
    """The clock of each question runs from the previous answer (or the start): 0.3 s is a script's."""
    audition = AuditionFactory(classroom=classroom, questions=4, written_weight=100, practical_weight=0)
    attempt = start(learner, audition)
    moment = attempt.started_at
    for gap in (0.3, 0.2, 5, 6):
        moment += timedelta(seconds=gap)
        answer(attempt, right=True, at=moment)
    rows = list(AuditionQuestion.objects.filter(attempt=attempt).order_by("position"))
    assert [q.too_fast for q in rows] == [True, True, False, False]
    assert all(q.correct for q in rows)  # right, but the first two were not a person's
    result = selectors.result_of_attempt(attempt)
    assert (result.written.right, result.written.too_fast, result.written_score) == (2, 2, Decimal(50))


def test_time_is_up_on_the_servers_clock_and_the_attempt_is_scored_with_what_was_answered(learner, classroom):
    audition = AuditionFactory(
        classroom=classroom, questions=4, written_weight=100, practical_weight=0, time_limit=5
    )
    attempt = start(learner, audition, at=timezone.now() - timedelta(minutes=6))
    answer_all(attempt, [True, True], every=60)

    # A read after the deadline sees it ended, and scored with the two answers; nothing is written.
    attempt.refresh_from_db()
    assert attempt.finished_at is None and not selectors.is_running(attempt)
    assert selectors.result_of_attempt(attempt).written_score == Decimal(50)

    late = refusal(lambda: answer(attempt, right=True, at=timezone.now()))
    assert (late.status, late.message) == (HTTPStatus.CONFLICT, str(errors.TIME_UP))
    attempt.refresh_from_db()
    assert attempt.finished_at == attempt.deadline and attempt.score == Decimal(50)
    assert AuditionQuestion.objects.filter(attempt=attempt, answered_at__isnull=False).count() == 2


def test_an_ended_attempt_takes_no_more_answers_nor_rounds(learner, audition):
    attempt = start(learner, audition)
    services.attempt_finish(user=learner, attempt=attempt)
    assert refusal(lambda: answer(attempt, right=True, at=timezone.now())).message == str(errors.ENDED)
    refused = refusal(lambda: services.practical_open(user=learner, attempt=attempt, done_url="/"))
    assert refused.status == HTTPStatus.CONFLICT


def test_the_practical_part_opens_one_audition_session_with_the_attempts_settings(learner, audition):
    attempt = start(learner, audition)
    session = services.practical_open(user=learner, attempt=attempt, done_url="/audition/1/attempt/1/")
    assert (session.purpose, session.rounds, session.seats, session.preset) == ("audition", 4, 5, "standard")
    assert session.done_url == "/audition/1/attempt/1/"
    assert services.practical_open(user=learner, attempt=attempt, done_url="/other/") == session
    services.attempt_finish(user=learner, attempt=attempt)
    session.refresh_from_db()
    assert session.closed_at is not None


def test_a_finish_twice_keeps_the_first_end(learner, audition):
    attempt = start(learner, audition)
    ended = services.attempt_finish(
        user=learner, attempt=attempt, now=attempt.started_at + timedelta(minutes=2)
    )
    again = services.attempt_finish(
        user=learner, attempt=attempt, now=attempt.started_at + timedelta(minutes=9)
    )
    assert again.finished_at == ended.finished_at


def test_another_learner_has_attempts_of_their_own(learner, audition, classroom):
    start(learner, audition)
    other = UserFactory()
    classroom.memberships.create(user=other)
    assert start(other, audition).number == 1
