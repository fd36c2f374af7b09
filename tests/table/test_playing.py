"""``table.playing``: rounds played through the services, and the table's injectable shuffle."""

import random
from decimal import Decimal

from table import playing, services, shuffle
from table.models import Round, Seat
from tests.factories import SeatFactory

#: Player 4 + 4 = 8 (a natural) against Banker 2 + 3 = 5.
PLAYER_NATURAL = "4 2 4 3"
#: Player 5 + K = 5 draws an 8 (3); Banker 3 + J = 3 stands against an 8: a tie.
TIE_THREES = "5 3 K J 8"


def test_a_round_played_with_stakes_by_kind_is_settled_and_paid_through_the_ledger(db, verify_ledgers):
    seat = SeatFactory()

    round = playing.round_play(seat, {"player": 10, "tie": 5}, cards=PLAYER_NATURAL)

    assert (round.state, round.winner, round.card_tokens) == (
        Round.State.SETTLED,
        "player",
        PLAYER_NATURAL.split(),
    )
    assert Seat.objects.get(pk=seat.pk).balance == Decimal("105.00")


def test_a_coached_round_asks_its_calls_and_takes_the_wrong_answers_it_is_given(db, verify_ledgers):
    seat = SeatFactory(coach_mode=True, cards=TIE_THREES)
    answers = iter([True, False, False])

    round = playing.round_play(seat, {"banker": 10}, right=lambda: next(answers))

    assert round.state == Round.State.SETTLED and round.winner == "tie"
    # The calls by key: PostgreSQL's jsonb keeps no key order.
    assert {key: call["correct"] for key, call in round.calls.items()} == {
        "player_draw": True,
        "banker_draw": False,
        "settlement": False,
    }


def test_dealing_stops_at_the_settlement_question_until_it_is_answered(db):
    seat = SeatFactory(coach_mode=True, cards=PLAYER_NATURAL)
    playing.round_confirm(seat, {"player": 10})

    dealt = playing.cards_deal(seat, 4)

    assert playing.question_pending(dealt).key == "settlement"
    assert playing.question_pending(playing.settlement_call(seat)) is None


def test_the_table_shuffles_its_new_shoes_from_the_injected_source(db, monkeypatch):
    shoes = []
    for _ in range(2):
        monkeypatch.setattr(shuffle, "SOURCE", lambda: random.Random(5))
        seat = SeatFactory()
        services.round_confirm(user=seat.user, seat_id=seat.pk, bets=playing.bets_from({"player": 10}))
        shoes.append(Seat.objects.get(pk=seat.pk).shoe_state)

    assert shoes[0] == shoes[1]  # the same seed, the same shoe


def test_production_shuffles_with_the_operating_systems_generator(monkeypatch):
    monkeypatch.undo()  # the autouse fixture's seeded source is put back after this test anyway
    assert isinstance(shuffle.rng(), random.SystemRandom)
