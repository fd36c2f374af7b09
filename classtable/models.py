"""A class table: one shoe an instructor deals, and the seats of the class's learners at it.

Design overview:

- ``ClassTable`` is one session: the class, the instructor who deals, the preset, whether the class
  calls the draws, the shoe (secret: the engine's dump, never shown) and ``version``, a counter every
  write transaction that changes what anyone sees bumps, so a poll is answered from one indexed read.
  A session is open until it is closed or idle (``last_activity`` older than
  ``settings.CLASS_TABLE_IDLE_MINUTES``: derived, so a GET writes nothing). A class has one open
  session at most (a constraint).
- ``ClassRound`` is one coup of the session: ``betting`` → ``dealing`` (after "No more bets") →
  ``settled``, or ``returned`` when the session ends before the coup does (every stake comes back).
  ``cards`` holds the tokens dealt so far and nothing undealt; ``decisions`` the draw decisions
  the instructor closed (keyed as ``table.coach``'s questions).
- ``ClassSeat`` is a learner at the session; their chips are their practice-table ``Seat``'s balance
  (one balance). ``ClassPlay`` is a learner's part in one round: a draft, then confirmed stakes
  (``ClassBet`` rows), then the result. Its ledger rows carry ``reference`` = ``ClassPlay.reference``
  and are unique per (reference, kind, bet kind): each play is staked and settled at most once.
- ``ClassCall`` is one learner's draws/stands call on one decision of a round, graded by the server.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from accounts.models import Classroom
from table.models import AbstractBet, Seat
from table.presets import PRESETS, preset_choices


def _amount(verbose_name, **kwargs) -> models.DecimalField:
    return models.DecimalField(verbose_name, max_digits=18, decimal_places=2, **kwargs)


def idle_after() -> timedelta:
    """How long a session lasts without an instructor's action."""
    return timedelta(minutes=getattr(settings, "CLASS_TABLE_IDLE_MINUTES", 30))


class ClassTable(models.Model):
    class State(models.TextChoices):
        OPEN = "open", _("Open")
        CLOSED = "closed", _("Closed")

    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, related_name="class_tables", verbose_name=_("class")
    )
    dealer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="dealt_class_tables",
        verbose_name=_("dealing instructor"),
    )
    preset = models.CharField(_("table"), max_length=16, choices=preset_choices)
    calls_draws = models.BooleanField(_("the class calls the draws"), default=True)
    state = models.CharField(_("state"), max_length=8, choices=State.choices, default=State.OPEN)
    shoe_state = models.TextField(
        _("shoe state"), blank=True, help_text=_("The engine's dump of the shoe (secret).")
    )
    shoe_number = models.PositiveIntegerField(_("shoe number"), default=0)
    #: Bumped by every write that changes what anyone sees: a poll compares it and answers 304.
    version = models.PositiveBigIntegerField(_("version"), default=1)
    #: Bumped by a learner's join, leave, draft, confirm and call: what only the control page and the
    #: projector show (the class's counts); a learner's page is drawn from ``version`` alone, so another
    #: learner's bet does not redraw it.
    activity_version = models.PositiveBigIntegerField(_("activity version"), default=1)
    opened_at = models.DateTimeField(_("opened at"), default=timezone.now)
    last_activity = models.DateTimeField(_("last instructor action"), default=timezone.now)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    class Meta:
        verbose_name = _("class table")
        verbose_name_plural = _("class tables")
        ordering = ["-opened_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["classroom"], condition=Q(state="open"), name="one_open_class_table_per_class"
            ),
        ]

    def __str__(self) -> str:
        return _("Class table of %(classroom)s, %(opened)s") % {
            "classroom": self.classroom,
            "opened": timezone.localtime(self.opened_at).strftime("%Y-%m-%d %H:%M"),
        }

    @property
    def table(self):
        return PRESETS[self.preset]

    def idle(self, now=None) -> bool:
        """No instructor action for ``CLASS_TABLE_IDLE_MINUTES``: the session is over (derived)."""
        return self.last_activity + idle_after() < (now or timezone.now())

    def ended(self, now=None) -> bool:
        """Closed, or idle: no write is taken any more."""
        return self.state == ClassTable.State.CLOSED or self.idle(now)


class ClassRound(models.Model):
    class State(models.TextChoices):
        BETTING = "betting", _("Place your bets")
        DEALING = "dealing", _("No more bets: dealing")
        SETTLED = "settled", _("Settled")
        RETURNED = "returned", _("Stakes returned (session ended)")

    class Winner(models.TextChoices):
        PLAYER = "player", pgettext_lazy("hand", "Player")
        BANKER = "banker", pgettext_lazy("hand", "Banker")
        TIE = "tie", _("Tie")

    table = models.ForeignKey(
        ClassTable, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("class table")
    )
    number = models.PositiveIntegerField(_("number"))
    state = models.CharField(_("state"), max_length=8, choices=State.choices, default=State.BETTING)
    shoe_number = models.PositiveIntegerField(_("shoe number"), default=0)
    new_shoe = models.BooleanField(_("new shoe"), default=False)
    cards = models.CharField(
        _("cards"), max_length=40, blank=True, help_text=_("Tokens dealt so far, in order.")
    )
    #: Closed draw decisions: ``{question key: {"right": "draws"|"stands"}}``.
    decisions = models.JSONField(_("decisions"), default=dict, blank=True)
    winner = models.CharField(_("winner"), max_length=6, choices=Winner.choices, blank=True)
    player_total = models.PositiveSmallIntegerField(_("player total"), null=True, blank=True)
    banker_total = models.PositiveSmallIntegerField(_("banker total"), null=True, blank=True)
    natural = models.BooleanField(_("natural"), null=True, blank=True)
    started_at = models.DateTimeField(_("started at"), default=timezone.now)
    bets_closed_at = models.DateTimeField(_("bets closed at"), null=True, blank=True)
    settled_at = models.DateTimeField(_("settled at"), null=True, blank=True)

    class Meta:
        verbose_name = _("class round")
        verbose_name_plural = _("class rounds")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="class_round_number_unique"),
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(state__in=["betting", "dealing"]),
                name="one_open_round_per_class_table",
            ),
        ]

    def __str__(self) -> str:
        return _("Round %(number)s of %(table)s") % {"number": self.number, "table": self.table}

    @property
    def card_tokens(self) -> list[str]:
        return self.cards.split()

    @staticmethod
    def open_states() -> tuple[str, str]:
        return (ClassRound.State.BETTING, ClassRound.State.DEALING)

    @property
    def is_open(self) -> bool:
        return self.state in ClassRound.open_states()


class ClassSeat(models.Model):
    table = models.ForeignKey(
        ClassTable, on_delete=models.CASCADE, related_name="seats", verbose_name=_("class table")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="class_seats",
        verbose_name=_("learner"),
    )
    #: The learner's practice-table seat: its balance is the learner's one chip balance.
    seat = models.ForeignKey(
        Seat, on_delete=models.PROTECT, related_name="class_seats", verbose_name=_("seat")
    )
    joined_at = models.DateTimeField(_("joined at"), default=timezone.now)
    left_at = models.DateTimeField(_("left at"), null=True, blank=True)
    #: Bumped by every action of the learner's own (join, leave, a draft, a confirm, a call): their page's
    #: poll tag names it, so their other tabs see it too, while other learners' pages do not change.
    version = models.PositiveBigIntegerField(_("version"), default=1)

    class Meta:
        verbose_name = _("class seat")
        verbose_name_plural = _("class seats")
        ordering = ["table", "joined_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="one_class_seat_per_learner")]

    def __str__(self) -> str:
        return f"{self.user} · {self.table}"

    @property
    def present(self) -> bool:
        return self.left_at is None


class ClassPlay(models.Model):
    """A learner's part in one class round: the draft, the confirmed stakes and the result."""

    class State(models.TextChoices):
        DRAFT = "draft", _("Draft")
        CONFIRMED = "confirmed", _("Confirmed")
        SETTLED = "settled", _("Settled")
        RETURNED = "returned", _("Stakes returned")
        DROPPED = "dropped", _("Draft dropped")

    round = models.ForeignKey(
        ClassRound, on_delete=models.CASCADE, related_name="plays", verbose_name=_("round")
    )
    class_seat = models.ForeignKey(
        ClassSeat, on_delete=models.CASCADE, related_name="plays", verbose_name=_("class seat")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="class_plays",
        verbose_name=_("learner"),
    )
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.DRAFT)
    #: The draft's stakes by spot (``{kind: "10.00"}``): no chip has moved for them.
    draft = models.JSONField(_("draft"), default=dict, blank=True)
    #: The chips put on the draft one by one (``[[spot, "5"], ...]``), so Undo can take the last back;
    #: emptied when the stakes are typed.
    chips = models.JSONField(_("chips placed"), default=list, blank=True)
    committed = _amount(_("committed"), default=Decimal("0.00"))
    returned = _amount(_("returned"), default=Decimal("0.00"))
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    settled_at = models.DateTimeField(_("settled at"), null=True, blank=True)

    class Meta:
        verbose_name = _("class play")
        verbose_name_plural = _("class plays")
        ordering = ["round", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["round", "class_seat"], name="one_class_play_per_round_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.round}"

    @property
    def reference(self) -> str:
        """What its ledger rows name (``LedgerEntry.reference``)."""
        return f"class-play:{self.pk}"


class ClassBet(AbstractBet):
    play = models.ForeignKey(ClassPlay, on_delete=models.CASCADE, related_name="bets", verbose_name=_("play"))

    class Meta:
        verbose_name = _("class bet")
        verbose_name_plural = _("class bets")
        ordering = ["play", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["play", "kind"], name="one_class_bet_per_kind"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="class_bet_amount_positive"),
        ]


class ClassCall(models.Model):
    """A learner's draws/stands call on one decision of a round, graded when it is made."""

    round = models.ForeignKey(
        ClassRound, on_delete=models.CASCADE, related_name="calls", verbose_name=_("round")
    )
    class_seat = models.ForeignKey(
        ClassSeat, on_delete=models.CASCADE, related_name="calls", verbose_name=_("class seat")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="class_calls",
        verbose_name=_("learner"),
    )
    question = models.CharField(_("question"), max_length=16)
    answer = models.CharField(_("answer"), max_length=8)
    correct = models.BooleanField(_("correct"))
    banker_total = models.PositiveSmallIntegerField(_("banker total"), null=True, blank=True)
    player_third = models.PositiveSmallIntegerField(_("player's third card"), null=True, blank=True)
    called_at = models.DateTimeField(_("called at"), default=timezone.now)

    class Meta:
        verbose_name = _("class call")
        verbose_name_plural = _("class calls")
        ordering = ["round", "called_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["round", "user", "question"], name="one_class_call_per_question"),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.question}: {self.answer}"
