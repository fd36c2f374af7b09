"""Coach mode in the browser: a pending Banker call looks the same whether the coup goes on or is over.

Two learners play the same clicks on two arranged shoes: Banker 4 draws on Player's third card 7 (the
coup goes on) and stands on an 8 (the coup is over on the server). At the Banker call, the page as
htmx left it, and as a reload draws it, must be the same but for the cards.
"""

from __future__ import annotations

import re
from decimal import Decimal

from django.urls import reverse

from baccarat import Bet, BetKind
from table import services
from tests.browser.support import DEAL, htmx_click
from tests.factories import SeatFactory, arrange_shoe
from tests.table.test_pending_call import masked

#: What the learner sees and what the scripts of the page can read: the panel, the scoreboards beside
#: it, the live region, the title.
PARTS = ("#table-panel", "#table-roads", "#table-panel-live")


def _seen(page) -> dict[str, str]:
    parts = {
        selector: masked(page.locator(selector).evaluate("node => node.outerHTML")) for selector in PARTS
    }
    return {**parts, "title": page.title(), "text": masked(page.locator("main").inner_text())}


def _to_the_banker_call(page, live_server, log_in, cards: str) -> None:
    seat = SeatFactory(coach_mode=True, starting_balance=Decimal("14.00"))
    arrange_shoe(seat, cards)
    services.round_confirm(user=seat.user, seat_id=seat.pk, bets=[Bet(BetKind.PLAYER, Decimal(10))])
    log_in(page.context, seat.user)
    page.goto(reverse("table:play"))
    for _ in range(4):
        htmx_click(page, page.get_by_role("button", name=DEAL))
    htmx_click(page, page.get_by_role("button", name="Draws"))
    htmx_click(page, page.get_by_role("button", name=DEAL))
    assert page.get_by_text(re.compile(r"Does Banker draw\?")).is_visible()


def test_a_pending_banker_call_looks_the_same_whether_the_coup_goes_on_or_is_over(
    new_context, live_server, log_in, snap
):
    pages = {}
    for case, cards in (("goes-on", "2 2 3 2 7"), ("over", "2 2 3 2 8")):
        page = new_context().new_page()
        _to_the_banker_call(page, live_server, log_in, cards)
        snap(page, f"pending-call-banker-{case}")
        pages[case] = page

    assert _seen(pages["goes-on"]) == _seen(pages["over"])  # as htmx left them
    for page in pages.values():
        page.reload()
    assert _seen(pages["goes-on"]) == _seen(pages["over"])  # as the server draws them afresh

    # The same question in German, for the screenshots.
    over = pages["over"]
    over.context.add_cookies([{"name": "language", "value": "de", "url": live_server.url}])
    over.reload()
    assert over.get_by_text("Zieht die Bank?").count() == 1
    snap(over, "pending-call-banker-over-de")
