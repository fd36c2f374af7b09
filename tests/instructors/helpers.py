"""Shared helpers of the class progress tests: learners, their progress and rounds, and the page read back."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from decimal import Decimal
from html.parser import HTMLParser

from django.urls import reverse
from django.utils import timezone

from accounts.models import Membership
from baccarat import Bet, BetKind
from progress.models import Lesson, LessonProgress
from progress.services import payout_answer_record
from table import playing, services
from table.models import Round
from tests.factories import UserFactory

D = Decimal

# Player 4 + 4 = 8 against Banker 2 + 3 = 5: a natural, Player wins.
PLAYER_WINS = "4 2 4 3"


# --- Helpers ---------------------------------------------------------------------------


def page_url(classroom, **query):
    url = reverse("admin:accounts_classroom_progress", args=[classroom.pk])
    return url + ("?" + "&".join(f"{key}={value}" for key, value in query.items()) if query else "")


def csv_url(classroom):
    return reverse("admin:accounts_classroom_progress_csv", args=[classroom.pk])


def join(classroom, user=None, **kwargs):
    user = user or UserFactory(**kwargs)
    Membership.objects.create(user=user, classroom=classroom)
    return user


def lesson(number):
    return Lesson.objects.get(number=number)


def progress(user, number, *, attempts, correct, done=False, last_visited=None):
    return LessonProgress.objects.create(
        user=user,
        lesson=lesson(number),
        attempts=attempts,
        correct=correct,
        completed_at=timezone.now() if done else None,
        last_visited=last_visited or timezone.now(),
    )


def play(seat, cards=PLAYER_WINS, **stakes):
    """Arrange the shoe, confirm the bets and deal the coup to the end (as the table tests do)."""
    return playing.round_play(seat, stakes, cards=cards)


def play_lesson_example(user, attempt=1):
    """A settled round on a lesson example's sandbox seat (each attempt at an example has its own)."""
    seat = services.sandbox_open(
        user=user, label="first-stake/stake-on-player", cards=PLAYER_WINS.split(), attempt=attempt
    )
    round = services.round_confirm(user=seat.user, seat_id=seat.pk, bets=[Bet(BetKind.PLAYER, D(100))])
    for index in range(4):
        round = services.round_deal(
            user=seat.user, seat_id=seat.pk, round_number=round.number, expected_index=index
        ).round
    assert round.state == Round.State.SETTLED
    return seat


def row_of(progress_data, username):
    return next(row for row in progress_data.rows if row.username == username)


class CellsParser(HTMLParser):
    """The progress table's rows: each cell as ``(tag, attributes, text)``, header row first."""

    def __init__(self):
        super().__init__()
        self.rows: list[list[tuple[str, dict, str]]] = []
        self._in_table = False
        self._cell: tuple[str, dict, list[str]] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table" and ("id", "progress") in attrs:
            self._in_table = True
        elif self._in_table and tag == "tr":
            self.rows.append([])
        elif self._in_table and tag in ("th", "td"):
            self._cell = (tag, dict(attrs), [])

    def handle_endtag(self, tag):
        if tag == "table":
            self._in_table = False
        elif self._in_table and tag in ("th", "td") and self._cell is not None:
            name, attrs, parts = self._cell
            self.rows[-1].append((name, attrs, " ".join("".join(parts).split())))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell[2].append(data)


def page_cells(response):
    parser = CellsParser()
    parser.feed(response.content.decode())
    return parser.rows


def screen_table(response):
    """The text of each cell of the page's progress table, row by row (whitespace collapsed)."""
    return [[text for _tag, _attrs, text in row] for row in page_cells(response)]


def csv_rows(response):
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def payout_answers(user, count, *, seconds=2, correct=True):
    return payout_answers_taking(user, [seconds] * count, correct=correct)


def payout_answers_taking(user, times, *, start=0, correct=True):
    """Payout answers taking each of ``times`` seconds, an hour ago, on the server's clock.

    Returns when the last was answered: a date shown for them is that moment's date, which an
    hour after midnight is not today's.
    """
    moment = timezone.now() - timedelta(hours=1)
    answered_at = moment
    for index, seconds in enumerate(times, start=start):
        answered_at = moment + timedelta(seconds=float(seconds))
        payout_answer_record(
            user=user,
            nonce=f"{user.pk:08d}{index:024d}",
            kind="payout-tie",
            question={},
            answer={},
            correct=correct,
            issued_at=moment,
            answered_at=answered_at,
        )
        moment += timedelta(seconds=10)
    return answered_at
