"""Dealer-mode results as progress keeps them: one ``DealerRecord`` per finished dealer-mode round.

Dealer mode (the ``dealer`` app) sits above progress, so it writes its results
here through ``progress.services.dealer_round_record``; assignments and the
instructors' reports read them from here. ``round_key`` is the dealer round's
identity (``dealer.DealerRound`` primary key), unique per learner, so a round is
recorded once however often its last payout is posted.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

#: The kinds of procedure error dealer mode counts, in the order reports show them.
DEALER_ERROR_KINDS: tuple[str, ...] = ("order", "draw", "call", "take_pay_order", "payout", "commission")
#: Each kind in words, for the learner's verdicts and the instructors' reports alike.
DEALER_ERROR_LABELS = {
    "order": _("card order"),
    "draw": _("drawing rule"),
    "call": _("call"),
    "take_pay_order": _("take-and-pay order"),
    "payout": _("payout amount"),
    "commission": _("commission"),
}


class DealerRecord(models.Model):
    """One finished dealer-mode round: clean or not, its time on the server's clock, its errors by kind.

    ``counted`` is false for a round with an action faster than a person can act (``too_fast``): it
    is kept, shown as flagged, and left out of every rate, median and assignment.
    """

    class Purpose(models.TextChoices):
        PRACTICE = "practice", _("Practice")
        AUDITION = "audition", _("Audition")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="dealer_records",
        verbose_name=_("user"),
    )
    round_key = models.PositiveBigIntegerField(_("dealer round"), help_text=_("The dealer round's id."))
    purpose = models.CharField(_("purpose"), max_length=10, choices=Purpose.choices, default=Purpose.PRACTICE)
    preset = models.CharField(_("table"), max_length=16, blank=True)
    seats = models.PositiveSmallIntegerField(_("seats"), default=0)
    # The name the audition reads; it hides ``Model.clean``: see ``full_clean``.
    clean = models.BooleanField(_("clean"))  # type: ignore[assignment]
    too_fast = models.BooleanField(_("too fast"), default=False)
    duration_ms = models.PositiveIntegerField(_("round time (ms)"))
    errors = models.JSONField(_("errors"), default=dict, blank=True, help_text=_("Errors by kind."))
    finished_at = models.DateTimeField(_("finished at"))

    class Meta:
        ordering = ["finished_at", "id"]
        verbose_name = _("dealer-mode round")
        verbose_name_plural = _("dealer-mode rounds")
        constraints = [
            models.UniqueConstraint(fields=["user", "round_key"], name="one_dealer_record_per_round"),
            models.CheckConstraint(
                condition=Q(too_fast=False) | Q(clean=False), name="dealer_too_fast_never_clean"
            ),
        ]
        indexes = [models.Index(fields=["user", "finished_at"], name="dealer_record_by_learner")]

    def __str__(self) -> str:
        if self.clean:
            return _("%(user)s · dealer round · clean") % {"user": self.user}
        return _("%(user)s · dealer round · not clean") % {"user": self.user}

    @property
    def counted(self) -> bool:
        return not self.too_fast

    def full_clean(self, exclude=None, validate_unique=True, validate_constraints=True) -> None:
        """``Model.full_clean`` without ``Model.clean()``, which the field ``clean`` hides (rows are
        written by services only, never through a form)."""
        self.clean_fields(exclude=exclude)
        if validate_unique:
            self.validate_unique(exclude=exclude)
        if validate_constraints:
            self.validate_constraints(exclude=exclude)
