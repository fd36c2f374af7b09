"""The draft's undo history on its own: placing chips and taking them back, newest first."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from table import placed_chips

SPOTS = st.sampled_from(["player", "banker", "tie", "player_pair"])
CHIPS = st.sampled_from([Decimal("1"), Decimal("5"), Decimal("25"), Decimal("100")])


@given(st.lists(st.tuples(SPOTS, CHIPS), max_size=12))
def test_taking_back_every_chip_placed_leaves_the_stakes_as_they_were(placements):
    start = {"banker": Decimal("10.00")}
    stakes, history = dict(start), placed_chips.kept([], start, start)
    for spot, chip in placements:
        stakes, history = placed_chips.place(stakes, history, spot, chip)
    assert sum(stakes.values()) == Decimal("10.00") + sum(chip for _, chip in placements)
    for _ in placements:
        taken = placed_chips.take_back(stakes, history)
        assert taken is not None
        stakes, history = taken
    assert {spot: amount for spot, amount in stakes.items() if amount} == start
    assert placed_chips.take_back(stakes, history) is None


def test_a_typed_change_starts_the_history_afresh():
    saved = {"player": Decimal("5")}
    history = [["player", "5"]]
    assert placed_chips.kept(history, saved, {"player": Decimal("5")}) == history
    assert placed_chips.kept(history, saved, {"player": Decimal("7")}) == []
