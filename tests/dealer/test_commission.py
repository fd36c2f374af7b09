"""Commission through the app, checked by the engine: taken from the payout or marked in the box, with
and without house rounding; the box over a whole shoe (marked, carried, settled when a seat leaves
and at the shoe's end)."""

import random
from decimal import Decimal

import pytest

from baccarat import Shoe
from baccarat.dealer import CommissionBox
from dealer.models import DealerRound
from dealer.playing import play_round, right_action
from dealer.services import round_act, round_deal_next, session_open
from dealer.services import rounds as dealer_rounds
from progress.models import DealerRecord
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

#: Player 2 (K 2) against Banker 8 (6 2): a Banker natural, no more cards.
BANKER_NATURAL = ["KS", "6H", "2D", "2C"]


def arranged_round(user, *, commission: str, house_rounding: bool = False, chips=("100",)) -> DealerRound:
    """A Banker natural, with one Banker bet at seat 1 and a Player bet at seat 2 (the engine's layouts
    carry both)."""
    session = session_open(
        user=user, seats=3, preset="standard", commission=commission, house_rounding=house_rounding
    )
    session.shoe_state = Shoe.arranged(BANKER_NATURAL + ["9S"] * 20).dumps()
    session.save()
    round = session.dealer_rounds.get()
    round.layout = {
        "seats": [
            {"seat": 1, "bets": [{"bet": "banker", "chips": list(chips)}]},
            {"seat": 2, "bets": [{"bet": "player", "chips": ["5"]}]},
            {"seat": 3, "bets": [{"bet": "player", "chips": ["5"]}]},
        ]
    }
    round.save()
    return DealerRound.objects.select_related("session").get(pk=round.pk)


def act(user, round, clock, **data) -> DealerRound:
    clock.tick("1.5")
    return round_act(user=user, round_id=round.pk, step=round.step, data=data)


def to_banker_pay(user, round, clock) -> DealerRound:
    """Deal, call, and take the two Player bets: the Banker payout is next."""
    while round.phase != "settle" or right_action(round)["do"] == "take":
        round = act(user, round, clock, **right_action(round))
    return round


@pytest.mark.parametrize(
    ("rounding", "chips", "paid"), [(False, ("100",), "95"), (True, ("5", "5", "5", "5", "1"), "19.75")]
)
def test_taken_from_the_payout(clock, rounding, chips, paid):
    user = UserFactory()
    round = to_banker_pay(
        user, arranged_round(user, commission="payout", house_rounding=rounding, chips=chips), clock
    )
    round = act(user, round, clock, do="pay", bet="1-banker", amount=paid)
    assert round.phase in ("done", "collect") and round.clean


def test_paying_in_full_where_commission_comes_off_is_a_commission_error(clock):
    user = UserFactory()
    round = to_banker_pay(user, arranged_round(user, commission="payout"), clock)
    round = act(user, round, clock, do="pay", bet="1-banker", amount="100")
    assert round.errors == {"commission": 1} and round.actions[-1]["rule"] == "commission_taken"
    assert round.actions[-1]["right"]["amount"] == "95.00"


def test_a_wrong_payout_is_a_payout_error(clock):
    user = UserFactory()
    round = to_banker_pay(user, arranged_round(user, commission="payout"), clock)
    round = act(user, round, clock, do="pay", bet="1-banker", amount="90")
    assert set(round.errors) <= {"payout", "commission"} and sum(round.errors.values()) == 1


def test_in_the_box_pay_in_full_then_mark(clock):
    user = UserFactory()
    round = to_banker_pay(user, arranged_round(user, commission="box"), clock)
    round = act(user, round, clock, do="pay", bet="1-banker", amount="100")
    assert round.phase == "settle" and not round.errors  # the mark is still to come
    round = act(user, round, clock, do="mark", seat="1", amount="5")
    assert round.phase in ("done", "collect") and not round.errors
    round.session.refresh_from_db()
    owed = CommissionBox.from_dict(round.session.box).owed(1)
    assert owed == Decimal("5.00") or round.collect == {"1": "5.00"}


def test_in_the_box_deducting_or_marking_wrong_is_a_commission_error(clock):
    user = UserFactory()
    round = to_banker_pay(user, arranged_round(user, commission="box"), clock)
    round = act(user, round, clock, do="pay", bet="1-banker", amount="95")
    assert round.errors == {"commission": 1}
    round = act(user, round, clock, do="pay", bet="1-banker", amount="100")
    round = act(user, round, clock, do="mark", seat="1", amount="4")
    assert round.errors == {"commission": 2}


def test_the_box_with_house_rounding_marks_quarters(clock):
    user = UserFactory()
    round = to_banker_pay(
        user,
        arranged_round(user, commission="box", house_rounding=True, chips=("5", "5", "5", "5", "1")),
        clock,
    )
    round = act(user, round, clock, do="pay", bet="1-banker", amount="21")
    round = act(user, round, clock, do="mark", seat="1", amount="1.25")
    assert not round.errors


@pytest.mark.parametrize("rounding", [False, True])
def test_the_box_over_a_whole_shoe(clock, monkeypatch, rounding):
    """A one-deck shoe: every Banker commission is marked and carried from round to round, a square is
    collected when its seat leaves, and every square left at the shoe's end; the box is then empty."""
    monkeypatch.setattr(dealer_rounds, "LEAVE_CHANCE", 0.3)
    user = UserFactory()
    session = session_open(user=user, seats=4, preset="standard", commission="box", house_rounding=rounding)
    session.shoe_state = Shoe.shuffled(1, rng=random.Random(5)).dumps()
    session.save()
    round = session.dealer_rounds.get()
    left_collected = shoe_end_collected = 0
    marked_total = collected_total = Decimal(0)
    while True:
        while round.phase not in ("collect", "done"):
            data = right_action(round)
            if data["do"] == "mark":
                marked_total += Decimal(data["amount"])
            round = act(user, round, clock, **data)
        round.session.refresh_from_db()
        shoe_over = Shoe.loads(round.session.shoe_state).finished
        box_before_collect = CommissionBox.from_dict(round.session.box)
        for seat, amount in round.collect.items():
            assert box_before_collect.owed(int(seat)) == Decimal(amount)
            collected_total += Decimal(amount)
            if shoe_over:
                shoe_end_collected += 1
            else:
                left_collected += 1
        if round.collect:
            seat = next(iter(round.collect))
            wrong = act(user, round, clock, do="collect", seat=seat, amount="0.01")
            assert wrong.errors.get("commission") == 1 and seat in wrong.collect  # nothing collected
            round = play_round(user, wrong, pause=lambda: clock.tick("1.5"))
        session.refresh_from_db()
        if shoe_over:
            break
        round = round_deal_next(user=user, session_id=session.pk)
    assert CommissionBox.from_dict(session.box).owing() == {}
    assert marked_total == collected_total and marked_total > 0
    assert left_collected >= 1 and shoe_end_collected >= 1
    assert DealerRecord.objects.filter(user=user).count() == session.dealer_rounds.count()
