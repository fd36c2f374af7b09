"""Properties of the dealer-school engine over any seeded layout and shoe."""

from __future__ import annotations

import random
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat import Shoe, settle
from baccarat.dealer import (
    BET_DENOMINATIONS,
    PAY_DENOMINATIONS,
    Call,
    Collect,
    CommissionBox,
    CommissionMode,
    Deal,
    DealerRound,
    Layout,
    Mark,
    Pay,
    Rounding,
    Stand,
    Take,
    chips_for,
    chips_total,
    deal_layout,
    next_seats,
)
from baccarat.tables import TABLES

NO_DB = settings(database=None, max_examples=150)

tables = st.sampled_from(sorted(TABLES))
modes = st.sampled_from(list(CommissionMode))
roundings = st.sampled_from(list(Rounding))
seeds = st.integers(0, 2**32)
seat_counts = st.integers(3, 7)


def play_right(round_: DealerRound, shoe: Shoe) -> None:
    """Take the engine's right action until the round is done."""
    for _ in range(200):
        if round_.is_done:
            return
        action = round_.expected()
        assert action is not None
        verdict = round_.act(action, draw=shoe.draw)
        assert verdict.ok, verdict
    raise AssertionError("the round never ended")


@NO_DB
@given(tables, modes, roundings, seeds, seat_counts)
def test_the_right_action_always_makes_a_clean_round(table_key, mode, rounding, seed, seats):
    table = TABLES[table_key]
    rng = random.Random(seed)
    layout = deal_layout(rng, seats=seats, table=table, rounding=rounding)
    shoe = Shoe.shuffled(table.decks, rng=rng)
    round_ = DealerRound(layout, table, mode, rounding)
    play_right(round_, shoe)
    assert round_.is_clean and round_.is_done
    assert round_.coup.is_over
    # Every bet that is not a push was taken or paid exactly once.
    settled = [verdict.given for verdict in round_.history if isinstance(verdict.given, Take | Pay)]
    assert len(settled) == len({(action.seat, action.bet) for action in settled})
    assert {(item.seat, item.bet.key) for item in round_.items if item.right_action} == {
        (action.seat, action.bet) for action in settled
    }


@NO_DB
@given(tables, modes, roundings, seeds, seat_counts)
def test_the_payouts_are_the_settlement_less_the_commission_and_made_of_chips(
    table_key, mode, rounding, seed, seats
):
    table = TABLES[table_key]
    rng = random.Random(seed)
    layout = deal_layout(rng, seats=seats, table=table, rounding=rounding)
    shoe = Shoe.shuffled(table.decks, rng=rng)
    round_ = DealerRound(layout, table, mode, rounding)
    play_right(round_, shoe)
    assert round_.outcome is not None
    marks = [v.given for v in round_.history if isinstance(v.given, Mark)]
    for seat in layout.seats:
        for result in settle([bet.bet for bet in seat.bets], round_.outcome, table.payouts):
            pays = [
                v.given
                for v in round_.history
                if isinstance(v.given, Pay)
                and (v.given.seat, v.given.bet) == (seat.seat, result.bet.spec.key)
            ]
            if result.winnings:
                [pay] = pays
                owed = round_.items[[i.bet.bet for i in round_.items].index(result.bet)].commission
                if mode is CommissionMode.BOX:
                    assert pay.amount == result.winnings
                else:
                    assert pay.amount == result.winnings - owed
                if rounding is Rounding.EXACT:
                    assert owed == result.commission
                assert chips_total(chips_for(pay.amount, PAY_DENOMINATIONS)) == pay.amount
            else:
                assert not pays
    assert round_.box.total == sum((mark.amount for mark in marks), Decimal("0.00"))
    if mode is CommissionMode.TAKE or not table.payouts.banker_commission:
        assert not marks


@NO_DB
@given(tables, roundings, seeds, seat_counts)
def test_layouts_are_deterministic_within_limits_and_stacked_from_chips(table_key, rounding, seed, seats):
    table = TABLES[table_key]
    layout = deal_layout(random.Random(seed), seats=seats, table=table, rounding=rounding)
    assert layout == deal_layout(random.Random(seed), seats=seats, table=table, rounding=rounding)
    assert Layout.from_dict(layout.to_dict()) == layout
    assert len(layout.seats) == seats
    assert list(layout.seat_numbers) == sorted(set(layout.seat_numbers))
    assert all(1 <= number <= 7 for number in layout.seat_numbers)
    keys = [bet.key for bet in layout.bets]
    assert "player" in keys and "banker" in keys
    for bet in layout.bets:
        low, high = bet.spec.limits or (Decimal(5), Decimal(100))
        assert low <= bet.amount <= high
        assert table.offers(bet.key)
        assert all(chip in BET_DENOMINATIONS for chip in bet.chips)
        assert chips_total(bet.chips) == bet.amount
        assert list(bet.chips) == sorted(bet.chips, reverse=True)
        assert len(bet.chips) <= 20
        if bet.key == "banker" and table.payouts.banker_commission and rounding is Rounding.EXACT:
            assert bet.amount % 5 == 0
    for seat in layout.seats:
        mains = [bet.key for bet in seat.bets if not bet.is_side_bet]
        assert mains == [key for key in ("player", "banker", "tie") if key in mains]


@NO_DB
@given(tables, roundings, seeds, st.integers(2, 12))
def test_the_box_over_a_shoe_holds_the_sum_of_the_commissions_marked(table_key, rounding, seed, rounds):
    """Players come and go: a leaver's square is settled; at the shoe's end the rest; nothing lost."""
    table = TABLES[table_key]
    rng = random.Random(seed)
    shoe = Shoe.shuffled(table.decks, rng=rng)
    box = CommissionBox()
    marked = Decimal("0.00")
    settled = Decimal("0.00")
    seats = tuple(sorted(rng.sample(range(1, 8), rng.randint(3, 7))))
    for _ in range(rounds):
        layout = deal_layout(rng, seats=len(seats), table=table, rounding=rounding, seat_numbers=seats)
        round_ = DealerRound(layout, table, CommissionMode.BOX, rounding, box=box)
        play_right(round_, shoe)
        marked += sum((item.commission for item in round_.items if item.marked), Decimal("0.00"))
        assert box.total + settled == marked
        change = next_seats(rng, seats, leave=0.3, join=0.3)
        for seat in change.leaving:
            owed = box.owed(seat)
            assert box.collect(Collect(seat, owed)).ok if owed else box.settle_seat(seat) == 0
            settled += owed
        assert not set(box.owing()) & set(change.leaving)
        seats = change.seats
    assert sum(box.settle_shoe().values(), Decimal("0.00")) + settled == marked
    assert box.total == 0
    if not table.payouts.banker_commission:
        assert marked == 0


@NO_DB
@given(tables, modes, seeds)
def test_a_wrong_action_changes_nothing_and_is_answered_with_the_right_one(table_key, mode, seed):
    """Before each right action, a wrong one of another kind: it is refused, the round goes on the same."""
    table = TABLES[table_key]
    rng = random.Random(seed)
    layout = deal_layout(rng, seats=3, table=table)
    shoe = Shoe.shuffled(table.decks, rng=rng)
    round_ = DealerRound(layout, table, mode)
    wrongs = [Stand(), Deal(rng.choice(("player", "banker"))), Take(1, "tie"), Mark(2, Decimal("1"))]
    while not round_.is_done:
        right = round_.expected()
        assert right is not None
        wrong = rng.choice(wrongs)
        if wrong != right:
            before = (round_.coup.cards_dealt, round_.expected(), round_.box.total)
            verdict = round_.act(wrong, draw=shoe.draw)
            if not verdict.ok:
                assert verdict.error is not None and verdict.rule is not None
                # A mark tried before its pay, for a wrong amount, is answered with the right mark.
                premark = isinstance(wrong, Mark) and isinstance(verdict.right, Mark)
                assert verdict.right == right or premark
                assert (round_.coup.cards_dealt, round_.expected(), round_.box.total) == before
        if round_.is_done:
            break
        right = round_.expected()
        assert right is not None
        if isinstance(right, Call):
            assert right.option in round_.call_options(random.Random(seed))
        assert round_.act(right, draw=shoe.draw).ok
