"""Taking and paying: the order, every bet kind's payout at each table, and the commission."""

from __future__ import annotations

import pytest

from baccarat.dealer import (
    ErrorKind,
    Pay,
    Rule,
    Take,
)
from tests.engine.dealer_support import D, dealt_and_called, settle_right

# Banker wins 9 over 6 after Banker's third card (Player stood on 6).
BANKER_NINE = "6 3 K 2 4"
# A tie 3-3 after Player's third card.
TIE = "5 3 K J 8"
# Player wins with a natural 8 over 5.
PLAYER_NATURAL = "4 2 4 3"


def test_losers_are_taken_right_to_left_then_winners_paid_then_the_side_bets():
    bets = {
        1: {"banker": D(25), "player_pair": D(5)},
        3: {"player": D(10), "tie": D(5)},
        5: {"banker": D(100), "lion_banker": D(10)},
        6: {"player": D(40)},
    }
    round_ = dealt_and_called(bets, BANKER_NINE)
    assert round_.plan() == (
        Take(3, "player"),
        Take(3, "tie"),
        Take(6, "player"),
        Pay(1, "banker", D("23.75")),
        Pay(5, "banker", D(95)),
        Take(1, "player_pair"),
        Take(5, "lion_banker"),  # Banker won by 3: too little for the Lion Bonus
    )
    # Paying before every loser is taken.
    verdict = round_.act(Pay(1, "banker", D("23.75")))
    assert (verdict.error, verdict.rule, verdict.right) == (
        ErrorKind.TAKE_PAY_ORDER,
        Rule.TAKE_BEFORE_PAY,
        Take(3, "player"),
    )
    # Taking from the left before the right.
    verdict = round_.act(Take(6, "player"))
    assert (verdict.error, verdict.rule) == (ErrorKind.TAKE_PAY_ORDER, Rule.RIGHT_TO_LEFT)
    # A side bet before the main bets.
    verdict = round_.act(Take(1, "player_pair"))
    assert (verdict.error, verdict.rule) == (ErrorKind.TAKE_PAY_ORDER, Rule.MAIN_BEFORE_SIDE)
    # Within one seat, the bets of one step go in either order.
    assert round_.act(Take(3, "tie")).ok
    again = round_.act(Take(3, "tie"))
    assert (again.error, again.rule) == (ErrorKind.TAKE_PAY_ORDER, Rule.ALREADY_SETTLED)
    assert round_.act(Take(3, "player")).ok and round_.act(Take(6, "player")).ok
    assert round_.act(Pay(1, "banker", D("23.75"))).ok
    side = round_.act(Take(5, "lion_banker"))
    assert (side.error, side.rule) == (ErrorKind.TAKE_PAY_ORDER, Rule.MAIN_BEFORE_SIDE)
    settle_right(round_)
    assert round_.is_done and len(round_.errors) == 5
    assert {error.error for error in round_.errors} == {ErrorKind.TAKE_PAY_ORDER}


def test_taking_a_winner_paying_a_loser_or_touching_a_push_is_a_payout_error():
    round_ = dealt_and_called({2: {"banker": D(20), "tie": D(5)}, 4: {"player": D(10)}}, TIE)
    assert round_.plan() == (Pay(2, "tie", D(40)),)
    push = round_.act(Take(2, "banker"))
    assert (push.error, push.rule, push.right) == (ErrorKind.PAYOUT, Rule.PUSH_STAYS, Pay(2, "tie", D(40)))
    assert round_.act(Pay(4, "player", D(10))).rule is Rule.PUSH_STAYS
    taken = round_.act(Take(2, "tie"))
    assert (taken.error, taken.rule, taken.right) == (ErrorKind.PAYOUT, Rule.BET_WON, Pay(2, "tie", D(40)))
    nothing = round_.act(Pay(3, "tie", D(40)))
    assert (nothing.error, nothing.rule) == (ErrorKind.PAYOUT, Rule.NO_BET)
    nine_for_one = round_.act(Pay(2, "tie", D(45)))  # "9 for 1" counts the stake: the payout is 8 to 1
    assert (nine_for_one.error, nine_for_one.rule, nine_for_one.right) == (
        ErrorKind.PAYOUT,
        Rule.PAYOUT_RATIO,
        Pay(2, "tie", D(40)),
    )
    assert round_.act(Pay.from_chips(2, "tie", [D(25), D(5), D(5), D(5)])).done


def test_paying_a_loser_is_a_payout_error():
    round_ = dealt_and_called({1: {"player": D(10)}, 2: {"banker": D(10)}}, PLAYER_NATURAL)
    verdict = round_.act(Pay(2, "banker", D(10)))
    assert (verdict.error, verdict.rule, verdict.right) == (
        ErrorKind.PAYOUT,
        Rule.BET_LOST,
        Take(2, "banker"),
    )


# Every bet kind at each table, on arranged coups, with the payout written out by hand
# (the winnings placed beside the stake; commission taken from the payout).
PAYOUTS = [
    # table, coup, seat bets, the payouts expected (by kind; None: taken; "push": stays)
    ("standard", BANKER_NINE, {"banker": D(100), "tie": D(5)}, {"banker": D(95), "tie": None}),
    ("standard", BANKER_NINE, {"player": D(50), "player_pair": D(10)}, {"player": None, "player_pair": None}),
    (
        "standard",
        TIE,
        {"player": D(20), "banker": D(20), "tie": D(10)},
        {"player": "push", "banker": "push", "tie": D(80)},
    ),
    (
        "standard",
        PLAYER_NATURAL,
        {"player": D(10), "lion_player": D(10)},
        {"player": D(10), "lion_player": D(10)},
    ),
    (
        "standard",
        "8H 3 8H 4",
        {"player_pair": D(10), "perfect_pair": D(5), "either_pair": D(10)},
        {"player_pair": D(110), "perfect_pair": D(125), "either_pair": D(50)},
    ),
    (
        "standard",
        "8H 3 8S 4",
        {"banker_pair": D(10), "perfect_pair": D(5), "banker": D(7)},
        {"banker_pair": None, "perfect_pair": None, "banker": D("6.65")},
    ),
    ("standard", "4 4 4 4", {"lion_banker": D(10)}, {"lion_banker": "push"}),  # a natural tie returns it
    ("standard", "3 2 K K 9 2", {"lion_player": D(20)}, {"lion_player": None}),  # Banker 4 over 2
    ("standard", "K 2 K 3 9", {"lion_player": D(20)}, {"lion_player": D(20)}),  # Player 9 over 5: by 4
    ("standard", "K K K K 9 K", {"lion_player": D(10)}, {"lion_player": D(300)}),  # 9 over 0: by 9
    ("no-commission", "4 3 K 3 K", {"banker": D(15), "player": D(10)}, {"banker": D("7.50"), "player": None}),
    ("no-commission", BANKER_NINE, {"banker": D(15)}, {"banker": D(15)}),
    (
        "ez",
        "2 3 K K 4 4",
        {"banker": D(25), "dragon_7": D(5), "panda_8": D(5)},
        {"banker": "push", "dragon_7": D(200), "panda_8": None},
    ),
    (
        "ez",
        "2 3 K K 6 K",
        {"player": D(10), "panda_8": D(10), "dragon_7": D(5)},
        {"player": D(10), "panda_8": D(250), "dragon_7": None},
    ),
    ("ez", BANKER_NINE, {"banker": D(25)}, {"banker": D(25)}),
    ("ez", TIE, {"tie": D(5), "player_pair": D(5)}, {"tie": D(40), "player_pair": None}),
]


@pytest.mark.parametrize(("table", "tokens", "bets", "expected"), PAYOUTS)
def test_every_bet_kind_is_paid_what_the_table_pays(table, tokens, bets, expected):
    round_ = dealt_and_called({2: bets}, tokens, table=table)
    actions = settle_right(round_)
    got = {}
    for action in actions:
        got[action.bet] = action.amount if isinstance(action, Pay) else None
    for key in bets:
        got.setdefault(key, "push")
    assert got == expected
    assert round_.is_clean
