"""Dealer-mode results in progress: the assignment kind, and the instructors' reports (page, CSV)."""

import csv
import io

import pytest
from django.urls import reverse
from django.utils import timezone

from dealer.playing import play_round
from dealer.services import round_deal_next, session_open
from instructors.report import class_progress
from progress.assignments import DONE, PENDING, states_for
from progress.models import Assignment, DealerRecord
from progress.services import dealer_round_record
from tests.factories import AssignmentFactory, ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def play(user, clock, rounds: int, *, seconds: str = "1") -> None:
    session = session_open(user=user, seats=3, preset="standard")
    for number in range(rounds):
        round = (
            session.dealer_rounds.get(number=number + 1)
            if number == 0
            else round_deal_next(user=user, session_id=session.pk)
        )
        play_round(user, round, pause=lambda: clock.tick(seconds))


def test_the_dealer_rounds_assignment_is_done_at_the_nth_clean_round(clock):
    learner = UserFactory()
    classroom = ClassroomFactory()
    MembershipFactory(user=learner, classroom=classroom)
    assignment = AssignmentFactory(
        classroom=classroom, kind=Assignment.Kind.DEALER_ROUNDS, lesson=None, rounds=2
    )
    assert assignment.title == "Deal 2 clean rounds in dealer mode"
    play(learner, clock, 1)
    assert states_for([assignment], [learner.pk])[learner.pk][0].status == PENDING
    play(learner, clock, 1, seconds="0.01")  # too fast for a person: never clean, does not count
    assert states_for([assignment], [learner.pk])[learner.pk][0].status == PENDING
    play(learner, clock, 1)
    state = states_for([assignment], [learner.pk])[learner.pk][0]
    assert (
        state.status == DONE and state.done_at == DealerRecord.objects.filter(clean=True).last().finished_at
    )


def test_a_round_is_recorded_once():
    learner = UserFactory()
    fields = {
        "user": learner,
        "round_key": 7,
        "purpose": "practice",
        "preset": "standard",
        "seats": 3,
        "clean": True,
        "too_fast": False,
        "duration_ms": 9000,
        "errors": {},
        "finished_at": timezone.now(),
    }
    first = dealer_round_record(**fields)
    assert dealer_round_record(**{**fields, "clean": False}) == first
    assert DealerRecord.objects.count() == 1


def test_the_class_page_and_the_csv_show_dealer_mode(staff_client, classroom, clock):
    learner = UserFactory(username="dora")
    MembershipFactory(user=learner, classroom=classroom)
    DealerRecord.objects.bulk_create(
        DealerRecord(
            user=learner,
            round_key=key,
            clean=clean,
            too_fast=fast,
            duration_ms=ms,
            errors=errors,
            finished_at=clock.now,
        )
        for key, clean, fast, ms, errors in [
            (1, True, False, 9000, {}),
            (2, False, False, 15000, {"payout": 1, "commission": 2}),
            (3, True, False, 11000, {}),
            (4, False, True, 300, {}),
        ]
    )
    [row] = class_progress(classroom).rows
    assert (
        row.dealer_text == "3 rounds, 67% clean, median 11.0 s · 1 round too fast for a person (not counted)"
    )
    assert row.dealer_errors_text == "payout amount: 1, commission: 2"
    page = staff_client.get(reverse("admin:accounts_classroom_progress", args=[classroom.pk]))
    assert "67% clean" in page.content.decode()
    response = staff_client.get(reverse("admin:accounts_classroom_progress_csv", args=[classroom.pk]))
    rows = list(
        csv.reader(
            io.StringIO(
                b"".join(response.streaming_content).decode()
                if response.streaming
                else response.content.decode()
            )
        )
    )
    assert "Dealer mode" in rows[0] and "Dealer-mode errors" in rows[0]
    assert rows[1][rows[0].index("Dealer-mode errors")] == "payout amount: 1, commission: 2"


def test_rows_validate_though_their_clean_field_hides_model_clean(clock):
    learner = UserFactory()
    play(learner, clock, 1)
    DealerRecord.objects.get().full_clean()
    learner.dealer_sessions.get().dealer_rounds.get().full_clean()
