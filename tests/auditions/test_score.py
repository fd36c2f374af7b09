"""The audition's score: a known set of answers and rounds, weighed by the engine; the pass mark's edge."""

from datetime import timedelta
from decimal import Decimal

import pytest

from auditions import selectors, services
from auditions.scoring import WrittenTally, audition_score, result_of
from tests.auditions.support import AuditionFactory, answer_all, play_rounds, start

pytestmark = pytest.mark.django_db


def test_a_known_set_of_answers_and_rounds_scores_as_the_engine_weighs_it(learner, audition):
    """8 of 10 written right (80 %), 7 of 10 rounds clean within the standard (70 %):
    30 % × 80 + 70 % × 70 = 73 %, under the 80 % pass mark."""
    audition.questions, audition.rounds = 10, 10
    audition.save()
    attempt = start(learner, audition)
    answer_all(attempt, [True] * 8 + [False] * 2)
    session = services.practical_open(user=learner, attempt=attempt, done_url="/x/", now=attempt.started_at)
    play_rounds(session, [(True, 9000)] * 7 + [(False, 9000)] * 3, at=attempt.started_at)
    attempt = services.attempt_finish(user=learner, attempt=attempt, now=attempt.started_at + timedelta(minutes=20))

    result = selectors.result_of_attempt(attempt)
    expected = audition_score(
        written_right=8,
        written_total=10,
        practical_points=[Decimal(1)] * 7 + [Decimal(0)] * 3,
        practical_total=10,
        written_weight=30,
        practical_weight=70,
        pass_mark=80,
    )
    assert (result.written_score, result.practical_score, result.score) == (Decimal(80), Decimal(70), Decimal(73))
    assert (expected.written, expected.practical, expected.total) == (Decimal(80), Decimal(70), Decimal(73))
    assert (result.written.right, result.rounds_played, result.rounds_clean) == (8, 10, 7)
    assert result.passed is False
    assert (attempt.score, attempt.written_score, attempt.practical_score, attempt.passed) == (
        Decimal("73.00"),
        Decimal("80.00"),
        Decimal("70.00"),
        False,
    )


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
    attempt = services.attempt_finish(user=learner, attempt=attempt, now=attempt.started_at + timedelta(minutes=1))
    assert (attempt.score, attempt.passed) == (Decimal(0), False)


def test_other_weights_weigh_the_same_answers_otherwise(learner, classroom):
    """Written 50 / practical 50: 4 of 5 right (80 %) and 2 of 4 rounds (50 %) make 65 %."""
    audition = AuditionFactory(classroom=classroom, written_weight=50, practical_weight=50, pass_mark=60)
    attempt = start(learner, audition)
    answer_all(attempt, [True, True, True, True, False])
    session = services.practical_open(user=learner, attempt=attempt, done_url="/x/", now=attempt.started_at)
    play_rounds(session, [(True, 8000), (True, 8000)], at=attempt.started_at)
    attempt = services.attempt_finish(user=learner, attempt=attempt, now=attempt.started_at + timedelta(minutes=5))
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
    assert (result.written_score, result.practical_score, result.score) == (Decimal(75), Decimal(0), Decimal("22.5"))
