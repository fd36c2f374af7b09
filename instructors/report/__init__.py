"""The instructor's report: the class progress page, its CSV, and one learner's page.

- ``queries``: the reads (a fixed number of queries per class) and the pages' data.
- ``rows``: one learner's figures and their texts.
- ``help``: the rules that say why a learner may need help.
- ``columns``: one ``Column(label, key, text, sort)`` per column of the table; the page, the CSV
  and the learner's summary take their cells from these.
"""

from instructors.report.columns import Cell, Column, columns_for, csv_safe, sort_rows
from instructors.report.queries import (
    ClassProgress,
    LearnerProgress,
    class_progress,
    learner_progress,
    progress_table,
)

__all__ = [
    "Cell",
    "ClassProgress",
    "Column",
    "LearnerProgress",
    "class_progress",
    "columns_for",
    "csv_safe",
    "learner_progress",
    "progress_table",
    "sort_rows",
]
