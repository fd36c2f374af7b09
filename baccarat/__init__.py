"""The rules of Punto Banco as a pure-Python library (no Django import).

>>> from baccarat import Card, Coup
>>> Coup.from_cards(Card.parse(t) for t in "4 2 4 3".split()).outcome
Outcome(player 8, banker 5, natural)
"""

from __future__ import annotations

from baccarat.amounts import CENT, parse_amount, read_amount
from baccarat.bets import LANGUAGES, BetSpec, all_bets, bet_spec, register, registry_version, unregister
from baccarat.cards import Card, Rank, Suit, hand_total
from baccarat.coup import Coup, Hand, Outcome, Reason, Step, Winner
from baccarat.deal import DealRequest, deal_request
from baccarat.errors import (
    AmbiguousAmountError,
    CoupOverError,
    EngineError,
    InvalidAmountError,
    InvalidBetError,
    InvalidCardError,
    InvalidShoeError,
    InvalidTableError,
    ShoeEmptyError,
)
from baccarat.odds import Odds, deck_cards, deck_counts, exact_odds, odds_for_decks, outcome_distribution
from baccarat.payouts import (
    EZ,
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
from baccarat.roads import ROAD_ROWS, BigRoad, RoadCell, bead_plate, big_road
from baccarat.rules import BANKER_TABLE, MAX_CARDS_PER_COUP, banker_draws, is_natural, player_draws
from baccarat.shoe import DEFAULT_CUT_FROM_END, DEFAULT_DECKS, Burn, Shoe, ShoeFacts, burn_count
from baccarat.sidebets import CardCounts, card_counts
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
from baccarat.tables import COMMON_SIDE_BETS, TABLES, TableRules, table_rules

__all__ = [
    "BANKER_TABLE",
    "CENT",
    "COMMON_SIDE_BETS",
    "DEFAULT_CUT_FROM_END",
    "DEFAULT_DECKS",
    "EZ",
    "LANGUAGES",
    "MAX_CARDS_PER_COUP",
    "NO_COMMISSION",
    "ROAD_ROWS",
    "STANDARD",
    "TABLES",
    "AmbiguousAmountError",
    "Bet",
    "BetKind",
    "BetResult",
    "BetSpec",
    "BigRoad",
    "Burn",
    "Card",
    "CardCounts",
    "Coup",
    "CoupOverError",
    "DealRequest",
    "EngineError",
    "Hand",
    "InvalidAmountError",
    "InvalidBetError",
    "InvalidCardError",
    "InvalidShoeError",
    "InvalidTableError",
    "Odds",
    "Outcome",
    "Paid",
    "PaymentCase",
    "PayoutSet",
    "Rank",
    "Reason",
    "Result",
    "RoadCell",
    "Shoe",
    "ShoeEmptyError",
    "ShoeFacts",
    "SimulationResult",
    "Step",
    "Suit",
    "System",
    "SystemStudy",
    "TableLimits",
    "TableRules",
    "Winner",
    "all_bets",
    "banker_draws",
    "bead_plate",
    "bet_spec",
    "big_road",
    "burn_count",
    "card_counts",
    "coup_variance",
    "deal_request",
    "deck_cards",
    "deck_counts",
    "exact_odds",
    "expected_return",
    "hand_total",
    "is_natural",
    "martingale_stake",
    "odds_for_decks",
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
    "table_rules",
    "unregister",
    "validate_bets",
    "winner_draws",
]
