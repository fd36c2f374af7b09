"""Worked examples open each attempt exactly once, even when 30 requests race (PostgreSQL)."""

from __future__ import annotations

from http import HTTPStatus

import pytest
from django.test import Client
from django.urls import reverse

from lessons.course import LESSONS
from table.models import LedgerEntry, Seat
from table.services import ledger_verify
from tests.factories import UserFactory
from tests.races import together

THREADS = 30
EXAMPLE = ("first-stake", "stake-on-player")


def attempts(user, label="first-stake/stake-on-player") -> list[int]:
    return list(
        Seat.objects.filter(user=user, kind=Seat.Kind.LESSON, label=label).values_list("attempt", flat=True)
    )


@pytest.mark.django_db
def test_a_doubled_restart_opens_one_new_attempt(client, course):
    user = UserFactory()
    client.force_login(user)
    client.post(reverse("lessons:example-open", args=EXAMPLE))
    first = Seat.objects.get(user=user, kind=Seat.Kind.LESSON, label="first-stake/stake-on-player")
    restart = reverse("lessons:example-restart", args=EXAMPLE)

    for _ in range(2):
        assert client.post(restart, {"attempt": str(first.pk)}).status_code == HTTPStatus.FOUND

    assert sorted(attempts(user)) == [1, 2]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_thirty_simultaneous_restarts_of_one_attempt_open_exactly_one_new_attempt(course):
    user = UserFactory()
    client = Client()
    client.force_login(user)
    client.post(reverse("lessons:example-open", args=EXAMPLE))
    first = Seat.objects.get(user=user, kind=Seat.Kind.LESSON, label="first-stake/stake-on-player")
    restart = reverse("lessons:example-restart", args=EXAMPLE)

    statuses = together(THREADS, lambda client: client.post(restart, {"attempt": str(first.pk)}), user=user)

    assert set(statuses) == {HTTPStatus.FOUND}
    assert sorted(attempts(user)) == [1, 2]
    assert LedgerEntry.objects.filter(seat__user=user, seat__label="first-stake/stake-on-player").count() == 2
    for seat in Seat.objects.filter(user=user):
        ledger_verify(seat)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("slug", ["settlement", "hands-and-results"])
def test_thirty_simultaneous_opens_of_a_lessons_examples_open_one_attempt_per_example(course, slug):
    """The page posts to open each example when it loads: 30 first views at once post 30 times each."""
    user = UserFactory()

    for example in LESSONS[slug].examples:
        url = reverse("lessons:example-open", args=[slug, example.key])
        statuses = together(
            THREADS, lambda client, url=url: client.post(url, headers={"HX-Request": "true"}), user=user
        )
        assert set(statuses) == {HTTPStatus.OK}, example.key

    for example in LESSONS[slug].examples:
        assert attempts(user, f"{slug}/{example.key}") == [1], example.key
