"""The rules of Punto Banco as a pure-Python library (no Django import).

>>> from baccarat import Card, Coup
>>> Coup.from_cards(Card.parse(t) for t in "4 2 4 3".split()).outcome
Outcome(player 8, banker 5, natural)
"""

from __future__ import annotations

from baccarat.amounts import CENT, parse_amount, read_amount
from baccarat.bets import LANGUAGES, BetSpec, all_bets, bet_spec, register, registry_version, unregister
from baccarat.cards import Card, Rank, Suit, hand_total, is_pair
from baccarat.coup import Coup, Hand, Outcome, Reason, Step, Winner
from baccarat.deal import DealRequest, deal_request
from baccarat.derived_roads import (
    BIG_EYE_BOY,
    COCKROACH_PIG,
    DERIVED_ROADS,
    SMALL_ROAD,
    DerivedCell,
    DerivedRoad,
    Mark,
    derived_marks,
    derived_road,
)
from baccarat.errors import (
    AmbiguousAmountError,
    CoupOverError,
    EngineError,
    InvalidAmountError,
    InvalidBetError,
    InvalidCardError,
    InvalidShoeError,
    ShoeEmptyError,
)
from baccarat.odds import Odds, deck_counts, exact_odds, odds_for_decks, outcome_distribution
from baccarat.payouts import (
    NO_COMMISSION,
    STANDARD,
    Bet,
    BetKind,
    BetResult,
    PayoutSet,
    Result,
    expected_return,
    payment_case,
    payout_ratio,
    settle,
    validate_bets,
)
from baccarat.paytable import Paid, PaymentCase
from baccarat.roads import ROAD_ROWS, BigRoad, RoadCell, bead_plate, big_road, lay_out, opening_pairs
from baccarat.rules import BANKER_TABLE, MAX_CARDS_PER_COUP, banker_draws, is_natural, player_draws
from baccarat.shoe import DEFAULT_CUT_FROM_END, DEFAULT_DECKS, Burn, Shoe, ShoeFacts, burn_count
from baccarat.simulate import SimulationResult, play_coup, simulate
from baccarat.systems import (
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
    "BIG_EYE_BOY",
    "COCKROACH_PIG",
    "DERIVED_ROADS",
    "CENT",
    "LANGUAGES",
    "DEFAULT_CUT_FROM_END",
    "DEFAULT_DECKS",
    "MAX_CARDS_PER_COUP",
    "NO_COMMISSION",
    "ROAD_ROWS",
    "SMALL_ROAD",
    "STANDARD",
    "AmbiguousAmountError",
    "Bet",
    "BigRoad",
    "Burn",
    "BetKind",
    "BetResult",
    "BetSpec",
    "Card",
    "Coup",
    "CoupOverError",
    "DealRequest",
    "DerivedCell",
    "DerivedRoad",
    "EngineError",
    "Hand",
    "InvalidAmountError",
    "InvalidBetError",
    "InvalidCardError",
    "InvalidShoeError",
    "Mark",
    "Odds",
    "Outcome",
    "Paid",
    "PaymentCase",
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
    "all_bets",
    "banker_draws",
    "bet_spec",
    "bead_plate",
    "big_road",
    "burn_count",
    "coup_variance",
    "deal_request",
    "deck_counts",
    "derived_marks",
    "derived_road",
    "exact_odds",
    "expected_return",
    "hand_total",
    "is_natural",
    "is_pair",
    "lay_out",
    "martingale_stake",
    "odds_for_decks",
    "opening_pairs",
    "outcome_distribution",
    "parse_amount",
    "payment_case",
    "payout_ratio",
    "play_coup",
    "play_session",
    "player_draws",
    "read_amount",
    "register",
    "registry_version",
    "return_variance",
    "settle",
    "simulate",
    "study",
    "unregister",
    "validate_bets",
    "winner_draws",
]
