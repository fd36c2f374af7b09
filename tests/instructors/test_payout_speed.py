"""Beside payout-drill mastery, the progress page and its CSV show how fast the answers came, with a flag."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from progress.services import payout_skip_record
from tests.instructors.helpers import csv_rows, join, page_url, payout_answers_taking, screen_table
from tests.support import parse

pytestmark = pytest.mark.django_db


def answers(user, times, *, start=0):
    """Right payout answers taking each of ``times`` seconds (strings), an hour ago, on the server's clock."""
    return payout_answers_taking(user, times, start=start)


def mastery_cells(staff_client, classroom):
    page = staff_client.get(page_url(classroom, o="username"))
    screen = screen_table(page)
    column = screen[0].index("Payout-drill mastery")
    on_page = {row[0]: row[column] for row in screen[1:]}
    in_csv = {row[0]: row[column] for row in csv_rows(staff_client.get(page.context["csv_url"]))[1:]}
    return on_page, in_csv


def test_a_learner_whose_median_is_under_the_floor_is_flagged_on_the_page_and_in_the_csv(
    staff_client, classroom
):
    bot = join(classroom, username="bot")
    answers(bot, ["0.02"] * 30)
    ada = join(classroom, username="ada")
    answers(ada, ["0.4", "2.5", "3", "2", "4"])
    on_page, in_csv = mastery_cells(staff_client, classroom)
    assert on_page == in_csv
    assert on_page["bot"] == (
        "best run 0 of 20 · ⚑ median 0.0 s, under the 1 s a person needs · fastest 0.0 / 0.0 / 0.0 s"
        " · 30 answers under 1 s, not counted"
    )
    # One answer under the floor is counted and shown, but a median of 2.5 s is no flag.
    assert on_page["ada"] == "best run 4 of 20 · fastest 0.4 / 2.0 / 2.5 s · 1 answer under 1 s, not counted"


def test_a_mastered_learner_shows_the_fastest_times_and_the_questions_skipped(staff_client, classroom):
    ada = join(classroom, username="ada")
    mastering = answers(ada, ["1.5"] * 20)
    payout_skip_record(
        user=ada,
        nonce="f" * 32,
        kind="payout-tie",
        question={},
        issued_at=timezone.now() - timedelta(seconds=30),
    )
    on_page, in_csv = mastery_cells(staff_client, classroom)
    day = timezone.localtime(mastering).strftime("%Y-%m-%d")
    assert (
        on_page["ada"] == in_csv["ada"] == f"mastered {day} · fastest 1.5 / 1.5 / 1.5 s · 1 question skipped"
    )


def test_the_learners_own_page_shows_the_answer_times_and_the_flag(staff_client, classroom):
    bot = join(classroom, username="bot")
    answers(bot, ["0.1"] * 3)
    url = reverse("admin:accounts_classroom_learner", args=[classroom.pk, bot.pk])
    body = staff_client.get(url).content.decode()
    assert "Answer times" in body
    assert "⚑ median 0.1 s, under the 1 s a person needs" in body
    assert parse(body).find("div", class_="flagged").find("dt").text == "Answer times"


def test_the_flag_is_in_the_learners_language_of_the_instructor(staff_client, classroom, settings):
    bot = join(classroom, username="bot")
    answers(bot, ["0.3"] * 3)
    staff_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = staff_client.get(page_url(classroom, o="username"))
    assert "⚑ Median 0,3 s" in page.content.decode()
