"""Questions travel to the browser signed, and come back with a one-time id.

Design overview: the server does not keep a table of questions waiting for
answers. It signs the question (what was asked, and its right answer) into a
token bound to the learner, with a random nonce. An answer is graded from the
verified token alone; the nonce is stored with the recorded attempt under a
unique constraint, so a replayed or doubled answer is refused, not counted
twice. A token from another learner, or one that was tampered with, fails
verification.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.core import signing

_SALT = "lessons.question"
#: A question older than this is refused (a form left open for a day).
MAX_AGE_SECONDS = 24 * 3600


class BadToken(Exception):
    """The question token is missing, tampered with, expired or someone else's."""


def issue(user_id: int, question: dict[str, Any]) -> str:
    """Sign a question for this learner with a fresh nonce."""
    return signing.dumps({"u": user_id, "n": secrets.token_hex(8), "q": question}, salt=_SALT, compress=True)


def read(user_id: int, token: str) -> tuple[str, dict[str, Any]]:
    """The nonce and the question of a token issued to this learner.

    :raises BadToken: for anything else.
    """
    try:
        data = signing.loads(token, salt=_SALT, max_age=MAX_AGE_SECONDS)
    except (signing.BadSignature, TypeError, ValueError) as error:
        raise BadToken("bad signature") from error
    if not isinstance(data, dict) or data.get("u") != user_id or not isinstance(data.get("q"), dict):
        raise BadToken("not this learner's question")
    return str(data["n"]), data["q"]
