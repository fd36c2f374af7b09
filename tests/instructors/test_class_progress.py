"""The class progress page in the admin and its CSV export."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from decimal import Decimal
from html.parser import HTMLParser
from http import HTTPStatus
from unittest import mock

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import timezone

from accounts.models import Membership
from baccarat import Bet, BetKind
from instructors.roles import INSTRUCTORS, ensure_instructors_group
from lessons.course import COURSE
from progress.models import Lesson
from table import services
from table.models import LedgerEntry, Round, Seat
from tests.factories import (
    ClassroomFactory,
    DrillCellFactory,
    LessonProgressFactory,
    MembershipFactory,
    SeatFactory,
    UserFactory,
    arrange_shoe,
)
from tests.support import parse

D = Decimal

# Player 4 + 4 = 8 against Banker 2 + 3 = 5: a natural, Player wins.
PLAYER_WINS = "4 2 4 3"


# --- Helpers ---------------------------------------------------------------------------


@pytest.fixture
def instructor(db):
    ensure_instructors_group()
    user = UserFactory(instructor=True)
    user.groups.add(Group.objects.get(name=INSTRUCTORS))
    return user


@pytest.fixture
def classroom(instructor):
    classroom = ClassroomFactory(name="Tuesday evening")
    classroom.instructors.add(instructor)
    return classroom


@pytest.fixture
def staff_client(client, instructor):
    client.force_login(instructor)
    return client


def page_url(classroom, **query):
    url = reverse("admin:accounts_classroom_progress", args=[classroom.pk])
    return url + ("?" + "&".join(f"{key}={value}" for key, value in query.items()) if query else "")


def csv_url(classroom):
    return reverse("admin:accounts_classroom_progress_csv", args=[classroom.pk])


def join(classroom, user=None, **kwargs):
    user = user or UserFactory(**kwargs)
    MembershipFactory(user=user, classroom=classroom)
    return user


def lesson(number):
    return Lesson.objects.get(number=number)


def progress(user, number, *, attempts, correct, done=False, last_visited=None):
    return LessonProgressFactory(
        user=user,
        lesson=lesson(number),
        attempts=attempts,
        correct=correct,
        completed_at=timezone.now() if done else None,
        last_visited=last_visited or timezone.now(),
    )


def play(seat, cards=PLAYER_WINS, **stakes):
    """Arrange the shoe, confirm the bets and deal the coup to the end (as the table tests do)."""
    arrange_shoe(seat, cards)
    round = services.round_confirm(seat=seat, bets=[Bet(BetKind(k), D(v)) for k, v in stakes.items()])
    index = 0
    while round.state != Round.State.SETTLED:
        round = services.round_deal(seat=seat, round_number=round.number, expected_index=index).round
        index += 1
    return round


def play_lesson_example(user, attempt=1):
    """A settled round on a lesson example's sandbox seat (each attempt at an example has its own)."""
    seat = services.sandbox_open(
        user=user, label="first-stake/stake-on-player", cards=PLAYER_WINS.split(), attempt=attempt
    )
    round = services.round_confirm(seat=seat, bets=[Bet(BetKind.PLAYER, D(100))])
    for index in range(4):
        round = services.round_deal(seat=seat, round_number=round.number, expected_index=index).round
    assert round.state == Round.State.SETTLED
    return seat


def row_of(progress_data, username):
    return next(row for row in progress_data.rows if row.username == username)


class TableText(HTMLParser):
    """The text of each cell of the page's progress table, row by row (whitespace collapsed)."""

    def __init__(self):
        super().__init__()
        self.rows, self._in_table, self._cell = [], False, None

    def handle_starttag(self, tag, attrs):
        if tag == "table" and ("id", "progress") in attrs:
            self._in_table = True
        elif self._in_table and tag == "tr":
            self.rows.append([])
        elif self._in_table and tag in ("th", "td"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "table":
            self._in_table = False
        elif self._in_table and tag in ("th", "td") and self._cell is not None:
            self.rows[-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def screen_table(response):
    parser = TableText()
    parser.feed(response.content.decode())
    return parser.rows


def csv_rows(response):
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


# --- The figures -----------------------------------------------------------------------


def test_the_page_shows_each_learners_lessons_accuracy_mastery_rounds_balance_and_restarts(
    staff_client, classroom
):
    ada = join(classroom, username="ada")
    progress(ada, 1, attempts=4, correct=3, done=True)
    progress(ada, 2, attempts=2, correct=1)
    for third, streak in (("0", 3), ("1", 5), ("2", 2)):
        DrillCellFactory(user=ada, banker_total=3, third=third, attempts=6, correct=5, streak=streak)
    seat = SeatFactory(user=ada)
    play(seat, player=10)
    play(seat, player=10)
    services.balance_reset(seat=seat, force=True)

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
    assert screen_row[11:14] == ["done · 3/4 (75%)", "in progress · 1/2 (50%)", "not started"]


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
    services.balance_reset(seat=seat, force=True)
    services.balance_reset(seat=seat, actor=instructor, force=True)

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
    services.balance_reset(seat=seat, actor=instructor, force=True)

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
    services.balance_reset(seat=seat, force=True)
    services.balance_reset(seat=seat, force=True)

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
    assert len(parse(body).find_all("tr", class_="needs-help")) == 3
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


# --- Sorting -----------------------------------------------------------------------------


def test_the_rows_sort_by_rounds_played_most_first(staff_client, classroom):
    for username, rounds in (("ada", 1), ("bea", 3), ("cal", 0), ("dan", 2)):
        user = join(classroom, username=username)
        seat = SeatFactory(user=user)
        for _ in range(rounds):
            play(seat, player=10)

    response = staff_client.get(page_url(classroom, o="-rounds"))

    assert [row.username for row in response.context["progress"].rows] == ["bea", "dan", "ada", "cal"]
    assert [row[0] for row in screen_table(response)[1:]] == ["bea", "dan", "ada", "cal"]
    # The heading now reverses the order, and the CSV link keeps it.
    assert 'aria-sort="descending"><a href="?o=rounds">Table rounds ▼</a>' in response.content.decode()
    assert response.context["csv_url"].endswith("?o=-rounds")


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        ("username", ["ada", "bea", "cal"]),
        ("-username", ["cal", "bea", "ada"]),
        ("accuracy", ["bea", "cal", "ada"]),  # no answers sorts last either way
        ("-accuracy", ["cal", "bea", "ada"]),
        ("balance", ["cal", "ada", "bea"]),
        ("-mastery", ["bea", "ada", "cal"]),
        ("done", ["ada", "bea", "cal"]),
        ("-lesson-1", ["cal", "bea", "ada"]),
        ("nonsense", ["ada", "bea", "cal"]),
    ],
)
def test_every_column_sorts_and_an_unknown_key_gives_the_default_order(
    staff_client, classroom, order, expected
):
    ada, bea, cal = (join(classroom, username=name) for name in ("ada", "bea", "cal"))
    progress(bea, 1, attempts=4, correct=3)
    progress(cal, 1, attempts=4, correct=4, done=True)
    DrillCellFactory(user=bea, banker_total=0, third="stood", attempts=3, correct=3, streak=3)
    SeatFactory(user=ada)
    SeatFactory(user=cal, starting_balance=D("50.00"))

    data = staff_client.get(page_url(classroom, o=order)).context["progress"]

    assert [row.username for row in data.rows] == expected
    assert data.order == ("" if order == "nonsense" else order)


# --- The heat map -------------------------------------------------------------------------


def test_the_heat_map_adds_up_every_learners_answers_and_lists_the_weakest_cells(
    staff_client, classroom, instructor
):
    ada, bea = join(classroom, username="ada"), join(classroom, username="bea")
    outsider = UserFactory()  # not in the class: not counted
    for user, attempts, correct in ((ada, 4, 1), (bea, 6, 2), (outsider, 50, 0)):
        DrillCellFactory(user=user, banker_total=3, third="8", attempts=attempts, correct=correct)
    DrillCellFactory(user=ada, banker_total=6, third="6", attempts=5, correct=5, streak=5)
    DrillCellFactory(user=bea, banker_total=6, third="stood", attempts=6, correct=4)
    DrillCellFactory(user=bea, banker_total=0, third="0", attempts=2, correct=0)  # too few answers

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
        assert len(screen) == 3 and len(screen[0]) == len(COURSE) + 11
