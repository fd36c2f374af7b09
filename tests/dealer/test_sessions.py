"""Opening a dealer table: the class's settings, the shoe kept secret, the refusals."""

import pytest

from dealer import errors
from dealer.models import DealerRound, DealerSession
from dealer.selectors import session_played, session_results
from dealer.services import session_close, session_open
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_session_takes_the_class_settings_and_deals_a_layout():
    learner = UserFactory()
    classroom = ClassroomFactory(dealer_commission="box", dealer_house_rounding=True, dealer_round_seconds=15)
    MembershipFactory(user=learner, classroom=classroom)
    session = session_open(user=learner, seats=5, preset="standard")
    assert (session.commission, session.house_rounding, session.standard_seconds) == ("box", True, 15)
    assert session.purpose == "practice" and session.shoe_number == 1 and session.shoe_state
    round = DealerRound.objects.get(session=session)
    seats = [seat["seat"] for seat in round.layout["seats"]]
    assert len(seats) == 5 and sorted(int(seat) for seat in session.players) == seats
    assert round.phase == "deal" and round.cards == ""


def test_a_new_practice_session_closes_the_open_one_but_not_an_audition():
    learner = UserFactory()
    audition = session_open(user=learner, seats=3, preset="standard", purpose="audition", rounds=4)
    first = session_open(user=learner, seats=3, preset="standard")
    second = session_open(user=learner, seats=7, preset="standard")
    first.refresh_from_db()
    audition.refresh_from_db()
    assert first.closed_at is not None and second.closed_at is None and audition.closed_at is None
    assert DealerSession.objects.filter(user=learner, closed_at__isnull=True).count() == 2
    assert session_results(audition) == [] and not session_played(audition)


@pytest.mark.parametrize(
    ("seats", "preset", "message"),
    [
        (2, "standard", errors.SEATS_RANGE),
        (8, "standard", errors.SEATS_RANGE),
        (3, "nope", errors.UNKNOWN_PRESET.format(preset="nope")),
        (3, "ez", errors.PRESET_NOT_ALLOWED.format(label="EZ Baccarat")),
    ],
)
def test_refusals_are_400_and_open_nothing(seats, preset, message):
    learner = UserFactory()
    with pytest.raises(errors.DealerError) as refused:
        session_open(user=learner, seats=seats, preset=preset)
    assert refused.value.status == 400 and refused.value.message == str(message)
    assert not DealerSession.objects.exists()


def test_closing_another_learners_session_is_404():
    session = session_open(user=UserFactory(), seats=3, preset="standard")
    with pytest.raises(errors.NotFound):
        session_close(user=UserFactory(), session_id=session.pk)
