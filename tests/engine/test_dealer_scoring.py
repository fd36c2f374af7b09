"""The timing standard, the floor under which an action is not a person's, and the audition's score."""

from __future__ import annotations

from decimal import Decimal

import pytest

from baccarat import EngineError
from baccarat.dealer import (
    ACTION_FLOOR_SECONDS,
    PRACTICAL_ROUND_POINTS,
    ROUND_STANDARD_SECONDS,
    ActionKind,
    Pace,
    audition_score,
    hands_per_hour,
    is_too_fast,
    rate_round,
    round_floor_seconds,
    round_points,
)

D = Decimal


def test_a_round_is_rated_against_the_standard():
    assert D(12) == ROUND_STANDARD_SECONDS
    assert rate_round(D("12")).pace is Pace.WITHIN  # the standard itself is within it
    assert rate_round(D("12.01")).pace is Pace.SLOW
    assert rate_round(D("9"), standard=D("8")).pace is Pace.SLOW
    assert rate_round(D("2"), floor=D("3")).pace is Pace.TOO_FAST
    rating = rate_round(D("9"))
    assert (rating.within, rating.ratio) == (True, D("0.75"))
    for bad in (D(-1), 1.5, D("NaN")):
        with pytest.raises(EngineError):
            rate_round(bad)  # type: ignore[arg-type]
    with pytest.raises(EngineError):
        rate_round(D(5), standard=D(0))
    assert hands_per_hour(D(12)) == 300 and hands_per_hour(D(72)) == 50


def test_every_action_has_a_floor_and_a_round_adds_them_up():
    assert set(ACTION_FLOOR_SECONDS) == set(ActionKind)
    assert is_too_fast("pay", D("0.99")) and not is_too_fast("pay", D("1"))
    assert is_too_fast(ActionKind.CALL, D("0.4")) and not is_too_fast("deal", D("0.3"))
    # Four cards, two calls, one take, one pay: 4 x 0.25 + 2 x 0.5 + 0.25 + 1.
    assert round_floor_seconds(["deal"] * 4 + ["call", "call", "take", "pay"]) == D("3.25")


@pytest.mark.parametrize(
    ("errors", "seconds", "too_fast", "points"),
    [
        (0, D("11.9"), False, 10),
        (0, D("12"), False, 10),
        (0, D("12.5"), False, 8),
        (0, D("24"), False, 8),
        (0, D("24.1"), False, 6),
        (1, D("10"), False, 7),
        (2, D("10"), False, 4),
        (3, D("10"), False, 1),
        (3, D("30"), False, 0),
        (5, D("10"), False, 0),
        (0, None, False, 10),
        (0, D("4"), True, 0),
    ],
)
def test_what_a_practical_round_earns(errors, seconds, too_fast, points):
    assert round_points(errors, seconds, too_fast=too_fast) == points
    assert 0 <= points <= PRACTICAL_ROUND_POINTS


def test_round_points_follow_the_instructors_standard():
    assert round_points(0, D("15"), standard=D("20")) == 10
    with pytest.raises(EngineError):
        round_points(-1, D(1))
    with pytest.raises(EngineError):
        round_points(0, D(1), standard=D(0))


def test_the_audition_score_for_a_known_set_of_answers():
    # 20 written questions, 17 right; 6 rounds: four clean in time (40), one with an error (7),
    # one clean but slow (8): 55 of 60.
    practical = sum(round_points(e, s) for e, s in [(0, D(10))] * 4 + [(1, D(11)), (0, D(13))])
    assert practical == 55
    score = audition_score(17, 20, practical, 6 * PRACTICAL_ROUND_POINTS)
    assert score.written_percent == D("85.00")
    assert score.practical_percent == D("91.66")  # 91.666..., rounded down
    assert score.percent == D("89.66")  # 0.3 x 85 + 0.7 x 91.666... = 89.666...
    assert score.passed


def test_the_pass_mark_is_a_boundary_reached_exactly():
    assert audition_score(8, 10, 80, 100).percent == D("80.00")
    assert audition_score(8, 10, 80, 100).passed  # exactly 80 passes
    just_under = audition_score(8, 10, D("79.99"), 100)
    assert (just_under.percent, just_under.passed) == (D("79.99"), False)
    thirds = audition_score(0, 0, 239, 300)  # 79.666... never shows as 80
    assert (thirds.percent, thirds.passed) == (D("79.66"), False)
    assert audition_score(9, 10, 77, 100, pass_mark=85).passed is False  # 27 + 53.9 = 80.9
    assert audition_score(9, 10, 77, 100, pass_mark=D("80.9")).passed


def test_the_weights_are_configurable_and_a_missing_part_drops_out():
    assert audition_score(5, 10, 10, 10, written_weight=50, practical_weight=50).percent == D("75.00")
    assert audition_score(10, 10, 0, 0).percent == D("100.00")
    assert audition_score(0, 0, 7, 10).percent == D("70.00")
    assert audition_score(10, 10, 0, 10, written_weight=0).percent == D("0.00")
    for arguments, options in (
        ((0, 0, 0, 0), {}),
        ((11, 10, 5, 10), {}),
        ((5, 10, -1, 10), {}),
        ((5, 10, 5, 10), {"pass_mark": 101}),
        ((5, 10, 5, 10), {"written_weight": -1}),
        ((5, 10, 5, 10), {"written_weight": 0, "practical_weight": 0}),
        ((5, 10, 0.5, 10), {}),
    ):
        with pytest.raises(EngineError):
            audition_score(*arguments, **options)  # type: ignore[arg-type]
