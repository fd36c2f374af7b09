"""The registry of bet kinds: every kind is data, and a new one is priced and named with no other change.

The ``throwaway_bet`` fixture registers a bet the code has never heard of ("any natural pays 4:1")
and unregisters it afterwards; the exact-odds code must price it exactly (checked against a brute
force over every ordered deal of a tiny shoe, each coup played by ``Coup``) and the registry must
name it in every language.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction

import pytest

from baccarat import (
    EZ,
    LANGUAGES,
    NO_COMMISSION,
    STANDARD,
    Bet,
    BetSpec,
    Card,
    Coup,
    InvalidBetError,
    Paid,
    PaymentCase,
    Result,
    all_bets,
    bet_spec,
    exact_odds,
    outcome_distribution,
    register,
    settle,
    unregister,
)
from baccarat.odds import deck_counts

ANY_NATURAL = "any_natural"
TOKEN_OF_VALUE = {0: "K", 1: "A", **{value: str(value) for value in range(2, 10)}}
#: Eight cards: every ordered deal of six of them is few enough to play one by one.
TINY_SHOE = (2, 1, 0, 0, 1, 1, 0, 1, 1, 1)


def _any_natural(outcome, payouts) -> PaymentCase:
    return PaymentCase(Paid.WON_NATURAL, Decimal(4)) if outcome.natural else PaymentCase(Paid.LOST)


@pytest.fixture
def throwaway_bet() -> Iterator[BetSpec]:
    spec = register(
        BetSpec(
            ANY_NATURAL,
            {"en": "Any natural", "de": "Irgendein Naturel", "id": "Natural apa saja"},
            _any_natural,
            lambda payouts: (PaymentCase(Paid.WON_NATURAL, Decimal(4)),),
            family="naturals",
            limits=(Decimal("1.00"), Decimal("20.00")),
        )
    )
    yield spec
    unregister(ANY_NATURAL)


def _brute_force_edge(counts: tuple[int, ...], key: str) -> Fraction:
    """Minus the mean net of one chip on ``key`` over every ordered deal of six distinct cards."""
    cards = [Card.parse(TOKEN_OF_VALUE[value]) for value, count in enumerate(counts) for _ in range(count)]
    total = Fraction(0)
    deals = 0
    for deal in itertools.permutations(cards, 6):
        outcome = Coup.from_cards(deal).outcome
        total += Fraction(bet_spec(key).resolve(outcome, STANDARD).net)
        deals += 1
    return -total / deals


def test_a_registered_bet_is_priced_exactly_by_the_odds_code(throwaway_bet):
    odds = exact_odds(TINY_SHOE)
    assert odds.house_edge[ANY_NATURAL] == _brute_force_edge(TINY_SHOE, ANY_NATURAL)
    # And the built-in kinds agree with the same brute force.
    assert odds.house_edge["lion_banker"] == _brute_force_edge(TINY_SHOE, "lion_banker")


def test_a_registered_bet_is_priced_on_a_full_shoe_from_the_natural_probability(throwaway_bet):
    odds = exact_odds(deck_counts(8))
    assert odds.house_edge[ANY_NATURAL] == 1 - 5 * odds.natural_probability


def test_a_registered_bet_is_named_in_every_language_and_settles(throwaway_bet):
    assert [throwaway_bet.name(language) for language in LANGUAGES] == [
        "Any natural",
        "Irgendein Naturel",
        "Natural apa saja",
    ]
    assert throwaway_bet.is_side_bet and throwaway_bet in all_bets()
    natural = Coup.replay(["9", "K", "K", "K"]).outcome
    [result] = settle([Bet(ANY_NATURAL, Decimal("5.00"))], natural, STANDARD)
    assert (result.result, result.winnings, result.case.paid) == (
        Result.WON,
        Decimal("20.00"),
        Paid.WON_NATURAL,
    )


def test_unregistering_forgets_the_kind(throwaway_bet):
    unregister(ANY_NATURAL)
    try:
        with pytest.raises(InvalidBetError):
            Bet(ANY_NATURAL, Decimal(5))
        assert ANY_NATURAL not in exact_odds(TINY_SHOE).house_edge
    finally:
        register(throwaway_bet)


def test_a_kind_cannot_be_registered_twice_or_without_a_name():
    with pytest.raises(InvalidBetError):
        register(bet_spec("tie"))
    with pytest.raises(InvalidBetError):
        BetSpec("nameless", {"en": "Nameless", "de": ""}, _any_natural, lambda payouts: ())


@pytest.mark.parametrize("payouts", [STANDARD, NO_COMMISSION, EZ], ids=lambda payouts: payouts.name)
def test_every_kind_resolves_every_enumerated_outcome(payouts):
    """Every kind decided by the outcome (a pair bet needs the cards, which these outcomes lack)."""
    distribution = outcome_distribution(deck_counts(8))
    for spec in all_bets():
        if spec.price is not None:
            continue
        for outcome in distribution:
            case = spec.resolve(outcome, payouts)
            assert isinstance(case, PaymentCase)
            assert case.result is Result.WON or case.pays == 0, (spec.key, outcome)
            if case.result is Result.WON or case.paid is Paid.PUSH_THREE_CARD_SEVEN:
                assert case in spec.cases(payouts), (spec.key, outcome, case)


def test_the_registry_names_every_kind_in_three_languages():
    assert [spec.key for spec in all_bets()][:5] == ["player", "banker", "tie", "lion_player", "lion_banker"]
    for spec in all_bets():
        assert all(spec.name(language).strip() for language in LANGUAGES), spec.key
    assert bet_spec("lion_player").name("de-at") == "Lion Bonus (Dragon Bonus) auf Spieler"


def test_the_enumeration_tells_apart_which_hand_took_the_third_card():
    distribution = outcome_distribution(deck_counts(8))
    shapes = {(outcome.player_count, outcome.banker_count) for outcome in distribution}
    assert shapes == {(2, 2), (3, 2), (2, 3), (3, 3)}
    assert sum(distribution.values()) == 1


def test_only_one_side_of_a_one_side_family():
    with pytest.raises(InvalidBetError):
        settle(
            [Bet("lion_player", Decimal(10)), Bet("lion_banker", Decimal(10))],
            Coup.replay(["9", "K", "K", "K"]).outcome,
            STANDARD,
        )
