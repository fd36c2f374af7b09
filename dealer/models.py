"""Dealer mode: a learner's sessions as croupier and the rounds dealt in them.

Design overview:

- A ``DealerSession`` is one sitting at a dealer table: the table (a preset),
  how many seats, the commission procedure and house rounding (the class's
  settings when it was opened), the round standard in seconds, the server's
  shoe (the engine's dump: secret, never in a page) and the commission box
  (what each seat owes, marked and not yet collected). ``purpose`` says whether
  it is practice or an audition (the auditions app links its attempts to a
  session with its own foreign key; this app never imports it). ``rounds``, when
  set, is how many rounds the session is (an audition's); ``done_url``, set only
  by server code, is where the round-complete page sends the learner once they
  are played.
- A ``DealerRound`` is one coup run by the learner: the simulated players' bets
  (``layout``), the cards dealt so far (tokens: nothing undealt is stored on a
  round), the learner's actions in order (``actions``: each one checked by the
  engine on the server), the errors by kind, and the server's times: the first
  card (``started_at``), the last payout (``finished_at``) and ``duration_ms``
  between them. ``clean`` is true for a finished round without an error and
  without an action faster than a person can act (``too_fast``).
- ``step`` counts the round's accepted actions: every form carries the step it
  was drawn at, so a doubled or replayed POST is refused (409) and counts nothing.

No chip of a learner's balance moves in dealer mode: the chips on the layout
are the simulated players', and the ledger is never touched.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from accounts.models import DEALER_ROUND_SECONDS, Classroom, DealerCommission
from progress.models import DEALER_ERROR_KINDS
from table.presets import DEFAULT_PRESET, preset_choices

MIN_SEATS = 3
MAX_SEATS = 7
#: Error kinds, as the engine's checker names them, in the order the reports show them.
ERROR_KINDS = DEALER_ERROR_KINDS


class DealerSession(models.Model):
    class Purpose(models.TextChoices):
        PRACTICE = "practice", _("Practice")
        AUDITION = "audition", _("Audition")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="dealer_sessions",
        verbose_name=_("user"),
    )
    purpose = models.CharField(_("purpose"), max_length=10, choices=Purpose.choices, default=Purpose.PRACTICE)
    classroom = models.ForeignKey(
        Classroom,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("class"),
        help_text=_("The class whose settings the session was opened with."),
    )
    preset = models.CharField(_("table"), max_length=16, choices=preset_choices, default=DEFAULT_PRESET)
    seats = models.PositiveSmallIntegerField(
        _("seats"), validators=[MinValueValidator(MIN_SEATS), MaxValueValidator(MAX_SEATS)]
    )
    commission = models.CharField(
        _("commission procedure"),
        max_length=8,
        choices=DealerCommission.choices,
        default=DealerCommission.PAYOUT,
    )
    house_rounding = models.BooleanField(_("house rounding"), default=False)
    standard_seconds = models.PositiveSmallIntegerField(
        _("round standard (seconds)"), default=DEALER_ROUND_SECONDS
    )
    rounds = models.PositiveIntegerField(
        _("rounds"),
        null=True,
        blank=True,
        help_text=_("How many rounds the session is; empty: as many as wanted."),
    )
    done_url = models.CharField(
        _("done link"),
        max_length=200,
        blank=True,
        help_text=_("Where the learner goes once the session's rounds are played (set by the server)."),
    )
    shoe_state = models.TextField(
        _("shoe state"), blank=True, help_text=_("The engine's dump of the shoe (secret).")
    )
    shoe_number = models.PositiveIntegerField(_("shoe number"), default=0)
    players = models.JSONField(
        _("players"),
        default=dict,
        blank=True,
        help_text=_(
            "The simulated player at each seat (seat number: player number); a seat without one is empty."
        ),
    )
    box = models.JSONField(
        _("commission box"),
        default=dict,
        blank=True,
        help_text=_(
            "The commission box: the marks in each seat's square, not yet collected (the engine's form)."
        ),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("dealer session")
        verbose_name_plural = _("dealer sessions")
        constraints = [
            models.CheckConstraint(
                condition=Q(seats__gte=MIN_SEATS, seats__lte=MAX_SEATS), name="dealer_session_3_to_7_seats"
            ),
            models.UniqueConstraint(
                fields=["user"],
                condition=Q(closed_at__isnull=True, purpose="practice"),
                name="one_open_dealer_practice_per_learner",
            ),
        ]

    def __str__(self) -> str:
        return _("Dealer session %(id)s of %(user)s") % {"id": self.pk, "user": self.user}


class DealerRound(models.Model):
    class Phase(models.TextChoices):
        DEAL = "deal", _("Dealing")
        CALL = "call", _("Calling the hand")
        SETTLE = "settle", _("Taking and paying")
        COLLECT = "collect", _("Collecting the commission box")
        DONE = "done", _("Finished")

    session = models.ForeignKey(
        DealerSession, on_delete=models.CASCADE, related_name="dealer_rounds", verbose_name=_("session")
    )
    number = models.PositiveIntegerField(_("number"))
    phase = models.CharField(_("phase"), max_length=8, choices=Phase.choices, default=Phase.DEAL)
    shoe_number = models.PositiveIntegerField(_("shoe number"), default=0)
    layout = models.JSONField(
        _("layout"), default=list, help_text=_("The simulated players' bets, in chip stacks.")
    )
    cards = models.CharField(
        _("cards"), max_length=60, blank=True, help_text=_("Tokens dealt so far, in order.")
    )
    actions = models.JSONField(
        _("actions"), default=list, blank=True, help_text=_("The learner's actions, checked.")
    )
    errors = models.JSONField(_("errors"), default=dict, blank=True, help_text=_("Errors by kind."))
    box_before = models.JSONField(
        _("box before"),
        default=dict,
        blank=True,
        help_text=_(
            "The commission box as it was when the round began (the engine replays the round on it)."
        ),
    )
    collect = models.JSONField(
        _("box to collect"),
        default=dict,
        blank=True,
        help_text=_("Commission box squares to collect at the end of this round (seat number: amount)."),
    )
    step = models.PositiveIntegerField(_("step"), default=0, help_text=_("Accepted actions so far."))
    started_at = models.DateTimeField(_("first card at"), null=True, blank=True)
    last_action_at = models.DateTimeField(_("last action at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("last payout at"), null=True, blank=True)
    duration_ms = models.PositiveIntegerField(_("round time (ms)"), null=True, blank=True)
    too_fast = models.BooleanField(
        _("too fast"),
        default=False,
        help_text=_("An action came faster than a person can act: the round is not clean and not counted."),
    )
    clean = models.BooleanField(
        _("clean"), default=False, help_text=_("Finished with no error and no too-fast action.")
    )  # type: ignore[assignment]  # the name the audition reads; see full_clean
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["number"]
        verbose_name = _("dealer round")
        verbose_name_plural = _("dealer rounds")
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="dealer_round_number_unique"),
            models.UniqueConstraint(
                fields=["session"], condition=~Q(phase="done"), name="one_open_dealer_round_per_session"
            ),
        ]

    def __str__(self) -> str:
        return _("Round %(number)s of %(session)s") % {"number": self.number, "session": self.session}

    @property
    def card_tokens(self) -> list[str]:
        return self.cards.split()

    @property
    def error_count(self) -> int:
        return sum(int(count) for count in self.errors.values())

    def full_clean(self, exclude=None, validate_unique=True, validate_constraints=True) -> None:
        """``Model.full_clean`` without ``Model.clean()``, which the field ``clean`` hides (rows are
        written by services only, never through a form)."""
        self.clean_fields(exclude=exclude)
        if validate_unique:
            self.validate_unique(exclude=exclude)
        if validate_constraints:
            self.validate_constraints(exclude=exclude)
