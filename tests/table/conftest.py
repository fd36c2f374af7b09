import pytest

from table.models import Seat
from table.services import ledger_verify


@pytest.fixture(autouse=True)
def _ledger_invariant(db):
    """After every table test, each seat's balance equals the sum of its ledger."""
    yield
    for seat in Seat.objects.all():
        ledger_verify(seat)


@pytest.fixture
def player(client, seat):
    """The test client, logged in as the seat's learner."""
    client.force_login(seat.user)
    return client
