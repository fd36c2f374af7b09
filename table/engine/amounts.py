"""Chip amounts as people write them: the one parser every form and answer goes through.

Design overview: an amount is a plain decimal number, optionally signed, with
at most 12 digits before the point and a point or a comma before the
fraction ("19.5", "19,50", "-10"). Exponents ("1e26"), infinities, NaN,
digits of other scripts and empty text are refused, so nothing that reaches a
``Decimal`` column can overflow it. The parser keeps the precision that was
typed (``Decimal("5.0")`` is not ``Decimal("5")``); each caller decides what
it accepts (whole stakes, cents, a sign).
"""

from __future__ import annotations

import re
from decimal import Decimal

from table.engine.errors import InvalidAmountError

__all__ = ["CENT", "parse_amount"]

CENT = Decimal("0.01")
_AMOUNT = re.compile(r"[+-]?[0-9]{0,12}(?:[.,][0-9]*)?")


def parse_amount(text: str) -> Decimal:
    """The amount ``text`` writes, with the precision it was written with.

    >>> parse_amount(" 19,5 "), parse_amount("-10"), parse_amount("5.0")
    (Decimal('19.5'), Decimal('-10'), Decimal('5.0'))

    :raises InvalidAmountError: for anything but a plain decimal number of at most 12 whole digits.
    """
    cleaned = text.strip()
    if not _AMOUNT.fullmatch(cleaned) or not any(char.isdigit() for char in cleaned):
        raise InvalidAmountError(f"{text!r} is not an amount of chips.")
    return Decimal(cleaned.replace(",", "."))
