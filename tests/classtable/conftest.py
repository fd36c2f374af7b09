import pytest

from tests.factories import ClassTableFactory, UserFactory


@pytest.fixture
def table(db):
    """An open class table (Standard) with two learners seated and the coup "3 7 3 K" on top of the shoe:
    Player 6 stands, Banker 7 stands, Banker wins 7 to 6 (both draws are decisions the class can call)."""
    return ClassTableFactory(learners=2, cards="3 7 3 K")


@pytest.fixture
def calling_table(db):
    return ClassTableFactory(learners=2, cards="3 7 3 K", calls_draws=True)


@pytest.fixture
def outsider(db):
    return UserFactory()
