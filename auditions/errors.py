"""What the audition refuses, and why, in the learner's or the instructor's words."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from common.errors import AppError


class AuditionError(AppError):
    """A request the audition refuses: ``message`` for the person, ``status`` (a 4xx) for the response."""


NOT_FOUND = gettext_lazy("There is no such audition for you.")
CLOSED = gettext_lazy("This audition is closed: your instructor opens it when it is time to take it.")
ONE_AT_A_TIME = gettext_lazy(
    "You already have an audition attempt running: finish it (or let its time run out) "
    "before starting another."
)
TIME_UP = gettext_lazy("The time for this attempt is up: it is scored with what was answered before then.")
ENDED = gettext_lazy("This attempt has ended: nothing more can be answered in it.")
ALREADY_ANSWERED = gettext_lazy("This question was already answered; it counts once.")
NOT_THIS_QUESTION = gettext_lazy(
    "This answer is not for the question waiting now (the page was old, or sent twice). Nothing was recorded."
)
NO_QUESTION_LEFT = gettext_lazy("Every written question of this attempt is answered.")
NOT_INSTRUCTOR = gettext_lazy("Only an instructor of this audition's class can sign this attempt off.")
NOT_ENDED = gettext_lazy("This attempt is still running: it can be signed off once it has ended.")
NOT_PASSED = gettext_lazy("This attempt did not reach the pass mark: a failed attempt cannot be signed off.")
SIGNED_ALREADY = gettext_lazy("This attempt is already signed off.")
PRACTICAL_UNAVAILABLE = gettext_lazy("The dealer rounds could not be opened. Please try again.")
NO_CERTIFICATE = gettext_lazy("There is no certificate with this code.")
