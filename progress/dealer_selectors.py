"""Dealer-mode figures per learner for the instructors' reports: rounds, clean-round rate, median round
time and errors by kind, from the ``DealerRecord`` rows (one query for any number of learners).

Rounds flagged ``too_fast`` (an action faster than a person can act) are counted apart and left out of
the rate, the median and the errors: they are not a person's round.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from statistics import median

from progress.dealer_models import DEALER_ERROR_KINDS, DealerRecord


@dataclass
class DealerSummary:
    rounds: int = 0
    clean: int = 0
    median_ms: int | None = None
    too_fast: int = 0
    errors: dict[str, int] = field(default_factory=dict)

    @property
    def clean_rate(self) -> float | None:
        return self.clean / self.rounds if self.rounds else None


def dealer_summary(user_ids: Iterable[int]) -> dict[int, DealerSummary]:
    """Every learner's dealer-mode figures (learners without a round get an empty summary)."""
    ids = list(user_ids)
    summaries = {user_id: DealerSummary() for user_id in ids}
    times: dict[int, list[int]] = {user_id: [] for user_id in ids}
    rows = DealerRecord.objects.filter(user_id__in=ids).values_list(
        "user_id", "clean", "too_fast", "duration_ms", "errors"
    )
    for user_id, clean, too_fast, duration_ms, errors in rows:
        summary = summaries[user_id]
        if too_fast:
            summary.too_fast += 1
            continue
        summary.rounds += 1
        summary.clean += int(clean)
        times[user_id].append(duration_ms)
        for kind in DEALER_ERROR_KINDS:
            if errors.get(kind):
                summary.errors[kind] = summary.errors.get(kind, 0) + int(errors[kind])
    for user_id, found in times.items():
        if found:
            summaries[user_id].median_ms = int(median(found))
    return summaries
