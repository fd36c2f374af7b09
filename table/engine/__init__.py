"""The rules of Punto Banco as a pure-Python library (no Django import).

>>> from table.engine import Card, Coup
>>> Coup.from_cards(Card.parse(t) for t in "4 2 4 3".split()).outcome
Outcome(player 8, banker 5, natural)
"""

from __future__ import annotations

from table.engine.amounts import CENT, parse_amount, read_amount
from table.engine.cards import Card, Rank, Suit, hand_total
from table.engine.coup import Coup, Hand, Outcome, Reason, Step, Winner
from table.engine.errors import (
    AmbiguousAmountError,
    CoupOverError,
    EngineError,
    InvalidAmountError,
    InvalidBetError,
    InvalidCardError,
    InvalidShoeError,
    ShoeEmptyError,
)
from table.engine.odds import Odds, deck_counts, exact_odds, odds_for_decks, outcome_distribution
from table.engine.payouts import (
    NO_COMMISSION,
    STANDARD,
    Bet,
    BetKind,
    BetResult,
    PayoutSet,
    Result,
    expected_return,
    payout_ratio,
    settle,
    validate_bets,
)
from table.engine.roads import ROAD_ROWS, BigRoad, RoadCell, bead_plate, big_road
from table.engine.rules import BANKER_TABLE, MAX_CARDS_PER_COUP, banker_draws, is_natural, player_draws
from table.engine.shoe import DEFAULT_CUT_FROM_END, DEFAULT_DECKS, Burn, Shoe, ShoeFacts, burn_count
from table.engine.simulate import SimulationResult, play_coup, simulate
from table.engine.systems import (
    System,
    SystemStudy,
    TableLimits,
    coup_variance,
    martingale_stake,
    play_session,
    return_variance,
    study,
    winner_draws,
)

__all__ = [
    "BANKER_TABLE",
    "CENT",
    "DEFAULT_CUT_FROM_END",
    "DEFAULT_DECKS",
    "MAX_CARDS_PER_COUP",
    "NO_COMMISSION",
    "ROAD_ROWS",
    "STANDARD",
    "AmbiguousAmountError",
    "Bet",
    "BigRoad",
    "Burn",
    "BetKind",
    "BetResult",
    "Card",
    "Coup",
    "CoupOverError",
    "EngineError",
    "Hand",
    "InvalidAmountError",
    "InvalidBetError",
    "InvalidCardError",
    "InvalidShoeError",
    "Odds",
    "Outcome",
    "PayoutSet",
    "Rank",
    "Reason",
    "RoadCell",
    "Result",
    "Shoe",
    "ShoeEmptyError",
    "ShoeFacts",
    "SimulationResult",
    "Step",
    "Suit",
    "System",
    "SystemStudy",
    "TableLimits",
    "Winner",
    "banker_draws",
    "bead_plate",
    "big_road",
    "burn_count",
    "coup_variance",
    "deck_counts",
    "exact_odds",
    "expected_return",
    "hand_total",
    "is_natural",
    "martingale_stake",
    "odds_for_decks",
    "outcome_distribution",
    "parse_amount",
    "payout_ratio",
    "play_coup",
    "play_session",
    "player_draws",
    "read_amount",
    "return_variance",
    "settle",
    "simulate",
    "study",
    "validate_bets",
    "winner_draws",
]
