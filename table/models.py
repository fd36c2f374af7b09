"""Seats, rounds, bets and the append-only chip ledger.

Design overview:

- A ``Seat`` is a learner's place at a table: the chip balance, the current
  shoe (the engine's dump, which holds the cards and the position) and the
  preset. A learner has one practice-table seat; lessons open sandbox seats
  of their own, so lesson chips never mix with table chips.
- A ``Round`` is one coup with its bets: ``betting`` (a draft: no chip has
  moved), ``dealing`` (stakes committed, cards coming one per request) and
  ``settled``. ``cards`` lists the tokens dealt so far, so the coup can be
  replayed through the engine; nothing undealt is ever stored on a round.
- ``LedgerEntry`` rows are append-only: every chip movement is one row with
  the amount (signed) and the balance after it. The cached ``Seat.balance``
  always equals the sum of its ledger (``table.services.ledger_problems``,
  ``manage.py ledger_verify``). Only ``table.services.ledger_append`` writes them.

Invariants held by the database: a balance is never negative; a seat has one
open round at most; a round is settled at most once per bet and entry kind.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q, Subquery
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, pgettext_lazy

from baccarat import Outcome
from table.bets import bet_choices
from table.presets import DEFAULT_PRESET, PRESETS, preset_choices

STARTING_BALANCE = Decimal("100.00")
#: A coached round is over on the table before the learner's last call; until then its result is
#: nobody's business but the call's, so no list, board or chart shows it, and the round counts as in play.
AWAITING_CALL = Q(coached=True) & ~Q(calls__has_key="settlement")


def round_awaiting_call(seat: Seat) -> Q:
    """The seat's latest round, if it is settled and awaits its call (see ``AWAITING_CALL``).

    Only the latest: an older round left without its call (the server once took the next bets
    while a call was pending) is long over and shows in the history like any other.
    """
    latest = Round.objects.filter(seat=seat).order_by("-number").values("number")[:1]
    return Q(seat=seat, state=Round.State.SETTLED, number=Subquery(latest)) & AWAITING_CALL


class BaseModel(models.Model):
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        abstract = True


def _amount(verbose_name, **kwargs: Any) -> models.DecimalField:
    # 16 digits before the point: no balance reachable by play (at most 1,550 chips won a round,
    # from a class start of at most 1,000,000) can overflow the column.
    return models.DecimalField(verbose_name, max_digits=18, decimal_places=2, **kwargs)


class Seat(BaseModel):
    class Kind(models.TextChoices):
        TABLE = "table", _("Practice table")
        LESSON = "lesson", _("Lesson example")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seats", verbose_name=_("user")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.TABLE)
    label = models.CharField(
        _("label"), max_length=80, blank=True, help_text=_("Which lesson example, for lesson seats.")
    )
    preset = models.CharField(_("preset"), max_length=16, choices=preset_choices, default=DEFAULT_PRESET)
    balance = _amount(_("balance"), default=Decimal("0.00"))
    starting_balance = _amount(_("starting balance"), default=STARTING_BALANCE)
    shoe_state = models.TextField(
        _("shoe state"), blank=True, help_text=_("The engine's dump of the current shoe (secret).")
    )
    shoe_number = models.PositiveIntegerField(_("shoe number"), default=0)
    coach_mode = models.BooleanField(_("coach mode"), default=True)
    #: The learner's own way of seeing the cards at the practice table (the seat holds the table's
    #: settings, and the deal already loads it): each card comes face down and is turned by the learner.
    face_down = models.BooleanField(
        _("deal face down"), default=False, help_text=_("Each card comes face down; the learner turns it.")
    )
    attempt = models.PositiveIntegerField(
        _("attempt"), default=0, help_text=_("For lesson seats: which attempt at the example (1, 2, …).")
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.CheckConstraint(condition=Q(balance__gte=0), name="seat_balance_not_negative"),
            models.UniqueConstraint(
                fields=["user"], condition=Q(kind="table"), name="one_table_seat_per_learner"
            ),
            # Racing first views or restarts of one example open one attempt, not several.
            models.UniqueConstraint(
                fields=["user", "label", "attempt"],
                condition=Q(kind="lesson"),
                name="one_seat_per_example_attempt",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.get_kind_display()}{f' {self.label}' if self.label else ''}"

    @property
    def table(self):
        return PRESETS[self.preset]


class Round(BaseModel):
    class State(models.TextChoices):
        BETTING = "betting", _("Betting (draft)")
        DEALING = "dealing", _("Dealing")
        SETTLED = "settled", _("Settled")

    class Winner(models.TextChoices):
        PLAYER = "player", pgettext_lazy("hand", "Player")
        BANKER = "banker", pgettext_lazy("hand", "Banker")
        TIE = "tie", _("Tie")

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("seat"))
    number = models.PositiveIntegerField(_("number"))
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.BETTING)
    preset = models.CharField(_("preset"), max_length=16, choices=preset_choices)
    shoe_number = models.PositiveIntegerField(_("shoe number"), default=0)
    new_shoe = models.BooleanField(
        _("new shoe"), default=False, help_text=_("A fresh shoe was shuffled for this round.")
    )
    cards = models.CharField(
        _("cards"), max_length=40, blank=True, help_text=_("Tokens dealt so far, in order.")
    )
    committed = _amount(_("committed"), default=Decimal("0.00"))
    returned = _amount(_("returned"), default=Decimal("0.00"))
    winner = models.CharField(_("winner"), max_length=6, choices=Winner.choices, blank=True)
    player_total = models.PositiveSmallIntegerField(_("player total"), null=True, blank=True)
    banker_total = models.PositiveSmallIntegerField(_("banker total"), null=True, blank=True)
    natural = models.BooleanField(_("natural"), null=True, blank=True)
    settled_at = models.DateTimeField(_("settled at"), null=True, blank=True)
    calls = models.JSONField(
        _("calls"), default=dict, blank=True, help_text=_("Coach-mode calls, keyed by question.")
    )
    stakes = models.JSONField(
        _("stakes"),
        default=dict,
        blank=True,
        help_text=_("The confirmed stakes by spot, shown on the felt while the coup is dealt."),
    )
    coached = models.BooleanField(
        _("coached"),
        default=False,
        help_text=_("Coach mode was on when the bets were confirmed: the calls are asked in this round."),
    )
    chips = models.JSONField(
        _("chips"),
        default=list,
        blank=True,
        help_text=_("The draft's chips in the order they were placed ([spot, amount]), for Undo."),
    )

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["-number"]
        constraints = [
            models.UniqueConstraint(fields=["seat", "number"], name="round_number_unique_per_seat"),
            models.UniqueConstraint(
                fields=["seat"], condition=~Q(state="settled"), name="one_open_round_per_seat"
            ),
        ]

    def __str__(self) -> str:
        return _("Round %(number)s of %(seat)s") % {"number": self.number, "seat": self.seat}

    @property
    def card_tokens(self) -> list[str]:
        return self.cards.split()

    def apply_outcome(self, outcome: Outcome) -> None:
        """Mark the round settled with the coup's result (not saved: the caller saves it)."""
        self.state = Round.State.SETTLED
        self.winner = outcome.winner.value
        self.player_total = outcome.player_total
        self.banker_total = outcome.banker_total
        self.natural = outcome.natural


class AbstractBet(models.Model):
    """One stake on one spot and how it settled: the fields of a practice round's bet and of a class
    play's (``classtable.models.ClassBet``)."""

    class Result(models.TextChoices):
        WON = "won", _("Won")
        LOST = "lost", _("Lost")
        PUSH = "push", _("Returned")

    #: Every kind in the engine's bet registry (``table.bets``): a new kind needs no migration.
    kind = models.CharField(_("kind"), max_length=12, choices=bet_choices)
    amount = _amount(_("amount"))
    result = models.CharField(_("result"), max_length=4, choices=Result.choices, blank=True)
    stake_returned = _amount(_("stake returned"), default=Decimal("0.00"))
    winnings = _amount(_("winnings"), default=Decimal("0.00"))
    commission = _amount(_("commission"), default=Decimal("0.00"))

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount}"

    @property
    def returned_total(self) -> Decimal:
        return self.stake_returned + self.winnings - self.commission


class RoundBet(BaseModel, AbstractBet):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="bets", verbose_name=_("round"))

    class Meta:
        verbose_name = _("round bet")
        verbose_name_plural = _("round bets")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "kind"], name="one_bet_per_kind_per_round"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="bet_amount_positive"),
        ]


APPEND_ONLY = "Ledger entries are append-only: they are never changed or deleted."


class LedgerQuerySet(models.QuerySet):
    """Ledger rows are only ever inserted: a queryset can neither change nor remove them.

    (PostgreSQL refuses it too, with a trigger: migration ``table/0006``.)
    """

    def update(self, **kwargs):
        raise ValueError(APPEND_ONLY)

    def delete(self):
        raise ValueError(APPEND_ONLY)

    def _raw_delete(self, using):
        raise ValueError(APPEND_ONLY)

    def bulk_update(self, objs, fields, batch_size=None):
        raise ValueError(APPEND_ONLY)


class LedgerEntry(models.Model):
    """One chip movement. Rows are only ever inserted, never updated or deleted."""

    class Kind(models.TextChoices):
        GRANT = "grant", _("Starting chips")
        STAKE = "stake", _("Stakes committed")
        STAKE_RETURN = "stake_return", _("Stake returned")
        WINNINGS = "winnings", _("Winnings paid")
        COMMISSION = "commission", _("Commission")
        RESET = "reset", _("Restart with starting chips")

    # PROTECT: a seat with a history cannot be deleted, so no ledger row is ever removed with it.
    seat = models.ForeignKey(Seat, on_delete=models.PROTECT, related_name="ledger", verbose_name=_("seat"))
    round = models.ForeignKey(
        Round,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ledger",
        verbose_name=_("round"),
    )
    #: What a movement outside the practice table belongs to, named by the app above that writes it
    #: (``classtable`` writes ``"class-play:<pk>"``): the table app knows no model above it, and the
    #: unique constraint below makes each such movement happen once, as ``round`` does for a round.
    reference = models.CharField(
        _("reference"),
        max_length=40,
        blank=True,
        default="",
        help_text=_("What the movement belongs to outside the practice table (e.g. a class-table round)."),
    )
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    bet_kind = models.CharField(_("bet kind"), max_length=12, choices=bet_choices, blank=True, default="")
    amount = _amount(_("amount"))
    balance_after = _amount(_("balance after"))
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("actor"),
        help_text=_("Who made a reset or grant by hand (empty: the learner or the app)."),
    )
    note = models.CharField(_("note"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    objects = LedgerQuerySet.as_manager()

    #: The notes the app writes itself: kept in English in the ledger, shown in the reader's language.
    NOTE_STARTING_CHIPS = gettext_noop("starting chips")
    NOTE_EXAMPLE_CHIPS = gettext_noop("lesson example chips")
    NOTE_RESET_BY_INSTRUCTOR = gettext_noop("reset by instructor")

    class Meta:
        ordering = ["id"]
        verbose_name = _("ledger entry")
        verbose_name_plural = _("ledger entries")
        constraints = [
            # A round's stakes leave once, and each bet is paid once per entry kind:
            # a second settlement of the same round cannot be written.
            models.UniqueConstraint(
                fields=["round", "kind", "bet_kind"],
                condition=Q(round__isnull=False),
                name="ledger_once_per_round_kind_bet",
            ),
            models.UniqueConstraint(
                fields=["reference", "kind", "bet_kind"],
                condition=~Q(reference=""),
                name="ledger_once_per_reference_kind_bet",
            ),
            models.CheckConstraint(
                condition=Q(balance_after__gte=0), name="ledger_balance_after_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount:+} → {self.balance_after}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError(APPEND_ONLY)
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError(APPEND_ONLY)
