"""The bridge between dealer mode's rows and the engine's dealer school (``baccarat.dealer``).

A round is kept as plain JSON (the engine's ``Layout.to_dict``, each action's ``to_dict``, the card
tokens, the box as it was when the round began) and rebuilt here as the engine's ``DealerRound`` by
``DealerRound.replay`` for every request: the engine checks every action, this app only stores them.
"""

from __future__ import annotations

import random

from accounts.models import DealerCommission
from baccarat import Card
from baccarat.dealer import (
    CommissionBox,
    CommissionMode,
    Layout,
    Rounding,
    action_from_dict,
)
from baccarat.dealer import (
    DealerRound as EngineRound,
)
from baccarat.tables import TableRules
from dealer.models import DealerRound, DealerSession
from table.presets import PRESETS


def table_of(session: DealerSession) -> TableRules:
    """The session's table for the engine: the preset's decks and payouts, the side bets the class shows."""
    preset = PRESETS[session.preset]
    side_bets = preset.side_bets
    if session.classroom is not None:
        side_bets = tuple(kind for kind in side_bets if kind in session.classroom.side_bets)
    return TableRules(session.preset, preset.decks, preset.payouts, side_bets)


def mode_of(session: DealerSession) -> CommissionMode:
    return CommissionMode.BOX if session.commission == DealerCommission.BOX else CommissionMode.TAKE


def rounding_of(session: DealerSession) -> Rounding:
    return Rounding.QUARTER if session.house_rounding else Rounding.EXACT


def engine_round(round: DealerRound) -> EngineRound:
    """The round as the engine sees it after every action recorded so far (collects aside)."""
    session = round.session
    actions = [
        action_from_dict(entry["action"]) for entry in round.actions if entry["action"]["action"] != "collect"
    ]
    return EngineRound.replay(
        Layout.from_dict(round.layout),
        table_of(session),
        mode_of(session),
        rounding_of(session),
        actions,
        [Card.parse(token) for token in round.card_tokens],
        box=CommissionBox.from_dict(round.box_before or {"marks": {}}),
    )


def options_rng(round: DealerRound) -> random.Random:
    """The order of the call options on the page: the same on every showing of the same moment."""
    return random.Random(f"{round.pk}:{round.step}:{round.cards}")
