"""A dealer-mode round through the services, checked by the engine: each procedure error, the timing,
the machine-speed floor, the records."""

from decimal import Decimal

import pytest

from baccarat import Shoe
from dealer import errors
from dealer.engine import engine_round
from dealer.models import DealerRound
from dealer.playing import play_round, right_action
from dealer.selectors import session_results
from dealer.services import round_act, round_deal_next, session_open
from progress.models import DealerRecord
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

#: Player 5 (2 3) against Banker 4 (4 K): Player draws; an 8 makes Player 3; Banker 4 on a third 8
#: stands (the Banker table). Banker wins, 4 over 3.
PLAYER_DRAWS = ["2S", "4H", "3D", "KC", "8S"]


def open_round(user, *, cards=None, bets=None, **options) -> DealerRound:
    session = session_open(user=user, seats=options.pop("seats", 3), preset="standard", **options)
    round = session.dealer_rounds.get()
    if cards is not None:
        session.shoe_state = Shoe.arranged(cards + ["9S"] * 20).dumps()
        session.save()
    if bets is not None:
        round.layout = {
            "seats": [{"seat": seat, "bets": [{"bet": key, "chips": chips}]} for seat, key, chips in bets]
        }
        round.save()
    return DealerRound.objects.select_related("session").get(pk=round.pk)


def act(user, round, clock, **data) -> DealerRound:
    clock.tick("1.5")
    return round_act(user=user, round_id=round.pk, step=round.step, data=data)


def right(user, round, clock, count=1) -> DealerRound:
    for _ in range(count):
        round = act(user, round, clock, **right_action(round))
    return round


THREE_BETS = [(1, "player", ["25"]), (2, "banker", ["25", "5"]), (3, "tie", ["5"])]


def test_a_right_round_is_clean_timed_and_recorded(clock):
    user = UserFactory()
    round = play_round(user, open_round(user), pause=lambda: clock.tick("1.5"))
    assert round.phase == "done" and round.clean and not round.errors and not round.too_fast
    first_card = next(index for index, entry in enumerate(round.actions) if entry["card"])
    last_settle = max(
        index for index, entry in enumerate(round.actions) if entry["action"]["action"] != "collect"
    )
    assert round.duration_ms == (last_settle - first_card) * 1500
    record = DealerRecord.objects.get(user=user)
    assert record.clean and record.duration_ms == round.duration_ms and record.round_key == round.pk
    [result] = session_results(round.session)
    assert result.clean and result.duration_ms == round.duration_ms


def test_actions_at_machine_speed_flag_the_round(clock):
    user = UserFactory()
    round = play_round(user, open_round(user), pause=lambda: clock.tick("0.05"))
    assert round.too_fast and not round.clean
    record = DealerRecord.objects.get(user=user)
    assert record.too_fast and not record.clean


def test_a_card_to_the_wrong_hand_is_an_order_error_and_deals_nothing(clock):
    user = UserFactory()
    round = open_round(user, cards=PLAYER_DRAWS, bets=THREE_BETS)
    round = act(user, round, clock, do="deal", hand="banker")
    assert round.errors == {"order": 1} and round.cards == ""
    assert round.actions[-1]["rule"] == "deal_order" and round.actions[-1]["right"] == {
        "action": "deal",
        "hand": "player",
    }
    round = right(user, round, clock)
    assert round.cards == "2S"


def test_a_stand_when_a_card_is_due_is_a_draw_error(clock):
    user = UserFactory()
    round = open_round(user, cards=PLAYER_DRAWS, bets=THREE_BETS)
    round = right(user, round, clock, 5)  # four cards and the opening call
    round = act(user, round, clock, do="stand")
    assert round.errors == {"draw": 1} and round.actions[-1]["rule"] == "player_draws"


def test_a_card_the_rules_forbid_is_a_draw_error(clock):
    user = UserFactory()
    round = open_round(user, cards=PLAYER_DRAWS, bets=THREE_BETS)
    round = right(user, round, clock, 6)  # four cards, the call, Player's third
    round = act(user, round, clock, do="deal", hand="banker")
    assert round.errors == {"draw": 1} and round.actions[-1]["rule"] == "banker_table"


def test_a_wrong_call(clock):
    user = UserFactory()
    round = open_round(user, cards=PLAYER_DRAWS, bets=THREE_BETS)
    round = right(user, round, clock, 4)
    assert round.phase == "call"
    round = act(user, round, clock, do="call", option="player_draws:4:5")  # the totals swapped
    assert round.errors == {"call": 1} and round.phase == "call"


def test_paying_before_taking_is_a_take_pay_order_error(clock):
    user = UserFactory()
    round = open_round(user, cards=PLAYER_DRAWS, bets=THREE_BETS)
    while round.phase != "settle":
        round = right(user, round, clock)
    round = act(user, round, clock, do="pay", bet="2-banker", amount="28.50")
    assert round.errors == {"take_pay_order": 1}


def test_a_wrong_payout_and_a_winner_taken_are_payout_errors(clock):
    user = UserFactory()
    round = open_round(user, cards=PLAYER_DRAWS, bets=THREE_BETS)
    while round.phase != "settle":
        round = right(user, round, clock)
    round = right(user, round, clock, 2)  # the two losers taken
    round = act(user, round, clock, do="take", bet="2-banker")
    round = act(user, round, clock, do="pay", bet="2-banker", amount="30")
    assert round.errors == {"payout": 1, "commission": 1} or round.errors == {"payout": 2}
    round = act(user, round, clock, do="pay", bet="2-banker", amount="28.50")
    assert round.phase == "done" and not round.clean


def test_doubled_and_replayed_actions_are_409_and_count_nothing(clock):
    user = UserFactory()
    round = open_round(user)
    clock.tick("1")
    data = right_action(round)
    round_act(user=user, round_id=round.pk, step=round.step, data=data)
    with pytest.raises(errors.WrongState):
        round_act(user=user, round_id=round.pk, step=round.step, data=data)
    round.refresh_from_db()
    assert round.step == 1 and len(round.card_tokens) == 1
    with pytest.raises(errors.NotFound):
        round_act(user=UserFactory(), round_id=round.pk, step=1, data=data)


def test_the_next_round_follows_a_finished_one(clock):
    user = UserFactory()
    round = play_round(user, open_round(user), pause=lambda: clock.tick("1.5"))
    following = round_deal_next(user=user, session_id=round.session_id)
    assert following.number == 2 and following.phase == "deal"
    assert round_deal_next(user=user, session_id=round.session_id) == following
    assert engine_round(following).expected().to_dict() == {"action": "deal", "hand": "player"}


def test_an_audition_session_stops_at_its_rounds(clock):
    user = UserFactory()
    session = session_open(
        user=user, seats=3, preset="standard", purpose="audition", rounds=1, done_url="/a/"
    )
    play_round(user, session.dealer_rounds.get(), pause=lambda: clock.tick("1.5"))
    with pytest.raises(errors.WrongState):
        round_deal_next(user=user, session_id=session.pk)
    assert Decimal(len(session_results(session))) == 1
