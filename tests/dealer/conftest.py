"""The server's clock under the test's control, as the payout drill's tests have it."""

import pytest

from tests.lessons.conftest import Clock


@pytest.fixture
def clock(monkeypatch):
    """``timezone.now``, moved on only by ``clock.tick(seconds)``."""
    from django.utils import timezone

    clock = Clock()
    monkeypatch.setattr(timezone, "now", clock)
    return clock


from tests.instructors.conftest import classroom, instructor, staff_client  # noqa: E402, F401
