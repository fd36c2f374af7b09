import pytest

from lessons.services import lessons_load


@pytest.fixture(autouse=True)
def course(db):
    """The course's lessons, loaded as ``make run`` loads them."""
    lessons_load()
