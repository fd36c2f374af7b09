"""Nothing sent to the browser reveals an undealt card.

The strongest check we can make: at every point of a whole shoe, shuffle the
cards not yet dealt (keeping the position) and ask again. If every page,
fragment and header is the same whatever order the undealt cards are in, no
response can carry anything about that order.
"""

import random
import re
from decimal import Decimal
from http import HTTPStatus

from django.urls import reverse

from baccarat import Shoe
from table.models import Round, Seat
from tests.factories import SeatFactory
from tests.support import HX

_TOKEN = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+')


def _visible(response):
    headers = {key: value for key, value in response.headers.items() if key.lower() != "set-cookie"}
    return _TOKEN.sub(r"\1…", response.content.decode()), headers


def _reshuffle_undealt(seat, rng):
    """Shuffle every card nobody has seen: the undealt ones and the burned ones, face down at the start."""
    state = Seat.objects.get(pk=seat.pk).shoe_state
    shoe = Shoe.loads(state)
    head, cards = state.rsplit(".", 1)
    burn = shoe.burned
    secret = [*range(1, 1 + burn.burned), *range(shoe.position, len(cards))] if burn else []
    secret = secret or list(range(shoe.position, len(cards)))
    chars = list(cards)
    moved = [chars[index] for index in secret]
    rng.shuffle(moved)
    for index, char in zip(secret, moved, strict=True):
        chars[index] = char
    moved_state = f"{head}.{''.join(chars)}"
    assert Shoe.loads(moved_state).burned == burn  # the turned card and the count stay: they were shown
    Seat.objects.filter(pk=seat.pk).update(shoe_state=moved_state)
    return state


def test_no_response_of_a_whole_shoe_depends_on_the_undealt_cards(client, db):
    seat = SeatFactory(preset="no-commission", starting_balance=Decimal("10000.00"))
    client.force_login(seat.user)
    rng = random.Random(2026)
    pages = 0

    number = 1
    while True:
        confirm = client.post(
            reverse("table:round-confirm"), {"round": str(number), "stake_banker": "5"}, headers=HX
        )
        assert confirm.status_code == HTTPStatus.OK
        if number > 1 and Round.objects.get(seat=seat, number=number).new_shoe:
            break
        state = Seat.objects.get(pk=seat.pk).shoe_state
        assert state not in confirm.content.decode()
        index = 0
        while Round.objects.get(seat=seat, number=number).state != Round.State.SETTLED:
            page = reverse("table:play")
            before = _visible(client.get(page))
            # The exact odds count the burned cards as unseen, so they cannot tell them either (a few
            # checks: each one works the odds out twice).
            odds_before = _visible(client.get(reverse("table:odds"))) if number <= 3 and index < 2 else None
            original = _reshuffle_undealt(seat, rng)
            assert _visible(client.get(page)) == before
            if odds_before is not None:
                assert _visible(client.get(reverse("table:odds"))) == odds_before  # the burned cards too
            Seat.objects.filter(pk=seat.pk).update(shoe_state=original)
            pages += 1
            dealt = client.post(
                reverse("table:round-deal"), {"round": str(number), "card": str(index)}, headers=HX
            )
            assert dealt.status_code == HTTPStatus.OK
            assert Seat.objects.get(pk=seat.pk).shoe_state not in dealt.content.decode()
            index += 1
        number += 1

    assert number > 40  # a whole six-deck shoe was played (about 60 coups)
    assert pages > 250  # every card of it
