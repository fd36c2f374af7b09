"""Errors the class table's services raise, with their messages as constants.

Each carries the HTTP status a view answers with (``common.errors.AppError``): 400 bad input,
403 not allowed (not a member, not the dealing instructor), 404 no such table or round,
409 a request that does not fit the round's state, 410 a session that has ended.
"""

from __future__ import annotations

from http import HTTPStatus

from django.utils.translation import gettext_lazy as _

from common.errors import AppError

NOT_AN_INSTRUCTOR = _("Only an instructor of this class can open a class table for it.")
NOT_THE_DEALER = _("Only the instructor who opened this class table deals it; you can watch.")
NOT_A_MEMBER = _("This class table belongs to a class you are not a member of.")
NOT_SEATED = _("Join the class table first.")
NO_SUCH_TABLE = _("There is no such class table.")
NO_SUCH_ROUND = _("That round is not the one being played; here is the table as it is now.")
ALREADY_OPEN = _("This class already has a class table open: close it before opening another.")
PRESET_NOT_OFFERED = _("The class does not use the {label} table.")
ENDED = _("This class table session has ended: nothing more can be played at it.")
BETS_CLOSED = _("No more bets: the bets for this round are closed.")
ALREADY_CONFIRMED = _("Your bets for this round are confirmed: they cannot change any more.")
LATE_JOINER = _("You sat down after the bets closed: you play from the next round.")
NOT_BETTING = _("Call “No more bets” first, then deal.")
COUP_OVER = _("This coup is over: start the next round.")
ROUND_IN_PLAY = _("The round in play is not over yet.")
DECISION_OPEN = _("The class is still calling this draw: close the decision first, then deal.")
NO_DECISION = _("There is no draw to call right now; the decision is closed.")
CALL_ANSWER = _("Answer with draws or stands.")
NO_CALLS = _("This class table does not call the draws.")


class ClassTableError(AppError):
    """A request the class table refuses."""


class InvalidInput(ClassTableError):
    """Malformed data, or a bet outside the table's limits."""


class NotAllowed(ClassTableError):
    """The person may not do this here."""

    status = HTTPStatus.FORBIDDEN


class NotFound(ClassTableError):
    status = HTTPStatus.NOT_FOUND


class WrongState(ClassTableError):
    """The request does not fit the round's state (bets closed, decision closed, coup over)."""

    status = HTTPStatus.CONFLICT


class SessionEnded(ClassTableError):
    """The session is closed or idle: every write is refused."""

    status = HTTPStatus.GONE
