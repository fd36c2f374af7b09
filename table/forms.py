"""Parsing the table's forms at the edge: text in, engine values out, or a clear 400."""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal

from baccarat import (
    CENT,
    AmbiguousAmountError,
    Bet,
    InvalidAmountError,
    InvalidBetError,
    bet_spec,
    parse_amount,
)
from table import errors
from table.amounts import ambiguous_message, typed_amount
from table.bets import stake_on
from table.presets import CHIPS, DEFAULT_CHIP

STAKE_PREFIX = "stake_"
#: A posted kind is named back in a refusal at most this long.
KIND_SHOWN = 30


def bet_kind(text: str) -> str | None:
    """The registry key a posted kind names, or ``None`` if no registered kind has it."""
    try:
        return bet_spec(text).key
    except InvalidBetError:
        return None


def parse_stake(text: str) -> Decimal | None:
    """A stake as whole chips, typed in the active language's way (``1,000`` or ``1.000``); an empty
    field is no bet.

    :raises errors.InvalidInput: for text that is not a positive whole number of chips, or reads two ways.
    """
    text = text.strip()
    if not text:
        return None
    try:
        amount = typed_amount(text)
    except AmbiguousAmountError as error:
        raise errors.InvalidInput(ambiguous_message(text, error)) from None
    except InvalidAmountError:
        raise errors.InvalidInput(errors.STAKE_NOT_A_NUMBER) from None
    if amount <= 0:
        raise errors.InvalidInput(errors.STAKE_NOT_POSITIVE)
    if amount.as_tuple().exponent != 0 or text.endswith(
        (".", ",")
    ):  # "5.0" and "5." are written with a fraction
        raise errors.InvalidInput(errors.STAKE_NOT_WHOLE.format(amount=text))
    return amount.quantize(CENT)


def parse_bets(data: Mapping[str, str]) -> list[Bet]:
    """Every ``stake_<kind>`` field of a posted form as a bet.

    :raises errors.InvalidInput: for an unknown kind or a bad amount.
    """
    bets = []
    for name in data:
        if not name.startswith(STAKE_PREFIX):
            continue
        kind = bet_kind(name.removeprefix(STAKE_PREFIX))
        if kind is None:
            raise errors.InvalidInput(
                errors.UNKNOWN_BET_KIND.format(kind=name.removeprefix(STAKE_PREFIX)[:KIND_SHOWN])
            )
        amount = parse_stake(data[name])
        if amount is not None:
            bets.append(stake_on(kind, amount))
    return bets


def parse_spot(text: str) -> str:
    """The betting spot a chip goes on: a registered kind's key (whether this table offers it is the
    service's check).

    :raises errors.InvalidInput: for anything but a bet kind.
    """
    kind = bet_kind(text)
    if kind is None:
        raise errors.InvalidInput(errors.NO_SUCH_SPOT)
    return kind


def parse_chip(data: Mapping[str, str], default: Decimal = DEFAULT_CHIP) -> Decimal:
    """The rack's chip in use: ``select`` (a rack button just pressed), else ``chip``, else the default.

    :raises errors.InvalidInput: for a value that is not a chip of the rack.
    """
    text = str(data.get("select") or data.get("chip") or "").strip()
    if not text:
        return default
    try:
        chip = parse_amount(text)
    except InvalidAmountError:
        chip = None
    if chip not in CHIPS:
        raise errors.InvalidInput(errors.NO_SUCH_CHIP.format(chip=text[:12]))
    return chip.quantize(CENT)


def chip_in_use(data: Mapping[str, str]) -> Decimal:
    """The rack's chip to show as chosen: the posted or asked one, or the default if it is not a chip."""
    try:
        return parse_chip(data)
    except errors.InvalidInput:
        return DEFAULT_CHIP


#: A typed stake is shown back at most this long (a field holds a few digits; a pasted essay is cut).
ENTERED_LENGTH = 20


def stakes_entered(data: Mapping[str, str]) -> dict[str, str] | None:
    """The stake fields of a posted form as typed, by bet kind (``None`` if the form had none)."""
    entered = {
        name.removeprefix(STAKE_PREFIX): str(value)[:ENTERED_LENGTH]
        for name, value in data.items()
        if name.startswith(STAKE_PREFIX)
    }
    return entered or None


def parse_index(data: Mapping[str, str], name: str) -> int:
    """A non-negative whole number from a hidden field.

    :raises errors.InvalidInput: if it is missing or malformed.
    """
    text = str(data.get(name, "")).strip()
    if not re.fullmatch(r"\d{1,6}", text):
        raise errors.InvalidInput(errors.FORM_INCOMPLETE)
    return int(text)


def parse_switch(data: Mapping[str, str], name: str) -> bool:
    """A setting switched on or off by a hidden field (``on``/``off``).

    :raises errors.InvalidInput: for anything else, a missing field included.
    """
    text = str(data.get(name, "")).strip()
    if text not in ("on", "off"):
        raise errors.InvalidInput(errors.SWITCH_ON_OR_OFF)
    return text == "on"
