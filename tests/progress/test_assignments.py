"""Assignments: each learner's state (done, done late, missing, pending), per kind of assignment."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import Membership
from progress.assignments import (
    BEFORE_JOINING,
    DONE,
    DONE_AT,
    LATE,
    MISSING,
    PENDING,
    learner_assignments,
    states_for,
    status_of,
)
from progress.heatmap import CELLS
from progress.models import (
    MASTERY_STREAK,
    PAYOUT_MASTERY_STREAK,
    Assignment,
    DrillCell,
    DrillMasteryReached,
    Lesson,
)
from progress.services import drill_cell_record, payout_answer_record
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    LessonProgressFactory,
    MembershipFactory,
    UserFactory,
)

NOW = timezone.now()
HOUR = timedelta(hours=1)


@pytest.mark.parametrize(
    ("done_at", "now", "expected"),
    [
        (NOW - HOUR, NOW + HOUR, DONE),  # done before the due moment
        (NOW, NOW + HOUR, DONE),  # done exactly at the due moment counts as on time
        (NOW + HOUR, NOW + 2 * HOUR, LATE),  # done after it: "done late"
        (None, NOW + HOUR, MISSING),  # not done, past due
        (None, NOW - HOUR, PENDING),  # not done, still to come
        (None, NOW, PENDING),  # due this very moment: not yet missing
    ],
)
def test_the_status_follows_the_due_moment_the_moment_done_and_now(done_at, now, expected):
    assert status_of(NOW, done_at, now) == expected


def test_every_kind_of_assignment_has_a_way_to_tell_when_it_was_done():
    assert set(DONE_AT) == set(Assignment.Kind.values)


@pytest.fixture
def classroom(db):
    return ClassroomFactory(name="Evening")


def member(classroom, username):
    user = UserFactory(username=username)
    MembershipFactory(user=user, classroom=classroom)
    return user


def test_a_lesson_assignment_is_done_late_or_missing_by_when_the_lesson_was_completed(course, classroom):
    due = NOW - HOUR
    lesson = Lesson.objects.get(number=2)
    assignment = AssignmentFactory(classroom=classroom, lesson=lesson, due_at=due)
    early, late, never, elsewhere = (member(classroom, name) for name in ("early", "late", "never", "other"))
    LessonProgressFactory(user=early, lesson=lesson, completed_at=due - HOUR)
    LessonProgressFactory(user=late, lesson=lesson, completed_at=due + timedelta(minutes=5))
    LessonProgressFactory(user=never, lesson=lesson)  # started, not completed
    LessonProgressFactory(  # another lesson completed does not count
        user=elsewhere, lesson=Lesson.objects.get(number=1), completed_at=due - HOUR
    )

    states = states_for([assignment], [early.pk, late.pk, never.pk, elsewhere.pk], now=NOW)

    assert [states[user.pk][0].status for user in (early, late, never, elsewhere)] == [
        DONE,
        LATE,
        MISSING,
        MISSING,
    ]
    assert states[late.pk][0].text.startswith("done late (")
    assert states[never.pk][0].text == "missing"


def master_every_cell(user):
    for cell in CELLS:
        for _ in range(MASTERY_STREAK):
            drill_cell_record(
                user=user, banker_total=cell.banker_total, player_third=cell.player_third, correct=True
            )


def test_the_moment_every_cell_is_mastered_is_recorded_once_by_the_answer_that_completes_it(db):
    user = UserFactory()
    last = CELLS[-1]
    for cell in CELLS[:-1]:
        for _ in range(MASTERY_STREAK):
            drill_cell_record(
                user=user, banker_total=cell.banker_total, player_third=cell.player_third, correct=True
            )
    for _ in range(MASTERY_STREAK - 1):
        drill_cell_record(
            user=user, banker_total=last.banker_total, player_third=last.player_third, correct=True
        )
    assert not DrillMasteryReached.objects.filter(user=user).exists()

    moment = NOW + timedelta(days=1)
    with mock.patch("django.utils.timezone.now", return_value=moment):
        drill_cell_record(
            user=user, banker_total=last.banker_total, player_third=last.player_third, correct=True
        )
    assert DrillMasteryReached.objects.get(user=user).reached_at == moment

    # A wrong answer loses a cell's mastery; winning it back does not move the first moment.
    drill_cell_record(user=user, banker_total=0, player_third=0, correct=False)
    for _ in range(MASTERY_STREAK):
        drill_cell_record(user=user, banker_total=0, player_third=0, correct=True)
    assert DrillMasteryReached.objects.filter(user=user).count() == 1
    assert DrillMasteryReached.objects.get(user=user).reached_at == moment


def test_a_drill_mastery_assignment_uses_the_moment_every_cell_was_first_mastered(classroom):
    assignment = AssignmentFactory(classroom=classroom, kind=Assignment.Kind.DRILL_MASTERY, due_at=NOW + HOUR)
    master, almost = member(classroom, "master"), member(classroom, "almost")
    master_every_cell(master)
    for cell in CELLS[:-1]:
        DrillCell.objects.update_or_create(
            user=almost,
            banker_total=cell.banker_total,
            third=cell.third,
            defaults={"attempts": 3, "correct": 3, "streak": 3},
        )

    states = states_for([assignment], [master.pk, almost.pk], now=NOW)

    assert [states[user.pk][0].status for user in (master, almost)] == [DONE, PENDING]
    assert states_for([assignment], [master.pk], now=NOW + 2 * HOUR)[master.pk][0].status == DONE
    assert states_for([assignment], [almost.pk], now=NOW + 2 * HOUR)[almost.pk][0].status == MISSING


def test_a_learner_sees_the_assignments_of_their_own_classes_soonest_due_first(course, classroom):
    ada = member(classroom, "ada")
    other = ClassroomFactory(name="Someone else's")
    later = AssignmentFactory(classroom=classroom, lesson=Lesson.objects.get(number=3), due_at=NOW + 3 * HOUR)
    sooner = AssignmentFactory(classroom=classroom, kind=Assignment.Kind.DRILL_MASTERY, due_at=NOW + HOUR)
    AssignmentFactory(classroom=other, lesson=Lesson.objects.get(number=4), due_at=NOW + 2 * HOUR)

    states = learner_assignments(ada, now=NOW)

    assert [state.assignment for state in states] == [sooner, later]
    assert [state.title for state in states] == [
        "Master every cell of the Banker table",
        f"Lesson {Lesson.objects.get(number=3)}",
    ]
    assert [state.status for state in states] == [PENDING, PENDING]


def test_an_assignment_due_before_the_learner_joined_is_not_missing_on_their_home_page(
    course, classroom, client
):
    """A newcomer has not missed what was due before they came (it says so); done anyway, it is done."""
    lesson_2, lesson_3 = Lesson.objects.get(number=2), Lesson.objects.get(number=3)
    before = AssignmentFactory(classroom=classroom, lesson=lesson_2, due_at=NOW - 2 * HOUR)
    done_anyway = AssignmentFactory(classroom=classroom, lesson=lesson_3, due_at=NOW - HOUR)
    coming = AssignmentFactory(classroom=classroom, kind=Assignment.Kind.DRILL_MASTERY, due_at=NOW + HOUR)
    old_hand = member(classroom, "old-hand")
    Membership.objects.filter(user=old_hand).update(joined_at=NOW - 3 * HOUR)
    newcomer = member(classroom, "newcomer")  # joined now, after both were due
    LessonProgressFactory(user=newcomer, lesson=lesson_3, completed_at=NOW)

    mine = learner_assignments(newcomer)
    theirs = learner_assignments(old_hand)

    assert [(state.assignment, state.status) for state in mine] == [
        (before, BEFORE_JOINING),
        (done_anyway, LATE),
        (coming, PENDING),
    ]
    assert [(state.assignment, state.status) for state in theirs] == [
        (before, MISSING),
        (done_anyway, MISSING),
        (coming, PENDING),
    ]
    client.force_login(newcomer)
    home = client.get(reverse("home")).content.decode()
    assert "✗" not in home and "missing" not in home
    assert '<span aria-hidden="true">– </span>set before you joined</strong>' in home


def test_a_lesson_assignment_needs_a_lesson_and_no_other_kind_has_one(course, classroom):
    with pytest.raises(IntegrityError), transaction.atomic():
        Assignment.objects.create(classroom=classroom, kind=Assignment.Kind.LESSON, due_at=NOW)
    with pytest.raises(IntegrityError), transaction.atomic():
        Assignment.objects.create(
            classroom=classroom,
            kind=Assignment.Kind.DRILL_MASTERY,
            lesson=Lesson.objects.get(number=1),
            due_at=NOW,
        )


def answer_payouts(user, count: int, *, at, correct: bool = True) -> None:
    """``count`` payout-drill answers, each two seconds after its question was issued, ending at ``at``."""
    for index in range(count):
        moment = at - (count - 1 - index) * timedelta(seconds=10)
        payout_answer_record(
            user=user,
            nonce=f"{user.pk}-{moment.timestamp()}-{index}",
            kind="tie",
            question={},
            answer={},
            correct=correct,
            issued_at=moment - timedelta(seconds=2),
            answered_at=moment,
        )


def test_a_payout_mastery_assignment_uses_the_moment_the_drill_was_first_mastered(classroom):
    assignment = AssignmentFactory(
        classroom=classroom, kind=Assignment.Kind.PAYOUT_MASTERY, due_at=NOW + HOUR
    )
    early, late, short = member(classroom, "early"), member(classroom, "late"), member(classroom, "short")
    answer_payouts(early, PAYOUT_MASTERY_STREAK, at=NOW)
    answer_payouts(late, PAYOUT_MASTERY_STREAK, at=NOW + 2 * HOUR)
    answer_payouts(short, PAYOUT_MASTERY_STREAK - 1, at=NOW)
    answer_payouts(short, 1, at=NOW + timedelta(minutes=1), correct=False)  # a wrong answer breaks the run

    states = states_for([assignment], [early.pk, late.pk, short.pk], now=NOW + 3 * HOUR)

    assert [states[user.pk][0].status for user in (early, late, short)] == [DONE, LATE, MISSING]
    assert states[early.pk][0].done_at == NOW
