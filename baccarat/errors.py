"""Typed errors of the rules engine.

Design overview: every error the engine raises is an ``EngineError`` (a
``ValueError``), with one subclass per meaning, so callers can catch exactly
what they expect and show the message, which is always one specific sentence.
"""

from __future__ import annotations

from decimal import Decimal

__all__ = [
    "AmbiguousAmountError",
    "CoupOverError",
    "EngineError",
    "InvalidAmountError",
    "InvalidBetError",
    "InvalidCardError",
    "InvalidShoeError",
    "InvalidTableError",
    "ShoeEmptyError",
]


class EngineError(ValueError):
    """Base class of every error the engine raises on purpose."""


class InvalidCardError(EngineError):
    """Raised when a card token cannot be parsed (``Card.parse("11X")``)."""


class InvalidShoeError(EngineError):
    """Raised when a shoe cannot be built or a serialized shoe cannot be loaded."""


class ShoeEmptyError(EngineError):
    """Raised when a card is drawn from a shoe that has no card left."""


class CoupOverError(EngineError):
    """Raised when a card is offered to a coup that is already over."""


class InvalidAmountError(EngineError):
    """Raised when text is not an amount of chips (``parse_amount("1e26")``)."""


class AmbiguousAmountError(InvalidAmountError):
    """Raised when typed text reads as two different amounts (``"1.500"``: 1.5 or 1,500?).

    ``readings`` holds both, the language's own reading first.
    """

    def __init__(self, message: str, readings: tuple[Decimal, Decimal]) -> None:
        super().__init__(message)
        self.readings = readings


class InvalidBetError(EngineError):
    """Raised when a bet or a set of bets breaks the table's rules."""


class InvalidTableError(EngineError):
    """Raised when a table (``baccarat.tables``) is unknown or its rules do not fit together."""
