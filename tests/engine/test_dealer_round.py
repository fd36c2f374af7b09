"""The dealer-school round: dealing in order, drawing by the rules and calling the hand."""

from __future__ import annotations

import json

import pytest

from baccarat import Card, EngineError, Hand
from baccarat.dealer import (
    Call,
    CallKey,
    CallOption,
    Collect,
    Deal,
    DealerRound,
    ErrorKind,
    Pay,
    Rule,
    Stand,
    Take,
    action_from_dict,
)
from tests.engine.dealer_support import D, new_round

P, B = Deal(Hand.PLAYER), Deal(Hand.BANKER)
BETS = {1: {"player": D(10)}, 2: {"banker": D(20)}}


def call(code: str) -> Call:
    return Call(CallOption.from_code(code))


def play(round_: DealerRound, shoe, actions) -> list:
    return [round_.act(action, draw=shoe.draw) for action in actions]


def test_the_first_four_cards_go_player_banker_player_banker():
    round_, shoe = new_round(BETS, "4 2 4 3")
    verdict = round_.act(B, draw=shoe.draw)
    assert (verdict.ok, verdict.error, verdict.rule, verdict.right) == (
        False,
        ErrorKind.ORDER,
        Rule.DEAL_ORDER,
        P,
    )
    assert round_.coup.cards_dealt == 0 and shoe.position == 0  # a wrong deal draws no card
    assert round_.act(P, draw=shoe.draw).card == Card.parse("4")
    verdict = round_.act(P, draw=shoe.draw)
    assert (verdict.error, verdict.right) == (ErrorKind.ORDER, B)
    stand = round_.act(Stand(), draw=shoe.draw)
    assert (stand.error, stand.rule) == (ErrorKind.ORDER, Rule.DEAL_ORDER)
    assert [v.ok for v in play(round_, shoe, [B, P, B])] == [True, True, True]
    assert [error.error for error in round_.errors] == [ErrorKind.ORDER] * 3
    assert round_.error_counts() == dict.fromkeys(ErrorKind, 0) | {ErrorKind.ORDER: 3}


def test_a_natural_is_called_and_no_third_card_is_dealt():
    round_, shoe = new_round(BETS, "4 2 4 3 9 9")
    play(round_, shoe, [P, B, P, B])
    early = round_.act(P, draw=shoe.draw)
    assert (early.error, early.rule) == (ErrorKind.CALL, Rule.CALL_OPENING)
    assert early.right == call("natural:8:5")
    assert round_.act(call("natural:8:5")).ok
    third = round_.act(P, draw=shoe.draw)
    assert (third.error, third.rule) == (ErrorKind.DRAW, Rule.NATURAL_STANDS)
    assert third.right == call("player_wins:8:5")
    assert round_.act(Stand()).ok  # no card is due: standing is right and changes nothing
    assert round_.act(call("player_wins:8:5")).ok
    assert round_.coup.cards_dealt == 4 and shoe.position == 4


def test_player_draws_on_five_and_banker_stands_on_three_against_an_eight():
    round_, shoe = new_round(BETS, "5 3 K J 8 4")
    play(round_, shoe, [P, B, P, B, call("player_draws:5:3")])
    stand = round_.act(Stand())
    assert (stand.error, stand.rule, stand.right) == (ErrorKind.DRAW, Rule.PLAYER_DRAWS, P)
    banker_first = round_.act(B, draw=shoe.draw)
    assert (banker_first.error, banker_first.rule, banker_first.right) == (
        ErrorKind.ORDER,
        Rule.PLAYER_THIRD_FIRST,
        P,
    )
    assert round_.act(P, draw=shoe.draw).card == Card.parse("8")
    forbidden = round_.act(B, draw=shoe.draw)
    assert (forbidden.error, forbidden.rule) == (ErrorKind.DRAW, Rule.BANKER_TABLE)
    assert forbidden.right == call("tie:3:3")
    fourth = round_.act(P, draw=shoe.draw)
    assert (fourth.error, fourth.rule) == (ErrorKind.DRAW, Rule.COUP_OVER)
    assert round_.act(call("tie:3:3")).ok
    assert shoe.position == 5


def test_player_stands_on_six_and_banker_draws_on_five():
    round_, shoe = new_round(BETS, "6 3 K 2 4")
    play(round_, shoe, [P, B, P, B])
    wrong_call = round_.act(call("player_draws:6:5"))
    assert (wrong_call.error, wrong_call.rule, wrong_call.right) == (
        ErrorKind.CALL,
        Rule.CALL_OPENING,
        call("banker_draws:6:5"),
    )
    assert round_.act(call("banker_draws:6:5")).ok
    player = round_.act(P, draw=shoe.draw)
    assert (player.error, player.rule, player.right) == (ErrorKind.DRAW, Rule.PLAYER_STANDS, B)
    stand = round_.act(Stand())
    assert (stand.error, stand.rule) == (ErrorKind.DRAW, Rule.BANKER_PLAYER_STOOD)
    early_result = round_.act(call("player_wins:6:5"))
    assert (early_result.error, early_result.rule) == (ErrorKind.DRAW, Rule.BANKER_PLAYER_STOOD)
    assert round_.act(B, draw=shoe.draw).ok
    loser_first = round_.act(call("banker_wins:6:9"))
    assert (loser_first.error, loser_first.rule, loser_first.right) == (
        ErrorKind.CALL,
        Rule.CALL_RESULT,
        call("banker_wins:9:6"),
    )
    assert round_.act(call("banker_wins:9:6")).ok
    assert round_.outcome is not None and round_.outcome.banker_total == 9


def test_banker_draws_by_the_table_when_player_drew():
    round_, shoe = new_round(BETS, "2 3 K K 4 5")
    play(round_, shoe, [P, B, P, B, call("player_draws:2:3"), P])
    stand = round_.act(Stand())
    assert (stand.error, stand.rule, stand.right) == (ErrorKind.DRAW, Rule.BANKER_TABLE, B)
    assert round_.act(B, draw=shoe.draw).ok
    assert round_.expected() == call("banker_wins:8:6")


def test_both_stand_is_called_and_then_the_result():
    round_, shoe = new_round(BETS, "7 6 K K")
    play(round_, shoe, [P, B, P, B])
    assert round_.expected() == call("both_stand:7:6")
    assert round_.act(call("player_wins:7:6")).error is ErrorKind.CALL  # the opening is due first
    assert round_.act(call("both_stand:7:6")).ok
    again = round_.act(call("both_stand:7:6"))
    assert (again.error, again.rule) == (ErrorKind.CALL, Rule.CALL_RESULT)
    assert round_.act(call("player_wins:7:6")).ok


def test_a_call_before_four_cards_and_taking_before_the_result_are_errors():
    round_, shoe = new_round(BETS, "7 6 K K")
    early = round_.act(call("both_stand:7:6"))
    assert (early.error, early.rule, early.right) == (ErrorKind.CALL, Rule.CALL_OPENING, P)
    play(round_, shoe, [P, B, P, B, call("both_stand:7:6")])
    take = round_.act(Take(2, "banker"))
    assert (take.error, take.rule) == (ErrorKind.TAKE_PAY_ORDER, Rule.SETTLE_AFTER_CALL)
    assert take.right == call("player_wins:7:6")


def test_a_round_with_nothing_to_settle_is_done_after_the_result_call():
    round_, shoe = new_round(BETS, "5 3 K J 8")
    verdicts = play(round_, shoe, [P, B, P, B, call("player_draws:5:3"), P, call("tie:3:3")])
    assert all(verdict.ok for verdict in verdicts)
    assert verdicts[-1].done and round_.is_done and round_.is_clean and round_.expected() is None
    after = round_.act(Stand())
    assert (after.ok, after.error, after.rule) == (False, None, Rule.ROUND_OVER)
    assert round_.is_clean  # an action after the end is refused, not counted as an error


def test_a_right_deal_needs_the_shoe_and_collecting_belongs_to_the_box():
    round_, _shoe = new_round(BETS, "7 6 K K")
    with pytest.raises(EngineError):
        round_.act(P)
    with pytest.raises(EngineError):
        round_.act(Collect(1, D(5)))


def test_a_recorded_round_replays_to_the_same_state():
    round_, shoe = new_round(BETS, "6 3 K 2 4")
    actions = [P, B, B, P, B, call("banker_draws:6:5"), P, B, call("banker_wins:9:6"), Take(1, "player")]
    actions.append(Pay(2, "banker", D(19)))
    play(round_, shoe, actions)
    cards = [verdict.card for verdict in round_.history if verdict.card is not None]
    recorded = [action_from_dict(action.to_dict()) for action in actions]
    again = DealerRound.replay(
        round_.layout, round_.table, round_.commission_mode, round_.rounding, recorded, cards
    )
    assert again.history == round_.history and again.is_done and round_.is_done
    record = json.loads(json.dumps([verdict.to_dict() for verdict in round_.history]))
    assert record[2] == {
        "given": {"action": "deal", "hand": "banker"},
        "ok": False,
        "error": "order",
        "rule": "deal_order",
        "right": {"action": "deal", "hand": "player"},
        "card": None,
        "done": False,
    }
    assert record[-1]["done"] and record[0]["card"] == "6"
    assert [error.rule for error in again.errors] == [Rule.DEAL_ORDER, Rule.PLAYER_STANDS]
    with pytest.raises(EngineError):
        DealerRound.replay(
            round_.layout, round_.table, round_.commission_mode, round_.rounding, recorded, cards[:3]
        )


def test_call_keys_round_trip_through_their_codes():
    for key in CallKey:
        option = CallOption(key, 7, 5)
        assert CallOption.from_code(option.code) == option
        assert action_from_dict(Call(option).to_dict()) == Call(option)
    with pytest.raises(EngineError):
        CallOption.from_code("wins:7")
    with pytest.raises(EngineError):
        action_from_dict({"action": "shuffle"})
