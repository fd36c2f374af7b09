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

from table.engine import Shoe
from table.models import Round, Seat
from tests.factories import SeatFactory

HX = {"HX-Request": "true"}
_TOKEN = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+')


def _visible(response):
    headers = {key: value for key, value in response.headers.items() if key.lower() != "set-cookie"}
    return _TOKEN.sub(r"\1…", response.content.decode()), headers


def _reshuffle_undealt(seat, rng):
    state = Seat.objects.get(pk=seat.pk).shoe_state
    shoe, rest = Shoe.loads(state), Shoe.loads(state)
    undealt = [rest.draw() for _ in range(rest.remaining)]
    rng.shuffle(undealt)
    dealt = [undealt[0]] * shoe.position  # never read again: the position is past them
    moved = Shoe([*dealt, *undealt], position=shoe.position, cut=shoe.cut, decks=shoe.decks)
    Seat.objects.filter(pk=seat.pk).update(shoe_state=moved.dumps())
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
            original = _reshuffle_undealt(seat, rng)
            assert _visible(client.get(page)) == before
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
