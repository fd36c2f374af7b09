import pytest


@pytest.fixture(autouse=True)
def _course(course):
    """Every test here has the course's lessons loaded."""
