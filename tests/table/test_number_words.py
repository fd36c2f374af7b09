"""Figures in sentences follow the language: grouping, the percent sign and a true minus sign (issue 17)."""

from decimal import Decimal

import pytest
from django.utils import translation

from table.amounts import amount_text
from table.explain import percent_sign, percent_text


@pytest.mark.parametrize(
    ("language", "count", "amount", "percent"),
    [
        ("en", "60,000", "−10.50", "−1.2374%"),
        ("de", "60.000", "−10,50", "−1,2374 %"),
        ("id", "60.000", "−10,50", "−1,2374%"),
    ],
)
def test_counts_are_grouped_negatives_take_a_minus_sign_and_percentages_the_locales_sign(
    language, count, amount, percent
):
    with translation.override(language):
        assert amount_text(60_000, decimal_pos=None, grouping=True) == count
        assert amount_text(Decimal("-10.5")) == amount
        assert percent_sign(percent_text(-1.23741)) == percent


def test_a_positive_amount_has_no_sign_and_keeps_its_own_decimals_when_asked():
    with translation.override("en"):
        assert amount_text(Decimal("90")) == "90.00"
        assert amount_text(Decimal("19.5"), decimal_pos=None) == "19.5"
        assert "-" not in amount_text(Decimal("-0.001"))
