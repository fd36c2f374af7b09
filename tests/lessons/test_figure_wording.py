"""Figures as a reader reads them: exact halves rounded away from zero, no double negative, plural
forms, and the table's balance grouped as the results page groups it."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from lessons import exercises, systems
from lessons.systems_figures import SESSIONS
from table.amounts import amount_text
from table.explain import percent_text
from table.templatetags.table_tags import chips, percent, signed


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize(
    ("value", "places", "en", "de"),
    [
        (Fraction(985, 10000), 1, "9.9%", "9,9 %"),  # lesson 10: Martingale sessions at −500 or below
        (Fraction(-985, 10000), 1, "−9.9%", "−9,9 %"),
        (Fraction(9845, 100000), 1, "9.8%", "9,8 %"),  # under a half stays down
        (0.0985, 1, "9.9%", "9,9 %"),  # a float as written, not the binary 9.8499… behind it
    ],
)
def test_an_exact_half_of_a_percentage_rounds_away_from_zero(value, places, en, de):
    with translation.override("en"):
        assert percent(value, places) == en
    with translation.override("de"):
        assert percent(value, places) == de


def test_an_exact_half_of_a_session_result_rounds_away_from_zero():
    """1-3-2-6's average session: −111,450 chips over 10,000 sessions = −11.145 exactly."""
    average = Fraction(SESSIONS["1-3-2-6"]["net"], SESSIONS["1-3-2-6"]["sessions"])
    assert average == Fraction(-11145, 1000)
    with translation.override("en"):
        assert signed(average) == "−11.15" and signed(Fraction(1115, 100), 1) == "+11.2"
        assert chips(-1000, 0) == "−1,000" and percent_text(Decimal("-0.125"), 2) == "−0.13"
        assert amount_text(Decimal("0.125")) == "0.13" and amount_text(Decimal("-0.004")) == "0.00"


def test_the_lesson_page_prints_the_halves_rounded_and_the_worst_loss_without_a_double_negative(
    client, learner, course
):
    client.force_login(learner)
    text = _text(client.get(reverse("lessons:lesson", args=[systems.SLUG])).content.decode())
    worst = SESSIONS["martingale"]["worst"]
    assert worst == -1000
    assert "the worst session lost 1,000 chips" in text and "lost −" not in text
    assert "−11.15" in text and "−11.14" not in text
    assert "9.9%" in text


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "and lose 1 coup.", "and lose 2 coups in a row."),
        ("de", "und verlierst 1 Coup.", "und verlierst 2 Coups in Folge."),
    ],
)
def test_one_loss_is_one_coup_and_more_are_coups(language, one, two):
    with translation.override(language):
        assert one in exercises.martingale_question(1).prompt
        assert two in exercises.martingale_question(2).prompt
        assert "1 coups" not in exercises.martingale_question(1).prompt.lower()


@pytest.mark.parametrize(
    ("language", "written"), [("en", "99,332.75"), ("de", "99.332,75"), ("id", "99.332,75")]
)
def test_the_tables_balance_is_grouped_as_the_results_page_groups_it(client, seat, language, written):
    seat.balance = Decimal("99332.75")
    seat.save(update_fields=["balance"])
    client.force_login(seat.user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    table = client.get(reverse("table:play")).content.decode()
    results = client.get(reverse("table:results")).content.decode()

    assert f"{written} " in _text(table) and f"{written} " in _text(results)
    assert "99332" not in _text(table) and "99332" not in _text(results)
