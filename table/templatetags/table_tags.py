from decimal import Decimal
from fractions import Fraction

from django import template

from baccarat import Card
from table.amounts import chips_text
from table.explain import card_name, percent_sign, percent_text
from table.presenters import card_view
from table.presenters.felt import SpotView

register = template.Library()


@register.filter
def percent(value: Fraction, places: int = 4) -> str:
    """An exact fraction as a percentage with fixed places: ``1.0579%`` (``1,0579 %`` in German)."""
    exact = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
    return percent_sign(percent_text(exact * 100, int(places)))


@register.filter
def chips(value: Decimal | Fraction | int, places: int = 2) -> str:
    """A chip amount grouped as the language groups it, with a true minus: ``1,000.00``, ``−7.65``
    (``chips:0`` for whole chips, ``10,000``; an exact half is rounded away from zero)."""
    return chips_text(value, int(places), grouping=True)


@register.filter
def signed(value: Decimal | Fraction | int, places: int = 2) -> str:
    """A result with its sign, grouped: ``+315.00``, ``−1,000.00``, ``0.00`` (``signed:0``: ``+315``)."""
    return chips_text(value, int(places), grouping=True, signed=True)


@register.filter
def card(token: str):
    """A card token as the table draws it (name, rank, suit symbol, red or not)."""
    return card_view(Card.parse(token))


@register.filter
def card_names(tokens: str) -> str:
    """Space-separated card tokens in words, for a screen reader.

    ``5H 3S`` → ``five of hearts, three of spades``, in the active language (``table.explain.card_name``).
    """
    return ", ".join(card_name(Card.parse(token)) for token in str(tokens).split())


@register.filter
def main_spots(spots: list[SpotView]) -> list[SpotView]:
    """The felt's main spots (Player, Banker, Tie)."""
    return [spot for spot in spots if not spot.side]


@register.filter
def side_spots(spots: list[SpotView]) -> list[SpotView]:
    """The felt's side-bet spots, in registry order."""
    return [spot for spot in spots if spot.side]


@register.filter
def any_staked(spots: list[SpotView]) -> bool:
    """Whether a chip, or a typed stake, is on any of these spots (their disclosure then stays open)."""
    return any(spot.amount or spot.value.strip() for spot in spots)
