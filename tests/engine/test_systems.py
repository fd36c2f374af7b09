"""Betting systems played out: seeded, chip-conserving, bounded by the table, no better than flat."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat import STANDARD, BetKind, Outcome, Winner, odds_for_decks
from baccarat.systems import (
    System,
    TableLimits,
    martingale_stake,
    play_session,
    return_variance,
    study,
    winner_draws,
)

P, B, T = Winner.PLAYER, Winner.BANKER, Winner.TIE
LIMITS = TableLimits(minimum=5, maximum=500)
EIGHT_DECKS = odds_for_decks(8, STANDARD)

winners = st.lists(st.sampled_from([P, B, T]), min_size=1, max_size=120)
systems = st.sampled_from(list(System))


@settings(max_examples=200, deadline=None)
@given(system=systems, coups=winners, stack=st.integers(5, 2_000))
def test_a_session_keeps_every_chip(system, coups, stack):
    session = play_session(system, iter(coups), coups=len(coups), stack=stack, limits=LIMITS)
    assert session.end == session.start + session.won - session.lost
    assert session.end >= 0
    assert all(LIMITS.allows(stake) for stake in session.stakes)
    assert len(session.stakes) == len(coups) or session.broke


@settings(max_examples=200, deadline=None)
@given(system=systems, coups=winners, stack=st.integers(5, 2_000))
def test_no_stake_is_more_than_the_stack_holds(system, coups, stack):
    balance = stack
    session = play_session(system, iter(coups), coups=len(coups), stack=stack, limits=LIMITS)
    for stake, winner in zip(session.stakes, coups, strict=False):
        assert stake <= balance
        balance += stake if winner is P else -stake if winner is B else 0
    assert balance == session.end


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32), system=systems)
def test_a_seeded_study_is_the_same_every_time(seed, system):
    def run():
        return study(
            [system], EIGHT_DECKS.probabilities, sessions=20, coups=30, stack=200, limits=LIMITS, seed=seed
        )

    assert run() == run()


def test_martingale_doubles_after_each_loss_and_returns_to_the_base_after_a_win():
    session = play_session(System.MARTINGALE, iter([B, B, T, B, P, B]), coups=6, stack=1_000, limits=LIMITS)
    assert session.stakes == (5, 10, 20, 20, 40, 5)
    assert session.net == -5 - 10 - 20 + 40 - 5


def test_the_table_maximum_cuts_a_martingale_short_after_seven_losses():
    session = play_session(System.MARTINGALE, iter([B] * 8), coups=8, stack=10_000, limits=LIMITS)
    assert session.stakes == (5, 10, 20, 40, 80, 160, 320, 5)
    assert session.capped == 1 and martingale_stake(5, 7) == 640 > LIMITS.maximum


def test_a_short_stack_cuts_a_martingale_before_the_table_maximum_does():
    session = play_session(System.MARTINGALE, iter([B] * 6), coups=6, stack=100, limits=LIMITS)
    assert session.stakes == (5, 10, 20, 40, 5, 10)
    assert (session.short, session.capped, session.end) == (1, 0, 10)


def test_an_empty_stack_ends_the_session_early():
    session = play_session(System.FLAT, iter([B] * 5), coups=5, stack=12, limits=LIMITS)
    assert session.stakes == (5, 5) and session.broke and session.end == 2


def test_one_three_two_six_follows_its_run_of_wins_and_restarts():
    coups = [P, P, P, P, P, B, P]
    session = play_session(System.ONE_THREE_TWO_SIX, iter(coups), coups=7, stack=1_000, limits=LIMITS)
    assert session.stakes == (5, 15, 10, 30, 5, 15, 5)


def test_a_base_stake_outside_the_limits_is_refused():
    with pytest.raises(ValueError, match="outside the table limits"):
        play_session(System.FLAT, iter([P]), coups=1, stack=100, limits=LIMITS, base=1)
    with pytest.raises(ValueError, match="minimum <= maximum"):
        TableLimits(minimum=10, maximum=5)


def test_winner_draws_follow_the_probabilities_they_are_given():
    draws = winner_draws(EIGHT_DECKS.probabilities, random.Random(5))
    sample = [next(draws) for _ in range(40_000)]
    for winner, probability in EIGHT_DECKS.probabilities.items():
        share = sample.count(winner) / len(sample)
        assert abs(share - float(probability)) < 5 * (float(probability) / len(sample)) ** 0.5


@pytest.mark.parametrize("system", list(System))
def test_no_system_changes_the_expected_loss_per_chip_staked(system):
    """Each session's net plus the house edge times its stakes averages zero (within five standard errors)."""
    edge = float(EIGHT_DECKS.house_edge[BetKind.PLAYER])
    draws = winner_draws(EIGHT_DECKS.probabilities, random.Random(11))
    gaps = [
        session.net + edge * session.staked
        for session in (
            play_session(system, draws, coups=100, stack=1_000, limits=LIMITS) for _ in range(2_000)
        )
    ]
    mean = sum(gaps) / len(gaps)
    spread = (sum((gap - mean) ** 2 for gap in gaps) / (len(gaps) - 1)) ** 0.5
    assert abs(mean) < 5 * spread / len(gaps) ** 0.5


def test_martingale_wins_more_sessions_but_loses_far_more_in_its_worst_ones():
    found = study(
        list(System), EIGHT_DECKS.probabilities, sessions=1_000, coups=100, stack=1_000, limits=LIMITS, seed=1
    )
    martingale, flat = found[System.MARTINGALE], found[System.FLAT]
    assert martingale.ahead > flat.ahead
    assert martingale.worst < flat.worst
    assert martingale.capped > 0 and flat.capped == 0


def test_a_study_puts_every_session_in_one_bin():
    found = study(
        [System.FLAT], EIGHT_DECKS.probabilities, sessions=200, coups=50, stack=200, limits=LIMITS, seed=2
    )
    flat = found[System.FLAT]
    assert sum(count for _bound, count in flat.bins) == flat.sessions == flat.ahead + flat.behind + flat.even


def test_the_variance_of_a_fair_coin_bet_is_one():
    coin = {
        Outcome(player_total=9, banker_total=0, player_count=2, banker_count=2, natural=True): Fraction(1, 2),
        Outcome(player_total=0, banker_total=9, player_count=2, banker_count=2, natural=True): Fraction(1, 2),
    }
    assert return_variance(BetKind.PLAYER, STANDARD, coin) == 1
    assert return_variance(BetKind.TIE, STANDARD, coin) == 0  # always lost: no spread at all
