"""``payout_summary``: each learner's payout-drill answers, accuracy, median time, best run and mastery."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from progress.models import PAYOUT_MASTERY_STREAK
from progress.selectors import PayoutSummary, payout_summary
from progress.services import payout_answer_record, payout_seconds
from tests.factories import UserFactory

START = timezone.now().replace(microsecond=0)


def answers(user, *runs, start=START):
    """Record answers: each run is (count, seconds, correct). Returns the moment of the last answer."""
    moment = start
    for count, seconds, correct in runs:
        for _ in range(count):
            issued = moment
            moment = issued + timedelta(seconds=float(seconds))
            payout_answer_record(
                user=user,
                nonce=f"{user.pk:04d}{moment.timestamp():028.0f}"[-32:],
                kind="payout-tie",
                question={},
                answer={},
                correct=correct,
                issued_at=issued,
                answered_at=moment,
            )
    return moment


@pytest.mark.django_db
def test_a_learner_without_answers_has_an_empty_summary():
    user = UserFactory()
    assert payout_summary([user.pk]) == {user.pk: PayoutSummary()}
    assert payout_summary([user.pk])[user.pk].accuracy is None


@pytest.mark.django_db
def test_the_summary_counts_answers_accuracy_median_and_the_best_run():
    ada, bob = UserFactory(), UserFactory()
    answers(ada, (3, "2", True), (1, "9", True), (1, "1", False), (2, "3", True))
    answers(bob, (1, "4", False))
    summaries = payout_summary([ada.pk, bob.pk])
    ada_summary = summaries[ada.pk]
    assert (ada_summary.answers, ada_summary.correct, ada_summary.accuracy_percent) == (7, 6, 86)
    assert ada_summary.median_seconds == Decimal("2.00")
    assert (ada_summary.streak, ada_summary.best_streak, ada_summary.mastered_at) == (2, 3, None)
    assert (summaries[bob.pk].answers, summaries[bob.pk].correct, summaries[bob.pk].accuracy) == (1, 0, 0.0)


@pytest.mark.django_db
def test_mastered_at_is_the_moment_of_the_20th_fast_right_answer_in_a_row(django_assert_num_queries):
    user = UserFactory()
    answers(user, (PAYOUT_MASTERY_STREAK - 1, "4.5", True))
    assert payout_summary([user.pk])[user.pk].mastered_at is None
    moment = answers(user, (1, "4.5", True), start=START + timedelta(hours=1))
    with django_assert_num_queries(2):
        summary = payout_summary([user.pk])[user.pk]
    assert summary.mastered_at == moment and summary.mastered
    assert summary.best_run_seconds == Decimal("90.00")


def test_the_time_of_an_answer_is_in_hundredths_never_negative():
    assert payout_seconds(issued_at=START, answered_at=START + timedelta(seconds=1.234)) == Decimal("1.23")
    assert payout_seconds(issued_at=START, answered_at=START - timedelta(seconds=3)) == Decimal("0.00")
