"""The audition's score: a known set of answers and rounds, weighed by the engine; the pass mark's edge."""

from datetime import timedelta
from decimal import Decimal

import pytest

from auditions import selectors, services
from auditions.scoring import WrittenTally, result_of
from baccarat.dealer import audition_score
from tests.auditions.support import AuditionFactory, answer_all, play_rounds, start

pytestmark = pytest.mark.django_db


def test_a_known_set_of_answers_and_rounds_scores_as_the_engine_weighs_it(learner, audition):
    """8 of 10 written right: 80 %. Ten rounds at the 12 s standard, out of 10 points each: six clean
    in 9 s (60), one clean in 15 s (8: slow), one clean in 30 s (6: over twice the standard), two in
    9 s with an error each (7 + 7): 88 of 100. Weighed 30 / 70: 24 + 61.6 = 85.6 %, a pass at 80 %."""
    audition.questions, audition.rounds = 10, 10
    audition.save()
    attempt = start(learner, audition)
    answer_all(attempt, [True] * 8 + [False] * 2)
    session = services.practical_open(user=learner, attempt=attempt, done_url="/x/", now=attempt.started_at)
    assert session.standard_seconds == 12
    rounds = [(True, 9000)] * 6 + [(True, 15000), (True, 30000)] + [(False, 9000)] * 2
    play_rounds(session, rounds, at=attempt.started_at)
    attempt = services.attempt_finish(
        user=learner, attempt=attempt, now=attempt.started_at + timedelta(minutes=20)
    )

    result = selectors.result_of_attempt(attempt)
    engine = audition_score(8, 10, 88, 100, written_weight=30, practical_weight=70, pass_mark=80)
    assert (result.written_score, result.practical_score, result.score) == (
        Decimal("80.00"),
        Decimal("88.00"),
        Decimal("85.60"),
    )
    assert (engine.written_percent, engine.practical_percent, engine.percent) == (
        result.written_score,
        result.practical_score,
        result.score,
    )
    assert (result.written.right, result.rounds_played, result.rounds_clean, result.points) == (8, 10, 8, 88)
    assert result.passed is True
    assert (attempt.score, attempt.written_score, attempt.practical_score, attempt.passed) == (
        Decimal("85.60"),
        Decimal("80.00"),
        Decimal("88.00"),
        True,
    )


def test_rounds_finished_after_the_end_and_beyond_the_number_set_do_not_count(learner, audition):
    attempt = start(learner, audition)
    session = services.practical_open(user=learner, attempt=attempt, done_url="/x/", now=attempt.started_at)
    play_rounds(session, [(True, 9000)] * 2, at=attempt.started_at)
    attempt = services.attempt_finish(
        user=learner, attempt=attempt, now=attempt.started_at + timedelta(minutes=1)
    )
    play_rounds(session, [(True, 9000)] * 2, at=attempt.started_at + timedelta(minutes=2))
    assert selectors.result_of_attempt(attempt).rounds_played == 2
    assert attempt.practical_score == Decimal(50)


@pytest.mark.parametrize(("right", "passed"), [(8, True), (7, False)])
def test_the_pass_mark_is_reached_at_exactly_the_mark(learner, classroom, right, passed):
    """All written (weight 100): 8 of 10 is exactly 80 % and passes; 7 of 10 does not."""
    audition = AuditionFactory(classroom=classroom, questions=10, written_weight=100, practical_weight=0)
    attempt = start(learner, audition)
    end = answer_all(attempt, [True] * right + [False] * (10 - right))
    attempt = services.attempt_finish(user=learner, attempt=attempt, now=end)
    assert attempt.score == Decimal(right * 10)
    assert attempt.passed is passed


def test_an_attempt_with_nothing_done_scores_zero(learner, audition):
    attempt = start(learner, audition)
    attempt = services.attempt_finish(
        user=learner, attempt=attempt, now=attempt.started_at + timedelta(minutes=1)
    )
    assert (attempt.score, attempt.passed) == (Decimal(0), False)


def test_other_weights_weigh_the_same_answers_otherwise(learner, classroom):
    """Written 50 / practical 50: 4 of 5 right (80 %) and 2 clean of 4 rounds (50 %) make 65 %."""
    audition = AuditionFactory(classroom=classroom, written_weight=50, practical_weight=50, pass_mark=60)
    attempt = start(learner, audition)
    answer_all(attempt, [True, True, True, True, False])
    session = services.practical_open(user=learner, attempt=attempt, done_url="/x/", now=attempt.started_at)
    play_rounds(session, [(True, 8000), (True, 8000)], at=attempt.started_at)
    attempt = services.attempt_finish(
        user=learner, attempt=attempt, now=attempt.started_at + timedelta(minutes=5)
    )
    assert (attempt.score, attempt.passed) == (Decimal(65), True)


def test_result_of_counts_only_what_it_is_given():
    result = result_of(
        written=WrittenTally(total=4, answered=4, right=3),
        rounds=[],
        rounds_total=2,
        written_weight=30,
        practical_weight=70,
        pass_mark=80,
    )
    assert (result.written_score, result.practical_score, result.score) == (
        Decimal(75),
        Decimal(0),
        Decimal("22.5"),
    )
