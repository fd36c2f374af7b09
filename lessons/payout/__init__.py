"""The timed payout drill: questions on real bets, graded by the engine's settlement, with the working.

Modules: ``generate`` makes questions, ``question`` reads a kept one back and types it, ``wording``
says the prompt and the working, ``answers`` reads typed answers and makes the feedback. The
drill's writes (issuing, grading, ending a waiting question) are in ``lessons.services``.

Design overview:

- A question is a finished coup at one of the two tables, some bets on it,
  and the amounts asked for. Everything the right answer depends on (the
  table, the winner, both totals, whether it was a natural, the bets) is kept
  with the question on the server (``lessons.questions``); the page carries
  only its nonce. The right amounts are never stored as the truth: they are
  worked out again by ``baccarat.settle`` when the answer is graded, so
  the drill and the practice table cannot disagree.
- "Paid" means what the dealer puts down beside the stake: the winnings less
  any commission. The stake itself stays where it is (a lost bet's stake is
  taken, and 0 is paid). Every question and every working says so.
- The commission on a Banker win at the standard table is 5 %, worked the way
  dealers do it: 10 % of the stake, then half of that.
- Questions come from an injected ``random.Random`` (seeded in tests).
- Time is measured on the server: the question's ``created_at`` is when it was
  issued; the answer's time is the moment it arrives minus that. An answer
  under ``PAYOUT_FLOOR_SECONDS`` (faster than a person can read and type; see
  ``progress.models``) is recorded as too fast and ends the run.
- A question shown is answered or counts as missed: at most one waits per
  learner. Issuing the next one (a reload, a new question, a refused token)
  and any other page of the site (``lessons.middleware``) first end the one
  waiting (``payout_questions_end``): it is recorded as skipped, a wrong
  answer, and the run starts again. So no question can be passed over, and a
  run is 20 questions in a row as they came.
"""

from __future__ import annotations

from lessons.payout.answers import (
    Feedback,
    FieldVerdict,
    feedback_for,
    parse_answers,
    parse_typed_amount,
)
from lessons.payout.generate import (
    LION_STAKES,
    MAIN_STAKES,
    SIDE_STAKES,
    make_question,
)
from lessons.payout.question import (
    ALREADY_ANSWERED,
    AMOUNT_AMBIGUOUS,
    AMOUNT_BAD,
    AMOUNT_CENTS,
    AMOUNT_MISSING,
    AMOUNT_NEGATIVE,
    BANKER,
    COMMISSION,
    DRAGON,
    EZ_SEVEN,
    KIND_PREFIX,
    KINDS,
    LION,
    PAID,
    PAIR,
    SEVERAL,
    SIX,
    SKIPPED,
    SKIPPED_BEFORE,
    TIE,
    TOKEN_BAD,
    TOKEN_MISSING,
    AlreadyAnswered,
    Field,
    PayoutError,
    PayoutQuestion,
    field_amount,
    questions_data,
    read_question,
)
from lessons.payout.wording import (
    bet_name,
    bets_text,
    cards_text,
    field_label,
    outcome_text,
    prompt_lines,
    table_text,
    working,
)

__all__ = [
    "ALREADY_ANSWERED",
    "AMOUNT_AMBIGUOUS",
    "AMOUNT_BAD",
    "AMOUNT_CENTS",
    "AMOUNT_MISSING",
    "AMOUNT_NEGATIVE",
    "AlreadyAnswered",
    "BANKER",
    "COMMISSION",
    "DRAGON",
    "EZ_SEVEN",
    "Feedback",
    "Field",
    "FieldVerdict",
    "KINDS",
    "KIND_PREFIX",
    "LION",
    "LION_STAKES",
    "MAIN_STAKES",
    "PAID",
    "PAIR",
    "SIDE_STAKES",
    "PayoutError",
    "PayoutQuestion",
    "SEVERAL",
    "SIX",
    "SKIPPED",
    "SKIPPED_BEFORE",
    "TIE",
    "TOKEN_BAD",
    "TOKEN_MISSING",
    "bet_name",
    "bets_text",
    "cards_text",
    "feedback_for",
    "field_amount",
    "field_label",
    "make_question",
    "outcome_text",
    "parse_answers",
    "parse_typed_amount",
    "prompt_lines",
    "questions_data",
    "read_question",
    "table_text",
    "working",
]
