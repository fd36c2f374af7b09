"""Arranged rounds for the dealer-school engine tests."""

from __future__ import annotations

from decimal import Decimal

from baccarat import Shoe
from baccarat.dealer import (
    Action,
    Call,
    CommissionBox,
    CommissionMode,
    Deal,
    DealerRound,
    Rounding,
    arranged_layout,
)
from baccarat.tables import table_rules

D = Decimal


def new_round(
    bets: dict[int, dict[str, Decimal]],
    tokens: str,
    *,
    table: str = "standard",
    mode: CommissionMode = CommissionMode.TAKE,
    rounding: Rounding = Rounding.EXACT,
    box: CommissionBox | None = None,
) -> tuple[DealerRound, Shoe]:
    """A round on an arranged layout and an arranged shoe, nothing dealt yet."""
    rules = table_rules(table)
    layout = arranged_layout(rules, bets)
    return DealerRound(layout, rules, mode, rounding, box=box), Shoe.arranged(tokens.split())


def dealt_and_called(bets: dict[int, dict[str, Decimal]], tokens: str, **options: object) -> DealerRound:
    """The round with every card dealt and both calls made right: taking and paying is next."""
    round_, shoe = new_round(bets, tokens, **options)  # type: ignore[arg-type]
    while isinstance(action := round_.expected(), Deal | Call):
        assert round_.act(action, draw=shoe.draw).ok
    return round_


def settle_right(round_: DealerRound) -> list[Action]:
    """Take the engine's right actions to the end of the round; the actions taken."""
    actions = []
    while (action := round_.expected()) is not None:
        assert round_.act(action).ok
        actions.append(action)
    return actions
