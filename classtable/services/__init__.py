"""Every write of the class table (issue 29). Reads are in ``classtable.presenters`` (the pages) and
``classtable.selectors``.

API for the views (all keyword-only; each is one transaction; refusals raise
``classtable.errors.ClassTableError`` subclasses, ``common.errors.AppError`` with ``.status`` and a
translated ``.message``: 400 ``InvalidInput``, 403 ``NotAllowed``, 404 ``NotFound``, 409 ``WrongState``,
410 ``SessionEnded``). Every write that changes what anyone sees bumps ``ClassTable.version`` (an
instructor's) or ``ClassTable.activity_version`` (a learner's: only the control page and projector show it).

Instructor (only the instructor who opened the table deals; anyone else gets 403):

- ``class_table_open(user, classroom_id, preset, calls_draws=True) -> ClassTable`` — round 1 is
  already taking bets. 403 not their class; 400 preset not offered; 409 one is open already.
- ``class_table_close(user, table_id) -> ClassTable`` — stakes of an unfinished coup go back.
- ``round_start(user, table_id, round_number) -> ClassRound`` — "Place your bets" for the next round
  (``round_number`` = latest + 1; repeating it returns the same round).
- ``bets_close(user, table_id, round_number) -> ClassRound`` — "No more bets" (idempotent).
- ``card_deal(user, table_id, round_number, expected_index) -> DealResult(round, step, settled)`` —
  one card; ``expected_index`` = cards dealt so far (``len(round.card_tokens)``); a replay returns
  ``step=None`` and changes nothing. 409 while bets are open or a decision is open, or coup over.
- ``decision_close(user, table_id, round_number, question) -> ClassRound`` — close the open draw
  decision (``table.coach.PLAYER_DRAW`` / ``BANKER_DRAW``); settles when it was the coup's last.
- ``close_idle_tables() -> int`` — for ``manage.py classtable_close_idle`` (cron); a write to an
  idle session also closes it and raises 410.

Learner (members of the table's class only; else 403):

- ``seat_join(user, table_id) -> ClassSeat``; ``seat_leave(user, table_id) -> ClassSeat``.
- ``bets_draft(user, table_id, round_number, bets: list[baccarat.Bet], placed=None) -> ClassPlay`` — no chip
  moves; ``bets_undo`` takes the last chip placed back, ``bets_repeat`` stakes the learner's last round.
- ``bets_confirm(user, table_id, round_number, bets=None) -> ClassPlay`` — ``None`` confirms the draft;
  the stake leaves the balance (the practice-table ``Seat``). 409 after "No more bets".
- ``draw_call(user, table_id, round_number, question, answer) -> ClassCall`` — ``answer`` is
  ``table.coach.DRAWS`` / ``STANDS``; 409 when the decision is closed.
- ``bets_from({kind: amount_text}) -> list[Bet]`` — a form's stakes as engine bets (400 on junk).

Export: ``session_csv_rows(table_id) -> list[list[str]]`` (header first; the view applies ``csv_safe``).
"""

from classtable.services.bets import bets_from, check_bets
from classtable.services.export import session_csv_rows
from classtable.services.learners import (
    bets_confirm,
    bets_draft,
    bets_repeat,
    bets_undo,
    draw_call,
    is_member,
    seat_join,
    seat_leave,
)
from classtable.services.sessions import (
    DealResult,
    bets_close,
    card_deal,
    class_table_close,
    class_table_open,
    close_idle_tables,
    decision_close,
    pending_decision,
    round_start,
    teaches,
)

__all__ = [
    "DealResult",
    "bets_close",
    "bets_confirm",
    "bets_draft",
    "bets_repeat",
    "bets_undo",
    "bets_from",
    "card_deal",
    "check_bets",
    "class_table_close",
    "class_table_open",
    "close_idle_tables",
    "decision_close",
    "draw_call",
    "is_member",
    "pending_decision",
    "round_start",
    "seat_join",
    "seat_leave",
    "session_csv_rows",
    "teaches",
]
