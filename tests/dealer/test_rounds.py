"""A dealer-mode round through the services: every procedure error, the timing, the records."""

from decimal import Decimal

import pytest

from dealer import errors, procedure
from dealer.models import DealerRound
from dealer.playing import play_round, right_action
from dealer.selectors import session_results
from dealer.services import round_act, round_deal_next, session_open
from progress.models import DealerRecord
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def open_round(user, **options) -> DealerRound:
    session = session_open(user=user, seats=options.pop("seats", 5), preset="standard", **options)
    return session.dealer_rounds.get()


def act(user, round, **data) -> DealerRound:
    return round_act(user=user, round_id=round.pk, step=round.step, data=data)


def test_a_right_round_is_clean_timed_and_recorded(clock):
    user = UserFactory()
    round = open_round(user)
    round = play_round(user, round, pause=lambda: clock.tick("1"))
    assert round.phase == "done" and round.clean and not round.errors and not round.too_fast
    first_card = next(i for i, entry in enumerate(round.actions) if entry.get("card"))
    paying = [entry for entry in round.actions if entry["do"] in ("take", "pay", "mark")]
    expected = (len(round.actions) - first_card - 1) * 1000 if paying else None
    if expected is not None:
        assert round.duration_ms == expected - 0  # one second per action after the first card
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


def test_a_wrong_order_in_the_first_four_cards(clock):
    user = UserFactory()
    round = open_round(user)
    clock.tick("1")
    round = act(user, round, do="deal", hand="banker")
    assert round.errors == {"order": 1} and len(round.card_tokens) == 1
    assert round.actions[-1]["right"] == "player"


def test_a_stand_when_a_card_is_due_is_a_draw_error(clock):
    user = UserFactory()
    round = open_round(user)
    clock.tick("1")
    for _ in range(4):
        round = act(user, round, **right_action(round))
        clock.tick("1")
    if procedure.next_card(round.card_tokens) is None:
        round = act(user, round, do="deal", hand="player")
    else:
        round = act(user, round, do="stand")
    assert round.errors == {"draw": 1}


def test_a_wrong_call(clock):
    user = UserFactory()
    round = open_round(user)
    while round.phase == "deal":
        clock.tick("1")
        round = act(user, round, **right_action(round))
    from dealer.services.rounds import call_choices

    right = procedure.right_call(round.card_tokens)
    wrong = next(option for option in call_choices(round) if option != right)
    clock.tick("1")
    round = act(user, round, do="call", option=wrong.code)
    assert round.errors == {"call": 1} and round.phase == "settle"


def test_doubled_and_replayed_actions_are_409_and_count_nothing(clock):
    user = UserFactory()
    round = open_round(user)
    clock.tick("1")
    data = right_action(round)
    act(user, round, **data)
    with pytest.raises(errors.WrongState):
        round_act(user=user, round_id=round.pk, step=round.step, data=data)
    round.refresh_from_db()
    assert round.step == 1 and len(round.card_tokens) == 1
    with pytest.raises(errors.NotFound):
        round_act(user=UserFactory(), round_id=round.pk, step=1, data=data)
    with pytest.raises(errors.WrongState):
        round_act(user=user, round_id=round.pk, step=1, data={"do": "pay", "bet": "1-player", "amount": "5"})


def test_the_next_round_follows_a_finished_one(clock):
    user = UserFactory()
    round = play_round(user, open_round(user), pause=lambda: clock.tick("1"))
    following = round_deal_next(user=user, session_id=round.session_id)
    assert following.number == 2 and following.phase == "deal"
    assert round_deal_next(user=user, session_id=round.session_id) == following


def test_house_rounding_in_quarter_steps():
    owed = [
        procedure.commission_owed(Decimal(s), Decimal("0.05"), house_rounding=True)
        for s in ("5", "20", "21", "100")
    ]
    assert owed == [Decimal("0.25"), Decimal("1.00"), Decimal("1.25"), Decimal("5.00")]
