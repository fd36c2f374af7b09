"""A payout-drill question is answered where it was asked, or it counts as missed.

``PayoutQuestionLeftMiddleware`` ends the learner's waiting payout question
(``lessons.services.payout_questions_end``: counted as a skipped, wrong answer)
as soon as the learner asks for any other page of the site, in this tab or
another: looking an amount up in a lesson or working it out at the practice
table between the question and the answer ends the run. The payout drill's
own two views handle their question themselves.

It costs nothing on the other requests while no payout question was shown:
the payout drill marks the session (``views_payout.SESSION_KEY``) when it
shows one, and only a marked session is looked up (one indexed query) and
unmarked. So the deal and every other page keep their query counts. The mark
is the session's: a page asked for in another browser, logged in separately,
does not end the question (a reload or a new question there still does, from
the database). Static files never reach it (WhiteNoise answers them first),
nor does a URL that matches no view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse

from lessons import views_payout
from lessons.services import payout_questions_end

#: The views that ask and grade payout questions: they do not end their own question.
PAYOUT_VIEWS = frozenset({views_payout.payout, views_payout.payout_answer})


class PayoutQuestionLeftMiddleware:
    """Before any view but the payout drill's: end the payout question waiting for this learner."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view_func: Callable[..., Any], view_args: Any, view_kwargs: Any
    ) -> None:
        if view_func in PAYOUT_VIEWS or not request.session.get(views_payout.SESSION_KEY):
            return
        del request.session[views_payout.SESSION_KEY]
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            payout_questions_end(user=user)
