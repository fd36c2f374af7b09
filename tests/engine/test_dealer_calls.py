"""Calling the hand: the right call for each situation, the options offered and their grading."""

from __future__ import annotations

import random

import pytest

from baccarat import EngineError, Hand
from baccarat.dealer import (
    Call,
    CallKey,
    CallOption,
    CallStage,
    Deal,
    ErrorKind,
    call_options,
    opening_call,
    result_call,
)
from tests.engine.dealer_support import D, new_round


@pytest.mark.parametrize(
    ("player", "banker", "key", "english"),
    [
        (5, 3, CallKey.PLAYER_DRAWS, "Player shows 5, Banker 3, Player draws"),
        (0, 7, CallKey.PLAYER_DRAWS, "Player shows 0, Banker 7, Player draws"),
        (6, 5, CallKey.BANKER_DRAWS, "Player shows 6, Banker 5, Player stands, Banker draws"),
        (7, 6, CallKey.BOTH_STAND, "Player shows 7, Banker 6, both stand"),
        (6, 6, CallKey.BOTH_STAND, "Player shows 6, Banker 6, both stand"),
        (8, 5, CallKey.NATURAL, "Player shows 8, Banker 5, a natural"),
        (2, 9, CallKey.NATURAL, "Player shows 2, Banker 9, a natural"),
    ],
)
def test_the_opening_call_names_both_totals_and_the_action(player, banker, key, english):
    call = opening_call(player, banker)
    assert (call.key, call.english, call.stage) == (key, english, CallStage.OPENING)
    assert call.params == {"player": player, "banker": banker}


@pytest.mark.parametrize(
    ("player", "banker", "english", "params"),
    [
        (5, 7, "Banker wins, 7 over 5", {"winner": 7, "loser": 5}),
        (9, 0, "Player wins, 9 over 0", {"winner": 9, "loser": 0}),
        (6, 6, "Tie, 6 all", {"total": 6}),
    ],
)
def test_the_result_call_puts_the_winner_and_its_total_first(player, banker, english, params):
    call = result_call(player, banker)
    assert (call.english, call.params, call.stage) == (english, params, CallStage.RESULT)


def test_options_are_the_right_call_and_distinct_plausible_wrong_ones_from_a_seed():
    for right in (
        opening_call(5, 3),
        opening_call(8, 8),
        result_call(5, 7),
        result_call(6, 6),
        result_call(0, 9),
    ):
        for seed in range(30):
            options = call_options(right, random.Random(seed))
            assert options == call_options(right, random.Random(seed))
            assert right in options and len(set(options)) == len(options) == 4
            assert {option.stage for option in options} == {right.stage}
    five = call_options(opening_call(5, 3), random.Random(1), count=5)
    assert len(five) == 5
    orders = {
        call_options(result_call(5, 7), random.Random(seed)).index(result_call(5, 7)) for seed in range(30)
    }
    assert orders == {0, 1, 2, 3}  # the right call is not always in the same place
    with pytest.raises(EngineError):
        call_options(right, random.Random(1), count=1)
    with pytest.raises(EngineError):
        CallOption(CallKey.TIE, 10, 10)


def test_wrong_results_include_the_loser_first_and_the_wrong_winner():
    wrong = {
        option.english
        for seed in range(40)
        for option in call_options(result_call(5, 7), random.Random(seed))
    }
    assert {"Banker wins, 5 over 7", "Player wins, 7 over 5", "Banker wins, 7 over 5"} <= wrong


def test_the_round_offers_the_due_call_and_grades_the_chosen_one_by_key_and_totals():
    round_, shoe = new_round({1: {"player": D(10)}}, "5 3 K J 8")
    assert round_.call_options(random.Random(3)) == ()
    for hand in (Hand.PLAYER, Hand.BANKER, Hand.PLAYER, Hand.BANKER):
        assert round_.act(Deal(hand), draw=shoe.draw).ok
    options = round_.call_options(random.Random(3))
    assert opening_call(5, 3) in options
    wrong = next(option for option in options if option != opening_call(5, 3))
    verdict = round_.act(Call(wrong))
    assert (verdict.error, verdict.right) == (ErrorKind.CALL, Call(opening_call(5, 3)))
    chosen = CallOption.from_code(opening_call(5, 3).code)  # what the page posts back
    assert round_.act(Call(chosen)).ok
    assert round_.call_options(random.Random(3)) == ()  # a card is due, not a call
    assert round_.act(Deal(Hand.PLAYER), draw=shoe.draw).ok
    assert result_call(3, 3) in round_.call_options(random.Random(4))
    assert round_.act(Call(result_call(3, 3))).ok
