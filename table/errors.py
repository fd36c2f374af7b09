"""Errors the table's services raise, with their messages as constants.

Each error carries the HTTP status a view answers with: 400 for bad input,
404 for a round that is not the learner's, 409 for a request that does not fit
the round's state. Tests assert the exact texts through these constants.

The messages are lazy translations: a message is put in the active language
when it is shown, or when ``.format(...)`` fills in its figures at raise time.
"""

from __future__ import annotations

from http import HTTPStatus

from django.utils.translation import gettext_lazy as _

from common.errors import AppError

NO_BETS = _("Place at least one bet before confirming.")
STAKE_NOT_A_NUMBER = _("Stakes are whole numbers of chips, like 10.")
STAKE_NOT_WHOLE = _("Stakes are whole chips: {amount} has a fraction.")
STAKE_NOT_POSITIVE = _("A stake must be more than zero chips.")
MAIN_BET_LIMITS = _("Bets on Player, Banker and Tie are {min} to {max} whole chips each.")
SIDE_BET_LIMITS = _("{bet} takes {min} to {max} whole chips.")
NO_SUCH_CHIP = _("There is no {chip} chip: the rack has 5, 10, 25, 50 and 100.")
NO_SUCH_SPOT = _("There is no such betting spot: choose one of the spots on the felt.")
NOTHING_TO_UNDO = _(
    "There is no chip to take back: Undo removes the chips placed since the last change by hand."
)
EXAMPLE_ONE_COUP = _("A worked example is one coup, and this one is over: restart it to play it again.")
EXAMPLE_MAIN_BETS_ONLY = _("Worked examples take bets on Player, Banker and Tie only.")
NOTHING_TO_REPEAT = _("There is no earlier round to repeat yet.")
ONE_SIDE_ONLY = _("{bet} and {other} cannot both be taken: this side bet goes on one hand only.")
UNKNOWN_BET_KIND = _("There is no bet called {kind!r}: choose one of the spots on the felt.")
SIDE_BET_NOT_OFFERED = _("{bet} is not offered at your table: choose one of the spots on the felt.")
NOT_ENOUGH_CHIPS = _("Your stakes ({total} chips) are more than your balance ({balance} chips).")
BETS_CLOSED = _("This round's bets are confirmed: they cannot change any more.")
STALE_ROUND = _("That form belongs to an earlier round; here is the table as it is now.")
CONFIRM_FIRST = _("Confirm your bets before the first card is dealt.")
COUP_OVER = _("This coup is over and settled: start the next round to deal again.")
NO_SUCH_CARD = _("That card is not the next one to deal; here is the table as it is now.")
ROUND_NOT_FOUND = _("There is no such round at your table.")
ROUND_IN_PLAY = _("Finish the round in play first.")
RESET_NOT_NEEDED = _(
    "You can restart with {starting} chips only when your balance is below the table minimum of {minimum}."
)
FORM_INCOMPLETE = _("The form is incomplete or out of date: reload the table and try again.")
CALL_FIRST = _("Coach mode: make your call before the next card.")
NO_QUESTION = _("There is no call to make right now; here is the table as it is.")
CALL_ANSWER = _("Answer with draws or stands.")
CALL_AMOUNT = _("Write how many chips each bet returns, as a number like 19.5 (0 if it returns nothing).")
PRESET_NOT_ALLOWED = _("Your class does not use the {label} table.")
PRESET_NOT_OPEN = _("The {label} table is open only to learners whose class offers it.")
SWITCH_ON_OR_OFF = _("This setting is switched with on or off; here is the table as it is.")
UNKNOWN_PRESET = _("There is no table called {preset!r}.")


class TableError(AppError):
    """A request the table refuses; ``status`` is the HTTP answer."""


class InvalidInput(TableError):
    """The request's data is malformed or breaks a table limit."""


class WrongState(TableError):
    """The request does not fit the round's current state."""

    status = HTTPStatus.CONFLICT


class RoundNotFound(TableError):
    """The round does not exist at this learner's seat."""

    status = HTTPStatus.NOT_FOUND
