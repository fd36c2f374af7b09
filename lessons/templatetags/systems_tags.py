"""Number filters of lesson 10: whole numbers grouped as the language groups them, results with their sign."""

from fractions import Fraction

from django import template

from table.explain import amount_text

register = template.Library()


@register.filter
def grouped(value: int | Fraction, places: int = 0) -> str:
    """``10000`` → ``10,000`` (``10.000`` in German); ``places`` decimals for a fraction, an exact
    half rounded away from zero (``−11.145`` → ``−11.15``)."""
    return amount_text(Fraction(value), int(places), grouping=True)


@register.filter
def signed(value: int | Fraction, places: int = 0) -> str:
    """A session result with its sign: ``+315``, ``−1,000``, ``0``."""
    text = grouped(value, places)
    return f"+{text}" if value > 0 else text
