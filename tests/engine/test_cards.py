"""Cards: notation, point values and hand totals (seeds 000, 002, 004)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat import Card, EngineError, InvalidCardError, Rank, Suit, hand_total
from tests.engine.notation import POINTS, cards

NO_DB = settings(database=None)

# Written out by hand from the canonical rules, not derived from the engine.
RANK_TOKENS = {
    "A": Rank.ACE,
    "2": Rank.TWO,
    "3": Rank.THREE,
    "4": Rank.FOUR,
    "5": Rank.FIVE,
    "6": Rank.SIX,
    "7": Rank.SEVEN,
    "8": Rank.EIGHT,
    "9": Rank.NINE,
    "10": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
}
SUIT_LETTERS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}


def _case_variants(text: str) -> list[str]:
    return sorted(
        {text, text.lower(), text.upper(), text[:1].lower() + text[1:], text[:-1] + text[-1:].lower()}
    )


@pytest.mark.parametrize("token, rank", RANK_TOKENS.items())
def test_a_rank_token_alone_parses_to_a_suitless_card(token, rank):
    """Seed 004 section 2: A, 2 to 10, J, Q, K; suits may be left out."""
    card = Card.parse(token)
    assert card.rank is rank
    assert card.suit is None
    assert card == Card(rank)


@pytest.mark.parametrize("letter, suit", SUIT_LETTERS.items())
@pytest.mark.parametrize("token, rank", RANK_TOKENS.items())
def test_a_rank_token_with_a_suit_letter_parses_in_any_case(token, rank, letter, suit):
    """Seed 004 section 2: thirteen ranks in four suits, 52 cards; notation is case-insensitive."""
    for variant in _case_variants(token + letter):
        card = Card.parse(variant)
        assert card.rank is rank, variant
        assert card.suit is suit, variant


@pytest.mark.parametrize("token", ["j", "q", "k", "a", "jh", "qd", "kc", "as", "10s", "Ah", "kS"])
def test_lower_case_picture_cards_and_aces_parse(token):
    """Notation: case does not matter."""
    assert Card.parse(token) == Card.parse(token.upper())


@pytest.mark.parametrize(
    "token, expected",
    [
        ("T", Card(Rank.TEN)),
        ("t", Card(Rank.TEN)),
        ("TH", Card(Rank.TEN, Suit.HEARTS)),
        ("tc", Card(Rank.TEN, Suit.CLUBS)),
    ],
)
def test_t_is_an_alias_for_ten(token, expected):
    """Notation: T stands for the ten, with or without a suit letter."""
    assert Card.parse(token) == expected


def test_surrounding_whitespace_is_ignored():
    assert Card.parse("  7c ") == Card(Rank.SEVEN, Suit.CLUBS)


@pytest.mark.parametrize("token, points", POINTS.items())
def test_point_values_are_ace_one_pips_face_value_tens_and_pictures_zero(token, points):
    """Seeds 000/002/004: A = 1, 2-9 face value, 10/J/Q/K = 0."""
    assert Card.parse(token).points == points
    assert Card.parse(token).rank.points == points


@pytest.mark.parametrize("letter", SUIT_LETTERS)
@pytest.mark.parametrize("token, points", POINTS.items())
def test_the_suit_never_changes_a_value(token, points, letter):
    """Seed 004 section 2: 7 of clubs and 7 of hearts both count 7."""
    assert Card.parse(token + letter).points == points


@pytest.mark.parametrize(
    "card, token",
    [
        (Card(Rank.ACE), "A"),
        (Card(Rank.TEN), "10"),
        (Card(Rank.KING), "K"),
        (Card(Rank.SEVEN, Suit.CLUBS), "7C"),
        (Card(Rank.TEN, Suit.HEARTS), "10H"),
        (Card(Rank.KING, Suit.DIAMONDS), "KD"),
        (Card(Rank.ACE, Suit.SPADES), "AS"),
    ],
)
def test_repr_and_str_are_the_short_token(card, token):
    """Notation: rank token followed by an optional upper-case suit letter."""
    assert repr(card) == token
    assert str(card) == token
    assert card.token == token


def test_a_parsed_lower_case_card_reprs_in_upper_case():
    assert repr(Card.parse("kh")) == "KH"
    assert repr(Card.parse("t")) == "10"


@given(cards)
@NO_DB
def test_every_card_round_trips_through_its_token_in_any_case(card):
    assert Card.parse(card.token) == card
    assert Card.parse(card.token.lower()) == card
    assert Card.parse(repr(card)) == card


@pytest.mark.parametrize(
    "token",
    [
        "",
        " ",
        "0",
        "11",
        "1O",
        "X",
        "Z",
        "S",
        "H",
        "AX",
        "10X",
        "KK",
        "JQ",
        "AS S",
        "10HH",
        "SA",
        "♠A",
        "A♠",
        "B",
        "-1",
        "7.0",
        "twelve",
    ],
)
def test_bad_tokens_raise_invalid_card_error_quoting_the_input(token):
    """Notation: anything other than A, 2-9, 10 (T), J, Q, K plus an optional S/H/D/C is an error."""
    with pytest.raises(InvalidCardError) as excinfo:
        Card.parse(token)
    assert repr(token) in str(excinfo.value)


def test_invalid_card_error_is_an_engine_error_and_a_value_error():
    with pytest.raises(EngineError):
        Card.parse("X")
    with pytest.raises(ValueError):
        Card.parse("X")


@pytest.mark.parametrize("value", [7, 7.0, None, b"7", ["7"]])
def test_parsing_a_non_string_raises_invalid_card_error(value):
    with pytest.raises(InvalidCardError):
        Card.parse(value)


@given(st.text(max_size=6))
@NO_DB
def test_parse_either_returns_a_card_or_raises_invalid_card_error(text):
    try:
        card = Card.parse(text)
    except InvalidCardError as error:
        assert repr(text) in str(error)
    else:
        assert isinstance(card, Card)
        assert 0 <= card.points <= 9


@pytest.mark.parametrize(
    "tokens, total",
    [
        (["7", "8"], 5),
        (["7", "6"], 3),
        (["9", "6"], 5),
        (["4", "4"], 8),
        (["2", "3"], 5),
        (["5", "K", "8"], 3),
        (["K", "Q"], 0),
        (["10", "J", "Q"], 0),
        (["9", "9", "9"], 7),
        (["A"], 1),
        ([], 0),
        (["5", "5"], 0),
        (["9", "K"], 9),
    ],
)
def test_hand_total_keeps_only_the_last_digit(tokens, total):
    """Seeds 000/002/004: 7 + 8 = 15 -> 5; 7 + 6 = 13 -> 3; 9 + 6 = 15 -> 5."""
    hand = [Card.parse(token) for token in tokens]
    assert hand_total(hand) == total
    assert hand_total(tuple(hand)) == total


@given(st.lists(cards, max_size=3))
@NO_DB
def test_a_hand_total_is_never_more_than_nine(hand):
    total = hand_total(hand)
    assert 0 <= total <= 9
    assert total == sum(POINTS[card.rank.value] for card in hand) % 10


def test_cards_are_immutable_values():
    card = Card.parse("7C")
    assert card == Card(Rank.SEVEN, Suit.CLUBS)
    assert hash(card) == hash(Card(Rank.SEVEN, Suit.CLUBS))
    assert card != Card(Rank.SEVEN)
    with pytest.raises(AttributeError):
        card.rank = Rank.EIGHT  # type: ignore[misc]
