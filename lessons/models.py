"""Learner records shared by the course and the practice table.

``DrillCell`` is one cell of the Banker table for one learner: the Banker's
two-card total (0-7) against Player's third card (0-9) or "stood". Coach-mode
calls at the table and the drawing-table drill both count towards it, so
mastery is one figure wherever the learner practised.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

#: Correct answers in a row that make a cell mastered.
MASTERY_STREAK = 3
STOOD = "stood"
THIRD_CARD_COLUMNS = [str(value) for value in range(10)] + [STOOD]


class DrillCell(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="drill_cells")
    banker_total = models.PositiveSmallIntegerField()
    third = models.CharField(
        max_length=5,
        choices=[(column, column) for column in THIRD_CARD_COLUMNS],
        help_text="Player's third card value, or 'stood' when Player did not draw.",
    )
    attempts = models.PositiveIntegerField(default=0)
    correct = models.PositiveIntegerField(default=0)
    streak = models.PositiveIntegerField(default=0, help_text="Correct answers in a row, up to now.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
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
        return f"{self.user}: Banker {self.banker_total} / {self.third}"

    @property
    def mastered(self) -> bool:
        return self.streak >= MASTERY_STREAK


class Lesson(models.Model):
    """A lesson's identity and place in the course (its words live in its template)."""

    slug = models.SlugField(max_length=60, unique=True)
    number = models.PositiveSmallIntegerField(unique=True)
    title = models.CharField(max_length=120)

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"{self.number}. {self.title}"


class LessonProgress(models.Model):
    """One learner's progress in one lesson."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lesson_progress"
    )
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="progress")
    started_at = models.DateTimeField(auto_now_add=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    correct = models.PositiveIntegerField(default=0)
    seconds_spent = models.PositiveIntegerField(default=0)
    last_visited = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "lesson progress"
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
        LESSON = "lesson", "Lesson exercise"
        DRILL = "drill", "Drawing-table drill"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="attempts")
    source = models.CharField(max_length=6, choices=Source.choices)
    lesson = models.ForeignKey(
        Lesson, on_delete=models.CASCADE, null=True, blank=True, related_name="attempts"
    )
    kind = models.CharField(max_length=20)
    nonce = models.CharField(
        max_length=32, help_text="The question's one-time id: a replayed answer is refused."
    )
    question = models.JSONField()
    answer = models.CharField(max_length=200)
    correct = models.BooleanField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["user", "nonce"], name="one_answer_per_question")]

    def __str__(self) -> str:
        return f"{self.user} · {self.kind} · {'right' if self.correct else 'wrong'}"
