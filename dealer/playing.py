"""Play a dealer-mode round through the services with every action right (tests, the timing command).

``pause`` is called before each action (tests move their clock there; the command sleeps).
"""

from __future__ import annotations

from collections.abc import Callable

from dealer import procedure
from dealer.models import DealerRound
from dealer.services.rounds import done_ids, marked_seats, marks_owed, round_act, round_dues


def right_action(round: DealerRound) -> dict[str, str]:
    """The action the procedure asks for next in ``round``."""
    if round.phase == DealerRound.Phase.DEAL:
        hand = procedure.next_card(round.card_tokens)
        return {"do": "stand"} if hand is None else {"do": "deal", "hand": hand}
    if round.phase == DealerRound.Phase.CALL:
        return {"do": "call", "option": procedure.right_call(round.card_tokens).code}
    if round.phase == DealerRound.Phase.SETTLE:
        done = done_ids(round)
        marked = marked_seats(round)
        for seat, owed in marks_owed(round).items():
            paid = all(due.id in done for due in round_dues(round) if due.seat == seat and due.commission)
            if paid and marked.get(seat, 0) < owed:
                return {"do": "mark", "seat": str(seat), "amount": str(owed - marked.get(seat, 0))}
        for due in round_dues(round):
            if due.action != procedure.PUSH and due.id not in done:
                if due.action == procedure.TAKE:
                    return {"do": "take", "bet": due.id}
                return {"do": "pay", "bet": due.id, "amount": str(due.pay)}
    seat, owed = next(iter(round.collect.items()))
    return {"do": "collect", "seat": seat, "amount": owed}


def play_round(user, round: DealerRound, pause: Callable[[], None] = lambda: None) -> DealerRound:
    """Run ``round`` to its end with the right action each time."""
    while round.phase != DealerRound.Phase.DONE:
        pause()
        round = round_act(user=user, round_id=round.pk, step=round.step, data=right_action(round))
    return round
