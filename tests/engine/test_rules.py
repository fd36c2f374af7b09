"""The third-card rules, checked against seed 002's per-third-card Banker table.

The expectations below are written out independently from seed 002 (the
Indonesian how-to), which states the Banker table from the side of Player's
third card. The engine's ``BANKER_TABLE`` is deliberately not used to build
any expectation.
"""

from __future__ import annotations

import itertools

import pytest

from baccarat import Card, Coup, Hand, Rank, Reason, banker_draws, is_natural, player_draws

# Seed 002: "Jika kartu ketiga Pemain adalah ..." -> Banker draws on these totals.
SEED_002_BANKER_TABLE: list[tuple[frozenset[int], frozenset[int]]] = [
    # 9, 10, picture card or Ace (values 9, 0, 1): draws on 0-3, stands on 4-7.
    (frozenset({9, 0, 1}), frozenset({0, 1, 2, 3})),
    # 8: draws on 0-2, stands on 3-7.
    (frozenset({8}), frozenset({0, 1, 2})),
    # 6 or 7: draws on 0-6, stands on 7.
    (frozenset({6, 7}), frozenset({0, 1, 2, 3, 4, 5, 6})),
    # 4 or 5: draws on 0-5, stands on 6-7.
    (frozenset({4, 5}), frozenset({0, 1, 2, 3, 4, 5})),
    # 2 or 3: draws on 0-4, stands on 5-7.
    (frozenset({2, 3}), frozenset({0, 1, 2, 3, 4})),
]
# Seed 002: if Player stood, Banker draws on 0-5 and stands on 6-7.
SEED_002_PLAYER_STOOD_DRAWS = frozenset({0, 1, 2, 3, 4, 5})

# The five rows of seed 002 cover every third-card value exactly once.
assert sorted(itertools.chain.from_iterable(values for values, _ in SEED_002_BANKER_TABLE)) == list(range(10))

BANKER_TOTALS = range(8)  # 8 and 9 are naturals: no table applies
THIRD_CARD_VALUES = range(10)

# Card ranks of each point value (suits never matter).
RANKS_OF_VALUE: dict[int, list[Rank]] = {
    0: [Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING],
    1: [Rank.ACE],
    2: [Rank.TWO],
    3: [Rank.THREE],
    4: [Rank.FOUR],
    5: [Rank.FIVE],
    6: [Rank.SIX],
    7: [Rank.SEVEN],
    8: [Rank.EIGHT],
    9: [Rank.NINE],
}


def seed_002_banker_draws(banker_total: int, player_third: int | None) -> bool:
    if player_third is None:
        return banker_total in SEED_002_PLAYER_STOOD_DRAWS
    for third_values, drawing_totals in SEED_002_BANKER_TABLE:
        if player_third in third_values:
            return banker_total in drawing_totals
    raise AssertionError(f"no seed-002 row for third card {player_third}")


def card(value: int, which: int = 0) -> Card:
    ranks = RANKS_OF_VALUE[value]
    return Card(ranks[which % len(ranks)])


def two_cards(total: int, which: int = 0) -> tuple[Card, Card]:
    """Two cards with this total; ``which`` varies how it is made up."""
    first = (total + which) % 10
    second = (total - first) % 10
    return card(first, which), card(second, which + 1)


def deal_to_banker_decision(
    player_total: int, player_third: Card, banker_total: int, which: int = 0
) -> tuple[Coup, object]:
    """Deal P, B, P, B, then Player's third card; return the coup and the last step."""
    p1, p2 = two_cards(player_total, which)
    b1, b2 = two_cards(banker_total, which + 2)
    coup = Coup()
    for dealt in (p1, b1, p2, b2):
        coup.deal(dealt)
    assert coup.player_total == player_total and coup.banker_total == banker_total
    assert coup.next_hand is Hand.PLAYER, "Player should draw on 0-5"
    step = coup.deal(player_third)
    return coup, step


# --------------------------------------------------------------------------
# The pure functions, exhaustively
# --------------------------------------------------------------------------


@pytest.mark.parametrize("player_third", THIRD_CARD_VALUES)
@pytest.mark.parametrize("banker_total", BANKER_TOTALS)
def test_banker_draws_matches_the_seed_002_table_for_every_total_and_third_card(banker_total, player_third):
    """Seed 002, Banker table per Player third card (all 8 x 10 cells)."""
    assert banker_draws(banker_total, player_third) is seed_002_banker_draws(banker_total, player_third)


@pytest.mark.parametrize("banker_total", BANKER_TOTALS)
def test_banker_draws_on_0_to_5_and_stands_on_6_or_7_when_player_stood(banker_total):
    """Seed 002, Banker rule when Player did not draw (0-5 draws, 6-7 stands)."""
    assert banker_draws(banker_total, None) is seed_002_banker_draws(banker_total, None)
    assert banker_draws(banker_total, None) is (banker_total <= 5)


@pytest.mark.parametrize(
    "banker_total, player_third, draws",
    [
        (4, 2, True),  # seed 004 section 8, first lookup
        (4, 8, False),  # seed 004 section 8, second lookup
        (3, 8, False),  # seed 004 section 7, the second example
        (3, 9, True),
        (3, 0, True),
        (6, 6, True),
        (6, 5, False),
        (5, 4, True),
        (5, 3, False),
        (7, 6, False),
        (2, 8, True),
        (0, 0, True),
    ],
)
def test_seed_004_lookups_and_boundary_cells(banker_total, player_third, draws):
    """Seed 004 sections 7-8, the lookups and the edges of each row."""
    assert banker_draws(banker_total, player_third) is draws


@pytest.mark.parametrize("player_third", THIRD_CARD_VALUES)
def test_banker_draws_on_3_unless_player_third_is_8(player_third):
    """Seed 000/004 row 3; seed 003's 'stands on 3-7' is not implemented."""
    assert banker_draws(3, player_third) is (player_third != 8)


@pytest.mark.parametrize("player_third", THIRD_CARD_VALUES)
def test_banker_always_draws_on_0_to_2_and_never_on_7_after_player_drew(player_third):
    """Seed 000/004 rows 0-2 and 7."""
    for total in (0, 1, 2):
        assert banker_draws(total, player_third) is True
    assert banker_draws(7, player_third) is False


@pytest.mark.parametrize(
    "total, draws", [(0, True), (1, True), (2, True), (3, True), (4, True), (5, True), (6, False), (7, False)]
)
def test_player_draws_on_0_to_5_and_stands_on_6_or_7(total, draws):
    """Seeds 000/002/004: Player draws on 0-5, stands on 6-7."""
    assert player_draws(total) is draws


@pytest.mark.parametrize("total", range(10))
def test_only_8_and_9_are_naturals(total):
    """Seeds 000/002/004: a two-card 8 or 9 is a natural."""
    assert is_natural(total) is (total in (8, 9))


# --------------------------------------------------------------------------
# The same table, driven through a real coup
# --------------------------------------------------------------------------


@pytest.mark.parametrize("player_third", THIRD_CARD_VALUES)
@pytest.mark.parametrize("banker_total", BANKER_TOTALS)
def test_a_coup_gives_banker_a_third_card_exactly_when_seed_002_says_so(banker_total, player_third):
    """Seed 002, Banker table per Player third card, through Coup.deal.

    Every Player two-card total 0-5, and every rank of the third card's value.
    """
    expected = seed_002_banker_draws(banker_total, player_third)
    for player_total in range(6):
        for which, rank in enumerate(RANKS_OF_VALUE[player_third]):
            coup, step = deal_to_banker_decision(player_total, Card(rank), banker_total, which)
            context = (player_total, rank, banker_total)
            assert step.hand is Hand.PLAYER, context
            assert coup.player_third == player_third, context
            assert step.player_third == player_third, context
            assert step.banker_total == banker_total, context
            assert step.player_total == (player_total + player_third) % 10, context
            if expected:
                assert step.reasons == (Reason.BANKER_DRAWS_TABLE,), context
                assert coup.next_hand is Hand.BANKER, context
                assert coup.outcome is None, context
                final = coup.deal(card(0))
                assert final.hand is Hand.BANKER, context
                assert final.reasons == (Reason.COUP_OVER,), context
                assert len(coup.banker) == 3, context
                assert coup.outcome.cards_dealt == 6, context
            else:
                assert step.reasons == (Reason.BANKER_STANDS_TABLE, Reason.COUP_OVER), context
                assert coup.next_hand is None, context
                assert len(coup.banker) == 2, context
                assert coup.outcome.cards_dealt == 5, context


@pytest.mark.parametrize("player_third", THIRD_CARD_VALUES)
@pytest.mark.parametrize("banker_total", BANKER_TOTALS)
def test_from_cards_uses_six_cards_exactly_when_seed_002_says_banker_draws(banker_total, player_third):
    """Seed 002, Banker table per Player third card, through Coup.from_cards with a spare card left unread."""
    p1, p2 = two_cards(4)
    b1, b2 = two_cards(banker_total, 1)
    spare = [Card(Rank.NINE), Card(Rank.NINE)]
    coup = Coup.from_cards([p1, b1, p2, b2, card(player_third), *spare])
    draws = seed_002_banker_draws(banker_total, player_third)
    assert len(coup.player) == 3
    assert len(coup.banker) == (3 if draws else 2)
    assert coup.cards_dealt == (6 if draws else 5)


@pytest.mark.parametrize("banker_total", BANKER_TOTALS)
@pytest.mark.parametrize("player_total", [6, 7])
def test_when_player_stands_banker_draws_on_0_to_5_through_a_coup(player_total, banker_total):
    """Seed 002, Banker rule when Player stood (0-5 draws, 6-7 stands)."""
    p1, p2 = two_cards(player_total)
    b1, b2 = two_cards(banker_total, 1)
    coup = Coup()
    for dealt in (p1, b1, p2):
        coup.deal(dealt)
    step = coup.deal(b2)
    assert step.player_third is None
    assert coup.player_third is None
    if seed_002_banker_draws(banker_total, None):
        assert step.reasons == (Reason.PLAYER_STANDS, Reason.BANKER_DRAWS_PLAYER_STOOD)
        assert coup.next_hand is Hand.BANKER
        last = coup.deal(card(5))
        assert last.reasons == (Reason.COUP_OVER,)
        assert (len(coup.player), len(coup.banker)) == (2, 3)
    else:
        assert step.reasons == (Reason.PLAYER_STANDS, Reason.BANKER_STANDS_PLAYER_STOOD, Reason.COUP_OVER)
        assert coup.next_hand is None
        assert (len(coup.player), len(coup.banker)) == (2, 2)


@pytest.mark.parametrize("player_total", range(6))
def test_player_draws_a_third_card_through_a_coup_on_0_to_5(player_total):
    """Seeds 000/002/004: Player draws on 0-5 when nobody has a natural."""
    p1, p2 = two_cards(player_total)
    b1, b2 = two_cards(7, 1)
    coup = Coup()
    for dealt in (p1, b1, p2):
        coup.deal(dealt)
    step = coup.deal(b2)
    assert step.reasons == (Reason.PLAYER_DRAWS,)
    assert coup.next_hand is Hand.PLAYER


@pytest.mark.parametrize("banker_total", range(10))
@pytest.mark.parametrize("player_total", range(10))
def test_a_natural_on_either_side_stops_everything(player_total, banker_total):
    """Seeds 000/002/004: a two-card 8 or 9 in either hand ends the coup after 4 cards."""
    p1, p2 = two_cards(player_total)
    b1, b2 = two_cards(banker_total, 1)
    coup = Coup()
    for dealt in (p1, b1, p2):
        coup.deal(dealt)
    step = coup.deal(b2)
    if player_total >= 8 or banker_total >= 8:
        assert step.reasons == (Reason.NATURAL, Reason.COUP_OVER)
        assert coup.is_over
        assert coup.outcome.natural is True
        assert coup.outcome.cards_dealt == 4
    else:
        assert Reason.NATURAL not in step.reasons
        assert coup.outcome is None or coup.outcome.natural is False
