"""The two table presets a learner can choose when a shoe starts.

Design overview: a preset bundles the shoe size, the payout set (engine data)
and the table limits. It is plain data (only its words come from Django's
translations), so the engine's payout sets stay the single source of the
payouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, ngettext

from baccarat import NO_COMMISSION, STANDARD, PayoutSet, bet_spec
from baccarat.tables import TABLES


@dataclass(frozen=True)
class Preset:
    """A table: how many decks, which payouts, and the betting limits.

    ``min_bet`` and ``max_bet`` bound the main bets; a side bet takes the limits its
    registry entry declares (``limits``).
    """

    key: str
    label: str | Promise
    decks: int
    payouts: PayoutSet
    #: The registry keys of the side bets this table offers (a class may show fewer).
    side_bets: tuple[str, ...] = ()
    min_bet: Decimal = Decimal("5.00")
    max_bet: Decimal = Decimal("100.00")

    def limits(self, kind: str) -> tuple[Decimal, Decimal]:
        """The lowest and highest stake on the bet kind ``kind`` at this table."""
        return bet_spec(kind).limits or (self.min_bet, self.max_bet)

    @property
    def lion_min(self) -> Decimal:
        """The Lion Bonus's lowest stake (from the registry), for the lessons' and the felt's texts."""
        return self.limits("lion_player")[0]

    @property
    def lion_max(self) -> Decimal:
        """The Lion Bonus's highest stake (from the registry)."""
        return self.limits("lion_player")[1]

    @property
    def description(self) -> str:
        if self.payouts.banker_commission:
            return ngettext(
                "%(decks)s deck; Banker wins pay 1:1 less %(commission)s%% commission; Tie pays 8:1.",
                "%(decks)s decks; Banker wins pay 1:1 less %(commission)s%% commission; Tie pays 8:1.",
                self.decks,
            ) % {"decks": self.decks, "commission": f"{self.payouts.banker_commission * 100:.0f}"}
        return ngettext(
            "%(decks)s deck; Banker wins pay 1:1 with no commission, but a Banker six pays 1:2; Tie 8:1.",
            "%(decks)s decks; Banker wins pay 1:1 with no commission, but a Banker six pays 1:2; Tie 8:1.",
            self.decks,
        ) % {"decks": self.decks}


STANDARD_TABLE = Preset(
    key="standard",
    label=gettext_lazy("Standard"),
    decks=8,
    payouts=STANDARD,
    side_bets=TABLES["standard"].side_bets,  # the engine's table (``baccarat.tables``) says which
)
NO_COMMISSION_TABLE = Preset(
    key="no-commission",
    label=gettext_lazy("No-commission"),
    decks=6,
    payouts=NO_COMMISSION,
    side_bets=TABLES["no-commission"].side_bets,
)

#: Every table a learner can play at, declared here and nowhere else: models, classes and forms
#: take their choices from it, so a new preset needs no migration.
PRESETS: dict[str, Preset] = {preset.key: preset for preset in (STANDARD_TABLE, NO_COMMISSION_TABLE)}
DEFAULT_PRESET = STANDARD_TABLE.key


#: The chip rack, smallest first: every table takes chips of these values (the number is printed on each).
CHIPS: tuple[Decimal, ...] = tuple(Decimal(value) for value in ("5.00", "10.00", "25.00", "50.00", "100.00"))
#: The chip a rack starts with.
DEFAULT_CHIP = Decimal("10.00")


def preset_choices() -> list[tuple[str, str | Promise]]:
    """``(key, label)`` of every preset, for model and form fields."""
    return [(key, preset.label) for key, preset in PRESETS.items()]


def allowed_presets(keys: Sequence[str]) -> list[str]:
    """The presets a class allows, in ``PRESETS`` order; a class that names none allows every one.

    Keys that are no longer presets are ignored; if nothing is left, every preset is allowed.

    >>> allowed_presets([]), allowed_presets(["no-commission"])
    (['standard', 'no-commission'], ['no-commission'])
    """
    named = [key for key in PRESETS if key in keys]
    return named or list(PRESETS)
