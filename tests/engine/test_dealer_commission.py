"""Commission: taken from the payout or marked in the box, exact or in the house's quarter steps,
and the commission box over a whole shoe."""

from __future__ import annotations

import pytest

from baccarat import EngineError, Shoe
from baccarat.dealer import (
    Collect,
    CommissionBox,
    CommissionMode,
    DealerRound,
    ErrorKind,
    Mark,
    Pay,
    Rounding,
    Rule,
    Take,
    arranged_layout,
    commission_for,
)
from baccarat.tables import table_rules
from tests.engine.dealer_support import D, dealt_and_called, settle_right

BANKER_NINE = "6 3 K 2 4"
BANKER_NATURAL = "2 4 5 4"
TIE = "5 3 K J 8"
PLAYER_NATURAL = "4 2 4 3"
TAKE, BOX = CommissionMode.TAKE, CommissionMode.BOX
EXACT, QUARTER = Rounding.EXACT, Rounding.QUARTER


@pytest.mark.parametrize(
    ("stake", "owed"),
    [
        (1, "0.25"),
        (5, "0.25"),
        (6, "0.50"),
        (10, "0.50"),
        (11, "0.75"),
        (15, "0.75"),
        (16, "1.00"),
        (20, "1.00"),
        (21, "1.25"),
        (25, "1.25"),
        (99, "5.00"),
        (100, "5.00"),
        (101, "5.25"),
        ("5.50", "0.50"),
    ],
)
def test_the_house_rounds_commission_up_in_quarter_steps(stake, owed):
    assert commission_for(D(stake), D("0.05"), QUARTER) == D(owed)


def test_exact_commission_is_five_percent_to_the_cent():
    assert [commission_for(D(stake), D("0.05")) for stake in (7, 100, 180, 13)] == [
        D("0.35"),
        D("5.00"),
        D("9.00"),
        D("0.65"),
    ]


def test_taking_commission_from_the_payout():
    round_ = dealt_and_called({1: {"banker": D(100)}, 2: {"banker": D(7)}}, BANKER_NINE, mode=TAKE)
    in_full = round_.act(Pay(1, "banker", D(100)))
    assert (in_full.error, in_full.rule, in_full.right) == (
        ErrorKind.COMMISSION,
        Rule.COMMISSION_TAKEN,
        Pay(1, "banker", D(95)),
    )
    marked = round_.act(Mark(1, D(5)))
    assert (marked.error, marked.rule) == (ErrorKind.COMMISSION, Rule.COMMISSION_TAKEN)
    wrong = round_.act(Pay(1, "banker", D(90)))
    assert (wrong.error, wrong.rule) == (ErrorKind.PAYOUT, Rule.PAYOUT_RATIO)
    assert round_.act(Pay(1, "banker", D(95))).ok
    rounded = round_.act(
        Pay(2, "banker", D("6.50"))
    )  # the house's quarter, at a table that takes 5 % exactly
    assert (rounded.error, rounded.rule, rounded.right) == (
        ErrorKind.COMMISSION,
        Rule.COMMISSION_AMOUNT,
        Pay(2, "banker", D("6.65")),
    )
    assert round_.act(Pay(2, "banker", D("6.65"))).done
    assert round_.box.total == 0


def test_taking_commission_in_the_house_quarters():
    round_ = dealt_and_called(
        {2: {"banker": D(7)}, 3: {"banker": D(12)}}, BANKER_NINE, mode=TAKE, rounding=QUARTER
    )
    assert round_.plan() == (Pay(2, "banker", D("6.50")), Pay(3, "banker", D("11.25")))
    exact = round_.act(Pay(2, "banker", D("6.65")))
    assert (exact.error, exact.rule) == (ErrorKind.COMMISSION, Rule.COMMISSION_AMOUNT)
    settle_right(round_)
    assert round_.is_done


def test_marking_commission_in_the_box():
    box = CommissionBox()
    bets = {1: {"banker": D(100)}, 2: {"player": D(10)}, 4: {"banker": D(20)}}
    round_ = dealt_and_called(bets, BANKER_NINE, mode=BOX, box=box)
    assert round_.plan() == (
        Take(2, "player"),
        Pay(1, "banker", D(100)),
        Mark(1, D(5)),
        Pay(4, "banker", D(20)),
        Mark(4, D(1)),
    )
    no_mark_yet = round_.act(Mark(2, D(5)))
    assert (no_mark_yet.error, no_mark_yet.rule) == (ErrorKind.COMMISSION, Rule.NO_COMMISSION_DUE)
    assert round_.act(Take(2, "player")).ok
    taken_off = round_.act(Pay(1, "banker", D(95)))
    assert (taken_off.error, taken_off.rule, taken_off.right) == (
        ErrorKind.COMMISSION,
        Rule.COMMISSION_MARKED,
        Pay(1, "banker", D(100)),
    )
    assert round_.act(Pay(1, "banker", D(100))).ok
    assert round_.expected() == Mark(1, D(5))
    moved_on = round_.act(Pay(4, "banker", D(20)))
    assert (moved_on.error, moved_on.rule, moved_on.right) == (
        ErrorKind.COMMISSION,
        Rule.MARK_AFTER_PAY,
        Mark(1, D(5)),
    )
    other_seat = round_.act(Mark(4, D(5)))
    assert (other_seat.error, other_seat.rule) == (ErrorKind.COMMISSION, Rule.MARK_AFTER_PAY)
    wrong_amount = round_.act(Mark(1, D(10)))
    assert (wrong_amount.error, wrong_amount.rule) == (ErrorKind.COMMISSION, Rule.COMMISSION_AMOUNT)
    assert box.total == 0  # nothing marked by a wrong action
    assert round_.act(Mark(1, D(5))).ok
    # "Mark one, pay one": marking just before the pay is accepted too.
    premark_wrong = round_.act(Mark(4, D("0.50")))
    assert (premark_wrong.error, premark_wrong.right) == (ErrorKind.COMMISSION, Mark(4, D(1)))
    assert round_.act(Mark(4, D(1))).ok
    twice = round_.act(Mark(4, D(1)))
    assert (twice.error, twice.rule) == (ErrorKind.COMMISSION, Rule.NO_COMMISSION_DUE)
    assert round_.act(Pay(4, "banker", D(20))).done
    assert box.owing() == {1: D(5), 4: D(1)}
    assert len(round_.errors) == 7 and {error.error for error in round_.errors} == {ErrorKind.COMMISSION}


def test_no_commission_tables_owe_none():
    for table in ("no-commission", "ez"):
        for mode in CommissionMode:
            round_ = dealt_and_called({3: {"banker": D(100)}}, BANKER_NINE, table=table, mode=mode)
            mark = round_.act(Mark(3, D(5)))
            assert (mark.error, mark.rule) == (ErrorKind.COMMISSION, Rule.NO_COMMISSION_DUE)
            less = round_.act(Pay(3, "banker", D(95)))
            assert (less.error, less.rule, less.right) == (
                ErrorKind.PAYOUT,
                Rule.PAYOUT_RATIO,
                Pay(3, "banker", D(100)),
            )
            assert round_.act(Pay(3, "banker", D(100))).done and round_.box.total == 0


def play_shoe_round(table, box, shoe, bets, rounding):
    rules = table_rules(table)
    round_ = DealerRound(arranged_layout(rules, bets), rules, BOX, rounding, box=box)
    while (action := round_.expected()) is not None:
        assert round_.act(action, draw=shoe.draw).ok
    return round_


@pytest.mark.parametrize(
    ("rounding", "owed_after_two", "seat_5_owes", "at_the_end"),
    [
        (EXACT, {2: D("5.35"), 5: D("0.60")}, D("0.60"), {2: D("6.05")}),
        (QUARTER, {2: D("5.50"), 5: D("0.75")}, D("0.75"), {2: D("6.25")}),
    ],
)
def test_the_box_over_a_whole_shoe(rounding, owed_after_two, seat_5_owes, at_the_end):
    """Marks carry between rounds; a seat that leaves is settled; the rest at the shoe's end."""
    shoe = Shoe.arranged(f"{BANKER_NINE} {BANKER_NATURAL} {TIE} {PLAYER_NATURAL} {BANKER_NINE}".split())
    box = CommissionBox()
    play_shoe_round("standard", box, shoe, {2: {"banker": D(100)}, 5: {"banker": D(12)}}, rounding)
    play_shoe_round("standard", box, shoe, {2: {"banker": D(7)}, 6: {"player": D(10)}}, rounding)
    assert box.owing() == owed_after_two
    # Seat 5 leaves: its square is settled and collected.
    short = box.collect(Collect(5, seat_5_owes - D("0.25")))
    assert (short.ok, short.error, short.rule, short.right) == (
        False,
        ErrorKind.COMMISSION,
        Rule.BOX_OWED,
        Collect(5, seat_5_owes),
    )
    assert box.owed(5) == seat_5_owes
    assert box.collect(Collect(5, seat_5_owes)).ok and box.owed(5) == 0
    empty = box.collect(Collect(5, D(1)))
    assert (empty.error, empty.rule) == (ErrorKind.COMMISSION, Rule.NO_COMMISSION_DUE)
    # A tie and a Player win owe nothing; then Banker wins again.
    play_shoe_round("standard", box, shoe, {2: {"banker": D(10)}}, rounding)
    play_shoe_round("standard", box, shoe, {2: {"banker": D(10)}}, rounding)
    assert box.owing() == {2: owed_after_two[2]}
    play_shoe_round("standard", box, shoe, {2: {"banker": D(14)}}, rounding)
    assert box.to_dict() == CommissionBox.from_dict(box.to_dict()).to_dict()
    assert shoe.remaining == 0
    assert box.settle_shoe() == at_the_end
    assert box.total == 0 and box.owing() == {}


def test_the_box_refuses_nonsense():
    box = CommissionBox()
    with pytest.raises(EngineError):
        box.mark(1, D(0))
    with pytest.raises(EngineError):
        CommissionBox.from_dict({"marks": {"x": ["1"]}})
    assert box.settle_seat(3) == 0
