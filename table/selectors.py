"""Reads of the practice table: rounds, the history, and the exact odds of the shoe. Data only;
``table.presenters`` turns it into what a page shows."""

from __future__ import annotations

from typing import NamedTuple

from accounts.selectors import learner_class
from baccarat import (
    MAX_CARDS_PER_COUP,
    Coup,
    Odds,
    Shoe,
    ShoeFacts,
    exact_odds,
    odds_for_decks,
)
from table import coach
from table.bets import class_side_bets
from table.models import Round, Seat, round_awaiting_call
from table.presets import PRESETS, allowed_presets

HISTORY_LENGTH = 12


def table_seat(user) -> Seat | None:
    """The learner's practice-table seat, or ``None`` before they first sit down. Writes nothing."""
    return Seat.objects.filter(user=user, kind=Seat.Kind.TABLE).first()


def seat_side_bets(seat: Seat) -> tuple[str, ...]:
    """The side bets the learner may place at this seat (``seat_choices``; a lesson example takes none)."""
    return seat_choices(seat).side_bets


class SeatChoices(NamedTuple):
    """What the learner's class lets them choose at a seat, read with one query."""

    #: The side bets they may place (as ``seat_side_bets``).
    side_bets: tuple[str, ...]
    #: The keys of the tables they may start a shoe at: their class's, or ``DEFAULT_PRESETS``
    #: (outside any class, or a class that ticks none), in ``PRESETS`` order.
    presets: list[str]


def seat_choices(seat: Seat) -> SeatChoices:
    """The side bets and tables the seat's learner may choose (a lesson example: no side bet). One query."""
    classroom = learner_class(seat.user_id)
    presets = allowed_presets(classroom.presets if classroom is not None else [])
    if seat.kind == Seat.Kind.LESSON:
        return SeatChoices((), presets)
    return SeatChoices(class_side_bets(classroom, PRESETS[seat.preset]), presets)


def settled_rounds(seat: Seat):
    """The seat's settled rounds that may be shown: not the latest while it waits for its settlement call."""
    return Round.objects.filter(seat=seat, state=Round.State.SETTLED).exclude(round_awaiting_call(seat))


def awaiting_call(seat: Seat) -> bool:
    """Is a coach-mode call pending on the seat's rounds: a settled one's, or one on the coup in play?

    Both count alike: a draw call may wait on a coup already over (Banker stands), and telling the
    two apart would give its answer.
    """
    if Round.objects.filter(round_awaiting_call(seat)).exists():
        return True
    open_round = Round.objects.filter(seat=seat, state=Round.State.DEALING, coached=True).first()
    if open_round is None or not open_round.cards:
        return False
    return coach.pending(Coup.replay(open_round.card_tokens), open_round.calls) is not None


def latest_round(seat: Seat) -> Round | None:
    """The seat's open round, or else its last settled one (``None`` before the first)."""
    return Round.objects.filter(seat=seat).order_by("-number").first()


def recent_rounds(seat: Seat, limit: int = HISTORY_LENGTH) -> list[Round]:
    """The learner's latest settled rounds, newest first."""
    return list(settled_rounds(seat).order_by("-number")[:limit])


class ShoeCoup(NamedTuple):
    """A settled round of the shoe, as the scoreboards draw it."""

    number: int
    winner: str
    player_total: int
    banker_total: int
    cards: str = ""  # the tokens dealt, in order (the bead plate's pair dots)


def shoe_rounds(seat: Seat) -> list[ShoeCoup]:
    """The settled rounds of the current shoe, oldest first (for the bead plate and the roads).

    Plain rows, not model instances: the end of every coup reads the whole shoe's rounds again.
    """
    rows = (
        settled_rounds(seat)
        .filter(shoe_number=seat.shoe_number)
        .order_by("number")
        .values_list("number", "winner", "player_total", "banker_total", "cards")
    )
    return [ShoeCoup(*row) for row in rows]


def next_coup_odds(seat: Seat) -> Odds | None:
    """Exact odds of the next coup for the learner, who has seen the dealt cards and the burn's turned
    card but not the burned ones (``None`` before the first shoe).

    The composition of the cards the learner has not seen is used (the cards left in the shoe and the
    burned ones together), which anyone can work out from the cards shown; never its order, and
    never which cards were burned.
    """
    if not seat.shoe_state:
        return None
    shoe = Shoe.loads(seat.shoe_state)
    if shoe.remaining < MAX_CARDS_PER_COUP:
        return None
    # The one call site for the card composition: the unseen cards by (rank, suit), so the pair bets are
    # priced too.
    return exact_odds(shoe.unseen_counts(), PRESETS[seat.preset].payouts, cards=shoe.unseen_cards())


def shoe_facts(seat: Seat) -> ShoeFacts | None:
    """What the learner may know of the shoe: cards left, the cut card, the burn (``None``: no shoe)."""
    if not seat.shoe_state:
        return None
    return Shoe.facts_in(seat.shoe_state)


def full_shoe_odds(seat: Seat) -> Odds:
    """Exact odds for a full shoe of the learner's table, to compare with."""
    table = PRESETS[seat.preset]
    return odds_for_decks(table.decks, table.payouts)
