"""What the browser tests share besides fixtures: sizes, names, waiting for htmx, and a dealer."""

from __future__ import annotations

import re
from decimal import Decimal

from baccarat import Bet, BetKind, Coup
from table import coach, services
from table.models import Round, Seat

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


def htmx_click(page, locator) -> None:
    """Click an htmx control and wait for its answer to be swapped in and settled."""
    locator.click()
    htmx_settled(page)


def htmx_press(page, key: str = "Enter") -> None:
    """Press a key on the focused htmx control and wait for its answer to be swapped in and settled."""
    page.keyboard.press(key)
    htmx_settled(page)


class Dealer:
    """Plays practice-table rounds through the services: a quick way to open a page in a given state.

    In coach mode, a pending draws/stands call is answered right before the next card is dealt;
    the settlement call is answered only by ``answer_settlement`` or ``play`` (so a test can stop
    at that question).
    """

    def confirm(self, seat, **stakes: int):
        bets = [Bet(BetKind(kind), Decimal(amount)) for kind, amount in stakes.items()]
        return services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets)

    def deal(self, seat, cards: int):
        """Deal ``cards`` more cards of the round in play."""
        for _ in range(cards):
            round = self._latest(seat)
            question = self._question(seat, round)
            if question is not None and question.key != coach.SETTLEMENT:
                self._answer(seat, round, question)
            services.round_deal(
                user=seat.user,
                seat_id=seat.pk,
                round_number=round.number,
                expected_index=len(round.card_tokens),
            )
        return self._latest(seat)

    def answer_settlement(self, seat):
        round = self._latest(seat)
        question = self._question(seat, round)
        assert question is not None and question.key == coach.SETTLEMENT, question
        self._answer(seat, round, question)
        return self._latest(seat)

    def play(self, seat, **stakes: int):
        """A whole round: confirm, deal until it is settled, answer every call of the coach."""
        self.confirm(seat, **stakes)
        while True:
            round = self._latest(seat)
            question = self._question(seat, round)
            if question is not None:
                self._answer(seat, round, question)
            elif round.state == Round.State.SETTLED:
                return round
            else:
                self.deal(seat, 1)

    @staticmethod
    def _answer(seat, round, question) -> None:
        """The right answer to the coach's question."""
        if question.key == coach.SETTLEMENT:
            amounts = {bet.kind: str(bet.returned_total) for bet in round.bets.all()}
            services.round_call(
                user=seat.user,
                seat_id=seat.pk,
                round_number=round.number,
                question=question.key,
                amounts=amounts,
            )
            return
        draws_right, _ = coach.grade_draw(question, coach.DRAWS)
        answer = coach.DRAWS if draws_right else coach.STANDS
        services.round_call(
            user=seat.user, seat_id=seat.pk, round_number=round.number, question=question.key, answer=answer
        )

    @staticmethod
    def _latest(seat):
        return Round.objects.filter(seat=seat).order_by("-number").first()

    @staticmethod
    def _question(seat, round):
        if round is None or not Seat.objects.get(pk=seat.pk).coach_mode:
            return None
        return coach.pending(Coup.replay(round.card_tokens) if round.cards else None, round.calls)
