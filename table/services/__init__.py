"""Every write of the practice table: bets, the deal, settlement, resets, and the ledger.

Design overview (see docs/decisions/0001-locking-and-exactly-once.md):

- Each service takes the learner (``user=``, and ``seat_id=`` for a lesson
  example's seat), is ``@transaction.atomic`` and locks the seat row first, then
  the round row, with ``select_for_update()`` in that fixed order, and only then
  reads the state it decides on. Two requests for the same learner therefore run
  one after the other, on any number of web processes.
- Exactly once by construction: the confirm form carries the round number and
  the deal form the index of the card it expects to deal. A request whose
  number or index is already past is answered with the current state and
  changes nothing. A unique constraint on (round, entry kind, bet) makes a
  second settlement impossible to write.
- The only place chips move is ``ledger_append``, which writes the ledger rows
  and the cached balance together; ``ledger_problems`` (``manage.py
  ledger_verify``) checks that every balance equals the sum of its ledger.

Modules: ``seats`` (opening and locking a seat, its settings, resets),
``drafts`` (the next round's bets), ``rounds`` (confirm, deal, calls,
settlement), ``ledger``. Reads are in ``table.selectors``.
"""

from table.services.drafts import (
    last_bets,
    round_chip_place,
    round_chip_undo,
    round_draft,
    round_draft_clear,
    round_draft_repeat,
)
from table.services.ledger import (
    Entry,
    LedgerMismatch,
    ledger_append,
    ledger_append_seats,
    ledger_problems,
    ledger_verify,
)
from table.services.rounds import DealResult, card_wanted, round_call, round_confirm, round_deal
from table.services.seats import (
    balance_reset,
    learner_chips_reset,
    sandbox_open,
    seat_choose_preset,
    seat_open,
    seat_set_coach,
    seat_set_face_down,
)

__all__ = [
    "DealResult",
    "Entry",
    "LedgerMismatch",
    "balance_reset",
    "card_wanted",
    "last_bets",
    "learner_chips_reset",
    "ledger_append",
    "ledger_append_seats",
    "ledger_problems",
    "ledger_verify",
    "round_call",
    "round_chip_place",
    "round_chip_undo",
    "round_confirm",
    "round_deal",
    "round_draft",
    "round_draft_clear",
    "round_draft_repeat",
    "sandbox_open",
    "seat_choose_preset",
    "seat_open",
    "seat_set_coach",
    "seat_set_face_down",
]
