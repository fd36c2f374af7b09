"""What the class table's views share: the contexts of its pages, the poll's ETag, and the poll's answer.

A page and a poll are drawn from the database alone (no state in a web process): the table row first
(its ``version`` names the state in the ETag; a write after it only makes the next poll draw again),
then the round, the seats, the calls.
"""

from __future__ import annotations

from decimal import Decimal

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from classtable.access import LEARNER
from classtable.etag import PollTag, make_etag
from classtable.models import ClassTable
from classtable.presenters.board import SETTLED, Board, board_view
from classtable.presenters.seat import SeatView, seat_view
from table.presets import DEFAULT_CHIP

ETAG_HEADER = "X-Class-Table-ETag"


def poll_tag(request, board: Board, stage: str, *, activity: int = 0, own: int = 0) -> str:
    """The ETag of what ``request``'s viewer sees now (``stage``: the phase and their part in it;
    ``activity``: the table's ``activity_version`` for the control page and projector, 0 for a learner;
    ``own``: a learner's seat's version, 0 without a seat)."""
    cards = board.coup.cards_dealt if board.coup is not None else 0
    tag = PollTag(
        table=board.table.pk,
        version=board.table.version,
        round=board.round_number,
        phase=f"{stage}_{cards}",
        user=request.user.pk,
        language=(get_language() or "en").lower(),
        activity=activity,
        own=own,
    )
    return make_etag(tag, request)


def learner_context(
    request,
    table: ClassTable,
    *,
    chip: Decimal = DEFAULT_CHIP,
    entered: dict[str, str] | None = None,
    roads: bool = True,
) -> dict:
    board = board_view(table)
    me: SeatView = seat_view(board, request.user, chip=chip, entered=entered)
    return {
        "table": table,
        "board": board,
        "me": me,
        "roads": board.roads() if roads else None,
        "ended": board.phase == "ended",
        "etag": poll_tag(request, board, me.phase_key, own=me.seat.version if me.seat is not None else 0),
    }


def room_context(request, table: ClassTable, role: str, *, roads: bool = True) -> dict:
    """The instructor's control page and the projector."""
    board = board_view(table)
    return {
        "table": table,
        "board": board,
        "role": role,
        "roads": board.roads() if roads else None,
        "ended": board.phase == "ended",
        "etag": poll_tag(request, board, f"{board.phase}_{role}", activity=table.activity_version),
    }


def with_tag(response: HttpResponse, etag: str) -> HttpResponse:
    """An htmx answer to a form carries the new state's tag, so the next poll finds nothing new."""
    response[ETAG_HEADER] = etag
    return response


def _roads_through(round_number: int, stage: str) -> int:
    """The last round the scoreboards of a page drawn at this round and stage show (they show settled
    coups only)."""
    return round_number if stage.split("_", 1)[0] == SETTLED else round_number - 1


def _roads_changed(before: PollTag | None, board: Board, stage: str) -> bool:
    """Whether the scoreboards changed since the page's tag: a coup settled, or a new shoe began."""
    if before is None:
        return True
    if _roads_through(before.round, before.stage) != _roads_through(board.round_number, stage):
        return True
    return before.round != board.round_number and board.round is not None and board.round.new_shoe


def poll_answer(request, table: ClassTable, role: str, before: PollTag | None) -> HttpResponse:
    """A changed poll: the regions of the viewer's page, out of band. The felt's betting form and the
    learner's result only when the phase changed since the page's tag (``before``), the scoreboards only
    when a coup settled or a shoe began since, the live region only when a card came."""
    if role == LEARNER:
        context = learner_context(request, table, roads=False)
        stage = context["me"].phase_key
    else:
        context = room_context(request, table, role, roads=False)
        stage = f"{context['board'].phase}_{role}"
    board = context["board"]
    cards = str(board.coup.cards_dealt if board.coup is not None else 0)
    moved = before is None or before.round != board.round_number or before.stage != stage
    context |= {
        "send_spots": moved,
        "send_roads": _roads_changed(before, board, stage),
        "send_live": moved or before is None or before.cards != cards,
        "learner": role == LEARNER,
    }
    if context["send_roads"]:
        context["roads"] = board.roads()
    response = render(request, "classtable/poll.html", context)
    response["ETag"] = context["etag"]
    if context["ended"]:
        response["HX-Refresh"] = "true"  # the page becomes the ended session's, without a poll
    return response
