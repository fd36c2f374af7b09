"""How the lessons write their figures in each language, and the streak figures.

Moved from test_figures.py, which had grown past 450 lines."""

from __future__ import annotations

import re

import pytest

from lessons import house_edge
from lessons.course import COURSE
from tests.lessons.test_figures import SEPARATORS, lesson_text, numbers_in
from tests.support import LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", [lesson.slug for lesson in COURSE])
def test_every_figure_is_written_as_the_language_writes_numbers(learner_client, slug, language):
    text = lesson_text(learner_client, slug, language)
    group, decimal = SEPARATORS[language]

    ungrouped = re.findall(rf"(?<![\d{re.escape(group)}{re.escape(decimal)}])\d{{4,}}", text)
    assert not ungrouped, f"{slug} ({language}): numbers without grouping: {ungrouped}"
    wrong_separator = re.findall(rf"\d{re.escape(group)}(?:\d{{1,2}}|\d{{4,}})(?!\d)", text)
    assert not wrong_separator, f"{slug} ({language}): the wrong decimal separator: {wrong_separator}"
    hyphen_minus = re.findall(r"(?<![\w–-])-\s?\d", text)
    assert not hyphen_minus, f"{slug} ({language}): a hyphen for a minus sign: {hyphen_minus}"
    if language == "de":
        assert not re.search(r"\d%", text), f"{slug}: German writes a space before %"
    else:
        assert not re.search(r"\d\s%", text), f"{slug} ({language}): no space before %"


def test_the_streak_figures_count_separate_runs_and_the_coups_after_them():
    """Issue 17: 7,130 was the number of coups after three or more Banker wins, not of runs."""
    study = house_edge.streaks()
    assert (study.coups, study.runs, study.after_runs) == (60_000, 3_454, 7_130)
    assert study.runs < study.after_runs


@pytest.mark.parametrize(
    ("language", "text", "expected"),
    [
        ("en", "60,000 coups and 1.0579% and −1.2345%", ["60000", "1.0579", "-1.2345"]),
        ("de", "60.000 Coups und 1,0579 % und −1,2345 %", ["60000", "1.0579", "-1.2345"]),
        ("id", "60.000 putaran", ["60000"]),
        ("de", "1.0579", ["1"]),  # an English decimal in German: the format test reports it
    ],
)
def test_numbers_are_read_with_the_languages_separators(language, text, expected):
    assert [str(value) for _raw, value in numbers_in(text, language)] == expected
