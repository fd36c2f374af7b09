"""Run one table service for a seat, from a posted form: shared by the table and the lesson examples.

Design overview: a view picks an action (``draft``, ``confirm``, ``deal``, or
its own callable) and hands it to ``run`` with the learner and the seat's id
(``None``: the learner's table seat). ``run`` calls the
service and returns the fresh state to render (the seat, and the round when
the service returned one), or the refusal's message and status with the seat
loaded again, so the caller renders the state as it really is. The views
only decide where the result goes: the table's panel or an example's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from http import HTTPStatus

from baccarat import Step
from table import services
from table.errors import TableError
from table.forms import parse_bets, parse_chip, parse_index, parse_spot
from table.models import Round, Seat

#: Called with ``user=`` and ``seat_id=`` (the keywords every table service takes).
Action = Callable[..., Round | Seat | services.DealResult]


@dataclass(frozen=True)
class Outcome:
    """What to render after an action: the state, and the refusal if there was one."""

    seat: Seat
    round: Round | None = None
    error: str = ""
    status: int = HTTPStatus.OK
    #: The step a deal dealt (``None`` for other actions, and for a repeated deal that dealt nothing).
    step: Step | None = None

    @property
    def refused(self) -> bool:
        return bool(self.error)


def run(user, seat_id: int | None, action: Action, *, reload: Callable[[], Seat]) -> Outcome:
    """Run ``action`` on the learner's seat; on a refusal, ``reload`` gives the seat as it is now."""
    try:
        result = action(user=user, seat_id=seat_id)
    except TableError as refused:
        return Outcome(reload(), error=refused.message, status=refused.status)
    if isinstance(result, services.DealResult):
        return Outcome(result.round.seat, round=result.round, step=result.step)
    if isinstance(result, Round):
        return Outcome(result.seat, round=result)
    return Outcome(result)


def draft(data: Mapping[str, str]) -> Action:
    """Change the draft of the round the form names, as the pressed button says.

    ``add=<spot>`` puts the rack's chip on that spot, ``op=undo|clear|repeat`` does what it says;
    any other submit (a rack chip chosen, Save, Enter in a field) saves the stakes as typed.
    """

    def change(**seat) -> Round:
        number = parse_index(data, "round")
        op = data.get("op", "")
        if op == "clear":
            return services.round_draft_clear(**seat, round_number=number)
        if op == "repeat":
            return services.round_draft_repeat(**seat, round_number=number)
        bets = parse_bets(data)
        if op == "undo":
            return services.round_chip_undo(**seat, bets=bets, round_number=number)
        if "add" in data:
            return services.round_chip_place(
                **seat, bets=bets, spot=parse_spot(data["add"]), chip=parse_chip(data), round_number=number
            )
        if "select" in data:
            parse_chip(data)  # a rack chip chosen: refuse one the rack does not have
        return services.round_draft(**seat, bets=bets, round_number=number)

    return change


def confirm(data: Mapping[str, str]) -> Action:
    """Commit the form's bets for the round it names."""
    return lambda **seat: services.round_confirm(
        **seat, bets=parse_bets(data), round_number=parse_index(data, "round")
    )


def deal(data: Mapping[str, str]) -> Action:
    """Deal the card the form expects in the round it names."""
    return lambda **seat: services.round_deal(
        **seat, round_number=parse_index(data, "round"), expected_index=parse_index(data, "card")
    )
