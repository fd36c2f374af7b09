"""Refusals of dealer mode, with their messages as constants (tests assert the exact texts).

400 for bad input, 404 for a session or round that is not the learner's, 409 for
a request that does not fit the round's state (a doubled or replayed POST).
"""

from __future__ import annotations

from http import HTTPStatus

from django.utils.translation import gettext_lazy as _

from common.errors import AppError

SEATS_RANGE = _("A dealer table has 3 to 7 seats.")
UNKNOWN_PRESET = _("There is no table called {preset!r}.")
PRESET_NOT_ALLOWED = _("Your class does not use the {label} table.")
UNKNOWN_COMMISSION = _("Choose how commission is collected: from the payout or in the commission box.")
SESSION_NOT_FOUND = _("There is no such dealer table of yours.")
ROUND_NOT_FOUND = _("There is no such round at your dealer table.")
NO_OPEN_SESSION = _("Open a dealer table first.")
STALE_STEP = _("That action was already taken (a doubled or old form); here is the table as it is now.")
FORM_INCOMPLETE = _("The form is incomplete or out of date: reload the table and try again.")
WRONG_PHASE = _("That is not what this round is waiting for; here is the table as it is now.")
NO_SUCH_BET = _("There is no such bet on the layout: choose one of the stacks.")
NO_SUCH_OPTION = _("Choose one of the calls offered.")
NO_SUCH_SEAT = _("There is no such square in the commission box.")
AMOUNT_UNREADABLE = _("Write the amount as a number like 47.50, or build it from chips.")
ROUND_OVER = _("This round is finished: deal the next one.")
SESSION_OVER = _("This session's rounds are all played.")
SESSION_CLOSED = _("This dealer table is closed: open a new one to deal again.")
#: A posted table name is named back in a refusal at most this long.
PRESET_SHOWN = 30


class DealerError(AppError):
    """A request dealer mode refuses; ``status`` is the HTTP answer."""


class NotFound(DealerError):
    status = HTTPStatus.NOT_FOUND


class WrongState(DealerError):
    status = HTTPStatus.CONFLICT
