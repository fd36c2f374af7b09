"""Monte Carlo play from shuffled shoes, checked against the exact odds.

The fast path (``play_coup``) is checked card for card against
``Coup.from_cards``; the simulated frequencies are checked against the exact
probabilities of ``baccarat.odds`` within five standard errors.
"""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat import Card, Coup, InvalidCardError, InvalidShoeError, Outcome, Rank, Winner
from baccarat.odds import odds_for_decks
from baccarat.simulate import SimulationResult, play_coup, simulate

TOKEN_OF_VALUE = {0: "K", 1: "A", **{value: str(value) for value in range(2, 10)}}


def cards_of(values: tuple[int, ...] | list[int]) -> list[Card]:
    return [Card.parse(TOKEN_OF_VALUE[value]) for value in values]


# --- the fast path agrees with Coup --------------------------------------------------------------


def test_the_fast_path_agrees_with_coup_for_every_pair_of_totals_and_third_cards() -> None:
    """Player total x Banker total x Player's third card x Banker's third card, all 10**4 cases."""
    for player, banker, third, banker_third in itertools.product(range(10), repeat=4):
        cards = cards_of((player, banker, 0, 0, third, banker_third))
        assert play_coup(cards) == Coup.from_cards(cards).outcome


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list(Rank)), min_size=6, max_size=6))
def test_the_fast_path_agrees_with_coup_on_any_six_cards(ranks: list[Rank]) -> None:
    cards = [Card(rank) for rank in ranks]
    assert play_coup(cards) == Coup.from_cards(cards).outcome


def test_the_fast_path_reads_only_the_cards_the_coup_needs() -> None:
    """Seed 004, section 3: P 4, B 2, P 4, B 3 is a natural 8 against 5; four cards are enough."""
    assert play_coup(cards_of((4, 2, 4, 3, 9, 9))) == Outcome(
        player_total=8, banker_total=5, player_count=2, banker_count=2, natural=True
    )


def test_the_fast_path_needs_a_fifth_card_when_player_draws() -> None:
    with pytest.raises(InvalidCardError):
        play_coup(cards_of((5, 3, 0, 0)))


# --- simulate ------------------------------------------------------------------------------------


def test_a_seeded_simulation_is_reproducible() -> None:
    assert simulate(5_000, seed=11) == simulate(5_000, seed=11)


def test_different_seeds_give_different_shoes() -> None:
    assert simulate(5_000, seed=1).wins != simulate(5_000, seed=2).wins


def test_every_coup_is_counted_once() -> None:
    result = simulate(3_000, decks=6, seed=5)
    assert isinstance(result, SimulationResult)
    assert (result.hands, result.decks) == (3_000, 6)
    assert sum(result.wins.values()) == 3_000
    assert 0 < result.naturals < 3_000


def test_a_new_shoe_starts_after_the_cut_card() -> None:
    """A shoe of 416 cards with the cut card 14 from the end lasts 67 to 101 coups (4 to 6 cards each)."""
    result = simulate(10_000, seed=3)
    assert math.ceil(10_000 / 101) <= result.shoes <= math.ceil(10_000 / 67)


def test_one_coup_uses_one_shoe() -> None:
    assert simulate(1, seed=0).shoes == 1


def test_a_shoe_without_a_cut_card_is_changed_when_fewer_than_six_cards_remain() -> None:
    result = simulate(2_000, decks=1, seed=9, cut_from_end=0)
    assert sum(result.wins.values()) == 2_000
    assert math.ceil(2_000 / 13) <= result.shoes <= math.ceil(2_000 / 8)


def test_an_unseeded_simulation_runs() -> None:
    assert simulate(100).hands == 100


@pytest.mark.parametrize("decks", [6, 8])
def test_simulated_frequencies_lie_within_five_standard_errors_of_the_exact_odds(decks: int) -> None:
    """The first coup of each shoe follows the exact full-shoe odds; later coups on average do too."""
    hands = 20_000
    result = simulate(hands, decks=decks, seed=20_240_601)
    odds = odds_for_decks(decks)
    for winner in Winner:
        p = float(odds.probabilities[winner])
        standard_error = math.sqrt(p * (1 - p) / hands)
        assert abs(result.frequency(winner) - p) < 5 * standard_error, winner
    p = float(odds.natural_probability)
    assert abs(result.naturals / hands - p) < 5 * math.sqrt(p * (1 - p) / hands)


# --- errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize("hands", [0, -5, 1.5, True, "10"])
def test_a_simulation_needs_at_least_one_coup(hands: object) -> None:
    with pytest.raises(ValueError, match="at least one coup"):
        simulate(hands)  # type: ignore[arg-type]


@pytest.mark.parametrize("decks", [0, 9])
def test_a_simulation_needs_1_to_8_decks(decks: int) -> None:
    with pytest.raises(InvalidShoeError):
        simulate(10, decks=decks)


def test_a_cut_card_beyond_the_shoe_is_rejected() -> None:
    with pytest.raises(InvalidShoeError):
        simulate(10, decks=1, cut_from_end=52)
