"""The felt's small view models: cards, chips and the spots with what they pay."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache
from types import MappingProxyType

from django.urls import reverse
from django.utils.translation import gettext as _

from baccarat import (
    Card,
    Paid,
    PaymentCase,
    PayoutSet,
    Result,
    bet_spec,
)
from table.amounts import amount_text, chips_text, commission_text, ratio_text
from table.bets import bet_name
from table.explain import HAND_NAMES, SUIT_SYMBOLS, card_name
from table.presets import CHIPS, Preset


@dataclass
class CardView:
    token: str
    name: str
    rank: str
    symbol: str
    red: bool
    #: The card dealt last: it slides in (CSS, skipped under prefers-reduced-motion).
    fresh: bool = False


@dataclass(frozen=True)
class ChipView:
    """One chip of the rack, or of a stack on a spot."""

    value: Decimal
    text: str
    #: The colour class of its value (``chip-25``): colour is never the only cue, the number is printed.
    css: str
    selected: bool = False


@dataclass(frozen=True)
class SpotView:
    """One betting spot of the felt."""

    kind: str
    label: str
    pays: str
    #: What the number field shows: what the learner typed (after a refusal), else the draft's amount.
    value: str
    amount: Decimal | None
    stack: list[ChipView]
    add_label: str
    #: A side bet's spot prints its own terms: its limits, its pay table (``(how, ratio)`` lines, when it
    #: pays more than one way) and, for a family that goes on one hand only, the spots it excludes.
    side: bool = False
    #: ``player``, ``banker`` or ``none``: the hand a side bet backs (where its spot sits on the felt).
    hand: str = "none"
    limits: str = ""
    pay_table: tuple[tuple[str, str], ...] = ()
    excludes: str = ""
    #: The name printed on the spot: a side bet's short name (``Lion Bonus · Player``); ``label``, the
    #: whole name, is its accessible name and title, and heads its terms under the spots.
    short: str = ""

    @property
    def shown_name(self) -> str:
        return self.short or self.label


def chip_view(value: Decimal, selected: bool = False) -> ChipView:
    return ChipView(value=value, text=chips_text(value), css=f"chip-{value:.0f}", selected=selected)


def chip_stack(amount: Decimal | None, most: int = 5) -> list[ChipView]:
    """The chips that make ``amount``, largest first, as a dealer would stack them (at most ``most``)."""
    stack: list[ChipView] = []
    left = amount or Decimal(0)
    for value in reversed(CHIPS):
        while left >= value and len(stack) < most:
            stack.append(chip_view(value))
            left -= value
    return stack


def spot_pays(kind: str, payouts: PayoutSet) -> str:
    """What a spot pays, as printed on the felt."""
    if kind == "player":
        return _("pays %(ratio)s") % {"ratio": ratio_text(payouts.player_pays)}
    if kind == "tie":
        return _("pays %(ratio)s") % {"ratio": ratio_text(payouts.tie_pays)}
    if kind == "banker":
        if payouts.banker_commission:
            return _("pays %(ratio)s less %(rate)s%%") % {
                "ratio": ratio_text(payouts.banker_pays),
                "rate": commission_text(payouts),
            }
        if payouts.banker_pushes_three_card_seven:
            return _("pays %(ratio)s; a three-card 7 is returned") % {
                "ratio": ratio_text(payouts.banker_pays)
            }
        if payouts.banker_six_pays is not None:
            return _("pays %(ratio)s; a six pays %(six)s") % {
                "ratio": ratio_text(payouts.banker_pays),
                "six": ratio_text(payouts.banker_six_pays),
            }
        return _("pays %(ratio)s") % {"ratio": ratio_text(payouts.banker_pays)}
    wins = _winning_cases(kind, payouts)
    if len({case.pays for case in wins}) == 1:
        return _("pays %(ratio)s") % {"ratio": ratio_text(wins[0].pays)}
    best = max(case.pays for case in wins)
    return _("pays up to %(ratio)s") % {"ratio": ratio_text(best)}


def _winning_cases(kind: str, payouts: PayoutSet) -> list[PaymentCase]:
    return [case for case in bet_spec(kind).cases(payouts) if case.paid.result is Result.WON]


def pay_table(kind: str, payouts: PayoutSet) -> tuple[tuple[str, str], ...]:
    """A side bet's pay table from its registered payout cases, in the registry's order: ``(how, ratio)``
    (a natural, a margin such as ``by 9``); empty when it pays one way only (``spot_pays`` says it)."""
    wins = _winning_cases(kind, payouts)
    if len(wins) < 2:
        return ()
    return tuple((_case_how(case), ratio_text(case.pays)) for case in wins)


def _case_how(case: PaymentCase) -> str:
    if case.margin is not None:
        return _("by %(margin)s") % {"margin": case.margin}
    if case.paid is Paid.WON_NATURAL:
        return _("natural")
    return ""


def side_limits(low: Decimal, high: Decimal) -> str:
    """A side bet's limits as its spot prints them."""
    return _("%(min)s to %(max)s chips") % {"min": chips_text(low), "max": chips_text(high)}


def short_name(kind: str, label: str) -> str:
    """A side bet's name as its spot prints it: a family that goes on either hand says which one after
    its family's short name (``Lion Bonus · Banker``); another bet keeps its registered name."""
    spec = bet_spec(kind)
    if spec.family == "lion" and spec.side is not None:
        return _("%(bet)s · %(hand)s") % {"bet": _("Lion Bonus"), "hand": HAND_NAMES[spec.side]}
    return label


def spot_view(
    kind: str, table: Preset, labels: Mapping[str, str], amount: Decimal | None, typed: str | None, chip: str
) -> SpotView:
    """One spot of the felt: ``labels`` names every spot shown (a one-side family's spot names the others
    it excludes), ``typed`` is the field as the learner typed it, ``chip`` the rack's chip in use."""
    spec = bet_spec(kind)
    spot = SpotView(
        kind=kind,
        label=str(labels[kind]),
        pays=spot_pays(kind, table.payouts),
        value=typed if typed is not None else (f"{amount:.0f}" if amount is not None else ""),
        amount=amount,
        stack=chip_stack(amount),
        add_label=_("Add %(chip)s chips to %(spot)s") % {"chip": chip, "spot": labels[kind]},
    )
    if not spec.is_side_bet:
        return spot
    others = [str(labels[key]) for key in labels if key != kind and bet_spec(key).family == spec.family]
    return replace(
        spot,
        side=True,
        short=short_name(kind, spot.label),
        hand=spec.side.value if spec.side is not None else "none",
        limits=side_limits(*table.limits(kind)),
        pay_table=pay_table(kind, table.payouts),
        excludes=_("not with %(other)s") % {"other": ", ".join(others)}
        if spec.one_side_only and others
        else "",
    )


def card_view(card: Card) -> CardView:
    return CardView(
        token=card.token,
        name=card_name(card),
        rank=card.rank.value,
        symbol=SUIT_SYMBOLS[card.suit] if card.suit else "",
        red=bool(card.suit and card.suit.is_red),
    )


def answer_text(answer: str | None) -> str:
    """A learner's settlement answer as stored ("19.50"), in the active locale; ``?`` if missing."""
    if answer is None:
        return "?"
    try:
        return amount_text(Decimal(answer))
    except ArithmeticError:
        return answer


TABLE_URLS = {
    "confirm": "table:round-confirm",
    "draft": "table:round-draft",
    "deal": "table:round-deal",
    "call": "table:round-call",
}


@lru_cache(maxsize=8)
def table_urls(script_prefix: str) -> Mapping[str, str]:
    """The table's form URLs under this script prefix, reversed once instead of on every card (read-only:
    every view shares them)."""
    return MappingProxyType({key: reverse(name) for key, name in TABLE_URLS.items()})


def side_terms(spots: list[SpotView]) -> list[tuple[str, str, tuple[tuple[str, str], ...]]]:
    """The side bets' terms once per family and terms (a one-side family's spots share them), printed
    beside the spots, which are too small to hold them: ``(names, limits, pay table)``."""
    groups: dict[tuple, list[str]] = {}
    for spot in spots:
        if spot.side:
            terms = (bet_spec(spot.kind).family, spot.limits, spot.pay_table or ((spot.pays, ""),))
            groups.setdefault(terms, []).append(spot.label)
    return [(", ".join(names), limits, table) for (_family, limits, table), names in groups.items()]


def one_side_notes(kinds: tuple[str, ...]) -> list[str]:
    """A sentence for each family among ``kinds`` that goes on one hand at a time."""
    families: dict[str, list[str]] = {}
    for kind in kinds:
        spec = bet_spec(kind)
        if spec.one_side_only:
            families.setdefault(spec.family, []).append(bet_name(kind))
    return [
        _("%(bets)s: only one of them per coup.") % {"bets": ", ".join(names)}
        for names in families.values()
        if len(names) > 1
    ]
