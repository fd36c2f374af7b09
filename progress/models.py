"""What a learner has done: the course's lessons, progress in each, every answer, and drill cells.

``DrillCell`` is one cell of the Banker table for one learner: the Banker's
two-card total (0-7) against Player's third card (0-9) or "stood". Coach-mode
calls at the table and the drawing-table drill both count towards it, so
mastery is one figure wherever the learner practised.

``Assignment`` is what an instructor asks of a class by a due moment: a
lesson, or a drill target. ``DrillMasteryReached`` keeps the moment a learner
first mastered every cell of the Banker table (mastery of a cell can be lost
again, so the moment is recorded when it happens, not read from the cells).

``Lesson`` is the course's catalogue (identity and order; the words live in
``lessons``): it sits here, below the practice table, because the table's
coach mode asks whether a learner has finished the course. The tables keep
the names they had when these models lived in ``lessons`` (``Meta.db_table``).
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from accounts.models import Classroom

#: Correct answers in a row that make a cell mastered.
MASTERY_STREAK = 3
STOOD = "stood"
THIRD_CARD_COLUMNS = [str(value) for value in range(10)] + [STOOD]
#: Cells of the Banker table: Banker's two-card totals 0-7 against each column.
CELL_COUNT = 8 * len(THIRD_CARD_COLUMNS)


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
        db_table = "lessons_drillcell"
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
        db_table = "lessons_lesson"
        ordering = ["number"]
        verbose_name = _("lesson")
        verbose_name_plural = _("lessons")

    def __str__(self) -> str:
        return f"{self.number}. {self.display_title}"

    @property
    def display_title(self) -> str:
        """The title in the active language (the stored English title is the catalogue's message id)."""
        return gettext(self.title)


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
        db_table = "lessons_lessonprogress"
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
    seconds = models.DecimalField(
        _("seconds"),
        max_digits=8,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_(
            "From the question being shown to the answer arriving, on the server's clock (the drill)."
        ),
    )
    too_fast = models.BooleanField(
        _("too fast"),
        default=False,
        help_text=_(
            "Answered faster than a person can read the question and answer: not counted on its cell."
        ),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        db_table = "lessons_attempt"
        ordering = ["id"]
        verbose_name = _("attempt")
        verbose_name_plural = _("attempts")
        constraints = [models.UniqueConstraint(fields=["user", "nonce"], name="one_answer_per_question")]

    def __str__(self) -> str:
        if self.correct:
            return _("%(user)s · %(kind)s · right") % {"user": self.user, "kind": self.kind}
        return _("%(user)s · %(kind)s · wrong") % {"user": self.user, "kind": self.kind}


class DrillMasteryReached(models.Model):
    """The moment a learner first had every cell of the Banker table mastered at once."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="drill_mastery_reached",
        verbose_name=_("user"),
    )
    reached_at = models.DateTimeField(_("reached at"))

    class Meta:
        verbose_name = _("drill mastery reached")
        verbose_name_plural = _("drill mastery reached")

    def __str__(self) -> str:
        return _("%(user)s: every Banker-table cell mastered") % {"user": self.user}


#: A dealer-mode assignment without a number asks for this many clean rounds.
DEALER_ASSIGNMENT_ROUNDS = 10
MAX_DEALER_ASSIGNMENT_ROUNDS = 500


class Assignment(models.Model):
    """Something a class is asked to do by ``due_at``: a lesson, or a drill target.

    The status of each learner is computed per ``kind`` (``progress.assignments.DONE_AT``).
    """

    class Kind(models.TextChoices):
        LESSON = "lesson", _("Complete a lesson")
        DRILL_MASTERY = "drill-mastery", _("Master every cell of the Banker table")
        PAYOUT_MASTERY = "payout-mastery", _("Reach mastery in the timed payout drill")
        DEALER_ROUNDS = "dealer-rounds", _("Deal clean rounds in dealer mode")

    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, related_name="assignments", verbose_name=_("class")
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices, default=Kind.LESSON)
    lesson = models.ForeignKey(
        Lesson,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="assignments",
        verbose_name=_("lesson"),
        help_text=_("Only for a lesson assignment."),
    )
    rounds = models.PositiveSmallIntegerField(
        _("clean rounds"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_DEALER_ASSIGNMENT_ROUNDS)],
        help_text=_("Only for a dealer-mode assignment: how many clean rounds (1 to 500)."),
    )
    due_at = models.DateTimeField(_("due"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["due_at", "id"]
        verbose_name = _("assignment")
        verbose_name_plural = _("assignments")
        constraints = [
            models.CheckConstraint(
                condition=(Q(kind="lesson") & Q(lesson__isnull=False))
                | (~Q(kind="lesson") & Q(lesson__isnull=True)),
                name="assignment_lesson_iff_lesson_kind",
            ),
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        """What is asked, in the active language."""
        if self.kind == self.Kind.LESSON and self.lesson is not None:
            return gettext("Lesson %(lesson)s") % {"lesson": self.lesson}
        if self.kind == self.Kind.DEALER_ROUNDS:
            count = self.rounds or DEALER_ASSIGNMENT_ROUNDS
            return ngettext(
                "Deal %(count)s clean round in dealer mode",
                "Deal %(count)s clean rounds in dealer mode",
                count,
            ) % {"count": count}
        return str(self.get_kind_display())


#: Payout drill: right answers in a row, each faster than ``PAYOUT_MASTERY_SECONDS``, that make mastery.
PAYOUT_MASTERY_STREAK = 20
#: Payout drill: an answer counts towards mastery only if it came in under this many seconds.
PAYOUT_MASTERY_SECONDS = Decimal("5")
#: The largest time an answer can record (a question is refused after a day anyway).
PAYOUT_MAX_SECONDS = Decimal("999999.99")
#: Payout drill: an answer in less time than this was not a person's, so it never counts towards a run
#: (it ends the run). Why 1 s: the clock runs from the question being issued to the answer arriving, so it
#: takes in the page's way to the browser and the answer's way back; in between, even the shortest
#: question (one Tie bet) has to be read (finding the winner and the stake takes a reader at least two or
#: three eye fixations of about 0.25 s each) and its amount typed, at least two digits and Enter (a fast
#: typist's keystrokes are about 0.1-0.2 s apart). That is well over 1 s for anyone, and mastery asks
#: for under 5 s, so a real learner never comes near the floor; a script that reads the prompt answers
#: in a few milliseconds.
PAYOUT_FLOOR_SECONDS = Decimal("1")
#: Drawing-table drill: an answer in less time than this is not counted on its cell. Why 0.5 s: the
#: question is one short sentence with two numbers and the answer one click or key (Draws has the
#: focus), so the floor is lower than the payout drill's; but reading two numbers off a screen and
#: choosing one of two keys is a choice reaction, which takes a person about 0.4 s at the very best,
#: and the server's clock adds the round trip on top.
DRILL_FLOOR_SECONDS = Decimal("0.5")


class PayoutAnswer(models.Model):
    """One answer in the timed payout drill; never changed once written.

    ``seconds`` is measured on the server: from the moment the question was
    issued to the moment the answer arrived. ``fast`` says whether it was right
    and under ``PAYOUT_MASTERY_SECONDS`` (and not ``too_fast``), so it counted
    towards mastery. ``too_fast``: under ``PAYOUT_FLOOR_SECONDS``, faster than a
    person can read and type, so it ended the run instead. ``skipped``: the
    question was shown and never answered (the page reloaded or left, a new
    question asked for); it counts as a wrong answer and ``seconds`` is how long
    it was on screen.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="payout_answers",
        verbose_name=_("user"),
    )
    nonce = models.CharField(
        _("nonce"), max_length=32, help_text=_("The question's one-time id: a replayed answer is refused.")
    )
    kind = models.CharField(_("kind"), max_length=30)
    question = models.JSONField(_("question"), help_text=_("What was asked, with its right answers."))
    answer = models.JSONField(_("answer"), help_text=_("The amounts as the learner typed them."))
    correct = models.BooleanField(_("correct"))
    seconds = models.DecimalField(_("seconds"), max_digits=8, decimal_places=2)
    fast = models.BooleanField(_("right and fast"), help_text=_("Right, and under the mastery time."))
    too_fast = models.BooleanField(
        _("too fast"),
        default=False,
        help_text=_("Under the floor: faster than a person can read and type; it ended the run."),
    )
    skipped = models.BooleanField(
        _("skipped"),
        default=False,
        help_text=_("Shown and not answered (reloaded, left, a new question asked for): counted as wrong."),
    )
    created_at = models.DateTimeField(_("created at"))

    class Meta:
        ordering = ["id"]
        verbose_name = _("payout-drill answer")
        verbose_name_plural = _("payout-drill answers")
        constraints = [
            models.UniqueConstraint(fields=["user", "nonce"], name="one_payout_answer_per_question"),
            models.CheckConstraint(condition=Q(seconds__gte=0), name="payout_answer_seconds_not_negative"),
            models.CheckConstraint(
                condition=Q(fast=False) | Q(correct=True), name="payout_answer_fast_only_if_correct"
            ),
            models.CheckConstraint(
                condition=Q(too_fast=False) | Q(fast=False), name="payout_answer_too_fast_never_counts"
            ),
            models.CheckConstraint(
                condition=Q(skipped=False) | Q(correct=False, fast=False, too_fast=False),
                name="payout_answer_skipped_is_wrong",
            ),
        ]
        indexes = [models.Index(fields=["user", "created_at"], name="payout_answer_by_learner")]

    def __str__(self) -> str:
        if self.correct:
            return _("%(user)s · %(kind)s · right") % {"user": self.user, "kind": self.kind}
        return _("%(user)s · %(kind)s · wrong") % {"user": self.user, "kind": self.kind}


class PayoutRecord(models.Model):
    """One learner's standing in the payout drill, kept with every answer (under a row lock).

    ``streak`` counts right answers in a row each under the mastery time; a
    wrong, slow, too fast or skipped answer sets it back to 0. ``best_streak`` is the personal
    best: the longest such run ever. ``mastered_at`` is set once, when the
    streak first reaches ``PAYOUT_MASTERY_STREAK``, and never taken away.
    ``best_run_seconds`` is the fastest time for ``PAYOUT_MASTERY_STREAK``
    such answers in a row.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="payout_record",
        verbose_name=_("user"),
    )
    answers = models.PositiveIntegerField(_("answers"), default=0)
    correct = models.PositiveIntegerField(_("correct"), default=0)
    streak = models.PositiveIntegerField(_("streak"), default=0)
    best_streak = models.PositiveIntegerField(_("best streak"), default=0)
    best_run_seconds = models.DecimalField(
        _("fastest mastery run (seconds)"), max_digits=9, decimal_places=2, null=True, blank=True
    )
    mastered_at = models.DateTimeField(_("mastered at"), null=True, blank=True)

    class Meta:
        verbose_name = _("payout-drill record")
        verbose_name_plural = _("payout-drill records")
        constraints = [
            models.CheckConstraint(
                condition=Q(correct__lte=models.F("answers")), name="payout_record_correct_le_answers"
            ),
            models.CheckConstraint(
                condition=Q(streak__lte=models.F("best_streak")), name="payout_record_streak_le_best"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.correct}/{self.answers}"


# Dealer mode's records live in their own module (this one is long enough); imported so Django finds them.
from progress.dealer_models import DEALER_ERROR_KINDS, DEALER_ERROR_LABELS, DealerRecord  # noqa: E402, F401
