"""Commission through the app: taken from the payout or marked in the box, with and without house
rounding; the box over a whole shoe (marked, carried, settled when a seat leaves and at the shoe's end)."""

import random
from decimal import Decimal

import pytest

from baccarat import Shoe
from dealer import procedure
from dealer.models import DealerRound
from dealer.playing import play_round, right_action
from dealer.services import round_act, round_deal_next, session_open
from dealer.services import rounds as dealer_rounds
from progress.models import DealerRecord
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

#: Player 2 (K 2) against Banker 8 (6 2): a Banker natural, no more cards.
BANKER_NATURAL = ["KS", "6H", "2D", "2C"]


def arranged_round(user, *, commission: str, house_rounding: bool = False, stake: str = "100") -> DealerRound:
    """A round whose shoe deals a Banker natural and whose layout is one Banker bet of ``stake`` at seat 1."""
    session = session_open(
        user=user, seats=3, preset="standard", commission=commission, house_rounding=house_rounding
    )
    session.shoe_state = Shoe.arranged(BANKER_NATURAL + ["9S"] * 20).dumps()
    session.save()
    round = session.dealer_rounds.get()
    round.layout = [{"id": "1-banker", "seat": 1, "kind": "banker", "amount": stake, "chips": [[stake, 1]]}]
    round.save()
    return round


def to_settle(user, round, clock) -> DealerRound:
    while round.phase in ("deal", "call"):
        clock.tick("1")
        round = round_act(user=user, round_id=round.pk, step=round.step, data=right_action(round))
    return round


def act(user, round, clock, **data) -> DealerRound:
    clock.tick("1")
    return round_act(user=user, round_id=round.pk, step=round.step, data=data)


@pytest.mark.parametrize(("rounding", "stake", "paid"), [(False, "100", "95.00"), (True, "21", "19.75")])
def test_taken_from_the_payout(clock, rounding, stake, paid):
    user = UserFactory()
    round = to_settle(
        user, arranged_round(user, commission="payout", house_rounding=rounding, stake=stake), clock
    )
    round = act(user, round, clock, do="pay", bet="1-banker", amount=paid)
    assert round.phase == "done" and round.clean


def test_paying_in_full_where_commission_comes_off_is_a_commission_error(clock):
    user = UserFactory()
    round = to_settle(user, arranged_round(user, commission="payout"), clock)
    round = act(user, round, clock, do="pay", bet="1-banker", amount="100")
    assert round.errors == {"commission": 1} and not round.clean


def test_a_wrong_payout_is_a_payout_error(clock):
    user = UserFactory()
    round = to_settle(user, arranged_round(user, commission="payout"), clock)
    round = act(user, round, clock, do="pay", bet="1-banker", amount="90")
    assert round.errors == {"payout": 1}
    assert round.actions[-1]["right"] == "95.00"


def test_taking_a_winner_is_a_payout_error_and_not_done(clock):
    user = UserFactory()
    round = to_settle(user, arranged_round(user, commission="payout"), clock)
    round = act(user, round, clock, do="take", bet="1-banker")
    assert round.errors == {"payout": 1} and round.phase == "settle"


def test_in_the_box_pay_in_full_then_mark(clock):
    user = UserFactory()
    round = to_settle(user, arranged_round(user, commission="box"), clock)
    round = act(user, round, clock, do="pay", bet="1-banker", amount="100")
    assert round.phase == "settle" and not round.errors  # the mark is still to come
    round = act(user, round, clock, do="mark", seat="1", amount="5")
    assert round.phase in ("done", "collect") and not round.errors
    round.session.refresh_from_db()
    assert round.session.box.get("1") in ("5.00", None)  # None only if seat 1 left and was collected


def test_in_the_box_deducting_or_marking_wrong_is_a_commission_error(clock):
    user = UserFactory()
    round = to_settle(user, arranged_round(user, commission="box"), clock)
    round = act(user, round, clock, do="pay", bet="1-banker", amount="95")
    round = act(user, round, clock, do="mark", seat="1", amount="4")
    assert round.errors == {"commission": 2}


def test_a_mark_where_commission_comes_off_is_a_commission_error(clock):
    user = UserFactory()
    round = to_settle(user, arranged_round(user, commission="payout"), clock)
    round = act(user, round, clock, do="mark", seat="1", amount="5")
    assert round.errors == {"commission": 1}


def banker_commission(round: DealerRound, rounding: bool) -> dict[str, Decimal]:
    owed: dict[str, Decimal] = {}
    for due in dealer_rounds.round_dues(round):
        if due.commission:
            owed[str(due.seat)] = owed.get(str(due.seat), Decimal(0)) + due.commission
            assert due.commission == procedure.commission_owed(
                due.stake, Decimal("0.05"), house_rounding=rounding
            )
    return owed


@pytest.mark.parametrize("rounding", [False, True])
def test_the_box_over_a_whole_shoe(clock, monkeypatch, rounding):
    """A one-deck shoe: every Banker commission is marked, carried from round to round, collected when
    a seat leaves, and every square left is collected at the shoe's end; the box is then empty."""
    monkeypatch.setattr(dealer_rounds, "LEAVE_CHANCE", 0.2)
    user = UserFactory()
    session = session_open(user=user, seats=4, preset="standard", commission="box", house_rounding=rounding)
    session.shoe_state = Shoe.shuffled(1, rng=random.Random(5)).dumps()
    session.save()
    round = session.dealer_rounds.get()
    expected: dict[str, Decimal] = {}
    left_collected = shoe_end_collected = 0
    while True:
        round = to_settle(user, round, clock)
        for seat, amount in banker_commission(round, rounding).items():
            expected[seat] = expected.get(seat, Decimal(0)) + amount
        while round.phase == "settle":
            clock.tick("1")
            round = round_act(user=user, round_id=round.pk, step=round.step, data=right_action(round))
        round.session.refresh_from_db()
        shoe_over = Shoe.loads(round.session.shoe_state).finished
        for seat, amount in round.collect.items():
            assert Decimal(amount) == expected.pop(seat)
            if shoe_over:
                shoe_end_collected += 1
            else:
                left_collected += 1
        if round.collect:
            round = play_round(user, round, pause=lambda: clock.tick("1"))
        session = round.session
        session.refresh_from_db()
        assert {seat: Decimal(value) for seat, value in session.box.items()} == expected
        if shoe_over:
            break
        round = round_deal_next(user=user, session_id=session.pk)
    assert session.box == {} and expected == {}
    assert left_collected >= 1 and shoe_end_collected >= 1
    assert DealerRecord.objects.filter(user=user, clean=True).count() == session.dealer_rounds.count()
