"""The dealer audition: what an instructor sets up for a class, each attempt at it, and every answer.

Design overview:

- An ``Audition`` belongs to one class: how many dealer-mode rounds at which table with how many
  seats, how many written questions (drawn from the course's exercises, the Banker table and the
  payout drill), the time limit, the pass mark and the two weights (written and practical, which
  sum to 100), and whether learners may start it now.
- An ``AuditionAttempt`` is one learner's attempt, numbered per learner and audition. It keeps a
  copy of the audition's settings as they were when it started, so changing the audition later
  changes no attempt's score. It is timed by the server's clock: ``deadline`` is its start plus
  the time limit. It ends when the learner ends it, or at ``deadline`` whether or not anyone
  writes it down: what counts is what was recorded before ``ends_at`` (``finished_at`` or the
  deadline, whichever is first), so a page read (a GET) never needs to write. The next write on
  an attempt that ran out (starting another, signing it off) records ``finished_at`` and the
  result. A learner has one attempt open at a time, whatever the audition (a constraint on the
  open rows).
- An ``AuditionQuestion`` is one written question of an attempt, drawn when the attempt starts
  and kept on the server with its right answer; the page shows only its prompt and its choices
  or boxes, with a one-time ``nonce`` that names it. Its answer is recorded once, with the
  server's time since the question came on screen; an answer faster than a person can read and
  act (``too_fast``) is recorded and counts as wrong.
- The practical part is a dealer-mode session (``dealer.DealerSession``, purpose "audition") the
  attempt opens; its rounds finished before the attempt ends are the practical evidence.
- Sign-off: an instructor of the class signs a passed, ended attempt off (who and when are kept),
  and only then it gets a certificate code: a random, unguessable string (not the attempt's id)
  that is the whole of the certificate's address.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from accounts.models import Classroom
from dealer.models import DealerSession
from table.presets import DEFAULT_PRESET, preset_choices

MIN_SEATS, MAX_SEATS = 3, 7
MIN_ROUNDS, MAX_ROUNDS = 1, 40
MIN_QUESTIONS, MAX_QUESTIONS = 1, 40
MIN_MINUTES, MAX_MINUTES = 5, 180
#: The pass mark schools use (a college table-games course passes at 80 %).
DEFAULT_PASS_MARK = 80
#: The written exam's and the performance evaluation's shares of the score, as that course weighs them.
DEFAULT_WRITTEN_WEIGHT, DEFAULT_PRACTICAL_WEIGHT = 30, 70
#: Auditions take 15 to 30 minutes a game.
DEFAULT_MINUTES = 30
DEFAULT_ROUNDS = 10
DEFAULT_QUESTIONS = 10
DEFAULT_SEATS = 5


def percent_field(name, default: int, help_text="") -> models.PositiveSmallIntegerField:
    return models.PositiveSmallIntegerField(
        name, default=default, validators=[MaxValueValidator(100)], help_text=help_text
    )


class Audition(models.Model):
    """A timed dealer exam an instructor sets up for one class."""

    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, related_name="auditions", verbose_name=_("class")
    )
    title = models.CharField(_("title"), max_length=120)
    preset = models.CharField(_("table"), max_length=16, choices=preset_choices, default=DEFAULT_PRESET)
    seats = models.PositiveSmallIntegerField(
        _("seats"),
        default=DEFAULT_SEATS,
        validators=[MinValueValidator(MIN_SEATS), MaxValueValidator(MAX_SEATS)],
        help_text=_("Seats at the dealer table: 3 to 7."),
    )
    rounds = models.PositiveSmallIntegerField(
        _("dealer rounds"),
        default=DEFAULT_ROUNDS,
        validators=[MinValueValidator(MIN_ROUNDS), MaxValueValidator(MAX_ROUNDS)],
        help_text=_("Rounds the learner deals as croupier: 1 to 40."),
    )
    questions = models.PositiveSmallIntegerField(
        _("written questions"),
        default=DEFAULT_QUESTIONS,
        validators=[MinValueValidator(MIN_QUESTIONS), MaxValueValidator(MAX_QUESTIONS)],
        help_text=_("Questions drawn from the course, the Banker-table drill and the payout drill: 1 to 40."),
    )
    time_limit = models.PositiveSmallIntegerField(
        _("time limit (minutes)"),
        default=DEFAULT_MINUTES,
        validators=[MinValueValidator(MIN_MINUTES), MaxValueValidator(MAX_MINUTES)],
        help_text=_("From the start of an attempt, on the server's clock: 5 to 180 minutes."),
    )
    pass_mark = models.PositiveSmallIntegerField(
        _("pass mark (%)"),
        default=DEFAULT_PASS_MARK,
        validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text=_("The score an attempt needs to pass: 1 to 100 %."),
    )
    written_weight = percent_field(
        _("written part (%)"), DEFAULT_WRITTEN_WEIGHT, _("The written part's share of the score.")
    )
    practical_weight = percent_field(
        _("practical part (%)"),
        DEFAULT_PRACTICAL_WEIGHT,
        _("The dealer rounds' share of the score; the two parts add up to 100 %."),
    )
    is_open = models.BooleanField(
        _("open"),
        default=False,
        help_text=_("Learners of the class can start an attempt only while it is open."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("set up by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["classroom__name", "title", "id"]
        verbose_name = _("audition")
        verbose_name_plural = _("auditions")
        constraints = [
            models.CheckConstraint(
                condition=Q(written_weight__lte=100, practical_weight__lte=100)
                & Q(written_weight=100 - F("practical_weight")),
                name="audition_weights_sum_to_100",
            ),
            models.CheckConstraint(
                condition=Q(pass_mark__gte=1, pass_mark__lte=100), name="audition_pass_mark_1_to_100"
            ),
            models.CheckConstraint(
                condition=Q(seats__gte=MIN_SEATS, seats__lte=MAX_SEATS), name="audition_3_to_7_seats"
            ),
        ]

    def __str__(self) -> str:
        return self.title


class AuditionAttempt(models.Model):
    """One learner's attempt at an audition, with the audition's settings as they were at its start."""

    audition = models.ForeignKey(
        Audition, on_delete=models.PROTECT, related_name="attempts", verbose_name=_("audition")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="audition_attempts",
        verbose_name=_("learner"),
    )
    number = models.PositiveIntegerField(_("attempt"))
    started_at = models.DateTimeField(_("started at"))
    deadline = models.DateTimeField(_("time is up at"))
    finished_at = models.DateTimeField(
        _("ended at"),
        null=True,
        blank=True,
        help_text=_("When it ended: by the learner, or when time was up."),
    )
    # The audition's settings as they were at the start.
    preset = models.CharField(_("table"), max_length=16, choices=preset_choices)
    seats = models.PositiveSmallIntegerField(_("seats"))
    rounds = models.PositiveSmallIntegerField(_("dealer rounds"))
    questions = models.PositiveSmallIntegerField(_("written questions"))
    time_limit = models.PositiveSmallIntegerField(_("time limit (minutes)"))
    pass_mark = models.PositiveSmallIntegerField(_("pass mark (%)"))
    written_weight = models.PositiveSmallIntegerField(_("written part (%)"))
    practical_weight = models.PositiveSmallIntegerField(_("practical part (%)"))
    dealer_session = models.OneToOneField(
        DealerSession,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="audition_attempt",
        verbose_name=_("dealer rounds"),
        help_text=_("The dealer-mode session of this attempt's practical part."),
    )
    # The result, recorded when the attempt is closed (before that it is worked out on read).
    written_score = models.DecimalField(
        _("written score (%)"), max_digits=5, decimal_places=2, null=True, blank=True
    )
    practical_score = models.DecimalField(
        _("practical score (%)"), max_digits=5, decimal_places=2, null=True, blank=True
    )
    score = models.DecimalField(_("score (%)"), max_digits=5, decimal_places=2, null=True, blank=True)
    passed = models.BooleanField(_("passed"), null=True, blank=True)
    signed_off_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="auditions_signed_off",
        verbose_name=_("signed off by"),
    )
    signed_off_at = models.DateTimeField(_("signed off at"), null=True, blank=True)
    certificate_code = models.CharField(
        _("certificate code"), max_length=64, unique=True, null=True, blank=True, editable=False
    )

    class Meta:
        ordering = ["-started_at", "-id"]
        verbose_name = _("audition attempt")
        verbose_name_plural = _("audition attempts")
        constraints = [
            models.UniqueConstraint(
                fields=["audition", "user", "number"], name="audition_attempt_number_unique"
            ),
            models.UniqueConstraint(
                fields=["user"], condition=Q(finished_at__isnull=True), name="one_open_audition_attempt"
            ),
            models.CheckConstraint(
                condition=Q(signed_off_at__isnull=True) | Q(passed=True, finished_at__isnull=False),
                name="audition_signed_off_only_if_passed",
            ),
            models.CheckConstraint(
                condition=Q(certificate_code__isnull=True) | Q(signed_off_at__isnull=False),
                name="audition_certificate_only_if_signed_off",
            ),
            models.CheckConstraint(
                condition=Q(written_weight=100 - F("practical_weight")),
                name="audition_attempt_weights_sum_to_100",
            ),
        ]

    def __str__(self) -> str:
        return _("%(user)s · %(audition)s · attempt %(number)s") % {
            "user": self.user,
            "audition": self.audition,
            "number": self.number,
        }


class AuditionQuestion(models.Model):
    """One written question of an attempt, with its right answer (never in a page) and the answer given."""

    class Source(models.TextChoices):
        EXERCISE = "exercise", _("course exercise")
        PAYOUT = "payout", _("payout drill")

    attempt = models.ForeignKey(
        AuditionAttempt, on_delete=models.CASCADE, related_name="written", verbose_name=_("attempt")
    )
    position = models.PositiveSmallIntegerField(_("number"))
    source = models.CharField(_("from"), max_length=10, choices=Source.choices)
    kind = models.CharField(_("kind"), max_length=30)
    question = models.JSONField(_("question"), help_text=_("What is asked, with its right answer."))
    nonce = models.CharField(_("nonce"), max_length=32, unique=True)
    answer = models.JSONField(_("answer"), null=True, blank=True, help_text=_("The answer as it was given."))
    correct = models.BooleanField(_("correct"), default=False)
    too_fast = models.BooleanField(
        _("too fast"),
        default=False,
        help_text=_("Faster than a person can read and answer: recorded, and not counted even if right."),
    )
    seconds = models.DecimalField(_("seconds"), max_digits=8, decimal_places=2, null=True, blank=True)
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)

    class Meta:
        ordering = ["attempt", "position"]
        verbose_name = _("written question")
        verbose_name_plural = _("written questions")
        constraints = [
            models.UniqueConstraint(fields=["attempt", "position"], name="audition_question_position_unique"),
            models.CheckConstraint(
                condition=Q(answered_at__isnull=False)
                | Q(correct=False, too_fast=False, answer__isnull=True),
                name="audition_unanswered_is_wrong",
            ),
        ]

    def __str__(self) -> str:
        return _("Question %(position)s of %(attempt)s") % {
            "position": self.position,
            "attempt": self.attempt,
        }


#: The smallest share a score is kept to.
SCORE_PLACES = Decimal("0.01")
