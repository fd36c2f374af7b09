import pytest

from table.services import ledger_problems


@pytest.fixture(autouse=True)
def _ledger_invariant(db):
    """After every table test, each seat's balance equals the sum of its ledger."""
    yield
    assert ledger_problems() == []


@pytest.fixture
def player(client, seat):
    """The test client, logged in as the seat's learner."""
    client.force_login(seat.user)
    return client
