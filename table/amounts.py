"""Chip amounts in a language's way of writing numbers: the one reader of typed amounts and its formatters.

Design overview: every amount a learner types (a stake, a coach call, an exercise or payout drill
answer) is read by ``typed_amount``, and every amount the app writes for a sentence by
``amount_text`` (``chips_text`` for a chip amount). Both follow the active language, or
the one named: the decimal mark and the thousands separator of English (``1,500.50``), German and
Indonesian (``1.500,50``). What the formatter writes, the reader reads back as the same amount,
grouped or not (a property test checks it in each language). The engine's ``read_amount`` does the
reading; this module only supplies the language's two marks.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

from django.utils.formats import get_format, number_format
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from baccarat import AmbiguousAmountError, read_amount

#: The minus sign of a negative figure (U+2212), never a hyphen.
MINUS = "\u2212"


def exact_decimal(value: Decimal | Fraction | int | float | str, places: int) -> Decimal:
    """``value`` rounded to ``places`` decimals, an exact half away from zero (``9.85`` → ``9.9``,
    ``−11.145`` → ``−11.15``).

    A fraction is divided out exactly first, and a float is taken as it is written (``9.85``,
    not the binary ``9.8499…`` behind it), so a half is never rounded down by accident.
    """
    if isinstance(value, float):
        value = repr(value)
    if isinstance(value, Fraction):
        with localcontext() as context:
            context.prec = 60
            number = Decimal(value.numerator) / Decimal(value.denominator)
    else:
        number = Decimal(str(value))
    return number.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def amount_text(
    value: Decimal | Fraction | int | float | str, decimal_pos: int | None = 2, *, grouping: bool = False
) -> str:
    """A chip amount for a sentence, in the active locale (``109.50``; ``109,50`` in German).

    A negative amount starts with a true minus sign (``−10.00``), not a hyphen.

    The value is rounded first, an exact half away from zero (``exact_decimal``; Django's
    ``number_format`` cuts digits off); ``decimal_pos=None`` keeps the value's own decimals
    (``100``, ``19.5``).
    ``grouping`` groups the thousands as the language does (``1,000.00``; ``1.000,00``).
    """
    number = exact_decimal(value, decimal_pos) if decimal_pos is not None else Decimal(str(value))
    text = number_format(abs(number), decimal_pos=decimal_pos, force_grouping=grouping)
    return MINUS + text if number < 0 else text


def chips_text(
    value: Decimal | Fraction | int,
    places: int | None = None,
    *,
    grouping: bool = False,
    signed: bool = False,
) -> str:
    """A chip amount: the app's one chip formatter (the ``chips`` and ``signed`` filters call it).

    ``places`` fixes the decimals (``90.00`` for a balance); by default a whole number of chips has
    none (``100``) and a fraction its cents (``19.50``). ``grouping`` groups the thousands as the
    language does (``1,350.50``; ``1.350,50`` in German); ``signed`` puts a plus before a gain
    (``+10.00``; a loss always has its minus, ``−0.50``, and zero no sign).
    """
    if places is None:
        places = 0 if value % 1 == 0 else 2
    text = amount_text(value, places, grouping=grouping)
    return "+" + text if signed and value > 0 else text


#: A typed amount two ways of writing numbers read differently ("1.500" in English).
AMOUNT_AMBIGUOUS = gettext_lazy(
    "“%(text)s” can be read two ways (%(first)s or %(second)s). Here “%(decimal)s” marks the "
    "decimals and “%(group)s” the thousands, as in %(example)s."
)


def typed_amount(text: str, language: str | None = None) -> Decimal:
    """An amount as a learner types it, read in the way of writing numbers of ``language`` (the
    active language when ``None``).

    The one reader of every typed amount (stakes, coach calls, exercise and drill answers):
    ``1,500.25`` in English, ``1.500,25`` in German and Indonesian. Text that only the other
    way can read is read that way (``19,50`` in English); text both ways read differently,
    not grouped the language's way, is refused (``1.500`` in English: 1.50 or 1,500?). A true
    minus sign (``−10``, as ``amount_text`` writes it) is read as a hyphen.

    :raises AmbiguousAmountError: for such text; ``ambiguous_message`` says it to the learner.
    :raises InvalidAmountError: for text that is not an amount either way.
    """
    decimal = get_format("DECIMAL_SEPARATOR", lang=language)
    group = get_format("THOUSAND_SEPARATOR", lang=language)
    return read_amount(text.replace(MINUS, "-"), decimal=decimal, group=group)


def ambiguous_message(
    text: str, error: AmbiguousAmountError, template: Promise | str = AMOUNT_AMBIGUOUS
) -> str:
    """What to tell a learner whose typed amount reads two ways, both written the language's way.

    ``template`` (with the same placeholders as ``AMOUNT_AMBIGUOUS``) lets a caller add what its page adds.
    """

    def written(value: Decimal) -> str:
        exponent = value.normalize().as_tuple().exponent
        places = 0 if value == value.to_integral_value() or not isinstance(exponent, int) else -exponent
        return amount_text(value, decimal_pos=places, grouping=True)

    first, second = sorted(error.readings)
    return str(template) % {
        "text": text.strip()[:40],
        "first": written(first),
        "second": written(second),
        "decimal": get_format("DECIMAL_SEPARATOR"),
        "group": get_format("THOUSAND_SEPARATOR"),
        "example": amount_text(Decimal("1500.25"), grouping=True),
    }


def ratio_text(ratio: Decimal) -> str:
    """A payout ratio as tables print it: ``8:1``, ``1:1``, ``1:2`` (half the stake)."""
    if ratio >= 1:
        return f"{ratio.normalize():f}:1"
    return f"1:{(1 / ratio).normalize():f}"


def commission_text(payouts) -> str:
    """The Banker commission as a whole percentage figure (``5``), for "less 5%"."""
    return f"{payouts.banker_commission * 100:.0f}"
