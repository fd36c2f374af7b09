"""Racing requests on PostgreSQL: starts and answers sent at once count once."""

from http import HTTPStatus

import pytest
from django.urls import reverse

from auditions.models import AuditionAttempt, AuditionQuestion
from tests.auditions.support import AuditionFactory, right_answer, start, waiting
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory
from tests.races import together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def member():
    learner = UserFactory()
    classroom = ClassroomFactory()
    MembershipFactory(user=learner, classroom=classroom)
    return learner, AuditionFactory(classroom=classroom)


def test_starts_at_once_open_one_attempt(member):
    learner, audition = member
    url = reverse("auditions:start", args=[audition.pk])
    statuses = together(4, lambda client: client.post(url), user=learner)
    assert sorted(statuses) == [HTTPStatus.FOUND] + [HTTPStatus.CONFLICT] * 3
    assert AuditionAttempt.objects.filter(user=learner).count() == 1


def test_the_same_answer_sent_at_once_is_recorded_once(member):
    learner, audition = member
    attempt = start(learner, audition)
    question = waiting(attempt)
    url = reverse("auditions:answer", args=[audition.pk, attempt.number])
    posted = {"token": question.nonce, **right_answer(question)}
    statuses = together(4, lambda client: client.post(url, posted), user=learner)
    assert sorted(statuses) == [HTTPStatus.FOUND] + [HTTPStatus.CONFLICT] * 3
    assert AuditionQuestion.objects.filter(attempt=attempt, answered_at__isnull=False).count() == 1
