"""The table presets a learner can choose when a shoe starts.

Design overview: a preset bundles the shoe size, the payout set and the side bets
of an engine table (``baccarat.tables.TABLES``, read there, never typed again)
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

from baccarat import PayoutSet, bet_spec
from baccarat.tables import TABLES, TableRules
from table.amounts import commission_text, ratio_text


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
        """The table in one sentence, every figure read from its decks and payouts."""
        figures = {"decks": self.decks, "tie": ratio_text(self.payouts.tie_pays)}
        if self.payouts.banker_commission:
            return ngettext(
                "%(decks)s deck; Banker wins pay 1:1 less %(commission)s%% commission; Tie pays %(tie)s.",
                "%(decks)s decks; Banker wins pay 1:1 less %(commission)s%% commission; Tie pays %(tie)s.",
                self.decks,
            ) % {**figures, "commission": commission_text(self.payouts)}
        if self.payouts.banker_pushes_three_card_seven:
            text = ngettext(
                "%(decks)s deck; Banker wins pay 1:1 with no commission, but a Banker win with three "
                "cards totalling 7 is returned; Tie %(tie)s.",
                "%(decks)s decks; Banker wins pay 1:1 with no commission, but a Banker win with three "
                "cards totalling 7 is returned; Tie %(tie)s.",
                self.decks,
            )
        else:
            text = ngettext(
                "%(decks)s deck; Banker wins pay 1:1 with no commission, but a Banker six pays 1:2; "
                "Tie %(tie)s.",
                "%(decks)s decks; Banker wins pay 1:1 with no commission, but a Banker six pays 1:2; "
                "Tie %(tie)s.",
                self.decks,
            )
        return text % figures


def table_preset(
    key: str, label: str | Promise, rules: TableRules, *, tie_pays: Decimal | None = None
) -> Preset:
    """The preset of an engine table (``baccarat.tables.TABLES``): its decks, payouts and side bets.

    ``tie_pays`` makes it the same table with the Tie paying that ratio instead (``PayoutSet.with_tie_pays``).
    """
    payouts = rules.payouts if tie_pays is None else rules.payouts.with_tie_pays(tie_pays)
    return Preset(key=key, label=label, decks=rules.decks, payouts=payouts, side_bets=rules.side_bets)


STANDARD_TABLE = table_preset("standard", gettext_lazy("Standard"), TABLES["standard"])
NO_COMMISSION_TABLE = table_preset("no-commission", gettext_lazy("No-commission"), TABLES["no-commission"])
EZ_TABLE = table_preset("ez", gettext_lazy("EZ Baccarat"), TABLES["ez"])
STANDARD_TIE_9_TABLE = table_preset(
    "standard-tie9", gettext_lazy("Standard, Tie 9:1"), TABLES["standard"], tie_pays=Decimal("9")
)

#: Every table a learner can play at, declared here and nowhere else: models, classes and forms
#: take their choices from it, so a new preset needs no migration.
PRESETS: dict[str, Preset] = {
    preset.key: preset for preset in (STANDARD_TABLE, NO_COMMISSION_TABLE, EZ_TABLE, STANDARD_TIE_9_TABLE)
}
DEFAULT_PRESET = STANDARD_TABLE.key
#: The tables of a learner outside any class, and of a class that ticks none.
DEFAULT_PRESETS: tuple[str, ...] = (STANDARD_TABLE.key, NO_COMMISSION_TABLE.key)


#: The chip rack, smallest first: every table takes chips of these values (the number is printed on each).
CHIPS: tuple[Decimal, ...] = tuple(Decimal(value) for value in ("5.00", "10.00", "25.00", "50.00", "100.00"))
#: The chip a rack starts with.
DEFAULT_CHIP = Decimal("10.00")


def preset_choices() -> list[tuple[str, str | Promise]]:
    """``(key, label)`` of every preset, for model and form fields."""
    return [(key, preset.label) for key, preset in PRESETS.items()]


def allowed_presets(keys: Sequence[str]) -> list[str]:
    """The presets a class allows, in ``PRESETS`` order; a class that names none allows ``DEFAULT_PRESETS``.

    Keys that are no longer presets are ignored; if nothing is left, the defaults are allowed.

    >>> allowed_presets([]), allowed_presets(["ez", "no-commission"])
    (['standard', 'no-commission'], ['no-commission', 'ez'])
    """
    named = [key for key in PRESETS if key in keys]
    return named or list(DEFAULT_PRESETS)
