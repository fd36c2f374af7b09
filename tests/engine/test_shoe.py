"""The shoe: size, composition, cut card, secrecy and serialisation."""

from __future__ import annotations

import contextlib
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat import (
    DEFAULT_CUT_FROM_END,
    DEFAULT_DECKS,
    Card,
    EngineError,
    InvalidCardError,
    InvalidShoeError,
    Rank,
    Shoe,
    ShoeEmptyError,
    Suit,
)
from tests.engine.notation import POINTS, cards

NO_DB = settings(database=None)

ONE_DECK = [Card(rank, suit) for suit in Suit for rank in Rank]

suited_cards = st.builds(Card, st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))


def draw_all(shoe: Shoe) -> list[Card]:
    return [shoe.draw() for _ in range(shoe.remaining)]


@st.composite
def arranged_shoes(draw, card_strategy=cards):
    """An arranged shoe, maybe with a cut card, after drawing k of its cards."""
    sequence = draw(st.lists(card_strategy, max_size=60))
    cut = draw(st.none() | st.integers(0, len(sequence)))
    shoe = Shoe.arranged(sequence, cut=cut)
    k = draw(st.integers(0, len(sequence)))
    for _ in range(k):
        shoe.draw()
    return shoe


# --------------------------------------------------------------------------
# Size and composition
# --------------------------------------------------------------------------


def test_defaults_are_eight_decks_and_a_cut_card_14_from_the_end():
    """Canonical rules: 8 decks (416 cards) by default."""
    assert DEFAULT_DECKS == 8
    assert DEFAULT_CUT_FROM_END == 14
    shoe = Shoe.shuffled()
    assert len(shoe) == 416
    assert shoe.decks == 8


@pytest.mark.parametrize("decks, size", [(8, 416), (6, 312), (1, 52), (2, 104)])
def test_a_shuffled_shoe_holds_52_cards_per_deck(decks, size):
    """Seed 004 section 2 (8 decks = 416) and seed 003 (6 decks)."""
    shoe = Shoe.shuffled(decks)
    assert len(shoe) == size
    assert shoe.remaining == size
    assert shoe.position == 0
    assert shoe.decks == decks


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_each_of_the_52_cards_appears_once_per_deck(decks):
    """Seed 004 section 2: four suits x 13 ranks per deck, so identical cards recur."""
    dealt = draw_all(Shoe.shuffled(decks))
    counts = Counter(dealt)
    assert set(counts) == set(ONE_DECK)
    assert all(count == decks for count in counts.values())
    assert len(dealt) == 52 * decks


@pytest.mark.parametrize("decks", [0, 9, -1, "8", True, False, 8.0, None])
def test_decks_outside_1_to_8_raise_invalid_shoe_error(decks):
    with pytest.raises(InvalidShoeError):
        Shoe.shuffled(decks)


@pytest.mark.parametrize("cut_from_end", [-1, 52, 53])
def test_a_cut_card_outside_the_shoe_raises_invalid_shoe_error(cut_from_end):
    with pytest.raises(InvalidShoeError):
        Shoe.shuffled(1, cut_from_end=cut_from_end)


def test_two_shuffled_shoes_differ():
    # The chance of two identical 416-card orders is negligible (< 1e-800).
    first = draw_all(Shoe.shuffled())
    second = draw_all(Shoe.shuffled())
    assert first != second


def test_a_seeded_generator_gives_a_reproducible_shuffle():
    first = Shoe.shuffled(6, rng=random.Random(1234))
    second = Shoe.shuffled(6, rng=random.Random(1234))
    third = Shoe.shuffled(6, rng=random.Random(4321))
    assert first == second
    assert draw_all(first) == draw_all(second)
    assert draw_all(third) != draw_all(Shoe.shuffled(6, rng=random.Random(1234)))


# --------------------------------------------------------------------------
# Drawing and the cut card
# --------------------------------------------------------------------------


def test_an_arranged_shoe_deals_its_cards_in_order():
    """Seed 004 section 3: the lesson's cards are arranged in advance."""
    shoe = Shoe.arranged(["4", "2", "4", "3"])
    assert [shoe.draw() for _ in range(4)] == [Card.parse(t) for t in ("4", "2", "4", "3")]
    assert shoe.remaining == 0
    assert shoe.position == 4


def test_an_arranged_shoe_rejects_bad_tokens():
    with pytest.raises(InvalidCardError):
        Shoe.arranged(["4", "X"])


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_the_cut_card_comes_out_14_cards_before_the_end(decks):
    shoe = Shoe.shuffled(decks)
    size = len(shoe)
    assert shoe.cut == size - 14
    assert shoe.cut_card_out is False
    for _ in range(size - 15):
        shoe.draw()
    assert shoe.position == size - 15
    assert shoe.cut_card_out is False
    shoe.draw()
    assert shoe.position == size - 14
    assert shoe.cut_card_out is True
    shoe.draw()
    assert shoe.cut_card_out is True
    draw_all(shoe)
    assert shoe.cut_card_out is True


def test_a_custom_cut_card_position_is_respected():
    shoe = Shoe.shuffled(1, cut_from_end=30)
    assert shoe.cut == 22
    for _ in range(21):
        shoe.draw()
    assert shoe.cut_card_out is False
    shoe.draw()
    assert shoe.cut_card_out is True


def test_an_arranged_shoe_without_a_cut_finishes_only_when_empty():
    shoe = Shoe.arranged(["A", "2", "3"])
    assert shoe.cut == 3
    shoe.draw()
    shoe.draw()
    assert shoe.cut_card_out is False
    shoe.draw()
    assert shoe.cut_card_out is True


@pytest.mark.parametrize("cut", [-1, 4])
def test_an_arranged_cut_outside_the_shoe_raises_invalid_shoe_error(cut):
    with pytest.raises(InvalidShoeError):
        Shoe.arranged(["A", "2", "3"], cut=cut)


@pytest.mark.parametrize("size", [0, 1, 5])
def test_drawing_past_the_end_raises_shoe_empty_error(size):
    shoe = Shoe.arranged(["7"] * size)
    draw_all(shoe)
    with pytest.raises(ShoeEmptyError) as excinfo:
        shoe.draw()
    assert isinstance(excinfo.value, EngineError)
    assert shoe.position == size
    assert shoe.remaining == 0
    with pytest.raises(ShoeEmptyError):
        shoe.draw()


def test_drawing_the_last_card_of_a_full_shoe_then_one_more_raises():
    shoe = Shoe.shuffled(1)
    draw_all(shoe)
    with pytest.raises(ShoeEmptyError):
        shoe.draw()


@given(arranged_shoes())
@NO_DB
def test_remaining_counts_match_the_undealt_cards(shoe):
    position = shoe.position
    counts = shoe.remaining_counts()
    rest = draw_all(shoe)
    assert len(counts) == 10
    assert sum(counts) == len(rest) == len(shoe) - position
    expected = [0] * 10
    for card in rest:
        expected[POINTS[card.rank.value]] += 1
    assert list(counts) == expected


def test_remaining_counts_of_a_full_shoe():
    counts = Shoe.shuffled(8).remaining_counts()
    # Per value: 10/J/Q/K are 0 (16 per deck), every other value 4 per deck.
    assert counts == (128, 32, 32, 32, 32, 32, 32, 32, 32, 32)


# --------------------------------------------------------------------------
# Secrecy
# --------------------------------------------------------------------------

DISTINCTIVE = ["QH", "7D", "AS", "10C", "JS", "9H", "KD", "2C", "QS", "8D"]


@pytest.mark.parametrize("drawn", [0, 1, 4, 9])
def test_repr_and_str_never_show_an_undealt_card(drawn):
    shoe = Shoe.arranged(DISTINCTIVE, cut=6)
    for _ in range(drawn):
        shoe.draw()
    undealt = DISTINCTIVE[drawn:]
    for text in (repr(shoe), str(shoe)):
        for token in undealt:
            assert token not in text
            assert token.lower() not in text.lower()


def test_repr_of_a_shuffled_shoe_shows_only_counts():
    shoe = Shoe.shuffled(8)
    text = repr(shoe) + str(shoe)
    for card in ONE_DECK:
        if card.suit is not None:
            assert card.token not in text


@given(arranged_shoes(suited_cards))
@NO_DB
def test_repr_never_shows_any_undealt_suited_card(shoe):
    text = repr(shoe) + str(shoe)
    for card in draw_all(Shoe.loads(shoe.dumps())):
        assert card.token not in text


# --------------------------------------------------------------------------
# Serialisation
# --------------------------------------------------------------------------


@given(arranged_shoes())
@NO_DB
def test_loads_of_dumps_restores_any_arranged_shoe_at_any_position(shoe):
    text = shoe.dumps()
    restored = Shoe.loads(text)
    assert restored == shoe
    assert isinstance(text, str)
    assert restored.position == shoe.position
    assert restored.cut == shoe.cut
    assert restored.remaining == shoe.remaining
    assert restored.cut_card_out == shoe.cut_card_out
    assert draw_all(restored) == draw_all(shoe)
    assert restored == shoe


@given(st.integers(1, 8), st.integers(0, 416), st.randoms(use_true_random=False))
@NO_DB
def test_loads_of_dumps_restores_a_shuffled_shoe(decks, k, rng):
    shoe = Shoe.shuffled(decks, rng=rng)
    for _ in range(min(k, len(shoe))):
        shoe.draw()
    restored = Shoe.loads(shoe.dumps())
    assert restored == shoe
    assert restored.decks == decks
    assert draw_all(restored) == draw_all(shoe)


def test_suitless_and_suited_cards_of_the_same_rank_survive_a_round_trip_distinctly():
    shoe = Shoe.arranged(["K", "KS", "10", "10H", "A", "AD"])
    restored = Shoe.loads(shoe.dumps())
    assert [card.token for card in draw_all(restored)] == ["K", "KS", "10", "10H", "A", "AD"]


def test_shoes_that_differ_are_unequal():
    base = Shoe.arranged(["A", "2", "3"])
    assert base == Shoe.arranged(["A", "2", "3"])
    assert base != Shoe.arranged(["A", "3", "2"])
    assert base != Shoe.arranged(["A", "2", "3"], cut=1)
    moved = Shoe.arranged(["A", "2", "3"])
    moved.draw()
    assert base != moved


@pytest.mark.parametrize(
    "text",
    [
        "",
        "garbage",
        "s1",
        "s1.0.3.0",
        "s1.0.3.0.AW~.extra",
        "s2.0.3.0.AW~",
        "S1.0.3.0.AW~",
        "s1.0.3.0.AW!",
        "s1.0.3.0.A W",
        "s1.x.3.0.AW~",
        "s1.0.x.0.AW~",
        "s1.0.3.x.AW~",
        "s1.0.3.4.AW~",
        "s1.0.3.-1.AW~",
        "s1.0.4.0.AW~",
        "s1.0.-1.0.AW~",
        "s1.0.3.0.AW~\u00e9",
        "s1..3.0.AW~",
    ],
)
def test_loads_of_garbage_raises_invalid_shoe_error(text):
    with pytest.raises(InvalidShoeError):
        Shoe.loads(text)


@pytest.mark.parametrize("value", [None, 42])
def test_loads_of_a_non_string_raises_invalid_shoe_error(value):
    # loads() catches the AttributeError of a non-string on purpose; its error
    # message must not then crash (Card.parse likewise turns wrong types into
    # its typed error).
    with pytest.raises(InvalidShoeError):
        Shoe.loads(value)


@given(st.text(max_size=30))
@NO_DB
def test_loads_of_any_text_returns_a_shoe_or_raises_invalid_shoe_error(text):
    try:
        shoe = Shoe.loads(text)
    except InvalidShoeError:
        return
    assert Shoe.loads(shoe.dumps()) == shoe


def test_the_documented_dump_loads_back():
    shoe = Shoe.loads("s1.0.3.0.AW~")
    assert draw_all(shoe) == [Card.parse("AS"), Card.parse("10H"), Card.parse("K")]


@NO_DB
@given(st.integers(0, 51))
def test_remaining_in_a_dump_equals_the_loaded_shoes_remaining(drawn):
    shoe = Shoe.shuffled(1)
    for _ in range(drawn):
        shoe.draw()

    assert Shoe.remaining_in(shoe.dumps()) == Shoe.loads(shoe.dumps()).remaining == 52 - drawn


@pytest.mark.parametrize("text", ["", "garbage", "s1.8.402.999.AB", "x1.0.3.0.AW~"])
def test_remaining_in_refuses_text_that_is_not_a_dump(text):
    with pytest.raises(InvalidShoeError):
        Shoe.remaining_in(text)


# --------------------------------------------------------------------------
# Drawing from a dump (what a deal request does)
# --------------------------------------------------------------------------


def _draw_the_long_way(text: str) -> tuple[Card, str]:
    shoe = Shoe.loads(text)
    card = shoe.draw()
    return card, shoe.dumps()


@st.composite
def dumps_and_edits(draw):
    """A dump of an arranged or burned shoe at any position, maybe with one character changed."""
    shoe = draw(arranged_shoes())
    if draw(st.booleans()) and shoe.position == 0 and len(shoe) > 10:
        with contextlib.suppress(InvalidShoeError):
            shoe.burn()
    text = shoe.dumps()
    if draw(st.booleans()) and text:
        at = draw(st.integers(0, len(text) - 1))
        text = text[:at] + draw(st.sampled_from(".-0123456789Az~!é ")) + text[at + 1 :]
    return text


@given(dumps_and_edits() | st.text(max_size=30))
@NO_DB
def test_draw_from_a_dump_is_loads_draw_dumps(text):
    """The same card, the same dump after it, and the same error, for any text whatever."""
    try:
        expected = _draw_the_long_way(text)
    except (InvalidShoeError, ShoeEmptyError) as error:
        with pytest.raises(type(error)):
            Shoe.draw_from(text)
        return
    assert Shoe.draw_from(text) == expected


@given(st.integers(1, 8), st.randoms(use_true_random=False))
@NO_DB
def test_drawing_a_burned_shoe_from_its_dumps_deals_the_whole_shoe_in_order(decks, rng):
    shoe = Shoe.shuffled(decks, rng=rng)
    shoe.burn()
    text, dealt = shoe.dumps(), []
    while Shoe.remaining_in(text):
        card, text = Shoe.draw_from(text)
        dealt.append(card)
    assert dealt == draw_all(shoe)
    assert text == shoe.dumps()
    with pytest.raises(ShoeEmptyError):
        Shoe.draw_from(text)


@pytest.mark.parametrize("value", [None, 42])
def test_draw_from_a_non_string_raises_invalid_shoe_error(value):
    with pytest.raises(InvalidShoeError):
        Shoe.draw_from(value)
