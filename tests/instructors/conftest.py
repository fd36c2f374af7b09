"""The instructors' tests: the course loaded, and an instructor with a class of their own."""

import pytest
from django.contrib.auth.models import Group

from accounts.models import Classroom
from instructors.roles import INSTRUCTORS, ensure_instructors_group
from tests.factories import UserFactory


@pytest.fixture(autouse=True)
def _course(course):
    """Every test here has the course's lessons loaded."""


@pytest.fixture
def instructor(db):
    ensure_instructors_group()
    user = UserFactory(instructor=True)
    user.groups.add(Group.objects.get(name=INSTRUCTORS))
    return user


@pytest.fixture
def classroom(instructor):
    classroom = Classroom.objects.create(name="Tuesday evening")
    classroom.instructors.add(instructor)
    return classroom


@pytest.fixture
def staff_client(client, instructor):
    client.force_login(instructor)
    return client
