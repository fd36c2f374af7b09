"""Why a learner may need help: the rules, each with its threshold, and their reasons in words.

The class page lists the learners who need help first (the red bar says *that* they do) and the
"Needs help" column, right after the learner, says why.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from instructors.report.rows import LearnerRow
from progress.assignments import MISSING
from progress.heatmap import percent
from progress.selectors import IN_PROGRESS

#: Overall exercise accuracy below this, over at least ``LOW_ACCURACY_MIN_ATTEMPTS`` answers.
LOW_ACCURACY = 0.6
LOW_ACCURACY_MIN_ATTEMPTS = 5
#: Restarts of their own table chips (an instructor's resets are the instructor's choice).
MANY_RESTARTS = 2
#: Days without any activity.
INACTIVE_DAYS = 7
#: A lesson still in progress after this many answers.
STUCK_ATTEMPTS = 6


def help_reasons(row: LearnerRow, now: datetime) -> list[str]:
    """Why the learner may need help, in words (empty: no sign of it)."""
    reasons = []
    if row.attempts >= LOW_ACCURACY_MIN_ATTEMPTS and row.accuracy is not None and row.accuracy < LOW_ACCURACY:
        reasons.append(
            ngettext(
                "exercise accuracy %(percent)s over %(count)d answer",
                "exercise accuracy %(percent)s over %(count)d answers",
                row.attempts,
            )
            % {"percent": percent(row.correct, row.attempts), "count": row.attempts}
        )
    own_restarts = row.restarts - row.restarts_by_instructor
    if own_restarts >= MANY_RESTARTS:
        reasons.append(
            ngettext(
                "ran out of chips and restarted %(count)d time",
                "ran out of chips and restarted %(count)d times",
                own_restarts,
            )
            % {"count": own_restarts}
        )
    if row.last_active is None:
        days = (now - row.joined_at).days
        if days >= INACTIVE_DAYS:
            reasons.append(
                ngettext(
                    "no activity since joining %(count)d day ago",
                    "no activity since joining %(count)d days ago",
                    days,
                )
                % {"count": days}
            )
    else:
        days = (now - row.last_active).days
        if days >= INACTIVE_DAYS:
            reasons.append(
                ngettext("no activity for %(count)d day", "no activity for %(count)d days", days)
                % {"count": days}
            )
    stuck = [
        _("lesson %(number)s") % {"number": cell.lesson.number}
        for cell in row.lessons
        if cell.status == IN_PROGRESS and cell.attempts >= STUCK_ATTEMPTS
    ]
    if stuck:
        reasons.append(
            ngettext(
                "stuck on %(lessons)s after %(count)d or more answer",
                "stuck on %(lessons)s after %(count)d or more answers",
                STUCK_ATTEMPTS,
            )
            % {"lessons": ", ".join(stuck), "count": STUCK_ATTEMPTS}
        )
    missing = sum(state.status == MISSING for state in row.assignments)
    if missing:
        reasons.append(
            ngettext("%(count)d assignment missing", "%(count)d assignments missing", missing)
            % {"count": missing}
        )
    return reasons
