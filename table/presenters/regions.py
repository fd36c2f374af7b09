"""Which regions of the table a dealt card changed: the deal's htmx answer carries these alone."""

from __future__ import annotations

from table.presenters.panel import TableView

#: Every region a card can change besides the dealer's line, the card, its hand's total, the status
#: line and the live region, which every card changes.
REGIONS = frozenset(
    {
        "hand",  # the whole hand (its first card), instead of the new card appended
        "log",  # the whole log, instead of its new line appended
        "banker-row",  # the Banker table's decided row
        "banker-table-gone",  # the Banker table goes while a coach question waits
        "shoe-start-gone",  # the end of a shoe's first coup takes the shoe's notice away
        "spots",  # the spots become the next bet's form
        "bet-results",  # the bets' results come before the log
        "reset",  # a restart under the status line, when the chips ran low
        "settings",  # the table's settings come back
        "roads",  # the scoreboards gain the coup
    }
)


def changed_regions(view: TableView, *, hand_cards: int, banker_row: bool) -> frozenset[str]:
    """The regions a card changed, from the panel after it (``hand_cards``: its hand's cards now;
    ``banker_row``: a decided row of the Banker table was drawn)."""
    regions = set()
    if hand_cards == 1:
        regions.add("hand")
    if len(view.shown_narration) == 1 or (view.settled and view.round is not None and view.round.new_shoe):
        regions.add("log")
    if banker_row:
        regions.add("banker-row")
    elif view.asks_draw:
        regions.add("banker-table-gone")
    if view.settled:
        regions |= {"settings", "roads"}
        if view.round is not None and view.round.new_shoe:
            regions.add("shoe-start-gone")
        if view.placing:
            regions.add("spots")
        if view.shows_bet_results:
            regions.add("bet-results")
        if view.can_reset:
            regions.add("reset")
    return frozenset(regions)
