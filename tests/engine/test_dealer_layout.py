"""The simulated layout and the chips it is stacked with."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from baccarat import InvalidAmountError, InvalidBetError
from baccarat.dealer import (
    BET_DENOMINATIONS,
    PAY_DENOMINATIONS,
    Layout,
    arranged_layout,
    chips_for,
    chips_total,
    deal_layout,
    next_seats,
    player_stack,
)
from baccarat.tables import table_rules
from tests.engine.dealer_support import D


def test_chips_are_the_fewest_colour_for_colour():
    assert chips_for(D("135")) == (D(100), D(25), D(5), D(5))
    assert chips_for(D("9.50")) == (D(5), D(1), D(1), D(1), D(1), D("0.25"), D("0.25"))
    assert chips_total([D(500), D(1), D("0.25")]) == D("501.25")
    with pytest.raises(InvalidAmountError):
        chips_for(D("0.10"))
    with pytest.raises(InvalidAmountError):
        chips_for(D("2.50"), BET_DENOMINATIONS)
    with pytest.raises(InvalidAmountError):
        chips_total([D(2)])
    assert PAY_DENOMINATIONS[-1] == D("0.25") and (D(500), D(100), D(25), D(5), D(1)) == BET_DENOMINATIONS


def test_a_player_sometimes_breaks_a_chip_but_the_stack_always_makes_the_stake():
    stacks = {player_stack(D(35), random.Random(seed)) for seed in range(60)}
    assert (D(25), D(5), D(5)) in stacks and len(stacks) > 1
    assert all(chips_total(stack) == D(35) for stack in stacks)


def test_a_layout_at_each_table_mixes_the_bets_it_takes():
    for key in ("standard", "no-commission", "ez"):
        table = table_rules(key)
        kinds: Counter[str] = Counter()
        for seed in range(80):
            layout = deal_layout(random.Random(seed), seats=random.Random(seed).randint(3, 7), table=table)
            kinds.update(bet.key for bet in layout.bets)
        assert {"player", "banker", "tie"} <= set(kinds)
        assert set(kinds) - {"player", "banker", "tie"} <= set(table.side_bets)
        assert len(set(kinds) & set(table.side_bets)) >= 4
        if key == "ez":
            assert kinds["dragon_7"] and kinds["panda_8"]


def test_seats_are_numbered_from_the_dealers_right_and_can_be_given():
    layout = deal_layout(random.Random(5), seats=4, table=table_rules("standard"), seat_numbers=[7, 2, 5, 1])
    assert layout.seat_numbers == (1, 2, 5, 7)
    assert layout.seat(3) is None and layout.bet(3, "player") is None
    assert deal_layout(random.Random(5), seats=7, table=table_rules("standard")).seat_numbers == tuple(
        range(1, 8)
    )
    for seats in (2, 8, True):
        with pytest.raises(InvalidBetError):
            deal_layout(random.Random(1), seats=seats, table=table_rules("standard"))
    with pytest.raises(InvalidBetError):
        deal_layout(random.Random(1), seats=3, table=table_rules("standard"), seat_numbers=[1, 2])


def test_an_arranged_layout_keeps_the_layouts_rules():
    standard = table_rules("standard")
    layout = arranged_layout(standard, {4: {"tie": D(5), "player": D(10)}, 1: {"banker": D(25)}})
    assert [(bet.seat, bet.key) for bet in layout.bets] == [(1, "banker"), (4, "player"), (4, "tie")]
    assert Layout.from_dict(layout.to_dict()) == layout
    for bad in (
        {8: {"player": D(10)}},
        {1: {}},
        {1: {"dragon_7": D(5)}},  # not offered at the standard table
        {1: {"lion_player": D(10), "lion_banker": D(10)}},  # a Lion Bonus goes on one side only
    ):
        with pytest.raises(InvalidBetError):
            arranged_layout(standard, bad)
    with pytest.raises(InvalidBetError):
        Layout.from_dict({"seats": [{"seat": 1, "bets": [{"bet": "player", "chips": ["x"]}]}]})


def test_between_rounds_players_leave_and_sit_down_within_the_tables_seats():
    for seed in range(200):
        occupied = sorted(random.Random(seed).sample(range(1, 8), random.Random(seed + 1).randint(3, 7)))
        change = next_seats(random.Random(seed), occupied, leave=0.4, join=0.4)
        assert change == next_seats(random.Random(seed), occupied, leave=0.4, join=0.4)
        assert sorted((*change.staying, *change.leaving)) == occupied
        assert not set(change.joining) & set(occupied)
        assert 3 <= len(change.seats) <= 7 and list(change.seats) == sorted(change.seats)
    assert next_seats(random.Random(1), [1, 2, 3], leave=1, join=0).leaving == ()
    assert next_seats(random.Random(1), [1, 2, 3, 4, 5], leave=1, join=0).seats.__len__() == 3
    assert next_seats(random.Random(1), [1, 2, 3], leave=0, join=1).seats == tuple(range(1, 8))
    for bad in ([1, 2], [1, 1, 2], [0, 1, 2], [1, 2, 3, 4, 5, 6, 7, 8]):
        with pytest.raises(InvalidBetError):
            next_seats(random.Random(1), bad)
