"""Test data written out from the seeds, independently of the engine: card values and a card strategy."""

from hypothesis import strategies as st

from baccarat import Card, Rank, Suit

#: Seed 000: ace 1, two to nine their face value, ten and pictures 0 (by rank token).
POINTS = {
    "A": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "10": 0,
    "J": 0,
    "Q": 0,
    "K": 0,
}

#: Any card, with or without a suit.
cards = st.builds(Card, st.sampled_from(list(Rank)), st.none() | st.sampled_from(list(Suit)))
