"""Learner records shared by the course and the practice table.

``DrillCell`` is one cell of the Banker table for one learner: the Banker's
two-card total (0-7) against Player's third card (0-9) or "stood". Coach-mode
calls at the table and the drawing-table drill both count towards it, so
mastery is one figure wherever the learner practised.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.contrib.auth.models import User
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

#: Correct answers in a row that make a cell mastered.
MASTERY_STREAK = 3
STOOD = "stood"
THIRD_CARD_COLUMNS = [str(value) for value in range(10)] + [STOOD]


class DrillCell(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="drill_cells", verbose_name=_("user")
    )
    banker_total = models.PositiveSmallIntegerField(_("banker total"))
    third = models.CharField(
        _("third"),
        max_length=5,
        choices=[(column, column) for column in THIRD_CARD_COLUMNS],
        help_text=_("Player's third card value, or 'stood' when Player did not draw."),
    )
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    correct = models.PositiveIntegerField(_("correct"), default=0)
    streak = models.PositiveIntegerField(
        _("streak"), default=0, help_text=_("Correct answers in a row, up to now.")
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("drill cell")
        verbose_name_plural = _("drill cells")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "banker_total", "third"], name="one_drill_cell_per_learner"
            ),
            models.CheckConstraint(condition=Q(banker_total__lte=7), name="drill_cell_banker_total_0_to_7"),
            models.CheckConstraint(
                condition=Q(correct__lte=models.F("attempts")), name="drill_cell_correct_le_attempts"
            ),
        ]

    def __str__(self) -> str:
        return _("%(user)s: Banker %(total)s / %(third)s") % {
            "user": self.user,
            "total": self.banker_total,
            "third": self.third,
        }

    @property
    def mastered(self) -> bool:
        return self.streak >= MASTERY_STREAK


class Lesson(models.Model):
    """A lesson's identity and place in the course (its words live in its template).

    ``title`` keeps the English title; ``display_title`` is the course's title
    in the active language.
    """

    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    number = models.PositiveSmallIntegerField(_("number"), unique=True)
    title = models.CharField(_("title"), max_length=120)

    class Meta:
        ordering = ["number"]
        verbose_name = _("lesson")
        verbose_name_plural = _("lessons")

    def __str__(self) -> str:
        return f"{self.number}. {self.display_title}"

    @property
    def display_title(self) -> str:
        """The title in the active language (the stored title for a lesson the course no longer has)."""
        from lessons.course import LESSONS

        spec = LESSONS.get(self.slug)
        return str(spec.title) if spec is not None else self.title


class LessonProgress(models.Model):
    """One learner's progress in one lesson."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="lesson_progress",
        verbose_name=_("user"),
    )
    lesson = models.ForeignKey(
        Lesson, on_delete=models.CASCADE, related_name="progress", verbose_name=_("lesson")
    )
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    completed_at = models.DateTimeField(_("completed at"), null=True, blank=True)
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    correct = models.PositiveIntegerField(_("correct"), default=0)
    seconds_spent = models.PositiveIntegerField(_("seconds spent"), default=0)
    last_visited = models.DateTimeField(_("last visited"), null=True, blank=True)

    class Meta:
        verbose_name = _("lesson progress")
        verbose_name_plural = _("lesson progress")
        constraints = [
            models.UniqueConstraint(fields=["user", "lesson"], name="one_progress_per_learner_and_lesson"),
            models.CheckConstraint(
                condition=Q(correct__lte=models.F("attempts")), name="progress_correct_le_attempts"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.lesson}"

    @property
    def completed(self) -> bool:
        return self.completed_at is not None

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.attempts if self.attempts else None


class Attempt(models.Model):
    """One answer to one exercise or drill question; never changed once written."""

    class Source(models.TextChoices):
        LESSON = "lesson", _("Lesson exercise")
        DRILL = "drill", _("Drawing-table drill")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="attempts", verbose_name=_("user")
    )
    source = models.CharField(_("source"), max_length=6, choices=Source.choices)
    lesson = models.ForeignKey(
        Lesson,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="attempts",
        verbose_name=_("lesson"),
    )
    kind = models.CharField(_("kind"), max_length=20)
    nonce = models.CharField(
        _("nonce"), max_length=32, help_text=_("The question's one-time id: a replayed answer is refused.")
    )
    question = models.JSONField(_("question"))
    answer = models.CharField(_("answer"), max_length=200)
    correct = models.BooleanField(_("correct"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("attempt")
        verbose_name_plural = _("attempts")
        constraints = [models.UniqueConstraint(fields=["user", "nonce"], name="one_answer_per_question")]

    def __str__(self) -> str:
        if self.correct:
            return _("%(user)s · %(kind)s · right") % {"user": self.user, "kind": self.kind}
        return _("%(user)s · %(kind)s · wrong") % {"user": self.user, "kind": self.kind}


# --- Classes -------------------------------------------------------------------

#: Join codes avoid letters and digits that are easy to confuse (0/O, 1/I/L).
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 8
JOIN_CODE_DAYS = 120


def new_join_code() -> str:
    import secrets

    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def join_code_expiry():
    from datetime import timedelta

    from django.utils import timezone

    return timezone.now() + timedelta(days=JOIN_CODE_DAYS)


class Classroom(models.Model):
    """A class: its instructors, its learners (through ``Membership``), and its table settings."""

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
        _("starting balance"), max_digits=12, decimal_places=2, default=Decimal("100.00")
    )
    allow_standard = models.BooleanField(_("Standard table allowed"), default=True)
    allow_no_commission = models.BooleanField(_("No-commission table allowed"), default=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("class")
        verbose_name_plural = _("classes")
        constraints = [
            models.CheckConstraint(
                condition=Q(starting_balance__gte=1), name="class_starting_balance_positive"
            ),
            models.CheckConstraint(
                condition=Q(allow_standard=True) | Q(allow_no_commission=True), name="class_allows_a_table"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def presets(self) -> list[str]:
        return [
            key
            for key, allowed in (
                ("standard", self.allow_standard),
                ("no-commission", self.allow_no_commission),
            )
            if allowed
        ]


class Membership(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("user")
    )
    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("classroom")
    )
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)

    class Meta:
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
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return str(self.user)
