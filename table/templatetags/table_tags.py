from fractions import Fraction

from django import template

register = template.Library()


@register.filter
def percent(value: Fraction, places: int = 4) -> str:
    """An exact fraction as a percentage with a fixed number of places: ``1.0579 %``."""
    return f"{float(value) * 100:.{int(places)}f} %"


@register.filter
def card(token: str):
    """A card token as the table draws it (name, rank, suit symbol, red or not)."""
    from table.engine import Card
    from table.selectors import card_view

    return card_view(Card.parse(token))
