"""Where the practice table's shuffles get their randomness: one injectable source.

In production every new shoe is shuffled with a cryptographically secure
generator (``random.SystemRandom``). Tests replace :data:`SOURCE` with a
seeded ``random.Random`` (an autouse fixture in ``tests/conftest.py``), so a
shoe the table shuffles during a test is the same on every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable

#: Returns the generator for the next shuffle; tests swap it for a seeded one.
SOURCE: Callable[[], random.Random] = random.SystemRandom


def rng() -> random.Random:
    """The generator the next table shuffle draws from."""
    return SOURCE()
