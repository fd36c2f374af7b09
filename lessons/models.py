"""The course's own working state: the questions issued and not answered yet.

``IssuedQuestion`` is why an exercise or drill answer can be graded without
the page saying what the right answer is: the question, right answer
included, stays here, and the page only carries the row's one-time nonce.
How rows are made, looked up and thrown away is ``lessons.questions``.

It lives in ``lessons``, not in ``progress``: only the course makes, grades
and throws away these questions, and nothing below it in the layers reads
them; ``progress`` keeps the lasting record of what a learner answered
(``Attempt``), which this model points into through ``Lesson`` and the user.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from progress.models import Attempt, Lesson


class QuestionPlace(models.TextChoices):
    """Where a question is asked: each place keeps (and caps) its own waiting questions."""

    LESSON = Attempt.Source.LESSON.value, Attempt.Source.LESSON.label
    DRILL = Attempt.Source.DRILL.value, Attempt.Source.DRILL.label
    PAYOUT = "payout", _("Payout drill")


class IssuedQuestion(models.Model):
    """A question shown to one learner and waiting for its answer; deleted once answered."""

    Place = QuestionPlace

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="issued_questions",
        verbose_name=_("user"),
    )
    nonce = models.CharField(
        _("nonce"),
        max_length=32,
        unique=True,
        help_text=_("The question's one-time id: the only thing the page carries."),
    )
    source = models.CharField(_("source"), max_length=6, choices=QuestionPlace.choices)
    lesson = models.ForeignKey(
        Lesson,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="issued_questions",
        verbose_name=_("lesson"),
    )
    question = models.JSONField(_("question"), help_text=_("What was asked, with its right answer."))
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        ordering = ["id"]
        verbose_name = _("issued question")
        verbose_name_plural = _("issued questions")
        indexes = [
            models.Index(fields=["user", "source", "created_at"], name="issued_question_by_place"),
            models.Index(fields=["created_at"], name="issued_question_by_age"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(source=QuestionPlace.LESSON, lesson__isnull=False)
                | Q(source__in=[QuestionPlace.DRILL, QuestionPlace.PAYOUT], lesson__isnull=True),
                name="issued_question_lesson_only_for_lessons",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.question.get('kind', '?')} · {self.nonce}"
