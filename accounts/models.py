"""Who a learner is and which classes they are in: profiles, classes, memberships and join codes.

The tables keep the names they had when these models lived in ``lessons``
(``Meta.db_table``), so an existing installation keeps its rows as they are.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

#: Join codes avoid letters and digits that are easy to confuse (0/O, 1/I/L).
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 8
JOIN_CODE_DAYS = 120


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def join_code_expiry() -> datetime:
    return timezone.now() + timedelta(days=JOIN_CODE_DAYS)


#: A class's starting chips are bounded, so no balance reachable by play can overflow its column.
MIN_STARTING_BALANCE = Decimal("1.00")
MAX_STARTING_BALANCE = Decimal("1000000.00")


#: The side bets (registry keys, ``baccarat.bets``) a class shows unless its instructor ticks others,
#: and the ones a learner outside any class sees: the Lion Bonus, on either hand.
DEFAULT_SIDE_BETS: tuple[str, ...] = ("lion_player", "lion_banker")


def default_side_bets() -> list[str]:
    """A new class's side bets: ``DEFAULT_SIDE_BETS``."""
    return list(DEFAULT_SIDE_BETS)


#: Dealer mode: the class's standard for one round, first card to last payout (about 50 hands an hour).
DEALER_ROUND_SECONDS = 12
MIN_DEALER_ROUND_SECONDS = 5
MAX_DEALER_ROUND_SECONDS = 120


class DealerCommission(models.TextChoices):
    """How a croupier collects the Banker commission at a commission table."""

    PAYOUT = "payout", _("taken from each Banker payout (100 is paid 95)")
    BOX = "box", _("marked in the commission box, settled when the seat leaves or the shoe ends")


class Classroom(models.Model):
    """A class: its instructors, its learners (through ``Membership``), and its table settings."""

    class Audience(models.TextChoices):
        """Who the class is for. It changes the wording of the footer its learners read (a school
        class is told that gambling is for adults only); the course and the tables are the same."""

        SCHOOL = "school", _("a school class")
        ADULTS = "adults", _("adults only (e.g. a dealer school)")

    name = models.CharField(_("name"), max_length=120)
    instructors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="taught_classes",
        blank=True,
        limit_choices_to={"is_staff": True},
        verbose_name=_("instructors"),
    )
    join_code = models.CharField(
        _("join code"), max_length=JOIN_CODE_LENGTH, unique=True, default=new_join_code
    )
    join_code_expires_at = models.DateTimeField(_("join code expires at"), default=join_code_expiry)
    starting_balance = models.DecimalField(
        _("starting balance"),
        max_digits=12,
        decimal_places=2,
        default=Decimal("100.00"),
        validators=[MinValueValidator(MIN_STARTING_BALANCE), MaxValueValidator(MAX_STARTING_BALANCE)],
        help_text=_("Teaching chips each learner starts with: 1 to 1,000,000."),
    )
    #: Keys of the practice tables (``table.presets``) this class may use; empty: ``DEFAULT_PRESETS``.
    presets = models.JSONField(
        _("tables"),
        default=list,
        blank=True,
        help_text=_("The practice tables this class may use; none ticked: Standard and No-commission."),
    )
    #: Keys of the side bets (``baccarat.bets``) this class's learners see, where their table offers them.
    side_bets = models.JSONField(
        _("side bets"),
        default=default_side_bets,
        blank=True,
        help_text=_("The side bets this class's learners may place, where their table offers them."),
    )
    audience = models.CharField(
        _("audience"),
        max_length=8,
        choices=Audience.choices,
        default=Audience.SCHOOL,
        help_text=_(
            "A school class reads in every page's footer that gambling is for adults only; "
            "an adults-only class (e.g. a dealer school) reads the general wording."
        ),
    )
    helpline = models.CharField(
        _("helpline"),
        max_length=120,
        blank=True,
        help_text=_(
            "A gambling helpline for this class's learners, shown in every page's footer "
            "(e.g. your school's counsellor); empty: the site's helpline for the learner's language."
        ),
    )
    dealer_round_seconds = models.PositiveSmallIntegerField(
        _("dealer-mode round standard (seconds)"),
        default=DEALER_ROUND_SECONDS,
        validators=[MinValueValidator(MIN_DEALER_ROUND_SECONDS), MaxValueValidator(MAX_DEALER_ROUND_SECONDS)],
        help_text=_(
            "A dealer-mode round (first card to last payout) within this time meets the standard: "
            "12 s is about 50 hands an hour."
        ),
    )
    dealer_commission = models.CharField(
        _("dealer-mode commission"),
        max_length=8,
        choices=DealerCommission.choices,
        default=DealerCommission.PAYOUT,
        help_text=_("How the learner as croupier collects Banker commission at a commission table."),
    )
    dealer_house_rounding = models.BooleanField(
        _("dealer-mode house rounding"),
        default=False,
        help_text=_(
            "Commission in quarter steps (a bet of 1-5 owes 0.25, 6-10 owes 0.50, ...), not exactly 5 %."
        ),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        db_table = "lessons_classroom"
        ordering = ["name"]
        verbose_name = _("class")
        verbose_name_plural = _("classes")
        constraints = [
            models.CheckConstraint(
                condition=Q(
                    starting_balance__gte=MIN_STARTING_BALANCE, starting_balance__lte=MAX_STARTING_BALANCE
                ),
                name="class_starting_balance_in_range",
            ),
            models.CheckConstraint(
                condition=Q(
                    dealer_round_seconds__gte=MIN_DEALER_ROUND_SECONDS,
                    dealer_round_seconds__lte=MAX_DEALER_ROUND_SECONDS,
                ),
                name="class_dealer_round_seconds_in_range",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("user")
    )
    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("classroom")
    )
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)

    class Meta:
        db_table = "lessons_membership"
        ordering = ["joined_at"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [models.UniqueConstraint(fields=["user", "classroom"], name="one_membership_per_class")]

    def __str__(self) -> str:
        return _("%(user)s in %(classroom)s") % {"user": self.user, "classroom": self.classroom}


class Learner(User):
    """Learners as the admin lists them (a proxy of the user model)."""

    class Meta:
        proxy = True
        ordering = ["username"]
        verbose_name = _("learner")
        verbose_name_plural = _("learners")

    def __str__(self) -> str:
        return self.get_username()


class Profile(models.Model):
    """A learner's own settings: the language they chose (empty: the browser decides)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True)

    class Meta:
        db_table = "lessons_profile"
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return str(self.user)


#: The session key under which a log-in keeps the profile's language (read by ``accounts.language``).
PROFILE_LANGUAGE_SESSION_KEY = "profile_language"


@receiver(user_logged_in, dispatch_uid="accounts.remember_profile_language")
def remember_profile_language(
    sender: object, request: HttpRequest | None, user: User, **kwargs: object
) -> None:
    """At log-in, keep the learner's profile language in the new session, so no later GET writes it there."""
    if request is not None and hasattr(request, "session"):
        language = Profile.objects.filter(user=user).values_list("language", flat=True).first()
        request.session[PROFILE_LANGUAGE_SESSION_KEY] = language or ""


#: How long an instructor's password-reset link works.
RESET_LINK_HOURS = 24


class ResetLink(models.Model):
    """A one-time password-reset link an instructor made for a learner of their class.

    Only the SHA-256 hash of the link's token is stored: the token itself is shown once, to the
    instructor who made it, and never again. A link is used at most once, works until
    ``expires_at``, and is voided when a newer link is made for the same learner.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="reset_links",
        verbose_name=_("learner"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="reset_links_made",
        verbose_name=_("made by"),
    )
    token_hash = models.CharField(_("token hash"), max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(_("made at"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires at"))
    used_at = models.DateTimeField(_("used at"), null=True, blank=True)
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("password-reset link")
        verbose_name_plural = _("password-reset links")

    def __str__(self) -> str:
        return _("Reset link for %(user)s") % {"user": self.user}


class CountedRequest(models.Model):
    """One request counted against a limit per hour: a reset e-mail, a sign-up or a class join.

    Kept for an hour (``accounts.services.requests_count``). A reset e-mail's address is kept only as
    the SHA-256 digest of its case-folded form, whether or not an account has it; ``client`` is the
    requesting client's address (``common.client_ip``).
    """

    class Kind(models.TextChoices):
        RESET_EMAIL = "reset-email", _("reset e-mail")
        SIGNUP = "signup", _("sign-up")
        JOIN = "join", _("class join")

    kind = models.CharField(
        _("kind"), max_length=16, choices=Kind.choices, default=Kind.RESET_EMAIL, editable=False
    )
    address_digest = models.CharField(_("address digest"), max_length=64, blank=True, editable=False)
    client = models.GenericIPAddressField(_("client address"), null=True, blank=True, editable=False)
    requested_at = models.DateTimeField(_("requested at"), default=timezone.now, editable=False)

    class Meta:
        ordering = ["requested_at"]
        verbose_name = _("counted request")
        verbose_name_plural = _("counted requests")
        indexes = [
            models.Index(fields=["kind", "address_digest", "requested_at"], name="counted_request_address"),
            models.Index(fields=["kind", "client", "requested_at"], name="counted_request_client"),
            models.Index(fields=["requested_at"], name="reset_email_requested_at"),
        ]

    def __str__(self) -> str:
        return _("%(kind)s at %(moment)s") % {"kind": self.get_kind_display(), "moment": self.requested_at}
