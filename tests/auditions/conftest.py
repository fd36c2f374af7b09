"""The audition's tests: a class with its instructor and a learner, an open audition, seeded questions."""

import random

import pytest
from django.contrib.auth.models import Group

from auditions import views
from instructors.roles import INSTRUCTORS, ensure_instructors_group
from tests.auditions.support import AuditionFactory
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory


@pytest.fixture(autouse=True)
def _seeded_audition_questions(monkeypatch):
    """The written questions are drawn from a seeded generator in every test."""
    monkeypatch.setattr(views, "RNG", random.Random(30))


@pytest.fixture
def instructor(db):
    ensure_instructors_group()
    user = UserFactory(instructor=True, first_name="Rita", last_name="Teacher")
    user.groups.add(Group.objects.get(name=INSTRUCTORS))
    return user


@pytest.fixture
def classroom(instructor):
    return ClassroomFactory(name="Dealer school", audience="adults", instructors=[instructor])


@pytest.fixture
def learner(classroom):
    user = UserFactory(first_name="Ada", last_name="Lovelace", username="ada")
    MembershipFactory(user=user, classroom=classroom)
    return user


@pytest.fixture
def audition(classroom, instructor):
    return AuditionFactory(classroom=classroom, created_by=instructor)


@pytest.fixture
def learner_client(client, learner):
    client.force_login(learner)
    return client


@pytest.fixture
def staff_client(client, instructor):
    client.force_login(instructor)
    return client
