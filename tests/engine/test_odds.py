"""Exact odds of the next coup, computed by exhaustive enumeration of the shoe.

Sources of the golden values:

- The 8-deck win probabilities and the standard house edges of Player, Banker
  and Tie are the reference figures the project was given (to 6 places and to
  4 places in percent).
- Every other figure was computed by this engine. They were cross-checked in
  two ways: an independent brute force over all 10**6 ordered six-value
  sequences (weighted by falling products of the counts, each played with the
  rule functions) reproduced the whole 8-deck and 6-deck distributions exactly;
  and they agree with the published tables for Punto Banco (Wizard of Odds:
  6 decks Banker 1.0558%, Player 1.2374%, Tie 14.4382%; Banker six pays 1:2
  on 8 decks 1.458%; the Dragon Bonus, whose pay table the Lion Bonus uses,
  2.65% on Player and 9.37% on Banker for 8 decks; EZ Banker 1.02%, Dragon 7 7.61%, Panda 8
  10.19%, Player Pair 11:1 10.36%, Either Pair 5:1 13.71%, Perfect Pair 25:1 13.03% on 8 decks
  and 17.07% on 6). The pair figures are also checked against a brute force over every ordering
  of small shoes (tests/engine/test_side_bets.py).
- Small shoes are also checked here against ``Coup.from_cards`` as a referee.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat import NO_COMMISSION, BetKind, Card, Coup, InvalidShoeError, Outcome, PayoutSet, Winner
from baccarat.odds import Odds, deck_cards, deck_counts, exact_odds, odds_for_decks, outcome_distribution

TOKEN_OF_VALUE = {0: "K", 1: "A", **{value: str(value) for value in range(2, 10)}}


def counts_of(**by_value: int) -> tuple[int, ...]:
    """Counts per point value from keywords such as ``v0=5, v9=1``."""
    return tuple(by_value.get(f"v{value}", 0) for value in range(10))


def winner_shares(odds: Odds) -> dict[Winner, str]:
    return {winner: f"{float(probability):.6f}" for winner, probability in odds.probabilities.items()}


def edge_percent(odds: Odds, kind: BetKind, places: int = 4) -> str:
    return f"{float(odds.house_edge[kind]):.{places}%}"


# --- deck_counts ---------------------------------------------------------------------------------


def test_one_deck_has_16_zero_cards_and_4_of_every_other_value() -> None:
    assert deck_counts(1) == (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)


def test_eight_decks_hold_416_cards() -> None:
    """Seed 004, section 2: 8 decks = 416 cards."""
    assert sum(deck_counts(8)) == 416
    assert deck_counts(8)[0] == 128


@pytest.mark.parametrize("decks", [0, 9, -1, 2.0, "8", True, None])
def test_deck_counts_rejects_anything_but_1_to_8_decks(decks: object) -> None:
    with pytest.raises(InvalidShoeError):
        deck_counts(decks)  # type: ignore[arg-type]


# --- the reference figures -----------------------------------------------------------------------


def test_banker_wins_0_458597_of_coups_from_eight_decks() -> None:
    odds = odds_for_decks(8)
    assert winner_shares(odds) == {
        Winner.PLAYER: "0.446247",
        Winner.BANKER: "0.458597",
        Winner.TIE: "0.095156",
    }


def test_standard_house_edges_from_eight_decks_match_the_reference() -> None:
    odds = odds_for_decks(8)
    assert edge_percent(odds, BetKind.BANKER) == "1.0579%"
    assert edge_percent(odds, BetKind.PLAYER) == "1.2351%"
    assert edge_percent(odds, BetKind.TIE) == "14.3596%"


def test_the_exact_tie_probability_from_eight_decks_is_a_known_fraction() -> None:
    """Computed by this engine; the brute force over 10**6 sequences gives the same fraction."""
    assert odds_for_decks(8).probabilities[Winner.TIE] == Fraction(619306544887, 6508331087895)


# Computed by this engine and cross-checked (see the module docstring), to 8 places in percent.
GOLDEN_EDGES = {
    (8, "standard"): {
        BetKind.PLAYER: "1.23508133%",
        BetKind.BANKER: "1.05790578%",
        BetKind.TIE: "14.35962878%",
        BetKind.LION_PLAYER: "2.65167453%",
        BetKind.LION_BANKER: "9.37307401%",
        BetKind.PLAYER_PAIR: "10.36144578%",
        BetKind.BANKER_PAIR: "10.36144578%",
        BetKind.EITHER_PAIR: "13.70987688%",
        BetKind.PERFECT_PAIR: "13.02939096%",
        BetKind.DRAGON_7: "7.61133447%",
        BetKind.PANDA_8: "10.18763217%",
    },
    (8, "no-commission"): {
        BetKind.PLAYER: "1.23508133%",
        BetKind.BANKER: "1.45810446%",
        BetKind.TIE: "14.35962878%",
        BetKind.LION_PLAYER: "2.65167453%",
        BetKind.LION_BANKER: "9.37307401%",
        BetKind.PLAYER_PAIR: "10.36144578%",
        BetKind.BANKER_PAIR: "10.36144578%",
        BetKind.EITHER_PAIR: "13.70987688%",
        BetKind.PERFECT_PAIR: "13.02939096%",
        BetKind.DRAGON_7: "7.61133447%",
        BetKind.PANDA_8: "10.18763217%",
    },
    (8, "ez"): {
        BetKind.PLAYER: "1.23508133%",
        BetKind.BANKER: "1.01830076%",
        BetKind.TIE: "14.35962878%",
        BetKind.LION_PLAYER: "2.65167453%",
        BetKind.LION_BANKER: "9.37307401%",
        BetKind.PLAYER_PAIR: "10.36144578%",
        BetKind.BANKER_PAIR: "10.36144578%",
        BetKind.EITHER_PAIR: "13.70987688%",
        BetKind.PERFECT_PAIR: "13.02939096%",
        BetKind.DRAGON_7: "7.61133447%",
        BetKind.PANDA_8: "10.18763217%",
    },
    (6, "standard"): {
        BetKind.PLAYER: "1.23741490%",
        BetKind.BANKER: "1.05584870%",
        BetKind.TIE: "14.43815980%",
        BetKind.LION_PLAYER: "2.66751300%",
        BetKind.LION_BANKER: "9.38892996%",
        BetKind.PLAYER_PAIR: "11.25401929%",
        BetKind.BANKER_PAIR: "11.25401929%",
        BetKind.EITHER_PAIR: "14.53648103%",
        BetKind.PERFECT_PAIR: "17.07160861%",
        BetKind.DRAGON_7: "7.60619048%",
        BetKind.PANDA_8: "10.20738333%",
    },
    (6, "no-commission"): {
        BetKind.PLAYER: "1.23741490%",
        BetKind.BANKER: "1.45480766%",
        BetKind.TIE: "14.43815980%",
        BetKind.LION_PLAYER: "2.66751300%",
        BetKind.LION_BANKER: "9.38892996%",
        BetKind.PLAYER_PAIR: "11.25401929%",
        BetKind.BANKER_PAIR: "11.25401929%",
        BetKind.EITHER_PAIR: "14.53648103%",
        BetKind.PERFECT_PAIR: "17.07160861%",
        BetKind.DRAGON_7: "7.60619048%",
        BetKind.PANDA_8: "10.20738333%",
    },
}


@pytest.mark.parametrize(("decks", "payouts_name"), sorted(GOLDEN_EDGES))
def test_house_edge_of_every_bet_matches_the_golden_values(decks: int, payouts_name: str) -> None:
    """Golden values computed by this engine; cross-checked by brute force and published tables."""
    odds = odds_for_decks(decks, PayoutSet.named(payouts_name))
    assert {kind: edge_percent(odds, kind, 8) for kind in BetKind} == GOLDEN_EDGES[decks, payouts_name]


def test_six_decks_change_the_win_probabilities_slightly() -> None:
    """Computed by this engine (seed 003 deals from 6 decks)."""
    odds = odds_for_decks(6)
    assert winner_shares(odds) == {
        Winner.PLAYER: "0.446279",
        Winner.BANKER: "0.458653",
        Winner.TIE: "0.095069",
    }


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_house_edges_follow_from_the_probabilities_by_the_payout_rules(decks: int) -> None:
    """Player 1:1, Banker 1:1 less 5%, Tie 8:1, with Player and Banker bets returned on a tie."""
    odds = odds_for_decks(decks)
    player, banker, tie = (
        odds.probabilities[winner] for winner in (Winner.PLAYER, Winner.BANKER, Winner.TIE)
    )
    assert odds.house_edge[BetKind.PLAYER] == banker - player
    assert odds.house_edge[BetKind.BANKER] == player - Fraction(95, 100) * banker
    assert odds.house_edge[BetKind.TIE] == 1 - 9 * tie


def test_no_commission_banker_edge_counts_a_win_on_six_at_half() -> None:
    """Seed 003: Banker pays 1:1 without commission, but a Banker win with six pays 1:2."""
    odds = odds_for_decks(8, NO_COMMISSION)
    banker_six = sum(
        p
        for outcome, p in odds.distribution.items()
        if outcome.winning_total == 6 and outcome.winner is Winner.BANKER
    )
    expected = odds.probabilities[Winner.BANKER] - banker_six / 2 - odds.probabilities[Winner.PLAYER]
    assert odds.house_edge[BetKind.BANKER] == -expected


def test_the_payout_set_only_changes_the_edges_not_the_probabilities() -> None:
    assert odds_for_decks(8).probabilities == odds_for_decks(8, NO_COMMISSION).probabilities


def test_a_custom_payout_set_is_honoured() -> None:
    tie_pays_nine = PayoutSet(name="tie-9", banker_commission=Decimal("0.05"), tie_pays=Decimal("9"))
    odds = exact_odds(deck_counts(8), tie_pays_nine)
    assert odds.house_edge[BetKind.TIE] == 1 - 10 * odds.probabilities[Winner.TIE]
    assert odds.payouts is tie_pays_nine


def test_the_full_shoe_odds_are_cached() -> None:
    assert odds_for_decks(8) is odds_for_decks(8)
    assert exact_odds(list(deck_counts(6)), NO_COMMISSION) is exact_odds(deck_counts(6), NO_COMMISSION)
    full = exact_odds(list(deck_counts(6)), NO_COMMISSION, cards=dict(deck_cards(6)))
    assert full is odds_for_decks(6, NO_COMMISSION)


# --- the distribution ----------------------------------------------------------------------------


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_probabilities_sum_to_exactly_one(decks: int) -> None:
    assert sum(outcome_distribution(deck_counts(decks)).values()) == 1


def test_every_outcome_is_consistent_with_its_totals() -> None:
    for outcome, probability in outcome_distribution(deck_counts(8)).items():
        assert probability > 0
        assert 4 <= outcome.cards_dealt <= 6
        assert not outcome.natural or outcome.cards_dealt == 4
        difference = outcome.player_total - outcome.banker_total
        expected = Winner.PLAYER if difference > 0 else Winner.BANKER if difference < 0 else Winner.TIE
        assert outcome.winner is expected


def test_a_shoe_of_zero_cards_always_ends_in_a_six_card_tie_at_zero() -> None:
    """P 0, B 0: no natural; Player draws on 0, Banker draws on 0 after a third card 0."""
    assert outcome_distribution(counts_of(v0=6)) == {
        Outcome(player_total=0, banker_total=0, player_count=3, banker_count=3, natural=False): Fraction(1)
    }


def test_a_shoe_of_nines_always_ends_in_a_natural_tie_at_eight() -> None:
    """9 + 9 = 18 counts 8 for both hands: a natural, both stand."""
    assert outcome_distribution(counts_of(v9=7)) == {
        Outcome(player_total=8, banker_total=8, player_count=2, banker_count=2, natural=True): Fraction(1)
    }


def test_one_nine_among_five_zeros_wins_for_whichever_hand_receives_it() -> None:
    """The nine lies at each of the six positions with probability 1/6.

    Positions 1 and 3 give Player a natural 9, positions 2 and 4 give Banker
    one; at position 5 it is Player's third card (Banker on 0 still draws and
    gets a 0); at position 6 it is Banker's third card.
    """
    assert outcome_distribution(counts_of(v0=5, v9=1)) == {
        Outcome(player_total=9, banker_total=0, player_count=2, banker_count=2, natural=True): Fraction(1, 3),
        Outcome(player_total=0, banker_total=9, player_count=2, banker_count=2, natural=True): Fraction(1, 3),
        Outcome(player_total=9, banker_total=0, player_count=3, banker_count=3, natural=False): Fraction(
            1, 6
        ),
        Outcome(player_total=0, banker_total=9, player_count=3, banker_count=3, natural=False): Fraction(
            1, 6
        ),
    }


def brute_force(counts: tuple[int, ...]) -> dict[Outcome, Fraction]:
    """Deal every ordering of the shoe's values to ``Coup.from_cards`` (the referee)."""
    weights: dict[Outcome, int] = defaultdict(int)
    present = [value for value in range(10) if counts[value]]
    for values in itertools.product(present, repeat=6):
        left = list(counts)
        weight = 1
        for value in values:
            weight *= left[value]
            left[value] -= 1
        if weight:
            outcome = Coup.from_cards(Card.parse(TOKEN_OF_VALUE[value]) for value in values).outcome
            assert outcome is not None
            weights[outcome] += weight
    total = sum(counts)
    orderings = total * (total - 1) * (total - 2) * (total - 3) * (total - 4) * (total - 5)
    return {outcome: Fraction(weight, orderings) for outcome, weight in weights.items()}


@pytest.mark.parametrize(
    "counts",
    [
        counts_of(v0=3, v3=2, v5=2, v8=1),
        counts_of(v1=2, v2=2, v6=2, v7=2),
        counts_of(v0=2, v4=3, v6=2, v9=1),
        counts_of(v2=2, v3=2, v5=2, v7=3),
        counts_of(v0=4, v1=1, v5=2, v6=1),
    ],
)
def test_small_shoes_agree_with_dealing_every_ordering_to_a_coup(counts: tuple[int, ...]) -> None:
    assert outcome_distribution(counts) == brute_force(counts)


# --- removal effects -----------------------------------------------------------------------------


def test_removing_every_eight_and_nine_lowers_the_natural_rate() -> None:
    """Computed by this engine: 0.343049 from 8 full decks, 0.203499 without 8s and 9s (4+4 still makes 8)."""
    full = odds_for_decks(8)
    without = list(deck_counts(8))
    without[8] = without[9] = 0
    stripped = exact_odds(without)
    assert f"{float(full.natural_probability):.6f}" == "0.343049"
    assert f"{float(stripped.natural_probability):.6f}" == "0.203499"


def test_adding_eights_and_nines_raises_the_natural_rate() -> None:
    rich = list(deck_counts(8))
    rich[8] += 32
    rich[9] += 32
    assert exact_odds(rich).natural_probability > odds_for_decks(8).natural_probability


def test_removing_cards_changes_the_odds_of_the_next_coup() -> None:
    """Card removal is exact: a shoe without small cards favours Banker less."""
    counts = list(deck_counts(8))
    counts[1] = counts[2] = counts[3] = 0
    assert exact_odds(counts).probabilities != odds_for_decks(8).probabilities


# --- errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "counts",
    [
        counts_of(v0=5),
        counts_of(),
        counts_of(v0=7, v5=-1),
        (4, 4, 4),
        (1,) * 11,
        (1, 1, 1, 1, 1, 1.0, 1, 1, 1, 1),
        (1, 1, 1, 1, 1, True, 1, 1, 1, 1),
    ],
)
def test_a_shoe_that_cannot_finish_a_coup_is_rejected(counts: tuple[int, ...]) -> None:
    with pytest.raises(InvalidShoeError):
        outcome_distribution(counts)
    with pytest.raises(InvalidShoeError):
        exact_odds(counts)


def test_odds_for_decks_rejects_nine_decks() -> None:
    with pytest.raises(InvalidShoeError, match="1 to 8 decks"):
        odds_for_decks(9)


def test_the_returned_distribution_is_a_copy_the_caller_may_change() -> None:
    distribution = outcome_distribution(deck_counts(8))
    distribution.clear()
    assert sum(outcome_distribution(deck_counts(8)).values()) == 1


# --- properties ----------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=12), min_size=10, max_size=10).filter(lambda c: sum(c) >= 6)
)
def test_probabilities_sum_to_one_for_any_shoe_of_six_or_more_cards(counts: list[int]) -> None:
    distribution = outcome_distribution(counts)
    assert sum(distribution.values()) == 1
    assert all(probability > 0 for probability in distribution.values())
