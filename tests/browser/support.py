"""What the browser tests share besides fixtures: sizes, names, waiting for htmx, and a dealer."""

from __future__ import annotations

import re

from table import playing

#: The two widths every journey is photographed at; the phone is also the width nothing may exceed.
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 800}

#: The Deal button's accessible name ("Deal card 3 to Player"), on the table and in lesson examples.
DEAL = re.compile(r"^Deal card \d+ to (Player|Banker)$")

#: htmx marks what it is requesting, swapping and settling; new content is processed (its forms
#: taken over, its autofocus applied) only when the marks are gone. A key pressed before that
#: would post the form without htmx.
_HTMX_IDLE = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"


def htmx_settled(page) -> None:
    """Wait until htmx has answered, swapped and settled (never a fixed sleep)."""
    page.wait_for_function(_HTMX_IDLE)


def lesson_loaded(page) -> None:
    """Wait until a learner's lesson page has opened its worked examples (htmx posts for each on load,
    one after another) and htmx is idle: a click before that could race the posts still queued."""
    page.wait_for_function("() => !document.querySelector(\"form[action$='/open/']\")")
    htmx_settled(page)


def htmx_click(page, locator) -> None:
    """Click an htmx control and wait for its answer to be swapped in and settled."""
    locator.click()
    htmx_settled(page)


def htmx_press(page, key: str = "Enter") -> None:
    """Press a key on the focused htmx control and wait for its answer to be swapped in and settled."""
    page.keyboard.press(key)
    htmx_settled(page)


class Dealer:
    """Plays practice-table rounds through the services (``table.playing``): a quick way to open a
    page in a given state.

    In coach mode, a pending draws/stands call is answered right before the next card is dealt;
    the settlement call is answered only by ``answer_settlement`` or ``play`` (so a test can stop
    at that question).
    """

    def confirm(self, seat, **stakes: int):
        return playing.round_confirm(seat, stakes)

    def deal(self, seat, cards: int):
        """Deal ``cards`` more cards of the round in play."""
        return playing.cards_deal(seat, cards)

    def answer_settlement(self, seat):
        return playing.settlement_call(seat)

    def play(self, seat, **stakes: int):
        """A whole round: confirm, deal until it is settled, answer every call of the coach."""
        return playing.round_play(seat, stakes)
