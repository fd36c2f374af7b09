import pytest


@pytest.fixture(autouse=True)
def _course(course):
    """Every test here has the course's lessons loaded."""


@pytest.fixture(autouse=True)
def _background_done():
    """A reset e-mail handed to the background lands in this test's outbox, never in the next one's."""
    yield
    from common.background import wait_for_background

    assert wait_for_background(timeout=30)
