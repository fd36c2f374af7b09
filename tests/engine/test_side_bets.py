"""The pair bets, Dragon 7, Panda 8 and the EZ Banker: settled case by case and priced exactly.

Sources of the figures: the published tables for these bets (Wizard of Odds: EZ Baccarat
Banker 1.02 %, Dragon 7 at 40:1 7.61 %, Panda 8 at 25:1 10.19 %, Player Pair at 11:1 10.36 %,
Either Pair at 5:1 13.71 %, Perfect Pair at 25:1 13.03 % on 8 decks and 17.07 % on 6), which
this engine's exact figures match to the places published; and a brute force here that deals
every ordering of small shoes with ``Coup`` and settles each with ``settle``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from decimal import Decimal
from fractions import Fraction

import pytest

from baccarat import (
    EZ,
    LANGUAGES,
    STANDARD,
    Bet,
    BetKind,
    Card,
    Coup,
    Hand,
    InvalidBetError,
    InvalidShoeError,
    Outcome,
    Paid,
    Rank,
    Result,
    Shoe,
    Suit,
    all_bets,
    bet_spec,
    exact_odds,
    odds_for_decks,
    payment_case,
    settle,
)

STAKE = Decimal("10")
PAIR_KINDS = ("player_pair", "banker_pair", "either_pair", "perfect_pair")


def dealt(*tokens: str) -> Outcome:
    """The outcome of a coup whose first cards are ``tokens`` (dealt P, B, P, B), filled up with kings."""
    coup = Coup.from_cards(
        itertools.chain((Card.parse(token) for token in tokens), itertools.repeat(Card.parse("K")))
    )
    assert coup.outcome is not None
    return coup.outcome


def paid(kind: str, outcome: Outcome, payouts=STANDARD) -> tuple[Paid, Decimal]:
    case = payment_case(kind, outcome, payouts)
    return case.paid, case.pays


def three_card(player: int, banker: int, player_count: int = 3, banker_count: int = 3) -> Outcome:
    return Outcome(
        player_total=player,
        banker_total=banker,
        player_count=player_count,
        banker_count=banker_count,
        natural=False,
    )


# --- the pair bets, case by case -----------------------------------------------------------------


def test_player_pair_pays_11_to_1_on_two_cards_of_one_rank_in_any_suits():
    outcome = dealt("7H", "2S", "7C", "3D")  # Player 7H 7C, Banker 2S 3D
    assert paid("player_pair", outcome) == (Paid.WON_PAIR, Decimal("11"))
    assert paid("banker_pair", outcome) == (Paid.LOST, Decimal("0"))
    [result] = settle([Bet("player_pair", STAKE)], outcome, STANDARD)
    assert (result.result, result.returned) == (Result.WON, Decimal("120.00"))


def test_banker_pair_reads_banker_s_first_two_cards():
    outcome = dealt("2S", "QH", "3D", "QH")
    assert paid("banker_pair", outcome) == (Paid.WON_PAIR, Decimal("11"))
    assert paid("player_pair", outcome)[0] is Paid.LOST


def test_a_ten_and_a_king_are_not_a_pair_though_both_count_zero():
    outcome = dealt("10S", "2S", "KS", "3D")
    for kind in PAIR_KINDS:
        assert paid(kind, outcome)[0] is Paid.LOST, kind


def test_a_third_card_never_makes_a_pair():
    """Player 2 3 draws a 2: the pair bet looks at the first two cards only."""
    outcome = dealt("2S", "KD", "3S", "QD", "2S")
    assert outcome.player_count == 3
    assert paid("player_pair", outcome)[0] is Paid.LOST


def test_either_pair_pays_5_to_1_once_for_a_pair_in_either_hand_or_both():
    banker_only = dealt("2S", "4H", "3D", "4C")
    both = dealt("5S", "4H", "5D", "4C")
    neither = dealt("5S", "4H", "6D", "3C")
    assert paid("either_pair", banker_only) == (Paid.WON_PAIR, Decimal("5"))
    assert paid("either_pair", both) == (Paid.WON_PAIR, Decimal("5"))
    assert paid("either_pair", neither)[0] is Paid.LOST
    [result] = settle([Bet("either_pair", STAKE)], both, STANDARD)
    assert result.returned == Decimal("60.00")


def test_perfect_pair_pays_25_to_1_on_a_suited_pair_in_either_hand():
    player_suited = dealt("9D", "2S", "9D", "3C")
    banker_suited = dealt("9D", "JC", "8D", "JC")
    unsuited = dealt("9D", "2S", "9H", "3C")
    assert paid("perfect_pair", player_suited) == (Paid.WON_SUITED_PAIR, Decimal("25"))
    assert paid("perfect_pair", banker_suited) == (Paid.WON_SUITED_PAIR, Decimal("25"))
    assert paid("perfect_pair", unsuited)[0] is Paid.LOST
    assert paid("player_pair", unsuited)[0] is Paid.WON_PAIR


def test_a_card_without_a_suit_never_makes_a_perfect_pair():
    outcome = dealt("9", "2S", "9", "3C")
    assert paid("perfect_pair", outcome)[0] is Paid.LOST
    assert paid("player_pair", outcome)[0] is Paid.WON_PAIR
    assert paid("perfect_pair", dealt("9D", "2S", "9", "3C"))[0] is Paid.LOST


@pytest.mark.parametrize("kind", PAIR_KINDS)
def test_a_pair_bet_on_an_outcome_without_cards_is_a_clear_error(kind):
    with pytest.raises(InvalidBetError, match="settled on the cards"):
        settle([Bet(kind, STAKE)], three_card(4, 5), STANDARD)


# --- Dragon 7, Panda 8 and the EZ Banker ---------------------------------------------------------


def test_dragon_7_pays_40_to_1_on_a_banker_win_with_three_cards_totalling_7():
    assert paid("dragon_7", three_card(5, 7), EZ) == (Paid.WON_THREE_CARD_SEVEN, Decimal("40"))
    [result] = settle([Bet("dragon_7", STAKE)], three_card(5, 7), EZ)
    assert result.returned == Decimal("410.00")


@pytest.mark.parametrize(
    "outcome",
    [three_card(7, 7), three_card(5, 7, banker_count=2), three_card(5, 6), three_card(8, 7)],
    ids=["a three-card 7 tie", "a two-card 7", "a three-card 6", "Player wins"],
)
def test_dragon_7_loses_on_anything_else(outcome):
    assert paid("dragon_7", outcome, EZ)[0] is Paid.LOST


def test_panda_8_pays_25_to_1_on_a_player_win_with_three_cards_totalling_8():
    assert paid("panda_8", three_card(8, 5), EZ) == (Paid.WON_THREE_CARD_EIGHT, Decimal("25"))
    assert paid("panda_8", three_card(8, 8), EZ)[0] is Paid.LOST
    assert paid("panda_8", three_card(8, 5, player_count=2), EZ)[0] is Paid.LOST
    assert paid("panda_8", three_card(9, 5), EZ)[0] is Paid.LOST


def test_the_ez_banker_pushes_a_win_with_three_cards_totalling_7():
    [result] = settle([Bet(BetKind.BANKER, STAKE)], three_card(5, 7), EZ)
    assert (result.case.paid, result.result, result.returned) == (
        Paid.PUSH_THREE_CARD_SEVEN,
        Result.PUSH,
        STAKE,
    )


@pytest.mark.parametrize(
    "outcome",
    [three_card(5, 7, banker_count=2), three_card(4, 6), three_card(2, 9)],
    ids=["a two-card 7", "a win on six (no half pay)", "a three-card 9"],
)
def test_every_other_ez_banker_win_pays_1_to_1_without_commission(outcome):
    [result] = settle([Bet(BetKind.BANKER, STAKE)], outcome, EZ)
    assert (result.case.paid, result.returned, result.commission) == (
        Paid.WON,
        Decimal("20.00"),
        Decimal("0.00"),
    )


def test_a_standard_banker_win_with_a_three_card_7_still_pays_less_commission():
    [result] = settle([Bet(BetKind.BANKER, STAKE)], three_card(5, 7), STANDARD)
    assert result.returned == Decimal("19.50")


def test_the_ez_banker_lists_its_push_among_its_cases():
    assert [case.paid for case in bet_spec("banker").cases(EZ)] == [Paid.WON, Paid.PUSH_THREE_CARD_SEVEN]


# --- the registry entries ------------------------------------------------------------------------


def test_the_new_kinds_are_registered_with_their_sides_families_and_limits():
    expected = {
        "player_pair": (Hand.PLAYER, "pair"),
        "banker_pair": (Hand.BANKER, "pair"),
        "either_pair": (None, "either_pair"),
        "perfect_pair": (None, "perfect_pair"),
        "dragon_7": (Hand.BANKER, "dragon_7"),
        "panda_8": (Hand.PLAYER, "panda_8"),
    }
    for key, (side, family) in expected.items():
        spec = bet_spec(key)
        assert (spec.side, spec.family, spec.is_side_bet) == (side, family, True), key
        assert spec.limits == (Decimal("5.00"), Decimal("50.00"))
        assert all(spec.name(language) for language in LANGUAGES)
        assert Bet(key, STAKE).kind is BetKind(key)
    assert bet_spec("perfect_pair").name("id") == "Pasangan Sempurna"


def test_the_lion_bonus_keeps_its_keys_and_is_named_as_the_dragon_bonus_too():
    for side in ("player", "banker"):
        spec = bet_spec(f"lion_{side}")
        assert spec.slug == f"lion_bonus_{side}"
        assert all("Lion Bonus (Dragon Bonus)" in spec.name(language) for language in LANGUAGES)


def test_a_bet_takes_any_registered_key_and_no_other():
    assert Bet("banker_pair", STAKE).spec is bet_spec("banker_pair")
    with pytest.raises(InvalidBetError, match="no bet kind 'tiger_pair'"):
        Bet("tiger_pair", STAKE)


# --- exact prices --------------------------------------------------------------------------------

SMALL_SHOES = {
    "suited repeats": ["AS", "AS", "AH", "KD", "KD", "10D", "7C", "6C"],
    "four of a rank": ["3H", "3H", "3H", "3S", "4", "4", "QD", "QD"],
    "suitless cards": ["5", "5", "5H", "5H", "J", "Q", "2C", "9C"],
}


def brute_force(tokens: list[str], payouts) -> dict[str, Fraction]:
    """The exact house edge of every registered kind over every ordering, each dealt by ``Coup``.

    A coup reads at most six cards, so the orderings are grouped by their first six (each group
    of equally many orderings); equal cards make equal groups, counted once with their weight.
    """
    cards = [Card.parse(token) for token in tokens]
    prefixes = Counter(itertools.permutations(cards, 6))
    nets: Counter[str] = Counter()
    for prefix, weight in prefixes.items():
        outcome = Coup.from_cards(prefix).outcome
        for spec in all_bets():
            nets[spec.key] += weight * Fraction(payment_case(spec.key, outcome, payouts).net)
    total = sum(prefixes.values())
    return {spec.key: -Fraction(nets[spec.key]) / total for spec in all_bets()}


def test_the_brute_force_settles_like_settle():
    """The referee reads the same cases ``settle`` pays by (one ordering, every kind)."""
    outcome = dealt(*SMALL_SHOES["suited repeats"])
    for spec in all_bets():
        [result] = settle([Bet(spec.key, Decimal(1))], outcome, EZ)
        assert result.net == payment_case(spec.key, outcome, EZ).net, spec.key


@pytest.mark.parametrize("name", sorted(SMALL_SHOES))
def test_every_kind_s_exact_price_equals_a_brute_force_over_every_ordering_of_a_small_shoe(name):
    tokens = SMALL_SHOES[name]
    shoe = Shoe.arranged(tokens)
    odds = exact_odds(shoe.remaining_counts(), EZ, cards=shoe.remaining_cards())
    assert dict(odds.house_edge) == brute_force(tokens, EZ)
    assert list(odds.house_edge) == [spec.key for spec in all_bets()]


def test_the_closed_form_is_exact_on_the_suited_repeats_shoe():
    """By hand: 8 cards, ranks A A A K K 10 7 6: ordered same-rank pairs 3*2 + 2*1 = 8 of 56."""
    shoe = Shoe.arranged(SMALL_SHOES["suited repeats"])
    edges = exact_odds(shoe.remaining_counts(), STANDARD, cards=shoe.remaining_cards()).house_edge
    assert edges["player_pair"] == 1 - 12 * Fraction(8, 56)


def test_without_the_cards_the_pair_kinds_are_simply_not_priced():
    shoe = Shoe.arranged(SMALL_SHOES["suited repeats"])
    odds = exact_odds(shoe.remaining_counts(), STANDARD)
    assert odds.cards is None
    assert not set(PAIR_KINDS) & set(odds.house_edge)
    assert {"player", "banker", "tie", "dragon_7", "panda_8"} <= set(odds.house_edge)


@pytest.mark.parametrize(
    "cards",
    [
        {(Rank.ACE, Suit.SPADES): 6},
        {(Rank.KING, Suit.SPADES): 5, (Rank.ACE, None): 1},
        {(Rank.KING, Suit.SPADES): -1, (Rank.KING, None): 7},
        {("K", "S"): 6},
        {(Rank.KING, Suit.SPADES): 6.0},
        [1, 2, 3],
    ],
    ids=["other values", "other split", "negative", "not ranks", "a float", "not a mapping"],
)
def test_cards_that_do_not_fit_the_counts_are_refused(cards):
    with pytest.raises(InvalidShoeError):
        exact_odds((6, 0, 0, 0, 0, 0, 0, 0, 0, 0), STANDARD, cards=cards)


def test_the_shoe_gives_its_undealt_and_its_unseen_cards_by_rank_and_suit():
    shoe = Shoe.arranged(["AH", "KS", "KS", "7", "QD", "QD", "2C"])
    shoe.burn()  # AH turned, one KS burned
    shoe.draw()  # the other KS
    assert shoe.remaining_cards() == {
        (Rank.SEVEN, None): 1,
        (Rank.QUEEN, Suit.DIAMONDS): 2,
        (Rank.TWO, Suit.CLUBS): 1,
    }
    assert shoe.unseen_cards()[Rank.KING, Suit.SPADES] == 1
    assert sum(shoe.remaining_cards().values()) == shoe.remaining


# --- published figures ---------------------------------------------------------------------------


def percent(value: Fraction, places: int = 2) -> str:
    return f"{float(value):.{places}%}"


def test_eight_deck_figures_match_the_published_tables():
    ez = odds_for_decks(8, EZ).house_edge
    standard = odds_for_decks(8, STANDARD).house_edge
    assert percent(ez["banker"]) == "1.02%"
    assert percent(ez["dragon_7"]) == "7.61%"
    assert percent(ez["panda_8"]) == "10.19%"
    assert percent(standard["player_pair"]) == percent(standard["banker_pair"]) == "10.36%"
    assert percent(standard["either_pair"]) == "13.71%"
    assert percent(standard["perfect_pair"]) == "13.03%"


def test_the_pair_edges_are_the_exact_fractions_of_the_closed_form():
    """Player Pair on 8 decks: 31 of the 415 cards left match the first one's rank; pays 11:1."""
    assert odds_for_decks(8).house_edge["player_pair"] == Fraction(43, 415)
    assert percent(odds_for_decks(6).house_edge["perfect_pair"]) == "17.07%"


def test_a_fresh_eight_deck_shoe_is_priced_quickly_and_from_the_cache():
    first = odds_for_decks(8, EZ)
    assert odds_for_decks(8, EZ) is first
    assert first.cards is not None and len(first.cards) == 52
