"""The class progress table's columns: each ``Column``'s heading, text and sort agree, one cell per column.

A seeded class whose learners differ in every figure is read back three ways: the selector's
columns, the page (parsed, not matched as substrings) and the CSV.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from instructors.report import class_progress
from instructors.report.columns import HELP_KEY, LEARNER_KEY, summary_columns
from progress.models import Assignment, DrillCell
from table import services
from tests.factories import SeatFactory
from tests.instructors.helpers import (
    csv_rows,
    csv_url,
    join,
    lesson,
    page_cells,
    page_url,
    payout_answers,
    play,
    progress,
    screen_table,
)

D = Decimal


@pytest.fixture
def seeded(classroom, instructor):
    """Four learners who differ in lessons, accuracy, mastery, rounds, chips, restarts and payout answers."""
    ada, bea, cal, dan = (join(classroom, username=name) for name in ("ada", "bea", "cal", "dan"))
    Assignment.objects.create(
        classroom=classroom, lesson=lesson(1), due_at=timezone.now() + timedelta(days=1)
    )
    progress(ada, 1, attempts=4, correct=3, done=True)
    progress(ada, 2, attempts=2, correct=1)
    progress(bea, 1, attempts=6, correct=1)  # low accuracy, and stuck: needs help
    progress(dan, 1, attempts=2, correct=2)
    for third, streak in (("0", 3), ("1", 5)):
        DrillCell.objects.create(user=ada, banker_total=3, third=third, attempts=6, correct=5, streak=streak)
    DrillCell.objects.create(user=dan, banker_total=0, third="stood", attempts=3, correct=3, streak=3)
    ada_seat, dan_seat = SeatFactory(user=ada), SeatFactory(user=dan)
    SeatFactory(user=bea, starting_balance=D("50.00"))
    for _ in range(2):
        play(ada_seat, player=10)
    play(dan_seat, player=20)
    services.balance_reset(user=dan_seat.user, seat_id=dan_seat.pk, force=True)
    payout_answers(ada, 20, seconds=4)
    payout_answers(bea, 4, seconds=4, correct=False)
    return classroom


#: The ascending order of the seeded learners by each summary column (missing values last).
ASCENDING = {
    "done": ["bea", "cal", "dan", "ada"],
    "accuracy": ["bea", "ada", "dan", "cal"],
    "mastery": ["bea", "cal", "dan", "ada"],
    "rounds": ["bea", "cal", "dan", "ada"],
    "balance": ["bea", "dan", "ada", "cal"],
    "restarts": ["ada", "bea", "cal", "dan"],
    "payout": ["bea", "ada", "cal", "dan"],
    "payout-mastery": ["ada", "bea", "cal", "dan"],
}


def test_each_column_sorts_the_rows_by_its_own_value_missing_values_last(seeded):
    columns = class_progress(seeded).columns
    assert [column.key for column in columns[:2]] == [LEARNER_KEY, HELP_KEY]
    for column in columns:
        for order in (column.key, f"-{column.key}"):
            data = class_progress(seeded, order=order)
            assert data.order == order
            values = [column.sort(row) for row in data.rows]
            present = [value for value in values if value is not None]
            assert values == present + [None] * (len(values) - len(present)), order
            assert present == sorted(present, reverse=order.startswith("-")), order


@pytest.mark.parametrize(("key", "expected"), ASCENDING.items())
def test_sorting_by_a_summary_column_follows_the_figure_it_shows(seeded, key, expected):
    assert [row.username for row in class_progress(seeded, order=key).rows] == expected


def test_a_columns_text_is_the_same_for_rows_that_sort_the_same(seeded):
    """A text and its sort value describe one figure: rows that sort as equals show the same text.

    "Last active" is left out: its text is to the minute, the moments behind it are not.
    """
    data = class_progress(seeded)
    for column in data.columns:
        if column.key == "active":
            continue
        texts: dict[object, set[str]] = {}
        for row in data.rows:
            texts.setdefault(repr(column.sort(row)), set()).add(column.text(row))
        assert all(len(shown) == 1 for shown in texts.values()), (column.key, texts)


@pytest.mark.parametrize("order", ["", "-rounds", "balance", "lesson-1"])
def test_the_page_has_one_cell_per_column_per_row_with_the_columns_heading_and_text(
    staff_client, seeded, order
):
    response = staff_client.get(page_url(seeded, **({"o": order} if order else {})))
    data = response.context["progress"]
    [header, *body] = page_cells(response)

    assert [text.rstrip(" ▲▼") for _tag, _attrs, text in header] == [column.label for column in data.columns]
    assert len(body) == len(data.rows) == 4
    for line, cells in zip(data.lines, body, strict=True):
        assert len(cells) == len(data.columns)
        assert cells[0][:1] == ("th",) and cells[0][1]["scope"] == "row"
        assert all(tag == "td" for tag, _attrs, _text in cells[1:])
        for column, (_tag, attrs, text) in zip(data.columns, cells, strict=True):
            cell = column.cell(line.row)
            assert text == " ".join(f"{cell.marker} {cell.text}".split()), column.key
            assert attrs.get("class", "") == cell.css_class, column.key


def test_the_csv_has_the_columns_headings_and_texts_in_the_pages_order(staff_client, seeded):
    data = class_progress(seeded, order="-accuracy")
    rows = csv_rows(staff_client.get(csv_url(seeded) + "?o=-accuracy"))

    assert rows[0] == [column.label for column in data.columns]
    assert rows[1:] == [[column.text(row) for column in data.columns] for row in data.rows]


def test_the_learners_page_summarises_the_learner_with_the_summary_columns(staff_client, seeded):
    ada = seeded.memberships.get(user__username="ada").user
    response = staff_client.get(reverse("admin:accounts_classroom_learner", args=[seeded.pk, ada.pk]))
    learner = response.context["learner"]
    row = next(row for row in class_progress(seeded).rows if row.username == "ada")

    expected = [(column.label, column.text(row)) for column in summary_columns()]
    assert learner.summary == [
        *expected,
        ("Dealer audition", "—"),
    ]  # then the audition's, as on the class page
    assert [label for label, _text in expected][-5:] == [
        "Payout-drill mastery",
        "Class-table rounds",
        "Class-table calls",
        "Dealer mode",
        "Dealer-mode errors",
    ]


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
    DrillCell.objects.create(user=bea, banker_total=0, third="stood", attempts=3, correct=3, streak=3)
    SeatFactory(user=ada)
    SeatFactory(user=cal, starting_balance=D("50.00"))

    data = staff_client.get(page_url(classroom, o=order)).context["progress"]

    assert [row.username for row in data.rows] == expected
    assert data.order == ("" if order == "nonsense" else order)
