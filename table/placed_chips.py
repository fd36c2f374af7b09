"""A draft's undo history: the chips placed on its spots one at a time, newest last, as ``[spot, chip]``
pairs (chip as text, as stored in a JSON field). Pure arithmetic, shared by the practice table's drafts
(``table.services.drafts``) and the class table's (``classtable.services.learners``).

The history holds only while the stakes on screen are still the ones it made: a typed change of any
stake starts it afresh (``kept``), so taking a chip back never takes back something the learner typed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal

from baccarat import Bet

History = list[list[str]]

ZERO = Decimal("0.00")


def stakes_of(bets: Iterable[Bet]) -> dict[str, Decimal]:
    """The stake on each spot, spots with none left out."""
    return {str(bet.kind): bet.amount for bet in bets if bet.amount}


def kept(
    history: Sequence[Sequence[str]], saved: Mapping[str, Decimal], stakes: Mapping[str, Decimal]
) -> History:
    """The chips placed so far, while the ``stakes`` on screen are the ``saved`` ones they made
    (else none)."""
    return [list(pair) for pair in history] if dict(stakes) == dict(saved) else []


def place(
    stakes: Mapping[str, Decimal], history: History, spot: str, chip: Decimal
) -> tuple[dict[str, Decimal], History]:
    """The stakes and history with one more ``chip`` on ``spot``."""
    placed = dict(stakes)
    placed[spot] = placed.get(spot, ZERO) + chip
    return placed, [*history, [spot, str(chip)]]


def take_back(stakes: Mapping[str, Decimal], history: History) -> tuple[dict[str, Decimal], History] | None:
    """The stakes and history without the last chip placed; ``None`` when there is none to take back."""
    if not history:
        return None
    *rest, (spot, chip) = history
    left = dict(stakes)
    left[spot] = left.get(spot, ZERO) - Decimal(chip)
    return left, rest
