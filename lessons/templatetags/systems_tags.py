"""Number filters of lesson 10: whole numbers grouped as the language groups them, results with their sign."""

from fractions import Fraction

from django import template
from django.utils.formats import number_format

register = template.Library()

MINUS = "\N{MINUS SIGN}"


@register.filter
def grouped(value: int | Fraction, places: int = 0) -> str:
    """``10000`` → ``10,000`` (``10.000`` in German); ``places`` decimals for a fraction."""
    text = number_format(round(float(value), int(places)), decimal_pos=int(places), force_grouping=True)
    return text.replace("-", MINUS)


@register.filter
def signed(value: int | Fraction, places: int = 0) -> str:
    """A session result with its sign: ``+315``, ``−1,000``, ``0``."""
    text = grouped(value, places)
    return f"+{text}" if value > 0 else text
