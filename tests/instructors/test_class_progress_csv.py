"""The class-progress CSV, who may open the page, and its query count.

Moved from test_class_progress.py, which had grown past 450 lines."""
# ruff: noqa: F811 - the fixtures imported from test_class_progress

from __future__ import annotations

from datetime import timedelta
from http import HTTPStatus

from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from instructors.report import class_progress, csv_safe, progress_table
from tests.factories import (
    ClassroomFactory,
    DrillCellFactory,
    SeatFactory,
    UserFactory,
)
from tests.instructors.test_class_progress import (  # noqa: F401 - fixtures
    classroom,
    csv_rows,
    csv_url,
    instructor,  # noqa: F401 - fixtures
    join,
    page_url,
    progress,
    screen_table,
    staff_client,
)


def test_csv_cells_that_could_start_a_formula_are_neutralised(staff_client, classroom):
    User = get_user_model()
    names = ["=1+1", "@SUM(A1)", "+x", "-y", "\tz", "plain"]
    for name in names:
        join(classroom, User.objects.create(username=name))

    response = staff_client.get(csv_url(classroom) + "?o=username")

    usernames = [row[0] for row in csv_rows(response)[1:]]
    assert sorted(usernames) == sorted(["'=1+1", "'@SUM(A1)", "'+x", "'-y", "'\tz", "plain"])
    assert all(
        not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for row in csv_rows(response) for cell in row
    )
    # The page itself shows the names as they are.
    assert [row.username for row in class_progress(classroom, "username").rows] == sorted(
        names, key=str.casefold
    )


def test_csv_safe_leaves_ordinary_text_and_the_dash_placeholder_alone():
    assert [csv_safe(text) for text in ("ada", "—", "3 of 9", "", "110.00")] == [
        "ada",
        "—",
        "3 of 9",
        "",
        "110.00",
    ]
    assert [csv_safe(text) for text in ("=A1", "+1", "-1", "@x", "\rx")] == [
        "'=A1",
        "'+1",
        "'-1",
        "'@x",
        "'\rx",
    ]


def test_the_csv_matches_the_selector_table(staff_client, classroom):
    join(classroom, username="ada")

    response = staff_client.get(csv_url(classroom))

    assert csv_rows(response) == [
        [csv_safe(text) for text in line] for line in progress_table(class_progress(classroom))
    ]


# --- Access --------------------------------------------------------------------------------


def test_another_instructors_class_is_not_found_for_the_page_and_the_csv(staff_client):
    other = UserFactory(instructor=True)
    theirs = ClassroomFactory(name="Someone else's class")
    theirs.instructors.add(other)
    join(theirs, username="ada")

    assert staff_client.get(page_url(theirs)).status_code == HTTPStatus.NOT_FOUND
    assert staff_client.get(csv_url(theirs)).status_code == HTTPStatus.NOT_FOUND


def test_an_anonymous_visitor_is_sent_to_the_admin_login(client, classroom):
    for url in (page_url(classroom), csv_url(classroom)):
        response = client.get(url)

        assert response.status_code == HTTPStatus.FOUND
        assert response["Location"].startswith(reverse("admin:login"))


def test_a_learner_is_sent_to_the_admin_login_too(client, classroom):
    client.force_login(join(classroom, username="ada"))

    response = client.get(page_url(classroom))

    assert response.status_code == HTTPStatus.FOUND
    assert response["Location"].startswith(reverse("admin:login"))


def test_the_page_links_back_to_the_class_and_to_the_csv(staff_client, classroom):
    response = staff_client.get(page_url(classroom))

    body = response.content.decode()
    assert f'href="{reverse("admin:accounts_classroom_change", args=[classroom.pk])}"' in body
    assert f'href="{csv_url(classroom)}"' in body
    assert "No learner has joined this class yet." in body


def test_the_page_does_not_accept_posts(staff_client, classroom):
    assert staff_client.post(page_url(classroom)).status_code == HTTPStatus.METHOD_NOT_ALLOWED


# --- Speed ------------------------------------------------------------------------------------


def populate(classroom, count, start):
    for number in range(start, start + count):
        user = join(classroom, username=f"learner-{number:03}")
        progress(user, 1, attempts=5, correct=4, done=True)
        progress(user, 2, attempts=3, correct=1)
        DrillCellFactory(user=user, banker_total=number % 8, third="stood", attempts=3, correct=3, streak=3)
        SeatFactory(user=user)


def queries_of(client, url):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == HTTPStatus.OK
    return len(captured)


def test_the_number_of_queries_does_not_grow_with_the_number_of_learners(staff_client, classroom):
    populate(classroom, 10, start=0)
    staff_client.get(page_url(classroom))  # warm up per-process caches (content types, permissions)
    ten = (queries_of(staff_client, page_url(classroom)), queries_of(staff_client, csv_url(classroom)))

    populate(classroom, 50, start=10)
    sixty = (queries_of(staff_client, page_url(classroom)), queries_of(staff_client, csv_url(classroom)))

    assert len(class_progress(classroom).rows) == 60
    assert sixty == ten
    assert ten[0] <= 13  # 12, and one for the footer's class wording (issue 26)


# --- Payout drill ------------------------------------------------------------------------


def payout_answers(user, count, *, seconds=2, correct=True):
    from progress.services import payout_answer_record

    moment = timezone.now() - timedelta(hours=1)
    for index in range(count):
        payout_answer_record(
            user=user,
            nonce=f"{user.pk:08d}{index:024d}",
            kind="payout-tie",
            question={},
            answer={},
            correct=correct,
            issued_at=moment,
            answered_at=moment + timedelta(seconds=seconds),
        )
        moment += timedelta(seconds=10)


def test_the_page_and_the_csv_show_payout_drill_answers_and_mastery(staff_client, classroom):
    ada = join(classroom, username="ada")
    payout_answers(ada, 20)
    bob = join(classroom, username="bob")
    payout_answers(bob, 3)
    join(classroom, username="cyd")

    page = staff_client.get(page_url(classroom, o="username"))
    screen = screen_table(page)
    header = screen[0]
    payout_col = header.index("Payout drill")
    assert header[payout_col + 1] == "Payout-drill mastery"
    today = timezone.localtime(timezone.now()).strftime("%Y-%m-%d")
    rows = {row[0]: row[payout_col : payout_col + 2] for row in screen[1:]}
    assert rows == {
        "ada": ["100% (20/20), median 2.0 s", f"mastered {today} · fastest 2.0 / 2.0 / 2.0 s"],
        "bob": ["100% (3/3), median 2.0 s", "best run 3 of 20 · fastest 2.0 / 2.0 / 2.0 s"],
        "cyd": ["—", "—"],
    }
    assert csv_rows(staff_client.get(page.context["csv_url"])) == [
        [text.removesuffix(" ▲").removesuffix(" ▼") for text in row] for row in screen
    ]
    by_mastery = [row.username for row in class_progress(classroom, "payout-mastery").rows]
    assert by_mastery == ["ada", "bob", "cyd"]
