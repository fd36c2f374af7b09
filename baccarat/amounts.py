"""Chip amounts as people write them: the one parser every form and answer goes through.

Design overview: an amount is a plain decimal number, optionally signed, with
at most 12 digits before the point and a point or a comma before the
fraction ("19.5", "19,50", "-10"). Exponents ("1e26"), infinities, NaN,
digits of other scripts and empty text are refused, so nothing that reaches a
``Decimal`` column can overflow it. The parser keeps the precision that was
typed (``Decimal("5.0")`` is not ``Decimal("5")``); each caller decides what
it accepts (whole stakes, cents, a sign).

``read_amount`` reads what a person types in a language's way of writing
numbers: its decimal mark and its thousands separator ("1,500.25" in English,
"1.500,25" in German). Text only the other convention can read is read that
way ("19,50" in English is 19.50); text both conventions read differently is
refused as ambiguous unless it is grouped the language's own way ("1,500" in
English is 1,500, but "1.500" could be 1.5 or 1,500).
"""

from __future__ import annotations

import re
from decimal import Decimal

from baccarat.errors import AmbiguousAmountError, InvalidAmountError

__all__ = ["CENT", "parse_amount", "read_amount"]

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


#: Whole digits an amount may have (a ``Decimal`` column holds them all).
WHOLE_DIGITS = 12
_SIGNED = re.compile(r"([+-]?)(.*)", re.DOTALL)
_DIGITS = re.compile(r"[0-9]*")
#: Spaces people put between thousands (plain, no-break, narrow no-break).
_SPACES = " \u00a0\u202f"


def _reading(body: str, decimal: str, group: str) -> str | None:
    """``body`` (unsigned) as plain digits with a point, if ``decimal`` and ``group`` can read it."""
    whole, _mark, fraction = body.partition(decimal)
    if not _DIGITS.fullmatch(fraction):
        return None
    if any(char in whole for char in group + _SPACES):
        separators = re.escape(group + _SPACES)
        if not re.fullmatch(rf"[1-9][0-9]{{0,2}}(?:[{separators}][0-9]{{3}})+", whole):
            return None
        whole = re.sub(rf"[{separators}]", "", whole)
    elif not _DIGITS.fullmatch(whole):
        return None
    if not (whole or fraction) or len(whole) > WHOLE_DIGITS:
        return None
    return f"{whole}.{fraction}" if fraction else whole or "0"


def read_amount(text: str, *, decimal: str = ".", group: str = ",") -> Decimal:
    """The amount ``text`` writes in a language with this decimal mark and thousands separator.

    >>> read_amount("1,500.25"), read_amount("1.500,25", decimal=",", group=".")
    (Decimal('1500.25'), Decimal('1500.25'))
    >>> read_amount("1,500"), read_amount("19,50"), read_amount("-10")
    (Decimal('1500'), Decimal('19.50'), Decimal('-10'))

    :raises AmbiguousAmountError: for text the two conventions read as different amounts,
        not grouped the language's way ("1.500" in English: 1.5 or 1,500?).
    :raises InvalidAmountError: for anything that is not a plain decimal number in either way.
    """
    sign, body = _SIGNED.fullmatch(text.strip()).groups()  # type: ignore[union-attr]
    own, other = _reading(body, decimal, group), _reading(body, group, decimal)
    if own is not None and other is not None and Decimal(own) != Decimal(other) and group not in body:
        readings = (Decimal(sign + own), Decimal(sign + other))
        raise AmbiguousAmountError(f"{text!r} reads as {own} or as {other}.", readings)
    reading = own if own is not None else other
    if reading is None:
        raise InvalidAmountError(f"{text!r} is not an amount of chips.")
    return Decimal(sign + reading)
