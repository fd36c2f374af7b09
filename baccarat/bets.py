"""Every kind of bet, declared once as data: the registry of bet kinds.

Design overview: in the spirit of python-chess's variants, a bet kind is a
frozen ``BetSpec``: its stored key, its name in each language the site speaks
(plain strings, the engine has no Django), the hand it backs, its family, its
default limits, how it resolves from an ``Outcome`` under a ``PayoutSet``
(answering with a ``PaymentCase``), the cases in which it pays and, for a bet
decided by the cards rather than the totals (the pair bets), how to price it
from the undealt cards (``price``, ``baccarat.sidebets``). Settlement
(``baccarat.payouts``), the exact odds (``baccarat.odds``) and the app's
choices, names and sentences all read this registry, so adding a side bet is
one ``register`` call here.

>>> bet_spec("lion_banker").name("de"), bet_spec("lion_banker").side
('Lion Bonus (Dragon Bonus) auf Bank', <Hand.BANKER: 'banker'>)
>>> [spec.key for spec in all_bets()][:6]
['player', 'banker', 'tie', 'lion_player', 'lion_banker', 'player_pair']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType

from baccarat import sidebets
from baccarat.coup import Hand, Outcome
from baccarat.errors import InvalidBetError
from baccarat.paytable import Paid, PaymentCase, PayoutSet
from baccarat.sidebets import Pricer

__all__ = [
    "LANGUAGES",
    "MAIN",
    "BetSpec",
    "all_bets",
    "bet_spec",
    "register",
    "registry_version",
    "unregister",
]

#: The languages every bet is named in.
LANGUAGES = ("en", "de", "id")
#: The family of the three main bets; every other family is a side bet.
MAIN = "main"

Resolver = Callable[[Outcome, PayoutSet], PaymentCase]
CaseList = Callable[[PayoutSet], tuple[PaymentCase, ...]]


@dataclass(frozen=True, slots=True)
class BetSpec:
    """One kind of bet, as data.

    ``limits`` is the default (lowest, highest) stake, or ``None`` for the
    table's main-bet limits. ``one_side_only``: bets of this family go on one
    hand at a time (a Lion Bonus on Player or on Banker, never both). ``slug`` is
    the id outside outputs (the CLI's JSON) print, the key if ``None``. ``price``: for a bet
    decided by the cards themselves (a pair), the exact expected net per chip from the
    undealt cards; ``None`` for a bet decided by the outcome alone, which the odds price by
    enumerating outcomes (an outcome of that enumeration carries no cards).

    :raises InvalidBetError: for an empty key or a name missing in one of ``LANGUAGES``.
    """

    key: str
    names: Mapping[str, str]
    resolve: Resolver = field(repr=False)
    cases: CaseList = field(repr=False)
    side: Hand | None = None
    family: str = MAIN
    limits: tuple[Decimal, Decimal] | None = None
    one_side_only: bool = False
    slug: str | None = None
    price: Pricer | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not self.key or not self.key.isidentifier():
            raise InvalidBetError(f"A bet kind's key is a short identifier, not {self.key!r}.")
        missing = [language for language in LANGUAGES if not self.names.get(language)]
        if missing:
            raise InvalidBetError(f"The bet {self.key!r} has no name in {', '.join(missing)}.")
        object.__setattr__(self, "names", MappingProxyType(dict(self.names)))
        if self.slug is None:
            object.__setattr__(self, "slug", self.key)

    @property
    def is_side_bet(self) -> bool:
        """Whether this is a side bet (any family but the main bets)."""
        return self.family != MAIN

    def name(self, language: str) -> str:
        """The bet's name in ``language`` (a code such as ``de`` or ``de-at``), English if unknown."""
        return self.names.get(language) or self.names.get(language.split("-")[0]) or self.names["en"]


_REGISTRY: dict[str, BetSpec] = {}
_VERSION = [0]


def register(spec: BetSpec) -> BetSpec:
    """Add a bet kind to the registry (after the ones already there) and return it.

    :raises InvalidBetError: if a kind with that key is already registered.
    """
    if spec.key in _REGISTRY:
        raise InvalidBetError(f"A bet kind {spec.key!r} is already registered.")
    _REGISTRY[spec.key] = spec
    _VERSION[0] += 1
    return spec


def unregister(key: str) -> BetSpec:
    """Take a bet kind out of the registry and return it.

    :raises InvalidBetError: if no kind has that key.
    """
    spec = bet_spec(key)
    del _REGISTRY[key]
    _VERSION[0] += 1
    return spec


def bet_spec(key: str) -> BetSpec:
    """The registered bet kind with this key.

    >>> tie = Outcome(player_total=3, banker_total=3, player_count=3, banker_count=2, natural=False)
    >>> bet_spec("tie").resolve(tie, PayoutSet.STANDARD)
    PaymentCase(paid=<Paid.WON: 'won'>, pays=Decimal('8'), commission=Decimal('0'), margin=None)

    :raises InvalidBetError: if no kind has that key.
    """
    try:
        return _REGISTRY[str(key)]
    except KeyError:
        raise InvalidBetError(f"There is no bet kind {key!r}.") from None


def all_bets() -> tuple[BetSpec, ...]:
    """Every registered bet kind, in registration order (main bets first)."""
    return tuple(_REGISTRY.values())


def registry_version() -> int:
    """A number that changes whenever the registry does (for caches keyed on it)."""
    return _VERSION[0]


_PUSH = PaymentCase(Paid.PUSH)
_LOST = PaymentCase(Paid.LOST)


def _player(outcome: Outcome, payouts: PayoutSet) -> PaymentCase:
    if outcome.player_total == outcome.banker_total:
        return _PUSH
    return (
        PaymentCase(Paid.WON, payouts.player_pays) if outcome.player_total > outcome.banker_total else _LOST
    )


_PUSH_SEVEN = PaymentCase(Paid.PUSH_THREE_CARD_SEVEN)


def _banker_cases(payouts: PayoutSet) -> tuple[PaymentCase, ...]:
    rate = payouts.banker_commission
    won = Paid.WON_LESS_COMMISSION if rate else Paid.WON
    cases: tuple[PaymentCase, ...] = (PaymentCase(won, payouts.banker_pays, payouts.banker_pays * rate),)
    if payouts.banker_six_pays is not None:
        cases += (PaymentCase(Paid.WON_ON_SIX, payouts.banker_six_pays, payouts.banker_six_pays * rate),)
    if payouts.banker_pushes_three_card_seven:
        cases += (_PUSH_SEVEN,)
    return cases


def _banker(outcome: Outcome, payouts: PayoutSet) -> PaymentCase:
    """Banker: a tie pushes; a win pays (on six by its own ratio where the table says so; a win
    with three cards totalling 7 is returned on an EZ table)."""
    if outcome.player_total == outcome.banker_total:
        return _PUSH
    if outcome.banker_total < outcome.player_total:
        return _LOST
    if payouts.banker_pushes_three_card_seven and outcome.banker_count == 3 and outcome.banker_total == 7:
        return _PUSH_SEVEN
    cases = [case for case in _banker_cases(payouts) if case.paid is not Paid.PUSH_THREE_CARD_SEVEN]
    return cases[-1] if len(cases) > 1 and outcome.banker_total == 6 else cases[0]


def _tie(outcome: Outcome, payouts: PayoutSet) -> PaymentCase:
    return PaymentCase(Paid.WON, payouts.tie_pays) if outcome.player_total == outcome.banker_total else _LOST


def _lion_cases(payouts: PayoutSet) -> tuple[PaymentCase, ...]:
    margins = sorted(payouts.lion_margin_pays.items(), reverse=True)
    return (PaymentCase(Paid.WON_NATURAL, payouts.lion_natural_pays),) + tuple(
        PaymentCase(Paid.WON_BY_MARGIN, pays, margin=margin) for margin, pays in margins
    )


def _lion(side: Hand) -> Resolver:
    """Lion Bonus on ``side``: a natural win pays 1:1, a natural tie is returned, a win after a
    third card by 4 or more pays by the margin; anything else loses."""

    def resolve(outcome: Outcome, payouts: PayoutSet) -> PaymentCase:
        won = outcome.winner.value == side.value
        if outcome.natural:
            if outcome.margin == 0:
                return PaymentCase(Paid.PUSH_NATURAL_TIE)
            return PaymentCase(Paid.WON_NATURAL, payouts.lion_natural_pays) if won else _LOST
        if not won:
            return _LOST
        pays = payouts.lion_margin_pays.get(outcome.margin)
        if pays is None:
            return PaymentCase(Paid.LOST_NARROW, margin=outcome.margin)
        return PaymentCase(Paid.WON_BY_MARGIN, pays, margin=outcome.margin)

    return resolve


_LION_LIMITS = (Decimal("10.00"), Decimal("50.00"))


def _player_cases(payouts: PayoutSet) -> tuple[PaymentCase, ...]:
    return (PaymentCase(Paid.WON, payouts.player_pays),)


def _tie_cases(payouts: PayoutSet) -> tuple[PaymentCase, ...]:
    return (PaymentCase(Paid.WON, payouts.tie_pays),)


register(
    BetSpec("player", {"en": "Player", "de": "Spieler", "id": "Pemain"}, _player, _player_cases, Hand.PLAYER)
)
register(
    BetSpec("banker", {"en": "Banker", "de": "Bank", "id": "Bankir"}, _banker, _banker_cases, Hand.BANKER)
)
register(BetSpec("tie", {"en": "Tie", "de": "Unentschieden", "id": "Seri"}, _tie, _tie_cases))
for _side, _names in (
    (
        Hand.PLAYER,
        {
            "en": "Lion Bonus (Dragon Bonus) on Player",
            "de": "Lion Bonus (Dragon Bonus) auf Spieler",
            "id": "Lion Bonus (Dragon Bonus) pada Pemain",
        },
    ),
    (
        Hand.BANKER,
        {
            "en": "Lion Bonus (Dragon Bonus) on Banker",
            "de": "Lion Bonus (Dragon Bonus) auf Bank",
            "id": "Lion Bonus (Dragon Bonus) pada Bankir",
        },
    ),
):
    register(
        BetSpec(
            f"lion_{_side.value}",
            _names,
            _lion(_side),
            _lion_cases,
            side=_side,
            family="lion",
            limits=_LION_LIMITS,
            one_side_only=True,
            slug=f"lion_bonus_{_side.value}",
        )
    )

_SIDE_LIMITS = (Decimal("5.00"), Decimal("50.00"))
for _side, _names in (
    (Hand.PLAYER, {"en": "Player Pair", "de": "Spieler-Paar", "id": "Pasangan Pemain"}),
    (Hand.BANKER, {"en": "Banker Pair", "de": "Bank-Paar", "id": "Pasangan Bankir"}),
):
    register(
        BetSpec(
            f"{_side.value}_pair",
            _names,
            sidebets.pair(_side),
            sidebets.pair_cases,
            side=_side,
            family="pair",
            limits=_SIDE_LIMITS,
            price=sidebets.pair_price,
        )
    )
register(
    BetSpec(
        "either_pair",
        {"en": "Either Pair", "de": "Beliebiges Paar", "id": "Pasangan Mana Saja"},
        sidebets.either_pair,
        sidebets.either_pair_cases,
        family="either_pair",
        limits=_SIDE_LIMITS,
        price=sidebets.either_pair_price,
    )
)
register(
    BetSpec(
        "perfect_pair",
        {"en": "Perfect Pair", "de": "Perfektes Paar", "id": "Pasangan Sempurna"},
        sidebets.perfect_pair,
        sidebets.perfect_pair_cases,
        family="perfect_pair",
        limits=_SIDE_LIMITS,
        price=sidebets.perfect_pair_price,
    )
)
register(
    BetSpec(
        "dragon_7",
        {"en": "Dragon 7", "de": "Drache 7", "id": "Naga 7"},
        sidebets.dragon_7,
        sidebets.dragon_7_cases,
        side=Hand.BANKER,
        family="dragon_7",
        limits=_SIDE_LIMITS,
    )
)
register(
    BetSpec(
        "panda_8",
        {"en": "Panda 8", "de": "Panda 8", "id": "Panda 8"},
        sidebets.panda_8,
        sidebets.panda_8_cases,
        side=Hand.PLAYER,
        family="panda_8",
        limits=_SIDE_LIMITS,
    )
)
