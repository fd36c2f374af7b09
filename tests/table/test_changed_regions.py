"""Which regions a dealt card changed (``changed_regions``), region by region, from the panel after it."""

from types import SimpleNamespace

import pytest

from table.presenters import REGIONS, changed_regions


def panel(**changes):
    """A panel mid-coup that changed nothing optional: a second card, a log of several lines."""
    fields = {
        "shown_narration": [["Player draws."], ["Banker draws."]],
        "settled": False,
        "round": SimpleNamespace(new_shoe=False),
        "asks_draw": False,
        "placing": False,
        "shows_bet_results": False,
        "can_reset": False,
    }
    fields.update(changes)
    return SimpleNamespace(**fields)


def test_a_card_mid_coup_changes_no_optional_region():
    assert changed_regions(panel(), hand_cards=2, banker_row=False) == frozenset()


@pytest.mark.parametrize(
    ("changes", "hand_cards", "banker_row", "region"),
    [
        ({}, 1, False, "hand"),
        ({"shown_narration": [["Player has 5."]]}, 2, False, "log"),
        ({}, 2, True, "banker-row"),
        ({"asks_draw": True}, 2, False, "banker-table-gone"),
        ({"settled": True, "round": SimpleNamespace(new_shoe=True)}, 2, False, "shoe-start-gone"),
        ({"settled": True, "placing": True}, 2, False, "spots"),
        ({"settled": True, "shows_bet_results": True}, 2, False, "bet-results"),
        ({"settled": True, "can_reset": True}, 2, False, "reset"),
        ({"settled": True}, 2, False, "settings"),
        ({"settled": True}, 2, False, "roads"),
    ],
)
def test_each_region_changes_when_its_card_changes_it(changes, hand_cards, banker_row, region):
    assert region in REGIONS
    assert region in changed_regions(panel(**changes), hand_cards=hand_cards, banker_row=banker_row)


def test_the_end_of_a_shoes_first_coup_redraws_the_whole_log():
    view = panel(settled=True, round=SimpleNamespace(new_shoe=True))
    assert {"log", "shoe-start-gone"} <= changed_regions(view, hand_cards=2, banker_row=False)


def test_a_decided_row_is_drawn_rather_than_the_table_taken_away():
    regions = changed_regions(panel(asks_draw=True), hand_cards=2, banker_row=True)
    assert "banker-row" in regions and "banker-table-gone" not in regions


def test_results_and_settings_wait_for_the_end_of_the_coup():
    view = panel(placing=True, shows_bet_results=True, can_reset=True, round=SimpleNamespace(new_shoe=True))
    assert (
        changed_regions(view, hand_cards=2, banker_row=False)
        & {
            "spots",
            "bet-results",
            "reset",
            "settings",
            "roads",
            "shoe-start-gone",
        }
        == frozenset()
    )
