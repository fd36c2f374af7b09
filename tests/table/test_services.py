"""The settlement service: every chip movement, through the real services."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from baccarat import Bet, BetKind, Shoe
from table import errors, playing, services
from table.bets import bet_name
from table.models import LedgerEntry, Round, Seat
from tests.factories import SeatFactory, arrange_shoe

D = Decimal


def bets(**stakes):
    return [Bet(BetKind(kind), D(amount)) for kind, amount in stakes.items()]


def play(seat, cards, **stakes):
    """Arrange the shoe, confirm the bets and deal the coup to the end; return the settled round."""
    return playing.round_play(seat, stakes, cards=cards)


def balance(seat):
    return Seat.objects.get(pk=seat.pk).balance


def test_a_new_learner_starts_with_100_chips_granted_through_the_ledger(seat):
    [grant] = LedgerEntry.objects.filter(seat=seat)

    assert seat.balance == D("100.00")
    assert (grant.kind, grant.amount, grant.balance_after) == ("grant", D("100.00"), D("100.00"))


def test_a_draft_changes_nothing_in_the_balance(seat):
    services.round_draft(user=seat.user, seat_id=seat.pk, bets=bets(player=10))

    assert balance(seat) == D("100.00")
    assert LedgerEntry.objects.filter(seat=seat).count() == 1


def test_confirming_moves_all_stakes_in_one_ledger_step_and_shows_them_committed(seat):
    """Seed 004 section 4: 100 becomes 90 with 10 committed (here with a Tie bet beside it)."""
    round = services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(player=10, tie=5))

    stake = LedgerEntry.objects.get(seat=seat, kind=LedgerEntry.Kind.STAKE)
    assert (stake.amount, stake.balance_after) == (D("-15.00"), D("85.00"))
    assert round.committed == D("15.00")
    assert round.state == Round.State.DEALING


def test_confirming_the_draft_as_it_stands(seat):
    services.round_draft(user=seat.user, seat_id=seat.pk, bets=bets(player=10))
    round = services.round_confirm(user=seat.user, seat_id=seat.pk)

    assert round.committed == D("10.00")
    assert balance(seat) == D("90.00")


def test_confirming_twice_is_refused_and_moves_no_chip(seat):
    services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(player=10), round_number=1)

    with pytest.raises(errors.WrongState, match=str(errors.BETS_CLOSED)):
        services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(player=10), round_number=1)
    assert balance(seat) == D("90.00")


def test_a_confirm_form_from_an_earlier_round_is_refused(seat):
    play(seat, "4 2 4 3", player=10)

    with pytest.raises(errors.WrongState, match=str(errors.STALE_ROUND)):
        services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(player=10), round_number=1)
    assert balance(seat) == D("110.00")


def test_bets_cannot_change_after_confirming(seat):
    services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(player=10))

    with pytest.raises(errors.WrongState, match=str(errors.BETS_CLOSED)):
        services.round_draft(user=seat.user, seat_id=seat.pk, bets=bets(banker=10))


def test_dealing_before_confirming_is_refused(seat):
    round = services.round_draft(user=seat.user, seat_id=seat.pk, bets=bets(player=10))

    with pytest.raises(errors.WrongState, match=str(errors.CONFIRM_FIRST)):
        services.round_deal(user=seat.user, seat_id=seat.pk, round_number=round.number, expected_index=0)


def test_each_deal_gives_exactly_one_card_and_a_repeat_gives_none(seat):
    arrange_shoe(seat, "4 2 4 3")
    round = services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(player=10))

    first = services.round_deal(user=seat.user, seat_id=seat.pk, round_number=round.number, expected_index=0)
    repeat = services.round_deal(user=seat.user, seat_id=seat.pk, round_number=round.number, expected_index=0)

    assert first.step.card.token == "4"
    assert repeat.step is None
    assert Round.objects.get(pk=round.pk).cards == "4"


def test_asking_for_a_card_beyond_the_next_is_refused(seat):
    round = services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(player=10))

    with pytest.raises(errors.InvalidInput, match=str(errors.NO_SUCH_CARD)):
        services.round_deal(user=seat.user, seat_id=seat.pk, round_number=round.number, expected_index=3)


def test_dealing_after_the_coup_is_over_is_refused(seat):
    round = play(seat, "4 2 4 3", player=10)

    with pytest.raises(errors.WrongState, match=str(errors.COUP_OVER)):
        services.round_deal(user=seat.user, seat_id=seat.pk, round_number=round.number, expected_index=4)
    assert balance(seat) == D("110.00")


def test_a_round_of_another_seat_is_not_found(seat):
    other = SeatFactory()
    round = services.round_confirm(user=other.user, seat_id=other.pk, bets=bets(player=10))

    with pytest.raises(errors.RoundNotFound):
        services.round_deal(user=seat.user, seat_id=seat.pk, round_number=round.number + 5, expected_index=0)


# Seed 004 section 6, through the real service: start 100, stake 10.
SETTLEMENTS = [
    pytest.param("standard", "4 2 4 3", {"player": 10}, "110.00", id="player-wins-110"),
    pytest.param("standard", "2 4 3 4", {"player": 10}, "90.00", id="player-loses-90"),
    pytest.param("standard", "5 3 K J 8", {"player": 10}, "100.00", id="tie-returns-player-bet-100"),
    pytest.param("standard", "5 3 K J 8", {"banker": 10}, "100.00", id="tie-returns-banker-bet-100"),
    pytest.param("standard", "5 3 K J 8", {"tie": 10}, "180.00", id="tie-bet-wins-180"),
    pytest.param("standard", "2 4 3 4", {"banker": 10}, "109.50", id="banker-wins-less-commission-109.5"),
    # The no-commission table: Banker pays 1:1, but a Banker six pays half.
    pytest.param("no-commission", "2 4 3 4", {"banker": 10}, "110.00", id="no-commission-banker-8-110"),
    pytest.param("no-commission", "K 3 K 3 5", {"banker": 10}, "105.00", id="no-commission-banker-six-105"),
    pytest.param("no-commission", "4 2 4 3", {"player": 10}, "110.00", id="no-commission-player-110"),
]


@pytest.mark.parametrize(("preset", "cards", "stakes", "expected"), SETTLEMENTS)
def test_seed_004_settlement_figures(learner, preset, cards, stakes, expected):
    """Seed 004 section 6 (and seed 003 for the no-commission table)."""
    seat = SeatFactory(user=learner, preset=preset)

    play(seat, cards, **stakes)

    assert balance(seat) == D(expected)


def test_a_banker_win_writes_stake_winnings_and_commission_as_separate_entries(seat):
    round = play(seat, "2 4 3 4", banker=10)

    entries = list(LedgerEntry.objects.filter(round=round).values_list("kind", "amount", "balance_after"))
    assert entries == [
        ("stake", D("-10.00"), D("90.00")),
        ("stake_return", D("10.00"), D("100.00")),
        ("winnings", D("10.00"), D("110.00")),
        ("commission", D("-0.50"), D("109.50")),
    ]


def test_the_lion_bonus_is_settled_after_the_main_bets(seat):
    """Seed 003: a natural win pays the Lion Bonus 1:1, after Punto and Banco are paid."""
    round = play(seat, "4 2 4 3", player=10, lion_player=20)

    kinds = list(
        LedgerEntry.objects.filter(round=round).exclude(kind="stake").values_list("bet_kind", flat=True)
    )
    assert kinds == ["player", "player", "lion_player", "lion_player"]
    assert balance(seat) == D("130.00")


def test_a_lion_bonus_alone_is_allowed_and_loses_on_a_small_margin(seat):
    play(seat, "K 3 K 3 5", lion_banker=10)

    assert balance(seat) == D("90.00")


@pytest.mark.parametrize(
    ("stakes", "message"),
    [
        ({}, errors.NO_BETS),
        ({"player": 4}, errors.MAIN_BET_LIMITS.format(min="5", max="100")),
        ({"tie": 101}, errors.MAIN_BET_LIMITS.format(min="5", max="100")),
        ({"lion_player": 9}, errors.SIDE_BET_LIMITS.format(bet=bet_name("lion_player"), min="10", max="50")),
        ({"lion_banker": 51}, errors.SIDE_BET_LIMITS.format(bet=bet_name("lion_banker"), min="10", max="50")),
        (
            {"lion_player": 10, "lion_banker": 10},
            errors.ONE_SIDE_ONLY.format(bet=bet_name("lion_player"), other=bet_name("lion_banker")),
        ),
        ({"player": 100, "banker": 5}, errors.NOT_ENOUGH_CHIPS.format(total="105.00", balance="100.00")),
    ],
)
def test_bets_outside_the_rules_are_refused_without_moving_a_chip(seat, stakes, message):
    with pytest.raises(errors.InvalidInput) as refused:
        services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(**stakes))

    assert refused.value.message == message
    assert balance(seat) == D("100.00")
    assert not Round.objects.filter(seat=seat, state=Round.State.DEALING).exists()


def test_a_reset_restores_the_starting_balance_only_below_the_table_minimum(seat):
    with pytest.raises(errors.WrongState):
        services.balance_reset(user=seat.user, seat_id=seat.pk)

    play(seat, "2 4 3 4", player=97)
    entry = services.balance_reset(user=seat.user, seat_id=seat.pk)

    assert (entry.kind, entry.amount, entry.balance_after) == ("reset", D("97.00"), D("100.00"))
    assert balance(seat) == D("100.00")


def test_a_reset_is_refused_while_a_round_is_in_play(seat):
    services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(player=96))

    with pytest.raises(errors.WrongState, match=str(errors.ROUND_IN_PLAY)):
        services.balance_reset(user=seat.user, seat_id=seat.pk)


def test_an_instructor_reset_records_who_did_it(seat, django_user_model):
    instructor = django_user_model.objects.create_user("teacher", is_staff=True)

    entry = services.balance_reset(user=seat.user, seat_id=seat.pk, actor=instructor, force=True)

    assert entry.actor == instructor
    assert entry.note == "reset by instructor"


def test_the_first_round_shuffles_a_secure_new_shoe_of_the_preset(seat):
    round = services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(player=10))

    seat.refresh_from_db()
    shoe = Shoe.loads(seat.shoe_state)
    assert round.new_shoe is True
    assert (len(shoe), shoe.cut, seat.shoe_number) == (416, 402, 1)


def test_a_new_shoe_comes_after_the_cut_card(seat):
    shoe = Shoe.arranged(["4", "2", "4", "3", *["10S"] * 10], cut=3)
    Seat.objects.filter(pk=seat.pk).update(shoe_state=shoe.dumps(), shoe_number=1)
    play_round = services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(player=10))
    assert play_round.new_shoe is False
    for index in range(4):
        services.round_deal(
            user=seat.user, seat_id=seat.pk, round_number=play_round.number, expected_index=index
        )

    next_round = services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(player=10))

    seat.refresh_from_db()
    assert next_round.new_shoe is True
    assert (seat.shoe_number, len(Shoe.loads(seat.shoe_state))) == (2, 416)


def test_choosing_the_no_commission_table_starts_a_six_deck_shoe(seat):
    services.seat_choose_preset(user=seat.user, seat_id=seat.pk, preset="no-commission")
    round = services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(player=10))

    seat.refresh_from_db()
    assert (round.preset, len(Shoe.loads(seat.shoe_state))) == ("no-commission", 312)


def test_an_unknown_preset_is_refused(seat):
    with pytest.raises(errors.InvalidInput, match="There is no table called 'vip'"):
        services.seat_choose_preset(user=seat.user, seat_id=seat.pk, preset="vip")


def test_ledger_entries_cannot_be_changed_or_deleted(seat):
    entry = LedgerEntry.objects.get(seat=seat)

    with pytest.raises(ValueError, match="append-only"):
        entry.save()
    with pytest.raises(ValueError, match="append-only"):
        entry.delete()


def test_the_database_refuses_a_second_settlement_of_the_same_bet(seat):
    round = play(seat, "4 2 4 3", player=10)

    with pytest.raises(IntegrityError), transaction.atomic():
        LedgerEntry.objects.create(
            seat=seat,
            round=round,
            kind="winnings",
            bet_kind="player",
            amount=D("10.00"),
            balance_after=D("1.00"),
        )


def test_the_database_refuses_a_negative_balance(seat):
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.filter(pk=seat.pk).update(balance=D("-0.01"))


def test_ledger_verify_notices_a_balance_that_drifted_from_the_ledger(seat):
    Seat.objects.filter(pk=seat.pk).update(balance=D("101.00"))

    with pytest.raises(services.LedgerMismatch):
        services.ledger_verify(seat)
    Seat.objects.filter(pk=seat.pk).update(balance=D("100.00"))
