from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone


@pytest.fixture(autouse=True)
def _course(course):
    """Every test here has the course's lessons loaded."""


class Clock:
    """``timezone.now`` under the test's control: time passes only when the test says so."""

    def __init__(self) -> None:
        self.now = timezone.now().replace(microsecond=0)

    def __call__(self):
        return self.now

    def tick(self, seconds: str) -> None:
        self.now += timedelta(seconds=float(Decimal(seconds)))


@pytest.fixture
def clock(monkeypatch):
    """The server's clock, moved on only by ``clock.tick(seconds)``."""
    clock = Clock()
    monkeypatch.setattr(timezone, "now", clock)
    return clock
