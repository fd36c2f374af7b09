"""``parse_amount``: the one parser of chip amounts (stakes, coach calls, exercise answers)."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat import AmbiguousAmountError, InvalidAmountError, parse_amount, read_amount


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


# --- read_amount: as a person types it, in a language's way of writing numbers -------------------

ENGLISH = {"decimal": ".", "group": ","}
GERMAN = {"decimal": ",", "group": "."}


@pytest.mark.parametrize(
    ("text", "way", "amount"),
    [
        ("1,500.25", ENGLISH, "1500.25"),
        ("1,500", ENGLISH, "1500"),
        ("19,50", ENGLISH, "19.50"),  # only a decimal comma reads it
        ("1.500,25", GERMAN, "1500.25"),
        ("1.500", GERMAN, "1500"),
        ("19.5", GERMAN, "19.5"),
        ("1 500", GERMAN, "1500"),
        ("0.500", ENGLISH, "0.500"),  # "0.500" is no grouped number
        ("-1,000,000", ENGLISH, "-1000000"),
    ],
)
def test_a_typed_amount_is_read_in_the_languages_way(text, way, amount):
    assert read_amount(text, **way) == Decimal(amount)


@pytest.mark.parametrize(("text", "way"), [("1.500", ENGLISH), ("1,500", GERMAN), ("-12,345", GERMAN)])
def test_text_the_two_ways_read_differently_is_ambiguous_and_both_readings_are_given(text, way):
    with pytest.raises(AmbiguousAmountError) as refused:
        read_amount(text, **way)
    assert sorted(abs(value) for value in refused.value.readings) == [
        Decimal(text.lstrip("-").replace(",", ".")),
        Decimal(text.lstrip("-").replace(",", "").replace(".", "")),
    ]


@pytest.mark.parametrize("text", ["", "1,50,0", "1.2.3,4,5", "1e3", "٣", "1_000", "1,5000,000", "9" * 13])
def test_anything_else_is_not_a_typed_amount(text):
    with pytest.raises(InvalidAmountError, match="is not an amount of chips"):
        read_amount(text, **ENGLISH)


@given(
    st.decimals(min_value=-(10**12) + 1, max_value=10**12 - 1, places=2, allow_nan=False),
    st.sampled_from([ENGLISH, GERMAN]),
)
def test_every_amount_written_grouped_in_a_languages_way_reads_back_exactly(value, way):
    whole, fraction = f"{abs(value):,.2f}".split(".")
    text = ("-" if value < 0 else "") + whole.replace(",", way["group"]) + way["decimal"] + fraction
    assert read_amount(text, **way) == value
