"""Opening and closing dealer tables, and dealing each round's layout.

``session_open`` is the one way a dealer session starts, for practice or for an
audition (the auditions app calls it with ``purpose="audition"`` and the number
of rounds, and links its attempt to the session with its own foreign key).
The class's settings (tables, commission procedure, house rounding, round
standard) are read when it opens and kept on the session, so a change by the
instructor applies from the next session.

Locking: the learner's row first (``select_for_update``), then the session's,
then the round's, always in that order; see docs/decisions/0001-locking-and-exactly-once.md.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from accounts.models import DEALER_ROUND_SECONDS, DealerCommission
from accounts.selectors import learner_class
from baccarat import Shoe
from baccarat.dealer import deal_layout
from dealer import errors
from dealer.engine import rounding_of, table_of
from dealer.models import MAX_SEATS, MIN_SEATS, DealerRound, DealerSession
from table import shuffle
from table.presets import PRESETS, allowed_presets


def learner_lock(user) -> None:
    """Lock the learner's row till the transaction ends: a learner's dealer requests run one at a time."""
    get_user_model()._default_manager.select_for_update().only("pk").get(pk=user.pk)


@transaction.atomic
def session_open(
    *,
    user,
    seats: int,
    preset: str,
    purpose: str = DealerSession.Purpose.PRACTICE,
    rounds: int | None = None,
    commission: str | None = None,
    house_rounding: bool | None = None,
    standard_seconds: int | None = None,
    done_url: str = "",
) -> DealerSession:
    """Open a dealer table of ``seats`` seats at the table ``preset`` and deal its first round's layout.

    ``commission`` (``payout`` or ``box``) and ``house_rounding`` default to the learner's class, and so
    does ``standard_seconds``. A practice session closes the learner's open practice session, if any. For
    practice, the table must be one the class offers; an audition (opened by server code) may name any.
    ``done_url`` is set only by server code (never from a form).

    :raises DealerError: 400 for seats out of range, an unknown or not allowed table, a bad commission.
    """
    learner_lock(user)
    if not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise errors.DealerError(errors.SEATS_RANGE)
    if preset not in PRESETS:
        raise errors.DealerError(errors.UNKNOWN_PRESET.format(preset=preset[: errors.PRESET_SHOWN]))
    classroom = learner_class(user)
    if purpose == DealerSession.Purpose.PRACTICE and preset not in allowed_presets(
        classroom.presets if classroom is not None else []
    ):
        raise errors.DealerError(errors.PRESET_NOT_ALLOWED.format(label=PRESETS[preset].label))
    if commission is None:
        commission = classroom.dealer_commission if classroom is not None else DealerCommission.PAYOUT
    if commission not in DealerCommission.values:
        raise errors.DealerError(errors.UNKNOWN_COMMISSION)
    if house_rounding is None:
        house_rounding = classroom.dealer_house_rounding if classroom is not None else False
    if standard_seconds is None:
        standard_seconds = classroom.dealer_round_seconds if classroom is not None else DEALER_ROUND_SECONDS
    now = timezone.now()
    if purpose == DealerSession.Purpose.PRACTICE:
        DealerSession.objects.filter(user=user, purpose=purpose, closed_at__isnull=True).update(closed_at=now)
    session = DealerSession.objects.create(
        user=user,
        purpose=purpose,
        classroom=classroom,
        preset=preset,
        seats=seats,
        commission=commission,
        house_rounding=bool(house_rounding),
        standard_seconds=standard_seconds,
        rounds=rounds,
        done_url=done_url,
    )
    round = round_next(session, seats=seats)
    session.players = {str(bet_seat["seat"]): bet_seat["seat"] for bet_seat in round.layout["seats"]}
    session.save(update_fields=["players"])
    return session


def _new_shoe(session: DealerSession) -> None:
    """Shuffle the session's next shoe with the table's CSPRNG and burn its start, as a dealer does."""
    shoe = Shoe.shuffled(PRESETS[session.preset].decks, rng=shuffle.rng())
    shoe.burn()
    session.shoe_state = shoe.dumps()
    session.shoe_number += 1


def round_next(session: DealerSession, *, seats: int | None = None) -> DealerRound:
    """Deal the next round's layout (the session is locked by the caller); a finished shoe is replaced.

    The players sit where ``session.players`` says (the engine's seats 1-7, 1 on the dealer's right);
    a new session's ``seats`` players take seats drawn by the engine.
    """
    if not session.shoe_state or Shoe.loads(session.shoe_state).finished:
        _new_shoe(session)
        session.save(update_fields=["shoe_state", "shoe_number"])
    number = (session.dealer_rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    occupied = sorted(int(seat) for seat in session.players)
    layout = deal_layout(
        shuffle.rng(),
        seats=seats if seats is not None else len(occupied),
        table=table_of(session),
        rounding=rounding_of(session),
        seat_numbers=None if seats is not None else occupied,
    )
    return DealerRound.objects.create(
        session=session,
        number=number,
        shoe_number=session.shoe_number,
        layout=layout.to_dict(),
        box_before=session.box or {"marks": {}},
    )


@transaction.atomic
def session_close(*, user, session_id: int) -> DealerSession:
    """Close the learner's dealer session (its round in play, if any, is left unfinished and not counted)."""
    learner_lock(user)
    session = DealerSession.objects.filter(user=user, pk=session_id).first()
    if session is None:
        raise errors.NotFound(errors.SESSION_NOT_FOUND)
    if session.closed_at is None:
        session.closed_at = timezone.now()
        session.save(update_fields=["closed_at"])
    return session
