"""Worked examples for visitors without an account: their state lives in a signed cookie.

Design overview: lessons 1 to 3 (``open_to_visitors``) can be read, and their
worked examples dealt, by anyone. A visitor's example is not a seat: no
``Seat``, ``Round`` or ledger row is ever written for a visitor, and no session
row either (issue 25: 2,000 first deals from one client wrote 2,000 session rows,
kept 14 days). A cookie, signed with the site's key so that no client can write
one of its own, keeps, per example, three small numbers: the attempt, how many
cards have been dealt, and when (an example left alone for
``VISITOR_EXAMPLE_SECONDS`` opens at its start again: on a shared school
computer the next visitor found lesson 1 already dealt by the one before). The
cards themselves come from the example's arranged shoe in ``lessons.course``,
drawn again on every request, so the cookie holds nothing secret and nothing
that grows: at most one entry per open example, whatever a visitor (or a bot)
posts. It goes away with the browser's cookies, or after ``COOKIE_AGE``.

The services here mirror the table's for a seat: they take the visitor's
examples (``VisitorExamples``) instead of a seat, raise the table's own errors
(so the same messages and statuses answer bad input), and return unsaved
``Seat`` and ``Round`` objects that the table's presenter draws exactly like a
learner's example. Dealing is exactly once by the same rule as
``table.services.round_deal``: the form names the card it expects, and a card
already dealt is answered with the current state. A visitor who sends an older
cookie again sees their example as it was then: it records nothing anyone
trusts, so that is theirs to do. Examples that take stakes need sandbox chips
and stay for learners with an account (none of lessons 1 to 3 takes stakes).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from baccarat import Coup, Shoe
from lessons.course import COURSE, Example
from table import errors
from table.models import Round, Seat
from table.presets import DEFAULT_PRESET
from table.services import DealResult, card_wanted

#: Lessons whose text and worked examples are open to visitors: the first three.
VISITOR_LESSONS = 3
OPEN_LESSONS = frozenset(spec.slug for spec in COURSE if spec.number <= VISITOR_LESSONS)
#: The labels of the examples a visitor may deal: the only entries a visitor's cookie keeps.
VISITOR_EXAMPLES = frozenset(
    f"{spec.slug}/{found.key}" for spec in COURSE if spec.slug in OPEN_LESSONS for found in spec.examples
)

#: The signed cookie that keeps a visitor's examples, its salt, and how long it is good for.
COOKIE_NAME = "lesson_examples"
COOKIE_SALT = "lessons.sandbox.examples"
COOKIE_AGE = timedelta(days=14)

#: A visitor's example untouched for this long opens at its start again, not as the last visitor left it.
VISITOR_EXAMPLE_SECONDS = 3600

#: The one round of an example (the form names it, as at the table).
ROUND_NUMBER = 1


def open_to_visitors(slug: str) -> bool:
    """Whether a visitor without an account may read lesson ``slug`` and deal its examples."""
    return slug in OPEN_LESSONS


def visitor_can_deal(slug: str, example: Example) -> bool:
    """Whether a visitor may deal this example: an open lesson's example that takes no stakes."""
    return open_to_visitors(slug) and not example.stakes


@dataclass(frozen=True)
class State:
    """A visitor's example: which attempt, and how many of its cards are dealt."""

    attempt: int = 1
    dealt: int = 0


class VisitorExamples:
    """A visitor's examples as their signed cookie has them: ``{"slug/key": [attempt, dealt]}``.

    A missing, expired, forged or unreadable cookie is no example dealt. ``save`` sets the cookie
    on a response, only when a service changed something (reading a lesson sets no cookie).
    """

    def __init__(self, examples: dict | None = None) -> None:
        self.examples: dict = dict(examples or {})
        self.changed = False

    @classmethod
    def from_request(cls, request: HttpRequest) -> VisitorExamples:
        try:
            value = request.get_signed_cookie(COOKIE_NAME, salt=COOKIE_SALT, max_age=COOKIE_AGE)
            examples = json.loads(value or "")
        except (KeyError, signing.BadSignature, ValueError):
            return cls()
        return cls(examples if isinstance(examples, dict) else None)

    def save(self, response: HttpResponse) -> None:
        if not self.changed:
            return
        response.set_signed_cookie(
            COOKIE_NAME,
            json.dumps(self.examples, separators=(",", ":")),
            salt=COOKIE_SALT,
            max_age=int(COOKIE_AGE.total_seconds()),
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )


def _label(slug: str, example: Example) -> str:
    return f"{slug}/{example.key}"


def _read(kept_examples: VisitorExamples, slug: str, example: Example) -> State:
    """The example's state in the visitor's cookie; anything unreadable counts as a fresh start."""
    kept: Any = kept_examples.examples.get(_label(slug, example))
    try:
        attempt, dealt, written = (int(value) for value in kept)
    except (TypeError, ValueError):
        return State()
    if attempt < 1 or not 0 <= dealt <= len(example.cards):
        return State()
    if not 0 <= _now() - written <= VISITOR_EXAMPLE_SECONDS:
        return State(attempt=attempt)  # at its start, and a restart's form of before stays a no-op
    return State(attempt=attempt, dealt=dealt)


def _now() -> int:
    return int(timezone.now().timestamp())


def _write(kept: VisitorExamples, slug: str, example: Example, state: State) -> None:
    """Keep the state; only examples a visitor may deal are ever written (so the cookie is bounded)."""
    assert visitor_can_deal(slug, example)
    kept.examples = {label: value for label, value in kept.examples.items() if label in VISITOR_EXAMPLES} | {
        _label(slug, example): [state.attempt, state.dealt, _now()]
    }
    kept.changed = True


def _dealt_cards(example: Example, dealt: int) -> list[str]:
    """The first ``dealt`` cards of the example's arranged shoe, as tokens."""
    shoe = Shoe.arranged(example.cards)
    return [shoe.draw().token for _ in range(dealt)]


def _objects(slug: str, example: Example, state: State) -> tuple[Seat, Round]:
    """The state as an unsaved seat and round for the table's presenter (never saved).

    The seat carries no shoe: nothing undealt is on it, as nothing undealt is in the cookie.
    """
    seat = Seat(
        kind=Seat.Kind.LESSON,
        label=_label(slug, example),
        attempt=state.attempt,
        coach_mode=False,
        preset=DEFAULT_PRESET,
        shoe_number=1,
    )
    tokens = _dealt_cards(example, state.dealt)
    round = Round(
        seat=seat,
        number=ROUND_NUMBER,
        state=Round.State.DEALING,
        preset=seat.preset,
        shoe_number=1,
        cards=" ".join(tokens),
    )
    coup = Coup.replay(tokens)
    if coup.outcome is not None:
        round.apply_outcome(coup.outcome)
    return seat, round


def visitor_example_current(*, kept: VisitorExamples, slug: str, example: Example) -> tuple[Seat, Round]:
    """The visitor's example as it stands (a fresh one if the cookie has none). Writes nothing."""
    return _objects(slug, example, _read(kept, slug, example))


def visitor_example_deal(
    *, kept: VisitorExamples, slug: str, example: Example, round_number: int, expected_index: int
) -> DealResult:
    """Deal exactly one card, the one at ``expected_index``, as ``table.services.round_deal`` does.

    A request for a card already dealt (a double click, a replayed form) changes nothing and
    returns the current state; two such requests at once answer the same state.

    :raises errors.RoundNotFound: for a round the example does not have (404).
    :raises errors.InvalidInput: for a card past the next one (400).
    :raises errors.WrongState: when the coup is over (409).
    """
    state = _read(kept, slug, example)
    if round_number != ROUND_NUMBER:
        raise errors.RoundNotFound(errors.ROUND_NOT_FOUND)
    if not card_wanted(state.dealt, expected_index):
        return DealResult(round=_objects(slug, example, state)[1], step=None)
    coup = Coup.replay(_dealt_cards(example, state.dealt))
    if coup.outcome is not None:
        raise errors.WrongState(errors.COUP_OVER)
    shoe = Shoe.arranged(example.cards)
    for _ in range(state.dealt):
        shoe.draw()
    step = coup.deal(shoe.draw())
    state = State(attempt=state.attempt, dealt=state.dealt + 1)
    _write(kept, slug, example, state)
    return DealResult(round=_objects(slug, example, state)[1], step=step)


def visitor_example_restart(
    *, kept: VisitorExamples, slug: str, example: Example, after: int | None = None
) -> Seat:
    """A fresh attempt at the example, from its first card.

    ``after`` is the attempt the form restarts: when it is no longer the current one, a restart
    already happened (a doubled click) and the current attempt is returned as it is. An attempt
    with no card dealt is already at its start: nothing is written (no cookie is set for it).
    """
    state = _read(kept, slug, example)
    if state.dealt and (after is None or after == state.attempt):
        state = State(attempt=state.attempt + 1, dealt=0)
        _write(kept, slug, example, state)
    return _objects(slug, example, state)[0]
