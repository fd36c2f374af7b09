"""The shoe procedure: the burn at the start of a shoe, the cut card, and the exact odds after the burn."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat import (
    Burn,
    Card,
    InvalidShoeError,
    Rank,
    Shoe,
    ShoeEmptyError,
    Winner,
    deck_counts,
    exact_odds,
    play_coup,
)
from tests.engine.notation import POINTS, cards

NO_DB = settings(database=None)

#: The design card: the first card is turned, and that many are burned; a ten or a picture burns ten.
BURNS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9}
BURNS |= {"10": 10, "J": 10, "Q": 10, "K": 10}


def draw_all(shoe: Shoe) -> list[Card]:
    return [shoe.draw() for _ in range(shoe.remaining)]


# --- the burn --------------------------------------------------------------------------------------


@pytest.mark.parametrize("rank", list(Rank))
def test_the_turned_card_burns_its_value_and_a_ten_or_a_picture_burns_ten(rank: Rank) -> None:
    tail = [Card.parse(f"{n % 8 + 2}C") for n in range(20)]
    shoe = Shoe.arranged([Card(rank), *tail])

    burn = shoe.burn()

    assert burn == Burn(Card(rank), BURNS[rank.value])
    assert shoe.burned == burn
    assert shoe.position == 1 + BURNS[rank.value] == burn.cards_used
    assert shoe.draw() == tail[BURNS[rank.value]]  # the first card dealt comes after the burned ones


def test_a_shuffled_eight_deck_shoe_burns_and_keeps_its_cut_card_14_from_the_end() -> None:
    shoe = Shoe.shuffled(8, rng=random.Random(17))
    first = Shoe.shuffled(8, rng=random.Random(17)).draw()

    burn = shoe.burn()

    assert burn.turned == first
    assert (len(shoe), shoe.cut, shoe.remaining) == (416, 402, 416 - 1 - BURNS[first.rank.value])
    assert shoe.cut_card_out is False


def test_arranged_and_shuffled_shoes_do_not_burn_unless_asked() -> None:
    arranged = Shoe.arranged(["4", "2", "4", "3"])
    shuffled = Shoe.shuffled(6, rng=random.Random(3))

    assert arranged.burned is None and shuffled.burned is None
    assert arranged.position == shuffled.position == 0
    assert draw_all(arranged) == [Card.parse(t) for t in ["4", "2", "4", "3"]]
    assert Shoe.arranged(["4", "2", "4", "3"]).dumps().startswith("s1.")


def test_a_shoe_is_burned_once_and_only_before_its_first_card() -> None:
    burned = Shoe.arranged(["A", "2", "3", "4"])
    burned.burn()
    dealt = Shoe.arranged(["A", "2", "3", "4"])
    dealt.draw()

    with pytest.raises(InvalidShoeError, match="burned already"):
        burned.burn()
    with pytest.raises(InvalidShoeError, match="not been dealt from"):
        dealt.burn()


@pytest.mark.parametrize(("tokens", "message"), [([], "empty"), (["K", *["9"] * 9], "too short")])
def test_a_shoe_too_short_for_its_burn_is_refused_and_left_as_it_was(tokens: list[str], message: str) -> None:
    shoe = Shoe.arranged(tokens)

    with pytest.raises(InvalidShoeError, match=message):
        shoe.burn()

    assert (shoe.burned, shoe.position) == (None, 0)


def test_a_burn_that_uses_the_whole_shoe_leaves_it_empty() -> None:
    shoe = Shoe.arranged(["2", "9", "9"])
    shoe.burn()

    assert shoe.remaining == 0 and shoe.finished
    with pytest.raises(ShoeEmptyError):
        shoe.draw()


# --- what is seen and what is not -------------------------------------------------------------------


def test_the_burned_cards_are_gone_from_the_shoe_but_counted_as_unseen() -> None:
    shoe = Shoe.arranged(["3S", "9", "8", "7", "A", "2", "K"])
    shoe.burn()  # 3 turned; 9, 8, 7 burned face down

    assert shoe.remaining_counts() == (1, 1, 1, 0, 0, 0, 0, 0, 0, 0)
    assert shoe.unseen_counts() == (1, 1, 1, 0, 0, 0, 0, 1, 1, 1)


@given(st.integers(1, 8), st.integers(0, 30), st.randoms(use_true_random=False))
@NO_DB
def test_unseen_cards_are_the_full_shoe_less_the_turned_card_and_the_cards_dealt(
    decks: int, dealt: int, rng: random.Random
) -> None:
    shoe = Shoe.shuffled(decks, rng=rng)
    burn = shoe.burn()
    seen = [burn.turned] + [shoe.draw() for _ in range(min(dealt, shoe.remaining))]

    expected = list(deck_counts(decks))
    for card in seen:
        expected[POINTS[card.rank.value]] -= 1
    assert list(shoe.unseen_counts()) == expected
    assert sum(shoe.unseen_counts()) == shoe.remaining + burn.burned


def test_a_shoe_without_a_burn_has_no_unseen_cards_but_its_undealt_ones() -> None:
    shoe = Shoe.arranged(["5", "K", "9", "9"])
    shoe.draw()
    assert shoe.unseen_counts() == shoe.remaining_counts()


# --- dumps and loads ---------------------------------------------------------------------------------


@st.composite
def burned_shoes(draw):
    """An arranged shoe long enough for its burn, burned, then dealt from for a while."""
    first = draw(cards)
    rest = draw(st.lists(cards, min_size=BURNS[first.rank.value], max_size=40))
    shoe = Shoe.arranged([first, *rest], cut=draw(st.none() | st.integers(0, len(rest) + 1)))
    shoe.burn()
    for _ in range(draw(st.integers(0, shoe.remaining))):
        shoe.draw()
    return shoe


@given(burned_shoes())
@NO_DB
def test_loads_of_dumps_keeps_a_burned_shoe_exactly(shoe: Shoe) -> None:
    text = shoe.dumps()
    restored = Shoe.loads(text)

    assert restored == shoe
    assert restored.burned == shoe.burned is not None
    assert (restored.position, restored.cut, restored.cut_card_out) == (
        shoe.position,
        shoe.cut,
        shoe.cut_card_out,
    )
    assert restored.unseen_counts() == shoe.unseen_counts()
    assert Shoe.remaining_in(text) == shoe.remaining
    facts = Shoe.facts_in(text)
    assert (facts.cards_left, facts.cut_card_out, facts.burn) == (
        shoe.remaining,
        shoe.cut_card_out,
        shoe.burned,
    )
    assert draw_all(restored) == draw_all(shoe)


def test_a_burned_and_an_unburned_shoe_of_the_same_cards_differ() -> None:
    burned = Shoe.arranged(["A", "2", "3", "4"])
    burned.burn()
    moved = Shoe.arranged(["A", "2", "3", "4"])
    moved.draw()
    moved.draw()

    assert burned != moved
    assert Shoe.loads(burned.dumps()) != Shoe.loads(moved.dumps())


@pytest.mark.parametrize(
    "text",
    [
        "b1.0.3.2.1",  # no cards
        "b1.0.3.2.AW~",  # no burn field
        "b1.0.3.2.2.AW~",  # an ace burns one, not two
        "b1.0.3.1.1.AW~",  # the position is before the end of the burn
        "b1.0.3.2.x.AW~",
        "b1.0.3.2.-1.AW~",
        "b1.0.3.2..AW~",
        "b1.0.3.2.1.",
        "s1.0.3.2.1.AW~",  # an unburned shoe has no burn field
        "b2.0.3.2.1.AW~",
    ],
)
def test_loads_refuses_a_dump_whose_burn_does_not_fit(text: str) -> None:
    with pytest.raises(InvalidShoeError):
        Shoe.loads(text)


@pytest.mark.parametrize("text", ["", "b1.0.3.9.1.AW~", "b1.0.9.2.1.AW~", "b1.0.3.2.1.!W~", "s1.0.3.0"])
def test_facts_in_refuses_text_that_is_not_a_dump(text: str) -> None:
    with pytest.raises(InvalidShoeError):
        Shoe.facts_in(text)


# --- the cut card -------------------------------------------------------------------------------------


def test_the_coup_in_which_the_cut_card_comes_out_is_the_shoes_last() -> None:
    """This table's rule: the coup in progress is dealt to its end, then the shoe is changed."""
    shoe = Shoe.arranged(["A", "K", *["9"] * 8], cut=5)
    shoe.burn()
    for _ in range(2):
        shoe.draw()
    assert (shoe.cut_card_out, shoe.finished) == (False, False)
    facts = [Shoe.facts_in(shoe.dumps())]
    shoe.draw()  # the fifth card: the cut card comes out
    facts.append(Shoe.facts_in(shoe.dumps()))
    shoe.draw()  # the coup goes on to its end
    facts.append(Shoe.facts_in(shoe.dumps()))

    assert [(f.cut_card_out, f.cut_card_just_out) for f in facts] == [
        (False, False),
        (True, True),
        (True, False),
    ]
    assert shoe.finished  # no new coup starts from this shoe


# --- exact odds after the burn, against a brute force ------------------------------------------------


def brute_force_after_burn(tokens: list[str]) -> dict[Winner, Fraction]:
    """Deal the next coup after the burn from every ordering of the cards the watcher has not seen.

    The first card is the one turned; every other card may lie anywhere, burned or still in the shoe,
    and every ordering is as likely as any other.
    """
    turned, *unseen = [Card.parse(t) for t in tokens]
    burned = BURNS[turned.rank.value]
    tally: Counter[Winner] = Counter()
    orderings = 0
    for ordering in permutations(unseen):
        outcome = play_coup(ordering[burned:])
        tally[outcome.winner] += 1
        orderings += 1
    return {winner: Fraction(tally[winner], orderings) for winner in Winner}


@pytest.mark.parametrize(
    "tokens",
    [
        ["A", "9", "8", "K", "2", "5", "5", "7", "3"],
        ["2", "8", "8", "K", "Q", "6", "4", "A", "9"],
        ["3", "K", "5", "6", "2", "9", "4", "7", "8", "Q"],
    ],
)
def test_the_watchers_exact_odds_after_the_burn_agree_with_every_ordering_of_the_unseen_cards(
    tokens: list[str],
) -> None:
    shoe = Shoe.arranged(tokens)
    shoe.burn()

    odds = exact_odds(shoe.unseen_counts())

    assert dict(odds.probabilities) == brute_force_after_burn(tokens)


def test_right_after_the_burn_the_watchers_odds_are_the_full_shoe_less_the_turned_card() -> None:
    shoe = Shoe.shuffled(8, rng=random.Random(2026))
    burn = shoe.burn()
    expected = list(deck_counts(8))
    expected[burn.turned.points] -= 1

    assert exact_odds(shoe.unseen_counts()) == exact_odds(tuple(expected))
    assert exact_odds(shoe.unseen_counts()) != exact_odds(deck_counts(8))
