"""The one reader of typed amounts reads back what the app writes, in each language's way.

``table.amounts.typed_amount(text, language)`` follows the language's decimal mark and thousands
separator: English writes ``1,500.50``, German and Indonesian ``1.500,50``.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.conf import settings
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from baccarat import AmbiguousAmountError
from table.amounts import amount_text, chips_text, typed_amount

LANGUAGES = [code for code, _name in settings.LANGUAGES]

#: Amounts of cents a Decimal column holds (12 whole digits), either sign.
CENTS = st.integers(min_value=-(10**14) + 1, max_value=10**14 - 1).map(lambda cents: Decimal(cents) / 100)


@given(value=CENTS, grouping=st.booleans())
def test_an_amount_written_in_each_language_reads_back_equal(value, grouping):
    for language in LANGUAGES:
        with translation.override(language):
            written = amount_text(value, grouping=grouping)
            whole_or_cents = chips_text(value, grouping=grouping)
        assert typed_amount(written, language) == value, (language, written)
        assert typed_amount(whole_or_cents, language) == value, (language, whole_or_cents)


@pytest.mark.parametrize(
    ("language", "written"),
    [("en", "1,500.50"), ("de", "1.500,50"), ("id", "1.500,50")],
)
def test_each_language_writes_its_own_marks(language, written):
    with translation.override(language):
        assert amount_text(Decimal("1500.50"), grouping=True) == written
    assert typed_amount(written, language) == Decimal("1500.50")


def test_1500_with_a_comma_is_fifteen_hundred_in_english():
    assert typed_amount("1,500", "en") == Decimal("1500")


@pytest.mark.parametrize("language", ["de", "id"])
def test_1500_with_a_comma_reads_two_ways_in_german_and_indonesian(language):
    """A decimal comma makes it 1.5; the English grouping 1,500: refused, never read as either."""
    with pytest.raises(AmbiguousAmountError) as refused:
        typed_amount("1,500", language)
    assert sorted(refused.value.readings) == [Decimal("1.5"), Decimal("1500")]


@pytest.mark.parametrize(("language", "amount"), [("en", None), ("de", "1500"), ("id", "1500")])
def test_1500_with_a_point_is_the_other_way_round(language, amount):
    if amount is None:
        with pytest.raises(AmbiguousAmountError):
            typed_amount("1.500", language)
    else:
        assert typed_amount("1.500", language) == Decimal(amount)


def test_the_language_named_wins_over_the_active_one():
    with translation.override("de"):
        assert typed_amount("1,500", "en") == Decimal("1500")
        assert typed_amount("1.500,50") == Decimal("1500.50")
