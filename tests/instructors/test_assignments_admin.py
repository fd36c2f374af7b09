"""Assignments in the admin, on the class progress page, its CSV, the learner's page and the home page.

An instructor assigns only to their own classes and sees only their own classes' assignments;
bad input is a form error, never a 500.
"""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime, timedelta
from http import HTTPStatus
from zoneinfo import ZoneInfo

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from accounts.models import Classroom
from lessons.course import COURSE
from progress.models import PAYOUT_MASTERY_STREAK, Assignment, Lesson
from progress.services import payout_answer_record
from table import services
from tests.factories import (
    AssignmentFactory,
    DrillCellFactory,
    LessonProgressFactory,
    MembershipFactory,
    SeatFactory,
    UserFactory,
    two_instructors_each_with_a_class,
)
from tests.support import parse

HOUR = timedelta(hours=1)


@pytest.fixture
def world(db):
    return two_instructors_each_with_a_class()


@pytest.fixture
def as_a(client, world):
    client.force_login(world["a"])
    return client


def join(classroom, username):
    user = UserFactory(username=username)
    MembershipFactory(user=user, classroom=classroom)
    return user


def lesson(number):
    return Lesson.objects.get(number=number)


def tomorrow():
    return timezone.localtime(timezone.now() + timedelta(days=1))


def form(classroom, *, kind="lesson", lesson_pk=None, date=None, time="18:00:00"):
    return {
        "classroom": classroom.pk if isinstance(classroom, Classroom) else classroom,
        "kind": kind,
        "lesson": "" if lesson_pk is None else lesson_pk,
        "due_at_0": date or tomorrow().strftime("%Y-%m-%d"),
        "due_at_1": time,
    }


ADD = "admin:progress_assignment_add"


# --- Making, changing and deleting assignments ------------------------------------------------


@override_settings(TIME_ZONE="Europe/Berlin")
def test_an_instructor_assigns_a_lesson_to_their_class_due_at_a_time_in_the_site_time_zone(as_a, world):
    response = as_a.post(reverse(ADD), form(world["class_a"], lesson_pk=lesson(3).pk, date="2099-03-04"))

    assert response.status_code == HTTPStatus.FOUND
    assignment = Assignment.objects.get()
    assert (assignment.classroom, assignment.lesson, assignment.created_by) == (
        world["class_a"],
        lesson(3),
        world["a"],
    )
    assert assignment.due_at == datetime(2099, 3, 4, 18, 0, tzinfo=ZoneInfo("Europe/Berlin"))


def test_the_add_page_offers_only_own_classes_and_real_lessons_and_takes_the_class_from_the_link(as_a, world):
    response = as_a.get(reverse(ADD), {"classroom": world["class_a"].pk})

    assert response.status_code == HTTPStatus.OK
    field = response.context["adminform"].form.fields
    assert list(field["classroom"].queryset) == [world["class_a"]]
    assert list(field["lesson"].queryset) == list(Lesson.objects.all())
    assert response.context["adminform"].form.initial["classroom"] == str(world["class_a"].pk)
    assert "Date and time in the site's time zone (UTC)." in response.content.decode()


@pytest.mark.parametrize(
    ("case", "error"),
    [
        ("past date", "The due date has passed: choose a date and time still to come."),
        ("impossible date", "Enter a valid date."),
        ("lesson that does not exist", "Select a valid choice."),
        ("another instructor's class", "Select a valid choice."),
        ("lesson kind without a lesson", "Choose the lesson to assign."),
        ("unknown kind", "Select a valid choice."),
    ],
)
def test_bad_input_is_a_form_error_and_creates_nothing(as_a, world, case, error):
    data = form(world["class_a"], lesson_pk=lesson(1).pk)
    if case == "past date":
        data["due_at_0"] = (timezone.localtime() - timedelta(days=1)).strftime("%Y-%m-%d")
    elif case == "impossible date":
        data["due_at_0"] = "2099-02-30"
    elif case == "lesson that does not exist":
        data["lesson"] = Lesson.objects.order_by("-pk").first().pk + 100
    elif case == "another instructor's class":
        data["classroom"] = world["class_b"].pk
    elif case == "lesson kind without a lesson":
        data["lesson"] = ""
    elif case == "unknown kind":
        data["kind"] = "payday"

    response = as_a.post(reverse(ADD), data)

    assert response.status_code == HTTPStatus.OK
    assert error in response.content.decode().replace("&#x27;", "'")
    assert not Assignment.objects.exists()


def test_a_drill_target_keeps_no_lesson(as_a, world):
    response = as_a.post(reverse(ADD), form(world["class_a"], kind="drill-mastery", lesson_pk=lesson(2).pk))

    assert response.status_code == HTTPStatus.FOUND
    assignment = Assignment.objects.get()
    assert (assignment.kind, assignment.lesson) == ("drill-mastery", None)
    assert str(assignment) == "Master every cell of the Banker table"


def test_an_instructor_sees_changes_and_deletes_only_their_own_classes_assignments(as_a, world):
    mine = AssignmentFactory(classroom=world["class_a"], lesson=lesson(1), due_at=timezone.now() + HOUR)
    theirs = AssignmentFactory(classroom=world["class_b"], lesson=lesson(2), due_at=timezone.now() + HOUR)

    listing = as_a.get(reverse("admin:progress_assignment_changelist"))
    filtered = as_a.get(reverse("admin:progress_assignment_changelist"), {"class": world["class_b"].pk})
    change = as_a.get(reverse("admin:progress_assignment_change", args=[theirs.pk]))
    post = as_a.post(
        reverse("admin:progress_assignment_change", args=[theirs.pk]),
        form(world["class_a"], lesson_pk=lesson(5).pk),
    )
    delete = as_a.post(reverse("admin:progress_assignment_delete", args=[theirs.pk]), {"post": "yes"})

    assert listing.context["cl"].result_count == 1
    assert list(listing.context["cl"].result_list) == [mine]
    assert "Class B" not in listing.content.decode()
    assert filtered.context["cl"].result_count == 0  # another's class filters to nothing
    assert (
        change.status_code == post.status_code == delete.status_code == HTTPStatus.FOUND
    )  # "does not exist"
    theirs.refresh_from_db()
    assert (theirs.classroom, theirs.lesson) == (world["class_b"], lesson(2))


def test_an_instructor_cannot_move_their_assignment_to_another_instructors_class(as_a, world):
    mine = AssignmentFactory(classroom=world["class_a"], lesson=lesson(1), due_at=timezone.now() + HOUR)
    data = form(world["class_b"], lesson_pk=lesson(1).pk)

    response = as_a.post(reverse("admin:progress_assignment_change", args=[mine.pk]), data)

    assert response.status_code == HTTPStatus.OK
    assert "Select a valid choice." in response.content.decode()
    mine.refresh_from_db()
    assert mine.classroom == world["class_a"]


def test_a_past_due_assignment_can_be_changed_without_moving_its_due_date_and_deleted(as_a, world):
    due = timezone.localtime(timezone.now() - timedelta(days=2)).replace(second=0, microsecond=0)
    mine = AssignmentFactory(classroom=world["class_a"], lesson=lesson(1), due_at=due)
    data = form(
        world["class_a"], lesson_pk=lesson(4).pk, date=due.strftime("%Y-%m-%d"), time=due.strftime("%H:%M:%S")
    )

    changed = as_a.post(reverse("admin:progress_assignment_change", args=[mine.pk]), data)
    mine.refresh_from_db()
    deleted = as_a.post(reverse("admin:progress_assignment_delete", args=[mine.pk]), {"post": "yes"})

    assert changed.status_code == HTTPStatus.FOUND
    assert (mine.lesson, mine.due_at) == (lesson(4), due)
    assert deleted.status_code == HTTPStatus.FOUND
    assert not Assignment.objects.exists()


def test_a_learner_cannot_reach_the_assignments_admin(client, world):
    client.force_login(join(world["class_a"], "ada"))

    response = client.get(reverse(ADD))

    assert response.status_code == HTTPStatus.FOUND
    assert response["Location"].startswith(reverse("admin:login"))


# --- Who is done, late or missing ---------------------------------------------------------------


@pytest.fixture
def assigned(world):
    """Lesson 2 was due an hour ago (ada did it in time, bea after, cal not at all); lesson 3 is to come."""
    now = timezone.now()
    due = now - HOUR
    past = AssignmentFactory(classroom=world["class_a"], lesson=lesson(2), due_at=due)
    coming = AssignmentFactory(classroom=world["class_a"], lesson=lesson(3), due_at=now + HOUR)
    ada, bea, cal = (join(world["class_a"], name) for name in ("ada", "bea", "cal"))
    LessonProgressFactory(user=ada, lesson=lesson(2), completed_at=due - HOUR, attempts=3, correct=3)
    LessonProgressFactory(user=bea, lesson=lesson(2), completed_at=due + HOUR / 2, attempts=3, correct=3)
    LessonProgressFactory(user=ada, lesson=lesson(3), completed_at=now, attempts=3, correct=3)
    return {"past": past, "coming": coming, "ada": ada, "bea": bea, "cal": cal}


def progress_url(classroom, **query):
    return reverse("admin:accounts_classroom_progress", args=[classroom.pk]) + (
        "?" + "&".join(f"{key}={value}" for key, value in query.items()) if query else ""
    )


def test_the_class_page_shows_per_learner_and_assignment_done_done_late_missing_or_pending(
    as_a, world, assigned
):
    response = as_a.get(progress_url(world["class_a"], o="username"))

    data = response.context["progress"]
    states = {row.username: [state.status for state in row.assignments] for row in data.rows}
    assert states == {"ada": ["done", "done"], "bea": ["late", "pending"], "cal": ["missing", "pending"]}
    cal = next(row for row in data.rows if row.username == "cal")
    assert "1 assignment missing" in cal.reasons
    body = response.content.decode()
    missing = parse(body).find_all("td", class_="assignment-missing")
    assert [(td.text, td.find("span", aria_hidden="true").text) for td in missing] == [("✗ missing", "✗")]
    # The summary per assignment names who is late and who is missing.
    [past, coming] = data.assignment_summaries
    assert past.by_status == {"missing": ["cal"], "late": ["bea"], "pending": [], "done": ["ada"]}
    assert coming.by_status == {"missing": [], "late": [], "pending": ["bea", "cal"], "done": ["ada"]}
    assert "<strong>Done late</strong> (1): bea" in body
    assert "<strong>Missing</strong> (1): cal" in body


def test_the_csv_has_a_column_per_assignment_with_the_same_states(as_a, world, assigned):
    response = as_a.get(
        reverse("admin:accounts_classroom_progress_csv", args=[world["class_a"].pk]) + "?o=username"
    )

    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header = rows[0]
    column = header.index(next(text for text in header if text.startswith(f"Lesson {lesson(2)}, due ")))
    assert [row[0] for row in rows[1:]] == ["ada", "bea", "cal"]
    assert rows[1][column].startswith("done (")
    assert rows[2][column].startswith("done late (")
    assert rows[3][column] == "missing"
    assert rows[3][column + 1] == "pending"
    # Why a learner needs help, then the summary columns first.
    assert header[:11] == [
        "Learner",
        "Needs help",
        "Lessons done",
        "Exercise accuracy",
        "Drill mastery",
        "Table rounds",
        "Chip balance",
        "Restarts",
        "Last active",
        "Payout drill",
        "Payout-drill mastery",
    ]


def test_sorting_by_an_assignment_puts_the_missing_first(as_a, world, assigned):
    data = as_a.get(progress_url(world["class_a"], o=f"assignment-{assigned['past'].pk}")).context["progress"]

    assert [row.username for row in data.rows] == ["cal", "bea", "ada"]


# --- The learner's page ---------------------------------------------------------------------


def learner_url(classroom, user):
    return reverse("admin:accounts_classroom_learner", args=[classroom.pk, user.pk])


def test_each_learner_row_links_to_the_learners_page(as_a, world, assigned):
    body = as_a.get(progress_url(world["class_a"])).content.decode()

    for name in ("ada", "bea", "cal"):
        links = parse(body).find_all("a", href=learner_url(world["class_a"], assigned[name]))
        assert name in [link.text for link in links]


def test_the_learners_page_leads_back_through_the_app_the_classes_the_class_and_its_progress(
    as_a, world, assigned
):
    body = as_a.get(learner_url(world["class_a"], assigned["bea"])).content.decode()
    crumbs = body.split('<div class="breadcrumbs">', 1)[1].split("</div>", 1)[0]

    links = [
        reverse("admin:index"),
        reverse("admin:app_list", args=["accounts"]),
        reverse("admin:accounts_classroom_changelist"),
        reverse("admin:accounts_classroom_change", args=[world["class_a"].pk]),
        progress_url(world["class_a"]),
    ]
    assert re.findall(r'href="([^"]+)"', crumbs) == links
    assert crumbs.rstrip().endswith("bea")


def test_the_learners_page_shows_lessons_drill_map_chips_restarts_assignments_and_the_payout_section(
    as_a, world, assigned
):
    bea = assigned["bea"]
    DrillCellFactory(user=bea, banker_total=3, third="8", attempts=4, correct=4, streak=4)
    seat = SeatFactory(user=bea)
    services.balance_reset(user=seat.user, seat_id=seat.pk, force=True)
    services.balance_reset(user=seat.user, seat_id=seat.pk, actor=world["a"], force=True)

    response = as_a.get(learner_url(world["class_a"], bea))

    assert response.status_code == HTTPStatus.OK
    body = response.content.decode()
    learner = response.context["learner"]
    assert learner.row.username == "bea"
    assert [state.status for state in learner.row.assignments] == ["late", "pending"]
    assert learner.heat.mastered == 1
    assert [restart.by for restart in learner.restarts] == ["teacher-a", None]
    for heading in ("Assignments", "Lessons", "The learner on the Banker table", "Payout drill", "Restarts"):
        assert f">{heading}</h2>" in body
    assert "by the instructor teacher-a" in body and "by the learner" in body
    assert ("Lessons done", f"1 of {len(COURSE)}") in learner.summary
    assert "No payout-drill answers yet." in body


def test_the_learners_page_shows_payout_drill_mastery_and_personal_best(as_a, world, assigned):
    bea = assigned["bea"]
    moment = timezone.now()
    for index in range(PAYOUT_MASTERY_STREAK + 2):
        payout_answer_record(
            user=bea,
            nonce=f"q{index}",
            kind="tie",
            question={},
            answer={},
            correct=index != PAYOUT_MASTERY_STREAK,  # 20 right and fast, one wrong, one right
            issued_at=moment - timedelta(seconds=2),
            answered_at=moment,
        )

    body = as_a.get(learner_url(world["class_a"], bea)).content.decode()

    section = body[body.index('id="learner-payout-title"') :]
    assert "Mastered on" in section
    written = [dd.text for dd in parse(section).find_all("dd")]
    assert f"1 of {PAYOUT_MASTERY_STREAK}" in written  # the run after the wrong answer
    assert f"{PAYOUT_MASTERY_STREAK}" in written  # the personal best
    assert "95% (21/22)" in section


def test_the_learners_page_is_scoped_like_the_class_page(as_a, world, assigned):
    theirs = join(world["class_b"], "zed")
    staff_member = UserFactory(is_staff=True, username="aide")
    MembershipFactory(user=staff_member, classroom=world["class_a"])
    outsider = UserFactory(username="nobody")

    assert as_a.get(learner_url(world["class_b"], theirs)).status_code == HTTPStatus.NOT_FOUND
    assert as_a.get(learner_url(world["class_a"], theirs)).status_code == HTTPStatus.NOT_FOUND
    assert as_a.get(learner_url(world["class_a"], staff_member)).status_code == HTTPStatus.NOT_FOUND
    assert as_a.get(learner_url(world["class_a"], outsider)).status_code == HTTPStatus.NOT_FOUND
    assert (
        as_a.post(learner_url(world["class_a"], assigned["ada"])).status_code == HTTPStatus.METHOD_NOT_ALLOWED
    )


def test_another_instructor_gets_a_404_and_visitors_and_learners_the_admin_login(client, world, assigned):
    url = learner_url(world["class_a"], assigned["ada"])

    anonymous = client.get(url)
    client.force_login(assigned["bea"])
    learner = client.get(url)
    client.force_login(world["b"])
    other = client.get(url)

    assert anonymous.status_code == learner.status_code == HTTPStatus.FOUND
    assert anonymous["Location"].startswith(reverse("admin:login"))
    assert learner["Location"].startswith(reverse("admin:login"))
    assert other.status_code == HTTPStatus.NOT_FOUND


# --- Links to the class progress ---------------------------------------------------------------


def test_the_admin_start_page_links_to_each_own_class_progress(as_a, world):
    join(world["class_a"], "ada")

    body = as_a.get(reverse("admin:index")).content.decode()

    assert [link.text for link in parse(body).find_all("a", href=progress_url(world["class_a"]))] == [
        "Class A"
    ]
    assert "1 learner" in body
    assert progress_url(world["class_b"]) not in body
