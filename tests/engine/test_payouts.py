"""Settlement: the seed-004 figures, the no-commission variant and the Lion Bonus."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat import (
    NO_COMMISSION,
    STANDARD,
    Bet,
    BetKind,
    BetResult,
    EngineError,
    InvalidBetError,
    Outcome,
    PayoutSet,
    Result,
    Winner,
    settle,
    validate_bets,
)

NO_DB = settings(database=None, max_examples=300)

D = Decimal
START = D("100")
STAKE = D("10")

# Outcomes used by the seed-004 lesson.
PLAYER_NATURAL = Outcome(
    player_total=8, banker_total=5, player_count=2, banker_count=2, natural=True
)  # section 5, first example
BANKER_WINS_ON_7 = Outcome(player_total=5, banker_total=7, player_count=3, banker_count=2, natural=False)
BANKER_WINS_ON_6 = Outcome(player_total=4, banker_total=6, player_count=3, banker_count=3, natural=False)
TIE_ON_3 = Outcome(
    player_total=3, banker_total=3, player_count=3, banker_count=2, natural=False
)  # section 7, second example
NATURAL_TIE = Outcome(player_total=8, banker_total=8, player_count=2, banker_count=2, natural=True)


def settle_one(kind: BetKind, outcome: Outcome, payouts: PayoutSet, amount: Decimal = STAKE) -> BetResult:
    results = settle([Bet(kind, amount)], outcome, payouts)
    assert len(results) == 1
    return results[0]


def exponent(value: Decimal) -> int:
    return value.as_tuple().exponent


# --------------------------------------------------------------------------
# Seed 004, section 6: the five settlement figures, with balance arithmetic
# --------------------------------------------------------------------------

SEED_004_SETTLEMENTS = [
    # kind, outcome, result, returned, commission, final balance
    (BetKind.PLAYER, PLAYER_NATURAL, Result.WON, "20.00", "0.00", "110.00"),
    (BetKind.PLAYER, BANKER_WINS_ON_7, Result.LOST, "0.00", "0.00", "90.00"),
    (BetKind.PLAYER, TIE_ON_3, Result.PUSH, "10.00", "0.00", "100.00"),
    (BetKind.BANKER, TIE_ON_3, Result.PUSH, "10.00", "0.00", "100.00"),
    (BetKind.TIE, TIE_ON_3, Result.WON, "90.00", "0.00", "180.00"),
    (BetKind.BANKER, BANKER_WINS_ON_7, Result.WON, "19.50", "0.50", "109.50"),
]


@pytest.mark.parametrize("kind, outcome, result, returned, commission, balance", SEED_004_SETTLEMENTS)
def test_seed_004_settlement_figures_on_the_standard_table(
    kind, outcome, result, returned, commission, balance
):
    """Seed 004 section 6: 110, 90, 100, 180 and 109.5 from a start of 100 and a stake of 10."""
    after_confirming = START - STAKE
    assert after_confirming == D("90")  # seed 004 section 4
    settled = settle_one(kind, outcome, STANDARD)
    assert settled.result is result
    assert settled.returned == D(returned)
    assert settled.commission == D(commission)
    assert after_confirming + settled.returned == D(balance)
    assert settled.net == D(returned) - STAKE


def test_a_winning_player_bet_returns_the_stake_plus_winnings_of_10():
    """Seed 004 section 6: getting 20 back is a profit of 10."""
    settled = settle_one(BetKind.PLAYER, PLAYER_NATURAL, STANDARD)
    assert settled.stake_returned == D("10.00")
    assert settled.winnings == D("10.00")
    assert settled.net == D("10.00")


def test_a_winning_banker_bet_withholds_5_percent_of_the_winnings():
    """Seed 004 section 6: 10 minus 0.5 commission, returning 19.5."""
    settled = settle_one(BetKind.BANKER, BANKER_WINS_ON_7, STANDARD)
    assert settled.stake_returned == D("10.00")
    assert settled.winnings == D("10.00")
    assert settled.commission == D("0.50")
    assert settled.returned == D("19.50")


def test_a_tie_bet_pays_8_to_1():
    """Seeds 000/004: Tie pays 8:1 (win 80, plus the 10 back)."""
    settled = settle_one(BetKind.TIE, TIE_ON_3, STANDARD)
    assert settled.winnings == D("80.00")
    assert settled.stake_returned == D("10.00")


@pytest.mark.parametrize("kind", [BetKind.TIE, BetKind.BANKER])
def test_other_bets_lose_when_player_wins(kind):
    """Seed 004 section 5: picking Banker gets nothing back just because Player won."""
    settled = settle_one(kind, PLAYER_NATURAL, STANDARD)
    assert settled.result is Result.LOST
    assert settled.returned == D("0.00")


def test_the_standard_table_does_not_halve_a_banker_win_on_six():
    """Seed 004 section 8: do not mix in no-commission payouts."""
    settled = settle_one(BetKind.BANKER, BANKER_WINS_ON_6, STANDARD)
    assert settled.returned == D("19.50")


# --------------------------------------------------------------------------
# Seed 003: the no-commission variant
# --------------------------------------------------------------------------

NO_COMMISSION_SETTLEMENTS = [
    (BetKind.PLAYER, PLAYER_NATURAL, Result.WON, "20.00", "110.00"),
    (BetKind.PLAYER, BANKER_WINS_ON_7, Result.LOST, "0.00", "90.00"),
    (BetKind.PLAYER, TIE_ON_3, Result.PUSH, "10.00", "100.00"),
    (BetKind.BANKER, TIE_ON_3, Result.PUSH, "10.00", "100.00"),
    (BetKind.TIE, TIE_ON_3, Result.WON, "90.00", "180.00"),
    (BetKind.BANKER, BANKER_WINS_ON_7, Result.WON, "20.00", "110.00"),
    (
        BetKind.BANKER,
        Outcome(player_total=0, banker_total=9, player_count=2, banker_count=2, natural=True),
        Result.WON,
        "20.00",
        "110.00",
    ),
    (BetKind.BANKER, BANKER_WINS_ON_6, Result.WON, "15.00", "105.00"),
    (
        BetKind.BANKER,
        Outcome(player_total=5, banker_total=6, player_count=2, banker_count=2, natural=False),
        Result.WON,
        "15.00",
        "105.00",
    ),
    (BetKind.BANKER, PLAYER_NATURAL, Result.LOST, "0.00", "90.00"),
]


@pytest.mark.parametrize("kind, outcome, result, returned, balance", NO_COMMISSION_SETTLEMENTS)
def test_no_commission_settlements(kind, outcome, result, returned, balance):
    """Seed 003: Banker pays 1:1 without commission, a Banker win on six pays 1:2."""
    settled = settle_one(kind, outcome, NO_COMMISSION)
    assert settled.result is result
    assert settled.commission == D("0.00")
    assert settled.returned == D(returned)
    assert START - STAKE + settled.returned == D(balance)


def test_payout_sets_are_found_by_name():
    assert PayoutSet.named("standard") is STANDARD
    assert PayoutSet.named("no-commission") is NO_COMMISSION
    assert PayoutSet.STANDARD is STANDARD
    with pytest.raises(InvalidBetError):
        PayoutSet.named("european")


# --------------------------------------------------------------------------
# Seed 003: the Lion Bonus
# --------------------------------------------------------------------------

LION_SIDES = [(BetKind.LION_PLAYER, Winner.PLAYER), (BetKind.LION_BANKER, Winner.BANKER)]


def won_by(side: Winner, margin: int, natural: bool) -> Outcome:
    high, low = 9, 9 - margin
    if side is Winner.PLAYER:
        return outcome_of(high, low, natural)
    return outcome_of(low, high, natural)


def outcome_of(player: int, banker: int, natural: bool, cards: int = 6) -> Outcome:
    counts = (2, 2) if natural else {4: (2, 2), 5: (3, 2), 6: (3, 3)}[cards]
    return Outcome(
        player_total=player,
        banker_total=banker,
        player_count=counts[0],
        banker_count=counts[1],
        natural=natural,
    )


def lost_by(side: Winner, margin: int, natural: bool) -> Outcome:
    other = Winner.BANKER if side is Winner.PLAYER else Winner.PLAYER
    return won_by(other, margin, natural)


@pytest.mark.parametrize("payouts", [STANDARD, NO_COMMISSION])
@pytest.mark.parametrize("margin", range(1, 10))
@pytest.mark.parametrize("kind, side", LION_SIDES)
def test_lion_bonus_won_with_a_natural_pays_1_to_1_whatever_the_margin(kind, side, margin, payouts):
    """Seed 003 Lion Bonus rule 1: won with a natural pays 1:1."""
    settled = settle_one(kind, won_by(side, margin, natural=True), payouts)
    assert settled.result is Result.WON
    assert settled.winnings == D("10.00")
    assert settled.returned == D("20.00")


@pytest.mark.parametrize("total", [8, 9])
@pytest.mark.parametrize("kind", [BetKind.LION_PLAYER, BetKind.LION_BANKER])
def test_lion_bonus_on_a_natural_tie_is_returned(kind, total):
    """Seed 003 Lion Bonus rule 2: a natural tie returns the stake."""
    settled = settle_one(
        kind,
        Outcome(player_total=total, banker_total=total, player_count=2, banker_count=2, natural=True),
        STANDARD,
    )
    assert settled.result is Result.PUSH
    assert settled.returned == D("10.00")


LION_MARGIN_TABLE = [(4, "1"), (5, "2"), (6, "4"), (7, "6"), (8, "10"), (9, "30")]


@pytest.mark.parametrize("payouts", [STANDARD, NO_COMMISSION])
@pytest.mark.parametrize("margin, ratio", LION_MARGIN_TABLE)
@pytest.mark.parametrize("kind, side", LION_SIDES)
def test_lion_bonus_won_after_a_third_card_pays_by_margin(kind, side, margin, ratio, payouts):
    """Seed 003 Lion Bonus rule 3, canonical margin table (4: 1, 5: 2, 6: 4, 7: 6, 8: 10, 9: 30 to 1)."""
    settled = settle_one(kind, won_by(side, margin, natural=False), payouts)
    assert settled.result is Result.WON
    assert settled.winnings == STAKE * D(ratio)
    assert settled.commission == D("0.00")
    assert settled.returned == STAKE + STAKE * D(ratio)


@pytest.mark.parametrize("margin", [1, 2, 3])
@pytest.mark.parametrize("kind, side", LION_SIDES)
def test_lion_bonus_won_after_a_third_card_by_less_than_4_loses(kind, side, margin):
    """Seed 003 Lion Bonus rule 4: any other win loses."""
    settled = settle_one(kind, won_by(side, margin, natural=False), STANDARD)
    assert settled.result is Result.LOST
    assert settled.returned == D("0.00")


@pytest.mark.parametrize("total", range(10))
@pytest.mark.parametrize("kind", [BetKind.LION_PLAYER, BetKind.LION_BANKER])
def test_lion_bonus_on_a_tie_after_a_third_card_loses(kind, total):
    """Seed 003 Lion Bonus rules 2 and 4: only a natural tie is returned."""
    settled = settle_one(
        kind,
        Outcome(player_total=total, banker_total=total, player_count=3, banker_count=2, natural=False),
        STANDARD,
    )
    assert settled.result is Result.LOST
    assert settled.returned == D("0.00")


@pytest.mark.parametrize("natural", [True, False])
@pytest.mark.parametrize("margin", range(1, 10))
@pytest.mark.parametrize("kind, side", LION_SIDES)
def test_lion_bonus_on_the_losing_side_loses(kind, side, margin, natural):
    """Seed 003 Lion Bonus: a bet on the hand that lost never pays."""
    settled = settle_one(kind, lost_by(side, margin, natural), STANDARD)
    assert settled.result is Result.LOST
    assert settled.returned == D("0.00")


def test_main_bets_are_settled_before_the_lion_bonus():
    """Seed 003: the dealer pays Punto and Banco first, then the Lion Bonus."""
    bets = [Bet(BetKind.LION_PLAYER, D("10")), Bet(BetKind.PLAYER, D("10")), Bet(BetKind.TIE, D("5"))]
    results = settle(bets, PLAYER_NATURAL, STANDARD)
    kinds = [result.bet.kind for result in results]
    assert kinds[-1] is BetKind.LION_PLAYER
    assert set(kinds[:-1]) == {BetKind.PLAYER, BetKind.TIE}
    by_kind = {result.bet.kind: result.returned for result in results}
    assert by_kind == {BetKind.PLAYER: D("20.00"), BetKind.TIE: D("0.00"), BetKind.LION_PLAYER: D("20.00")}


def test_a_lion_bonus_can_be_the_only_bet():
    """Seed 003: the Lion Bonus may be played alone."""
    [settled] = settle([Bet(BetKind.LION_BANKER, D("50"))], won_by(Winner.BANKER, 9, natural=False), STANDARD)
    assert settled.returned == D("1550.00")


# --------------------------------------------------------------------------
# validate_bets
# --------------------------------------------------------------------------


def test_a_lion_bonus_on_both_sides_is_refused():
    """Seed 003: Lion Bonus on Punto or Banco, never both."""
    bets = [Bet(BetKind.LION_PLAYER, D("10")), Bet(BetKind.LION_BANKER, D("10"))]
    with pytest.raises(InvalidBetError):
        validate_bets(bets)
    with pytest.raises(InvalidBetError):
        settle(bets, PLAYER_NATURAL, STANDARD)


@pytest.mark.parametrize("kind", list(BetKind))
def test_two_bets_on_the_same_spot_are_refused(kind):
    bets = [Bet(kind, D("10")), Bet(kind, D("5"))]
    with pytest.raises(InvalidBetError):
        validate_bets(bets)
    with pytest.raises(InvalidBetError):
        settle(bets, TIE_ON_3, STANDARD)


@pytest.mark.parametrize(
    "kinds",
    [
        [],
        [BetKind.PLAYER],
        [BetKind.PLAYER, BetKind.BANKER],  # seed 002: Banker, Player or both
        [BetKind.PLAYER, BetKind.BANKER, BetKind.TIE, BetKind.LION_BANKER],
        [BetKind.LION_PLAYER],
    ],
)
def test_valid_bet_sets_are_returned_as_a_tuple(kinds):
    bets = [Bet(kind, D("10")) for kind in kinds]
    assert validate_bets(iter(bets)) == tuple(bets)


# --------------------------------------------------------------------------
# Bet amounts
# --------------------------------------------------------------------------


@pytest.mark.parametrize("amount", [10.0, 0.5, 10, "10"])
def test_a_stake_that_is_not_a_decimal_raises_type_error(amount):
    with pytest.raises(TypeError):
        Bet(BetKind.PLAYER, amount)


@pytest.mark.parametrize(
    "amount", ["0", "0.00", "-10", "-0.01", "10.005", "0.001", "1.999", "NaN", "Infinity", "-Infinity"]
)
def test_zero_negative_non_finite_or_three_decimal_stakes_raise_invalid_bet_error(amount):
    with pytest.raises(InvalidBetError) as excinfo:
        Bet(BetKind.PLAYER, D(amount))
    assert isinstance(excinfo.value, EngineError)


@pytest.mark.parametrize("amount", ["10", "10.0", "10.000", "0.01", "19.5"])
def test_valid_stakes_are_kept_to_two_decimal_places(amount):
    bet = Bet(BetKind.BANKER, D(amount))
    assert bet.amount == D(amount)
    assert exponent(bet.amount) == -2


def test_a_bet_kind_may_be_given_by_its_value():
    assert Bet("tie", D("10")).kind is BetKind.TIE


def test_a_float_amount_in_settle_raises_type_error():
    with pytest.raises(TypeError):
        settle([Bet(BetKind.PLAYER, 10.0)], PLAYER_NATURAL, STANDARD)


# --------------------------------------------------------------------------
# Properties over any outcome and any bet
# --------------------------------------------------------------------------


@st.composite
def outcomes(draw):
    player = draw(st.integers(0, 9))
    banker = draw(st.integers(0, 9))
    natural = draw(st.booleans()) if max(player, banker) >= 8 else False
    cards = 4 if natural else draw(st.integers(4, 6))
    return outcome_of(player, banker, natural, cards)


amounts = st.decimals(
    min_value=D("0.01"), max_value=D("100000"), places=2, allow_nan=False, allow_infinity=False
)
# The kinds decided by the outcome alone: a pair bet needs the cards, which these outcomes do not carry.
bets = st.builds(Bet, st.sampled_from([kind for kind in BetKind if kind.spec.price is None]), amounts)
payout_sets = st.sampled_from([STANDARD, NO_COMMISSION, PayoutSet.EZ])


@given(outcomes(), bets, payout_sets)
@NO_DB
def test_a_lost_bet_returns_exactly_zero(outcome, bet, payouts):
    [settled] = settle([bet], outcome, payouts)
    if settled.result is Result.LOST:
        assert settled.returned == D("0.00")
        assert str(settled.returned) == "0.00"
        assert settled.stake_returned == settled.winnings == settled.commission == D("0.00")
        assert settled.net == -bet.amount


@given(outcomes(), bets, payout_sets)
@NO_DB
def test_settlement_amounts_are_cents_and_add_up(outcome, bet, payouts):
    [settled] = settle([bet], outcome, payouts)
    amounts = (settled.stake_returned, settled.winnings, settled.commission, settled.returned)
    assert all(isinstance(amount, Decimal) for amount in amounts)
    assert all(exponent(amount) == -2 for amount in amounts)
    assert settled.returned >= 0
    assert settled.commission >= 0
    assert settled.returned == settled.stake_returned + settled.winnings - settled.commission
    assert settled.net == settled.returned - bet.amount
    assert settled.bet == bet


@given(outcomes(), bets, payout_sets)
@NO_DB
def test_a_push_returns_the_stake_and_a_win_returns_more(outcome, bet, payouts):
    [settled] = settle([bet], outcome, payouts)
    if settled.result is Result.PUSH:
        assert settled.returned == bet.amount
    elif settled.result is Result.WON:
        assert settled.returned > bet.amount
    # Main bets follow the hand result directly.
    if bet.kind is BetKind.TIE:
        assert (settled.result is Result.WON) is (outcome.winner is Winner.TIE)
    if bet.kind in (BetKind.PLAYER, BetKind.BANKER):
        if outcome.winner is Winner.TIE:
            assert settled.result is Result.PUSH
        else:
            assert (settled.result is Result.WON) is (outcome.winner.value == bet.kind.value)


@given(outcomes(), amounts)
@NO_DB
def test_standard_banker_win_commission_is_five_percent_of_the_winnings(outcome, amount):
    [settled] = settle([Bet(BetKind.BANKER, amount)], outcome, STANDARD)
    if outcome.winner is Winner.BANKER:
        assert settled.winnings == amount
        assert abs(settled.commission - amount * D("0.05")) <= D("0.005")


@pytest.mark.parametrize("amount", ["1E+26", "1E+15"])
def test_an_absurdly_large_stake_is_an_invalid_bet_not_a_decimal_error(amount):
    with pytest.raises(InvalidBetError, match="must be below"):
        Bet(BetKind.BANKER, Decimal(amount))
