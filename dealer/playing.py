"""Play a dealer-mode round through the services with every action right (tests, the timing command).

The right action is the engine's ``expected()``; ``pause`` is called before each action (tests move
their clock there; the command sleeps).
"""

from __future__ import annotations

from collections.abc import Callable

from dealer.engine import engine_round
from dealer.models import DealerRound
from dealer.services.rounds import round_act


def form_of(action: dict) -> dict[str, str]:
    """An engine action's ``to_dict()`` as the page's form posts it."""
    kind = action["action"]
    data = {"do": kind}
    if kind == "deal":
        data["hand"] = action["hand"]
    elif kind == "call":
        data["option"] = action["option"]
    elif kind in ("take", "pay"):
        data["bet"] = f"{action['seat']}-{action['bet']}"
    if kind in ("mark", "collect"):
        data["seat"] = str(action["seat"])
    if "amount" in action:
        data["amount"] = action["amount"]
    return data


def right_action(round: DealerRound) -> dict[str, str]:
    """The form of the action the procedure asks for next in ``round``."""
    if round.phase == DealerRound.Phase.COLLECT:
        seat, owed = next(iter(round.collect.items()))
        return {"do": "collect", "seat": seat, "amount": owed}
    expected = engine_round(round).expected()
    assert expected is not None, "the round expects nothing"
    return form_of(expected.to_dict())


def play_round(user, round: DealerRound, pause: Callable[[], None] = lambda: None) -> DealerRound:
    """Run ``round`` to its end with the right action each time."""
    while round.phase != DealerRound.Phase.DONE:
        pause()
        round = round_act(user=user, round_id=round.pk, step=round.step, data=right_action(round))
    return round
