"""The class progress page in the admin and its CSV export."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from http import HTTPStatus
from unittest import mock

from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts.models import Classroom, Membership
from instructors.report import class_progress, csv_safe, progress_table
from lessons.course import COURSE
from progress.models import DrillCell
from table import services
from table.models import LedgerEntry, Round, Seat
from tests.factories import SeatFactory, UserFactory
from tests.instructors.helpers import (
    csv_rows,
    csv_url,
    join,
    page_url,
    payout_answers,
    play,
    play_lesson_example,
    progress,
    row_of,
    screen_table,
)

D = Decimal


# --- The figures -----------------------------------------------------------------------


def test_the_page_shows_each_learners_lessons_accuracy_mastery_rounds_balance_and_restarts(
    staff_client, classroom
):
    ada = join(classroom, username="ada")
    progress(ada, 1, attempts=4, correct=3, done=True)
    progress(ada, 2, attempts=2, correct=1)
    for third, streak in (("0", 3), ("1", 5), ("2", 2)):
        DrillCell.objects.create(user=ada, banker_total=3, third=third, attempts=6, correct=5, streak=streak)
    seat = SeatFactory(user=ada)
    play(seat, player=10)
    play(seat, player=10)
    services.balance_reset(user=seat.user, seat_id=seat.pk, force=True)

    response = staff_client.get(page_url(classroom))

    assert response.status_code == HTTPStatus.OK
    row = row_of(response.context["progress"], "ada")
    assert [cell.text for cell in row.lessons[:3]] == [
        "done · 3/4 (75%)",
        "in progress · 1/2 (50%)",
        "not started",
    ]
    lessons_done = f"1 of {len(COURSE)}"
    assert (row.done_text, row.accuracy_text, row.mastery_text) == (lessons_done, "67% (4/6)", "2 of 88")
    assert (row.rounds, row.balance_text, row.restarts_text) == (2, "100.00", "1")
    [screen_row] = screen_table(response)[1:]
    # Why they may need help comes right after the learner (empty here); then the summary, the lessons.
    assert screen_row[:8] == ["ada", "", lessons_done, "67% (4/6)", "2 of 88", "2", "100.00", "1"]
    assert screen_row[9:11] == ["—", "—"]  # the payout drill, after "Last active"
    assert screen_row[11:13] == ["0", "—"]  # the class table: no rounds, no calls
    assert screen_row[13:15] == ["—", "—"]  # dealer mode, after the class table
    assert screen_row[15] == "—"  # the dealer audition, after dealer mode
    assert screen_row[16:19] == ["done · 3/4 (75%)", "in progress · 1/2 (50%)", "not started"]


def test_rounds_on_a_lesson_examples_sandbox_seat_are_not_table_rounds(staff_client, classroom):
    ada = join(classroom, username="ada")
    play_lesson_example(ada, attempt=1)
    play_lesson_example(ada, attempt=2)
    play(SeatFactory(user=ada), player=10)

    row = row_of(staff_client.get(page_url(classroom)).context["progress"], "ada")

    assert Round.objects.filter(seat__user=ada, state=Round.State.SETTLED).count() == 3
    assert (row.rounds, row.balance_text) == (1, "110.00")


def test_a_learner_without_a_table_seat_shows_a_dash_for_the_balance(staff_client, classroom):
    join(classroom, username="ada")

    row = row_of(staff_client.get(page_url(classroom)).context["progress"], "ada")

    assert (row.rounds, row.balance_text, row.restarts_text, row.last_active_text) == (0, "—", "0", "never")
    assert not Seat.objects.exists()


def test_restarts_by_an_instructor_are_counted_and_said_apart(staff_client, classroom, instructor):
    ada = join(classroom, username="ada")
    seat = SeatFactory(user=ada)
    services.balance_reset(user=seat.user, seat_id=seat.pk, force=True)
    services.balance_reset(user=seat.user, seat_id=seat.pk, actor=instructor, force=True)

    row = row_of(staff_client.get(page_url(classroom)).context["progress"], "ada")

    assert row.restarts_text == "2 (1 by an instructor)"
    assert not row.needs_help  # one restart of their own is not a sign of trouble


def test_last_active_is_the_latest_of_lessons_answers_and_rounds_but_not_an_instructors_reset(
    staff_client, classroom, instructor
):
    ada = join(classroom, username="ada")
    long_ago = timezone.now() - timedelta(days=30)
    progress(ada, 1, attempts=1, correct=1, last_visited=long_ago)
    with mock.patch("django.utils.timezone.now", return_value=long_ago):  # the ledger is append-only
        seat = SeatFactory(user=ada)
    assert LedgerEntry.objects.get(seat=seat).created_at == long_ago
    services.balance_reset(user=seat.user, seat_id=seat.pk, actor=instructor, force=True)

    row = row_of(staff_client.get(page_url(classroom)).context["progress"], "ada")

    assert row.last_active == long_ago
    assert "no activity for 30 days" in row.reasons


# --- Who needs help ----------------------------------------------------------------------


def test_learners_who_need_help_come_first_with_their_reasons_in_words(staff_client, classroom):
    join(classroom, username="aaron")
    struggling = join(classroom, username="zoe")
    progress(struggling, 3, attempts=8, correct=2)
    stale = join(classroom, username="mia")
    progress(stale, 1, attempts=3, correct=3, done=True, last_visited=timezone.now() - timedelta(days=9))
    restarter = join(classroom, username="bob")
    seat = SeatFactory(user=restarter)
    services.balance_reset(user=seat.user, seat_id=seat.pk, force=True)
    services.balance_reset(user=seat.user, seat_id=seat.pk, force=True)

    response = staff_client.get(page_url(classroom))

    rows = response.context["progress"].rows
    assert [row.username for row in rows] == ["bob", "mia", "zoe", "aaron"]
    assert row_of(response.context["progress"], "zoe").reasons == [
        "exercise accuracy 25% over 8 answers",
        "stuck on lesson 3 after 6 or more answers",
    ]
    assert row_of(response.context["progress"], "mia").reasons == ["no activity for 9 days"]
    assert row_of(response.context["progress"], "bob").reasons == ["ran out of chips and restarted 2 times"]
    assert rows[-1].reasons == []
    body = response.content.decode()
    assert body.count('<tr class="needs-help">') == 3
    assert (
        '<span class="badge">Needs help</span>: exercise accuracy 25% over 8 answers; '
        "stuck on lesson 3 after 6 or more answers"
    ) in body


def test_why_a_learner_needs_help_is_the_column_right_after_the_learner_on_screen_and_in_the_csv(
    staff_client, classroom
):
    """The red bar says *that* they need help; the second column, on screen at 1280 px, says why."""
    struggling = join(classroom, username="zoe")
    progress(struggling, 3, attempts=8, correct=2)

    screen = screen_table(staff_client.get(page_url(classroom)))
    csv_table = csv_rows(staff_client.get(csv_url(classroom)))

    for table in (screen, csv_table):
        assert table[0][:3] == ["Learner", "Needs help", "Lessons done"]
        assert table[1][:2] == [
            "zoe",
            "Needs help: exercise accuracy 25% over 8 answers; stuck on lesson 3 after 6 or more answers",
        ]


def test_a_learner_who_never_started_needs_help_only_a_week_after_joining(staff_client, classroom):
    join(classroom, username="new")
    old = join(classroom, username="old")
    Membership.objects.filter(user=old).update(joined_at=timezone.now() - timedelta(days=8))

    data = staff_client.get(page_url(classroom)).context["progress"]

    assert row_of(data, "new").reasons == []
    assert row_of(data, "old").reasons == ["no activity since joining 8 days ago"]


def test_few_answers_are_not_enough_to_call_accuracy_low(staff_client, classroom):
    ada = join(classroom, username="ada")
    progress(ada, 1, attempts=4, correct=0)

    assert not row_of(staff_client.get(page_url(classroom)).context["progress"], "ada").needs_help


# --- The heat map -------------------------------------------------------------------------


def test_the_heat_map_adds_up_every_learners_answers_and_lists_the_weakest_cells(
    staff_client, classroom, instructor
):
    ada, bea = join(classroom, username="ada"), join(classroom, username="bea")
    outsider = UserFactory()  # not in the class: not counted
    for user, attempts, correct in ((ada, 4, 1), (bea, 6, 2), (outsider, 50, 0)):
        DrillCell.objects.create(user=user, banker_total=3, third="8", attempts=attempts, correct=correct)
    DrillCell.objects.create(user=ada, banker_total=6, third="6", attempts=5, correct=5, streak=5)
    DrillCell.objects.create(user=bea, banker_total=6, third="stood", attempts=6, correct=4)
    DrillCell.objects.create(user=bea, banker_total=0, third="0", attempts=2, correct=0)  # too few answers

    response = staff_client.get(page_url(classroom))

    heat = response.context["progress"].heat
    assert [len(row.cells) for row in heat.rows] == [11] * 8
    three_eight = heat.rows[3].cells[8]
    assert (three_eight.attempts, three_eight.correct, three_eight.learners) == (10, 3, 2)
    assert (three_eight.level, three_eight.marker, three_eight.accuracy_text) == ("weak", "!", "30%")
    assert heat.rows[6].cells[6].mastered_by == 1
    assert [(cell.name, cell.accuracy_text) for cell in heat.weakest] == [
        ("Banker 3, Player's third card 8", "30%"),
        ("Banker 6, Player stood", "67%"),
        ("Banker 6, Player's third card 6", "100%"),
    ]
    body = response.content.decode()
    assert (
        "Banker 3, Player&#x27;s third card 8 (Banker stands): 30% right, 3 of 10 answers by 2 learners"
        in body
    )


# --- CSV ------------------------------------------------------------------------------------


def test_the_csv_has_the_screens_columns_and_rows_in_the_screens_order(staff_client, classroom):
    ada = join(classroom, username="ada")
    progress(ada, 1, attempts=5, correct=5, done=True)
    play(SeatFactory(user=ada), player=10)
    zoe = join(classroom, username="zoe")
    progress(zoe, 2, attempts=10, correct=3)

    for order in ("", "-rounds"):
        page = staff_client.get(page_url(classroom, o=order) if order else page_url(classroom))
        response = staff_client.get(page.context["csv_url"])

        assert response.status_code == HTTPStatus.OK
        assert response["Content-Type"] == "text/csv; charset=utf-8"
        assert response["Content-Disposition"] == 'attachment; filename="tuesday-evening-progress.csv"'
        screen = [[text.removesuffix(" ▲").removesuffix(" ▼") for text in row] for row in screen_table(page)]
        assert csv_rows(response) == screen
        assert len(screen) == 3 and len(screen[0]) == len(COURSE) + 16


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
    theirs = Classroom.objects.create(name="Someone else's class")
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
        DrillCell.objects.create(
            user=user, banker_total=number % 8, third="stood", attempts=3, correct=3, streak=3
        )
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
    # 12, one for the footer's class wording (issue 26), one for dealer mode, one for the auditions (30)
    assert ten[0] <= 15


# --- Payout drill ------------------------------------------------------------------------


def test_the_page_and_the_csv_show_payout_drill_answers_and_mastery(staff_client, classroom):
    ada = join(classroom, username="ada")
    mastering = payout_answers(ada, 20)
    bob = join(classroom, username="bob")
    payout_answers(bob, 3)
    join(classroom, username="cyd")

    page = staff_client.get(page_url(classroom, o="username"))
    screen = screen_table(page)
    header = screen[0]
    payout_col = header.index("Payout drill")
    assert header[payout_col + 1] == "Payout-drill mastery"
    day = timezone.localtime(mastering).strftime("%Y-%m-%d")
    rows = {row[0]: row[payout_col : payout_col + 2] for row in screen[1:]}
    assert rows == {
        "ada": ["100% (20/20), median 2.0 s", f"mastered {day} · fastest 2.0 / 2.0 / 2.0 s"],
        "bob": ["100% (3/3), median 2.0 s", "best run 3 of 20 · fastest 2.0 / 2.0 / 2.0 s"],
        "cyd": ["—", "—"],
    }
    assert csv_rows(staff_client.get(page.context["csv_url"])) == [
        [text.removesuffix(" ▲").removesuffix(" ▼") for text in row] for row in screen
    ]
    by_mastery = [row.username for row in class_progress(classroom, "payout-mastery").rows]
    assert by_mastery == ["ada", "bob", "cyd"]
