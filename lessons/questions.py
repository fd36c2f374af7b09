"""Questions stay on the server; the page carries only their one-time nonce.

Design overview: issuing a question (a lesson's exercise, a cell of the
drill, or a payout-drill question) writes an ``IssuedQuestion`` row: the
learner, the place it is asked in (``IssuedQuestion.Place``: lessons, the
drill, the payout drill), the lesson (none outside lessons), the question with
its right answer, and a random 128-bit nonce. The nonce, 32 hex digits, is the
whole token the form carries: it is not signed because it says nothing; it
only names a row, and only for the learner it was issued to. An answer is
graded against the row found by learner, nonce and place (the lesson, the
drill or the payout drill), so nothing the browser sends or can read decides
what the right answer is.

A token that finds no row waiting:

- the nonce of a question this learner already answered here (its
  ``Attempt`` keeps the nonce, under a unique (user, nonce) constraint) is a
  replay: ``Answered``, refused without counting anything, as before;
- anything else (not a nonce, another learner's, tampered with, for another
  lesson or place, expired or pruned) is ``BadToken``.

Old questions do not pile up. A row is deleted

1. when its question is answered, in the transaction that records the attempt
   (``question_discard``);
2. when the learner is issued a new question in the same place, if more than
   ``MAX_WAITING`` of theirs would be waiting there (a page reloaded again and
   again, answers refused as malformed, tabs left open): the oldest of that
   place go first. Each place keeps its own: page views in lessons and the
   drill never push out a payout question waiting for its answer;
3. and, each time any question is issued, if it is older than ``MAX_AGE`` (such
   a question is refused anyway), whoever it was for, so the questions of a
   learner who never comes back go too. Payout-drill questions are the
   exception: a payout question not answered counts as a missed answer, so the
   payout drill ends it itself (``lessons.services.payout_questions_end``), and
   it waits, one at most per learner, until its learner comes back.

So the table holds at most ``MAX_WAITING`` rows for each learner and place
active in the last ``MAX_AGE``, one payout question at most for anyone else,
and nothing more.
"""

from __future__ import annotations

import re
import secrets
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from lessons.models import IssuedQuestion, QuestionPlace
from progress.models import Attempt, Lesson

#: A question older than this is refused (a form left open for a day), and deleted.
MAX_AGE = timedelta(hours=24)
#: Questions of a learner waiting in one place at most; issuing one more there deletes its oldest.
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


Place = QuestionPlace


def _place(lesson: Lesson | None, place: Place | None = None) -> dict[str, Any]:
    """Where a question is asked, as ``IssuedQuestion`` says it: a lesson's, else ``place`` (the drill)."""
    if lesson is not None:
        return {"source": Place.LESSON, "lesson": lesson}
    return {"source": place or Place.DRILL, "lesson": None}


@transaction.atomic
def question_issue(
    *, user, question: dict[str, Any], lesson: Lesson | None = None, place: Place | None = None
) -> str:
    """Keep a question (with its right answer) for this learner and return its nonce, the page's token.

    ``lesson``: the lesson whose exercise it is; otherwise ``place`` says where
    it is asked (the drill when none). Prunes old questions first (see the
    module's overview): the learner's own in this place only.
    """
    now = timezone.now()
    where = _place(lesson, place)
    IssuedQuestion.objects.filter(created_at__lt=now - MAX_AGE).exclude(source=Place.PAYOUT).delete()
    oldest = (
        IssuedQuestion.objects.filter(user=user, source=where["source"])
        .order_by("-created_at", "-id")
        .values_list("pk", flat=True)[MAX_WAITING - 1 :]
    )
    IssuedQuestion.objects.filter(pk__in=list(oldest)).delete()
    nonce = secrets.token_hex(16)
    IssuedQuestion.objects.create(user=user, nonce=nonce, question=question, created_at=now, **where)
    return nonce


def questions_waiting(*, user, place: Place) -> list[IssuedQuestion]:
    """This learner's questions waiting for an answer in ``place`` (not a lesson's), oldest first."""
    return list(IssuedQuestion.objects.filter(user=user, source=place).order_by("created_at", "id"))


def question_waiting(*, user, lesson: Lesson) -> IssuedQuestion | None:
    """The newest question of this lesson waiting for this learner's answer, not expired (a read)."""
    return (
        IssuedQuestion.objects.filter(user=user, created_at__gte=timezone.now() - MAX_AGE, **_place(lesson))
        .order_by("-created_at", "-id")
        .first()
    )


def question_find(
    *, user, token: str, lesson: Lesson | None = None, place: Place | None = None
) -> IssuedQuestion:
    """The question waiting for this learner's answer under this token, in this lesson (or ``place``).

    :raises Answered: if this learner already answered it here.
    :raises BadToken: for anything else that is not a question waiting here.
    """
    if not isinstance(token, str) or not NONCE.fullmatch(token):
        raise BadToken("not a nonce")
    where = _place(lesson, place)
    issued = IssuedQuestion.objects.filter(user=user, nonce=token, **where).first()
    if issued is None:
        attempt = Attempt.objects.filter(user=user, nonce=token, **where).first()
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
