"""A coup dealt card by card: the seed-004 worked examples and invariants."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat import (
    Card,
    Coup,
    CoupOverError,
    EngineError,
    Hand,
    InvalidCardError,
    Outcome,
    Rank,
    Reason,
    Winner,
)
from tests.engine.notation import POINTS as VALUE
from tests.engine.notation import cards

NO_DB = settings(database=None, max_examples=300)

card_sequences = st.lists(cards, min_size=6, max_size=10)


def parse(tokens: str) -> list[Card]:
    return [Card.parse(token) for token in tokens.split()]


def deal_all(tokens: str) -> tuple[Coup, list]:
    coup = Coup()
    steps = [coup.deal(card) for card in parse(tokens)]
    return coup, steps


# --------------------------------------------------------------------------
# An independent reference coup, written from the row formulation of seeds
# 000 and 004 ("0-2 always; 3 unless 8; 4 on 2-7; 5 on 4-7; 6 on 6-7; 7 never").
# --------------------------------------------------------------------------

ROW_TABLE = {
    0: set(range(10)),
    1: set(range(10)),
    2: set(range(10)),
    3: set(range(10)) - {8},
    4: set(range(2, 8)),
    5: set(range(4, 8)),
    6: {6, 7},
    7: set(),
}


def reference_coup(sequence: list[Card]) -> tuple[list[int], list[int]]:
    """Player's and Banker's card values, dealt by the rules as the seeds state them."""
    values = [VALUE[card.rank.value] for card in sequence]
    player, banker = [values[0], values[2]], [values[1], values[3]]
    rest = iter(values[4:])
    p, b = sum(player) % 10, sum(banker) % 10
    if p >= 8 or b >= 8:
        return player, banker
    if p <= 5:
        third = next(rest)
        player.append(third)
        if third in ROW_TABLE[b]:
            banker.append(next(rest))
    elif b <= 5:
        banker.append(next(rest))
    return player, banker


# --------------------------------------------------------------------------
# Seed 004, first example: P 4, B 2, P 4, B 3
# --------------------------------------------------------------------------


def test_seed_004_first_example_is_a_player_natural_8_against_5():
    """Seed 004 sections 3 and 5: Player 4+4 = 8, Banker 2+3 = 5, natural, Player wins."""
    coup, steps = deal_all("4 2 4 3")
    assert coup.player_total == 8
    assert coup.banker_total == 5
    assert coup.is_over
    assert coup.cards_dealt == 4
    assert coup.outcome == Outcome(
        player_total=8, banker_total=5, player_count=2, banker_count=2, natural=True
    )
    assert coup.outcome.winner is Winner.PLAYER
    assert coup.outcome.natural is True
    assert coup.outcome.margin == 3
    assert coup.outcome.winning_total == 8
    assert steps[-1].reasons == (Reason.NATURAL, Reason.COUP_OVER)


def test_seed_004_first_example_deals_player_banker_player_banker_then_stops():
    """Seed 004 section 3: each click deals one card, in the order Player, Banker, Player, Banker."""
    coup = Coup()
    seen = [coup.next_hand]
    hands = []
    for card in parse("4 2 4 3"):
        hands.append(coup.deal(card).hand)
        seen.append(coup.next_hand)
    assert seen == [Hand.PLAYER, Hand.BANKER, Hand.PLAYER, Hand.BANKER, None]
    assert hands == [Hand.PLAYER, Hand.BANKER, Hand.PLAYER, Hand.BANKER]
    assert coup.player == parse("4 4")
    assert coup.banker == parse("2 3")


def test_seed_004_first_example_leaves_spare_cards_unread():
    """Seed 004 section 5: Banker does not draw on 5 after Player's natural."""
    coup = Coup.from_cards(iter(parse("4 2 4 3 9 9")))
    assert coup.cards_dealt == 4
    assert len(coup.banker) == 2


# --------------------------------------------------------------------------
# Seed 004, second example: Player 5 draws an 8, Banker 3 stands -> tie
# --------------------------------------------------------------------------


@pytest.mark.parametrize("tokens", ["5 3 K J 8", "5S 3H 10D QC 8S", "2 A 3 2 8", "4 J A 3 8H", "9 7 6 6 8"])
def test_seed_004_second_example_player_5_draws_8_banker_3_stands_tie(tokens):
    """Seed 004 section 7: Player 5 draws an 8 -> 3; Banker 3 stands because the card was an 8; tie."""
    coup, steps = deal_all(tokens)
    assert [step.hand for step in steps] == [Hand.PLAYER, Hand.BANKER, Hand.PLAYER, Hand.BANKER, Hand.PLAYER]
    assert steps[3].reasons == (Reason.PLAYER_DRAWS,)
    assert (steps[3].player_total, steps[3].banker_total, steps[3].player_third) == (5, 3, None)
    assert steps[4].reasons == (Reason.BANKER_STANDS_TABLE, Reason.COUP_OVER)
    assert steps[4].player_third == 8
    assert steps[4].player_total == 3
    assert steps[4].banker_total == 3
    assert coup.player_third == 8
    assert coup.outcome == Outcome(
        player_total=3, banker_total=3, player_count=3, banker_count=2, natural=False
    )
    assert coup.outcome.margin == 0
    assert coup.outcome.winning_total is None
    assert len(coup.player) == 3 and len(coup.banker) == 2


def test_banker_looks_at_players_third_card_not_players_new_total():
    """Seed 004 sections 7-8: with Banker 3, a Player total of 3 made with a third card 8 stands,
    while a Player total of 3 made with a third card 9 draws."""
    stands, _ = deal_all("5 3 K J 8")
    draws, steps = deal_all("4 3 K J 9")
    assert stands.player_total == draws.player_total == 3
    assert stands.is_over and len(stands.banker) == 2
    assert steps[-1].reasons == (Reason.BANKER_DRAWS_TABLE,)
    assert draws.next_hand is Hand.BANKER


# --------------------------------------------------------------------------
# Player stands
# --------------------------------------------------------------------------


def test_player_stands_on_6_and_banker_draws_on_4():
    """Seed 004 section 7: Player stands on 6-7; if Player stood, Banker draws on 0-5."""
    coup, steps = deal_all("6 4 K K")
    assert steps[3].reasons == (Reason.PLAYER_STANDS, Reason.BANKER_DRAWS_PLAYER_STOOD)
    assert (steps[3].player_total, steps[3].banker_total, steps[3].player_third) == (6, 4, None)
    assert coup.next_hand is Hand.BANKER
    assert coup.outcome is None
    last = coup.deal(Card.parse("3"))
    assert last.hand is Hand.BANKER
    assert last.reasons == (Reason.COUP_OVER,)
    assert last.winner == "banker"
    assert last.player_third is None
    assert coup.outcome == Outcome(
        player_total=6, banker_total=7, player_count=2, banker_count=3, natural=False
    )


def test_player_7_and_banker_6_both_stand():
    """Seed 004 section 7: Player stands on 6-7; Banker stands on 6-7 if Player stood."""
    coup, steps = deal_all("7 6 K K")
    assert steps[3].reasons == (Reason.PLAYER_STANDS, Reason.BANKER_STANDS_PLAYER_STOOD, Reason.COUP_OVER)
    assert coup.outcome == Outcome(
        player_total=7, banker_total=6, player_count=2, banker_count=2, natural=False
    )


# --------------------------------------------------------------------------
# The steps log
# --------------------------------------------------------------------------


def test_steps_log_every_card_with_its_reasons_and_figures():
    coup, steps = deal_all("2 5 3 K 4 A")
    assert coup.steps == steps
    assert [step.card for step in coup.steps] == parse("2 5 3 K 4 A")
    assert [step.reasons for step in coup.steps] == [
        (Reason.INITIAL_CARD,),
        (Reason.INITIAL_CARD,),
        (Reason.INITIAL_CARD,),
        (Reason.PLAYER_DRAWS,),
        (Reason.BANKER_DRAWS_TABLE,),  # Banker 5, third card 4: draws
        (Reason.COUP_OVER,),
    ]
    assert (coup.steps[0].player_total, coup.steps[0].banker_total, coup.steps[0].player_third) == (
        2,
        0,
        None,
    )
    assert (coup.steps[1].player_total, coup.steps[1].banker_total, coup.steps[1].player_third) == (
        2,
        5,
        None,
    )
    assert (coup.steps[2].player_total, coup.steps[2].banker_total, coup.steps[2].player_third) == (
        5,
        5,
        None,
    )
    assert coup.steps[4].player_total == 9
    assert coup.steps[4].banker_total == 5
    assert coup.steps[4].player_third == 4
    assert coup.steps[5].banker_total == 6
    assert coup.steps[5].player_third == 4
    assert coup.steps[5].winner == "player"
    assert coup.outcome == Outcome(
        player_total=9, banker_total=6, player_count=3, banker_count=3, natural=False
    )


def test_a_steps_figures_cannot_be_changed():
    _, steps = deal_all("4 2 4 3")
    with pytest.raises(dataclasses.FrozenInstanceError):
        steps[-1].player_total = 0  # type: ignore[misc]


def test_a_natural_step_names_the_winner_and_no_third_card():
    _, steps = deal_all("K 9 2 K")
    assert steps[-1].reasons == (Reason.NATURAL, Reason.COUP_OVER)
    assert steps[-1].winner == "banker"
    assert steps[-1].player_third is None


@pytest.mark.parametrize(
    "tokens, winner, player_total, banker_total",
    [
        ("4 2 4 3", Winner.PLAYER, 8, 5),
        ("K 9 2 K", Winner.BANKER, 2, 9),
        ("9 8 K K", Winner.PLAYER, 9, 8),
        ("8 4 K 4", Winner.TIE, 8, 8),
        ("5 5 4 4", Winner.TIE, 9, 9),
        ("3 A 5 7", Winner.TIE, 8, 8),
    ],
)
def test_naturals_end_the_coup_after_four_cards(tokens, winner, player_total, banker_total):
    """Seeds 000/002/004: a natural 8 or 9 in either hand ends the coup; higher total wins."""
    coup = Coup.from_cards(parse(tokens + " 9 9"))
    assert coup.outcome == Outcome(
        player_total=player_total, banker_total=banker_total, player_count=2, banker_count=2, natural=True
    )


# --------------------------------------------------------------------------
# Dealing to a finished coup, outcome, from_cards
# --------------------------------------------------------------------------


def test_outcome_is_none_until_the_coup_is_over():
    coup = Coup()
    assert coup.outcome is None
    assert coup.next_hand is Hand.PLAYER
    assert coup.cards_dealt == 0
    for card in parse("5 3 K J"):
        coup.deal(card)
        assert coup.outcome is None
        assert not coup.is_over
    coup.deal(Card.parse("8"))
    assert coup.outcome is not None


def test_a_new_coup_accepts_cards():
    coup = Coup()
    assert coup.can_deal() is True
    coup.verify_deal()  # does not raise


@pytest.mark.parametrize("tokens", ["4 2 4 3", "5 3 K J 8", "2 5 3 K 4 A", "7 6 K K", "6 4 K K 3"])
def test_dealing_after_the_coup_is_over_raises_coup_over_error(tokens):
    coup, _ = deal_all(tokens)
    before = (list(coup.player), list(coup.banker), list(coup.steps), coup.outcome)
    assert coup.can_deal() is False
    with pytest.raises(CoupOverError):
        coup.verify_deal()
    with pytest.raises(CoupOverError) as excinfo:
        coup.deal(Card.parse("9"))
    assert isinstance(excinfo.value, EngineError)
    assert (list(coup.player), list(coup.banker), list(coup.steps), coup.outcome) == before


@pytest.mark.parametrize("tokens", ["", "4", "4 2 4", "5 3 K J", "2 5 3 K 4", "6 4 K K"])
def test_from_cards_with_too_few_cards_raises_invalid_card_error(tokens):
    with pytest.raises(InvalidCardError):
        Coup.from_cards(parse(tokens))


@pytest.mark.parametrize("not_a_card", ["4", 4, None, Rank.FOUR])
def test_dealing_something_other_than_a_card_raises_invalid_card_error(not_a_card):
    coup = Coup()
    with pytest.raises(InvalidCardError):
        coup.deal(not_a_card)
    assert coup.cards_dealt == 0
    assert coup.steps == []


@pytest.mark.parametrize(
    "outcome, margin, winning_total",
    [
        (Outcome(player_total=8, banker_total=5, player_count=2, banker_count=2, natural=True), 3, 8),
        (Outcome(player_total=0, banker_total=9, player_count=3, banker_count=3, natural=False), 9, 9),
        (Outcome(player_total=6, banker_total=6, player_count=2, banker_count=2, natural=False), 0, None),
    ],
)
def test_outcome_margin_and_winning_total(outcome, margin, winning_total):
    assert outcome.margin == margin
    assert outcome.winning_total == winning_total


# --------------------------------------------------------------------------
# Properties over any sequence of cards
# --------------------------------------------------------------------------


@given(card_sequences)
@NO_DB
def test_any_coup_uses_4_to_6_cards_in_dealing_order(sequence):
    coup = Coup.from_cards(sequence)
    n = coup.cards_dealt
    assert 4 <= n <= 6
    assert coup.outcome.cards_dealt == n
    assert len(coup.steps) == n
    assert [step.card for step in coup.steps] == sequence[:n]
    assert coup.player[:2] == [sequence[0], sequence[2]]
    assert coup.banker[:2] == [sequence[1], sequence[3]]
    assert [step.hand for step in coup.steps[:4]] == [Hand.PLAYER, Hand.BANKER, Hand.PLAYER, Hand.BANKER]
    if len(coup.player) == 3:
        assert coup.steps[4].hand is Hand.PLAYER
    if n == 6:
        assert coup.steps[5].hand is Hand.BANKER


@given(card_sequences)
@NO_DB
def test_any_coup_ends_with_two_or_three_cards_per_hand_and_totals_0_to_9(sequence):
    coup = Coup.from_cards(sequence)
    assert len(coup.player) in (2, 3)
    assert len(coup.banker) in (2, 3)
    assert 0 <= coup.outcome.player_total <= 9
    assert 0 <= coup.outcome.banker_total <= 9
    assert coup.outcome.player_total == sum(VALUE[c.rank.value] for c in coup.player) % 10
    assert coup.outcome.banker_total == sum(VALUE[c.rank.value] for c in coup.banker) % 10
    for step in coup.steps:
        assert 0 <= step.player_total <= 9
        assert 0 <= step.banker_total <= 9


@given(card_sequences)
@NO_DB
def test_a_natural_uses_exactly_four_cards(sequence):
    coup = Coup.from_cards(sequence)
    p = (VALUE[sequence[0].rank.value] + VALUE[sequence[2].rank.value]) % 10
    b = (VALUE[sequence[1].rank.value] + VALUE[sequence[3].rank.value]) % 10
    natural = p >= 8 or b >= 8
    assert coup.outcome.natural is natural
    if natural:
        assert coup.cards_dealt == 4
        assert coup.steps[-1].reasons == (Reason.NATURAL, Reason.COUP_OVER)
    else:
        assert Reason.NATURAL not in {reason for step in coup.steps for reason in step.reasons}


@given(card_sequences)
@NO_DB
def test_the_winner_matches_the_totals_and_margin_is_the_difference(sequence):
    outcome = Coup.from_cards(sequence).outcome
    p, b = outcome.player_total, outcome.banker_total
    expected = Winner.PLAYER if p > b else Winner.BANKER if b > p else Winner.TIE
    assert outcome.winner is expected
    assert outcome.margin == abs(p - b)


@given(card_sequences)
@NO_DB
def test_any_coup_agrees_with_the_rules_as_the_seeds_state_them(sequence):
    """Seeds 000/004, the Banker table by rows, as an independent reference coup."""
    coup = Coup.from_cards(sequence)
    player, banker = reference_coup(sequence)
    assert [VALUE[c.rank.value] for c in coup.player] == player
    assert [VALUE[c.rank.value] for c in coup.banker] == banker


@given(card_sequences)
@NO_DB
def test_only_the_last_step_ends_the_coup_and_the_first_three_are_initial(sequence):
    coup = Coup.from_cards(sequence)
    assert all(step.reasons == (Reason.INITIAL_CARD,) for step in coup.steps[:3])
    assert coup.steps[-1].reasons[-1] is Reason.COUP_OVER
    assert all(Reason.COUP_OVER not in step.reasons for step in coup.steps[:-1])
    assert coup.steps[-1].winner == coup.outcome.winner.value


@given(card_sequences)
@NO_DB
def test_dealing_card_by_card_matches_from_cards_and_a_finished_coup_refuses_more(sequence):
    coup = Coup()
    for card in sequence:
        if not coup.can_deal():
            break
        coup.deal(card)
    assert coup.outcome == Coup.from_cards(sequence).outcome
    with pytest.raises(CoupOverError):
        coup.deal(sequence[-1])
