"""Questions stay on the server; the page carries only their one-time nonce.

Design overview: issuing a question (a lesson's exercise, or a cell of the
drill) writes an ``IssuedQuestion`` row: the learner, the lesson (none for
the drill), the question with its right answer, and a random 128-bit nonce.
The nonce, 32 hex digits, is the whole token the form carries: it is not
signed because it says nothing; it only names a row, and only for the learner
it was issued to. An answer is graded against the row found by learner, nonce
and place (the lesson, or the drill), so nothing the browser sends or can
read decides what the right answer is.

A token that finds no row waiting:

- the nonce of a question this learner already answered here (its
  ``Attempt`` keeps the nonce, under a unique (user, nonce) constraint) is a
  replay: ``Answered``, refused without counting anything, as before;
- anything else (not a nonce, another learner's, tampered with, for another
  lesson or the drill, expired or pruned) is ``BadToken``.

Old questions do not pile up. A row is deleted

1. when its question is answered, in the transaction that records the attempt
   (``question_discard``);
2. when the learner is issued a new question, if more than ``MAX_WAITING`` of
   theirs would be waiting (a page reloaded again and again, answers refused
   as malformed, tabs left open): the oldest go first;
3. and, each time any question is issued, if it is older than ``MAX_AGE`` (such
   a question is refused anyway), whoever it was for, so the questions of a
   learner who never comes back go too.

So the table holds at most ``MAX_WAITING`` rows for each learner active in the
last ``MAX_AGE``, and none for anyone else.
"""

from __future__ import annotations

import re
import secrets
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from lessons.models import IssuedQuestion
from progress.models import Attempt, Lesson

#: A question older than this is refused (a form left open for a day), and deleted.
MAX_AGE = timedelta(hours=24)
#: A learner's questions waiting for an answer at most; issuing one more deletes the oldest.
MAX_WAITING = 20
#: What a nonce looks like (``secrets.token_hex(16)``).
NONCE = re.compile(r"[0-9a-f]{32}")


class BadToken(Exception):
    """The token names no question waiting for this learner here: malformed, tampered with, old or foreign."""


class Answered(Exception):
    """The token names a question this learner already answered here; ``attempt`` is that answer."""

    def __init__(self, attempt: Attempt) -> None:
        super().__init__("already answered")
        self.attempt = attempt


def _place(lesson: Lesson | None) -> dict[str, Any]:
    """Where a question is asked, as the fields of ``IssuedQuestion`` and ``Attempt`` say it."""
    if lesson is None:
        return {"source": Attempt.Source.DRILL, "lesson": None}
    return {"source": Attempt.Source.LESSON, "lesson": lesson}


@transaction.atomic
def question_issue(*, user, question: dict[str, Any], lesson: Lesson | None = None) -> str:
    """Keep a question (with its right answer) for this learner and return its nonce, the page's token.

    ``lesson``: the lesson whose exercise it is; none for the drill. Prunes
    old questions first (see the module's overview).
    """
    now = timezone.now()
    IssuedQuestion.objects.filter(created_at__lt=now - MAX_AGE).delete()
    oldest = (
        IssuedQuestion.objects.filter(user=user)
        .order_by("-created_at", "-id")
        .values_list("pk", flat=True)[MAX_WAITING - 1 :]
    )
    IssuedQuestion.objects.filter(pk__in=list(oldest)).delete()
    nonce = secrets.token_hex(16)
    IssuedQuestion.objects.create(user=user, nonce=nonce, question=question, created_at=now, **_place(lesson))
    return nonce


def question_find(*, user, token: str, lesson: Lesson | None = None) -> IssuedQuestion:
    """The question waiting for this learner's answer under this token, in this lesson (none: the drill).

    :raises Answered: if this learner already answered it here.
    :raises BadToken: for anything else that is not a question waiting here.
    """
    if not isinstance(token, str) or not NONCE.fullmatch(token):
        raise BadToken("not a nonce")
    place = _place(lesson)
    issued = IssuedQuestion.objects.filter(user=user, nonce=token, **place).first()
    if issued is None:
        attempt = Attempt.objects.filter(user=user, nonce=token, **place).first()
        if attempt is not None:
            raise Answered(attempt)
        raise BadToken("no such question waiting")
    if issued.created_at < timezone.now() - MAX_AGE:
        raise BadToken("expired")
    return issued


@transaction.atomic
def question_discard(*, user, nonce: str) -> None:
    """Forget an answered question (called in the transaction that records its answer)."""
    IssuedQuestion.objects.filter(user=user, nonce=nonce).delete()
