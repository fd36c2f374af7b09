"""``parse_amount``: the one parser of chip amounts (stakes, coach calls, exercise answers)."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from table.engine import InvalidAmountError, parse_amount


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("10", Decimal("10")),
        (" 19.5 ", Decimal("19.5")),
        ("19,50", Decimal("19.50")),
        ("-10", Decimal("-10")),
        ("+7", Decimal("7")),
        (".5", Decimal("0.5")),
        ("5.", Decimal("5")),
        ("999999999999", Decimal("999999999999")),
    ],
)
def test_plain_decimal_numbers_are_read_with_the_precision_typed(text, amount):
    assert parse_amount(text) == amount
    assert str(parse_amount(text)) == str(amount)


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "-.",
        "+.",
        ".",
        ",",
        "-",
        "1e26",
        "1E3",
        "NaN",
        "Infinity",
        "-inf",
        "٣",
        "１０",
        "1 000",
        "1.2.3",
        "0x10",
        "1_000",
        "9999999999999",
        "10\x00",
        "ten",
    ],
)
def test_anything_else_is_refused_with_the_text_in_the_message(text):
    with pytest.raises(InvalidAmountError, match="is not an amount of chips"):
        parse_amount(text)


@given(st.decimals(min_value=-(10**12) + 1, max_value=10**12 - 1, places=2, allow_nan=False))
def test_every_amount_written_with_a_point_or_a_comma_reads_back_exactly(value):
    text = f"{value:f}"
    assert parse_amount(text) == value
    assert parse_amount(text.replace(".", ",")) == value
