"""A coached round left without its settlement call behind later rounds (the server once took the
next bets while the call was pending): only the seat's latest round can await a call, so such an old
round neither blocks the seat nor stays hidden from the history."""

import re
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.urls import reverse

from baccarat import Bet, BetKind
from table import errors, playing, selectors, services
from table.models import Round, Seat
from tests.factories import SeatFactory, arrange_shoe

#: Player 2 + 3 = 5 against Banker's natural 8, twice: each coup is over after four cards.
TWO_COUPS = "2 4 3 4 2 4 3 4"


def play(seat, stake):
    round = playing.round_play(seat, {"player": stake})
    assert len(round.card_tokens) == 4
    return round


@pytest.fixture
def seat(db):
    """Rounds 1 and 2 settled, 96 chips lost (4 left, below the minimum); round 1 coached and still
    without its settlement call."""
    seat = SeatFactory()
    arrange_shoe(seat, TWO_COUPS)
    play(seat, "10")
    play(seat, "86")
    Round.objects.filter(seat=seat, number=1).update(coached=True, calls={})  # as the old server left it
    return Seat.objects.get(pk=seat.pk)


def test_an_old_round_without_its_call_does_not_block_the_next_bets(seat):
    round = services.round_draft(
        user=seat.user, seat_id=seat.pk, bets=[Bet(BetKind.PLAYER, Decimal("4"))], round_number=3
    )

    assert (round.number, round.state) == (3, Round.State.BETTING)


def test_an_old_round_without_its_call_does_not_block_a_restart_or_a_change_of_table(seat):
    services.seat_choose_preset(user=seat.user, seat_id=seat.pk, preset="no-commission")
    services.balance_reset(user=seat.user, seat_id=seat.pk)

    assert Seat.objects.get(pk=seat.pk).balance == Decimal("100.00")


def test_an_old_round_without_its_call_shows_in_the_history(client, seat):
    client.force_login(seat.user)

    page = client.get(reverse("table:results")).content.decode()

    assert [round.number for round in selectors.recent_rounds(seat)] == [2, 1]
    assert not selectors.awaiting_call(seat)
    assert "waiting for your call" not in page
    assert page.count('class="bead banker"') == 2


def test_the_call_on_an_old_round_is_no_longer_asked(seat):
    with pytest.raises(errors.WrongState, match=re.escape(str(errors.NO_QUESTION))):
        services.round_call(
            user=seat.user, seat_id=seat.pk, round_number=1, question="settlement", amounts={"player": "0"}
        )

    assert Round.objects.get(seat=seat, number=1).calls == {}


def test_while_the_latest_round_awaits_its_call_it_is_still_the_round_in_play(client, seat):
    Round.objects.filter(seat=seat, number=2).update(coached=True, calls={})
    client.force_login(seat.user)

    with pytest.raises(errors.WrongState, match=re.escape(str(errors.STALE_ROUND))):
        services.round_draft(
            user=seat.user, seat_id=seat.pk, bets=[Bet(BetKind.PLAYER, Decimal("4"))], round_number=3
        )
    with pytest.raises(errors.WrongState, match=re.escape(str(errors.ROUND_IN_PLAY))):
        services.balance_reset(user=seat.user, seat_id=seat.pk)
    page = client.get(reverse("table:results"))

    assert page.status_code == HTTPStatus.OK and "waiting for your call" in page.content.decode()
    assert selectors.awaiting_call(seat)
    assert [round.number for round in selectors.recent_rounds(seat)] == [1]
    assert not Round.objects.filter(seat=seat, number=3).exists()
