"""The class's dealer auditions on the progress page, the learner's page and the CSV.

One column, right after the summary columns: each learner's audition attempts in the class and
the best result so far (passed, signed off), from ``auditions.selectors.audition_records`` (a fixed
number of queries per class). The learner's page lists every attempt.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from auditions.selectors import AttemptLine, AuditionRecord
from instructors.report.columns import Column, summary_columns
from instructors.report.rows import NONE_TEXT, LearnerRow

AUDITION_KEY = "audition"


def line_text(line: AttemptLine) -> str:
    """One attempt: ``passed 85.6 %, signed off``, ``not passed 40 %``, ``running``."""
    score = line.result.score_text
    if line.running:
        return _("running")
    if line.signed_off:
        return _("passed %(score)s %%, signed off") % {"score": score}
    if line.result.passed:
        return _("passed %(score)s %%, to sign off") % {"score": score}
    return _("not passed %(score)s %%") % {"score": score}


def record_text(record: AuditionRecord | None) -> str:
    """A learner's attempts in a cell: how many, and the best one's result."""
    if record is None or not record.lines:
        return NONE_TEXT
    count = ngettext("%(count)s attempt", "%(count)s attempts", record.attempts) % {"count": record.attempts}
    best = record.best
    shown = best if best is not None else record.lines[0]
    return f"{count} · {line_text(shown)}"


def record_sort(record: AuditionRecord | None) -> tuple[int, float] | None:
    """Signed off first, then passed, then by the best score; no attempt is a missing value."""
    if record is None or not record.lines:
        return None
    best = record.best
    score = float(best.result.score) if best is not None else 0.0
    return (-(2 * record.signed_off + record.passed), -score)


def audition_column(records: dict[int, AuditionRecord]) -> Column:
    return Column(
        _("Dealer audition"),
        AUDITION_KEY,
        text=lambda row: record_text(records.get(row.user_id)),
        sort=lambda row: record_sort(records.get(row.user_id)),
    )


def with_audition_column(columns: list[Column], records: dict[int, AuditionRecord]) -> list[Column]:
    """The class page's columns with the audition's right after the summary columns."""
    at = 2 + len(summary_columns())  # after the learner, "Needs help" and the summary
    return [*columns[:at], audition_column(records), *columns[at:]]


def summary_line(row: LearnerRow, record: AuditionRecord | None) -> tuple[str, str]:
    """The learner page's summary entry: ``(heading, text)``."""
    return (_("Dealer audition"), record_text(record))
