"""Chips on the felt: a draft built one chip at a time, Undo, Clear and Repeat last bet (services)."""

from decimal import Decimal

import pytest

from baccarat import Bet, BetKind
from table import errors, services
from table.bets import bet_name
from table.models import LedgerEntry, Round, Seat
from tests.table.test_services import bets, play

D = Decimal


def stakes(round):
    return {bet.kind: bet.amount for bet in Round.objects.get(pk=round.pk).bets.all()}


def place(seat, spot, chip, on_screen=None):
    """One chip on a spot, with the stakes on screen being the saved draft unless given."""
    if on_screen is None:
        round = Round.objects.filter(seat=seat, state=Round.State.BETTING).first()
        on_screen = [Bet(BetKind(kind), amount) for kind, amount in (stakes(round) if round else {}).items()]
    return services.round_chip_place(
        user=seat.user, seat_id=seat.pk, bets=on_screen, spot=BetKind(spot), chip=D(chip)
    )


def test_each_chip_adds_its_value_to_the_spot_and_nothing_leaves_the_balance(seat):
    place(seat, "banker", 10)
    place(seat, "banker", 25)
    round = place(seat, "tie", 5)

    assert stakes(round) == {"banker": D("35.00"), "tie": D("5.00")}
    assert Seat.objects.get(pk=seat.pk).balance == D("100.00")
    assert LedgerEntry.objects.filter(seat=seat).count() == 1


def test_undo_takes_back_the_last_chip_placed_one_at_a_time(seat):
    place(seat, "player", 10)
    place(seat, "player", 5)
    round = place(seat, "tie", 5)
    on_screen = bets(player=15, tie=5)

    round = services.round_chip_undo(user=seat.user, seat_id=seat.pk, bets=on_screen)
    assert stakes(round) == {"player": D("15.00")}
    round = services.round_chip_undo(user=seat.user, seat_id=seat.pk, bets=bets(player=15))
    assert stakes(round) == {"player": D("10.00")}
    round = services.round_chip_undo(user=seat.user, seat_id=seat.pk, bets=bets(player=10))
    assert stakes(round) == {}
    with pytest.raises(errors.WrongState) as refused:
        services.round_chip_undo(user=seat.user, seat_id=seat.pk, bets=[])
    assert refused.value.message == errors.NOTHING_TO_UNDO


def test_a_stake_typed_by_hand_starts_the_undo_history_afresh(seat):
    place(seat, "player", 10)
    typed = bets(player=30)

    round = place(seat, "player", 5, on_screen=typed)
    assert stakes(round) == {"player": D("35.00")}
    round = services.round_chip_undo(user=seat.user, seat_id=seat.pk, bets=bets(player=35))
    assert stakes(round) == {"player": D("30.00")}
    with pytest.raises(errors.WrongState):
        services.round_chip_undo(user=seat.user, seat_id=seat.pk, bets=bets(player=30))


def test_clear_takes_every_chip_off(seat):
    place(seat, "player", 10)
    round = services.round_draft_clear(user=seat.user, seat_id=seat.pk)

    assert stakes(round) == {} and Round.objects.get(pk=round.pk).chips == []


def test_repeat_last_bet_puts_the_last_rounds_bets_back_as_the_draft(seat):
    play(seat, "4 2 4 3", banker=25, tie=5)

    round = services.round_draft_repeat(user=seat.user, seat_id=seat.pk)

    assert round.number == 2 and stakes(round) == {"banker": D("25.00"), "tie": D("5.00")}
    assert Seat.objects.get(pk=seat.pk).balance == D("70.00")  # the draft moved no chip


def test_repeat_is_refused_before_any_round_was_played(seat):
    with pytest.raises(errors.WrongState) as refused:
        services.round_draft_repeat(user=seat.user, seat_id=seat.pk)
    assert refused.value.message == errors.NOTHING_TO_REPEAT


def test_a_draft_may_hold_less_than_the_minimum_but_the_confirm_refuses_it(seat):
    round = place(seat, "lion_player", 5)  # the Lion Bonus takes 10 to 50
    assert stakes(round) == {"lion_player": D("5.00")}

    with pytest.raises(errors.InvalidInput) as refused:
        services.round_confirm(user=seat.user, seat_id=seat.pk)
    assert refused.value.message == errors.SIDE_BET_LIMITS.format(
        bet=bet_name("lion_player"), min="10", max="50"
    )
    assert Seat.objects.get(pk=seat.pk).balance == D("100.00")


@pytest.mark.parametrize(
    ("spot", "chips", "message"),
    [
        ("banker", [100, 5], errors.MAIN_BET_LIMITS.format(min="5", max="100")),
        (
            "lion_banker",
            [50, 5],
            errors.SIDE_BET_LIMITS.format(bet=bet_name("lion_banker"), min="10", max="50"),
        ),
    ],
)
def test_a_chip_over_the_table_maximum_is_refused_and_the_draft_stays(seat, spot, chips, message):
    for chip in chips[:-1]:
        place(seat, spot, chip)
    with pytest.raises(errors.InvalidInput) as refused:
        place(seat, spot, chips[-1])

    assert refused.value.message == message
    assert stakes(Round.objects.get(seat=seat)) == {spot: D(chips[0]).quantize(D("0.01"))}


def test_chips_beyond_the_balance_are_refused(seat):
    Seat.objects.filter(pk=seat.pk).update(balance=D("20.00"))  # the ledger check is done by hand below
    place(seat, "player", 10)
    place(seat, "player", 10)
    with pytest.raises(errors.InvalidInput) as refused:
        place(seat, "tie", 5)
    assert refused.value.message == errors.NOT_ENOUGH_CHIPS.format(total="25.00", balance="20.00")
    Seat.objects.filter(pk=seat.pk).update(balance=D("100.00"))


@pytest.mark.parametrize("chip", ["1", "7", "20", "500", "0"])
def test_a_chip_that_is_not_in_the_rack_is_refused(seat, chip):
    with pytest.raises(errors.InvalidInput) as refused:
        place(seat, "player", chip)
    assert refused.value.message == errors.NO_SUCH_CHIP.format(chip=chip)


def test_chips_cannot_go_on_a_confirmed_round(seat):
    services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets(player=10))
    with pytest.raises(errors.WrongState) as refused:
        place(seat, "player", 10, on_screen=[])
    assert refused.value.message == errors.BETS_CLOSED


def test_confirming_empties_the_undo_history(seat):
    place(seat, "player", 10)
    round = services.round_confirm(user=seat.user, seat_id=seat.pk)
    assert round.chips == [] and round.committed == D("10.00")
