"""``manage.py bench --class-table`` itself, tiny: three learners, one round, on PostgreSQL and gunicorn.

It checks that the bench reports every figure issue 29 asks for and that its round went through with
no error and balanced ledgers; never its timings (those are the bench's to print, not a test's).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from django.conf import settings
from django.db import connection

from table.benchmark import child_env

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

FIGURES = {
    "class_learners",
    "class_poll_p50_ms",
    "class_poll_p95_ms",
    "class_card_seen_p95_ms",
    "class_settle_p95_ms",
    "class_errors",
    "class_ledger_mismatches",
}


def test_a_tiny_class_table_bench_reports_every_figure_with_no_error_and_balanced_ledgers():
    conf = connection.settings_dict
    password = f":{conf['PASSWORD']}" if conf["PASSWORD"] else ""
    server = f"{conf['HOST'] or '127.0.0.1'}:{conf['PORT'] or 5432}"
    url = f"postgres://{conf['USER']}{password}@{server}/{conf['NAME']}"
    command = ["bench", "--class-table", "--learners", "3", "--rounds", "1", "--processes", "1"]
    quick = ["--poll-every", "0.5", "--bet-window", "2", "--think", "0.5", "--deal-every", "0.5"]
    result = subprocess.run(
        [sys.executable, "manage.py", *command, *quick],
        cwd=settings.BASE_DIR,
        env=child_env({"DATABASE_URL": url}),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    lines = result.stdout.strip().splitlines()
    figures = json.loads(lines[-1])

    assert figures.keys() >= FIGURES, FIGURES - figures.keys()
    assert [line for line in lines if line.startswith("{")] == [lines[-1]]  # one JSON line
    assert figures["class_learners"] == 3 and figures["class_rounds"] == 1
    assert figures["class_errors"] == 0, figures["class_error_samples"]
    assert figures["class_ledger_mismatches"] == 0
    assert figures["class_bets_settled"] == figures["class_bets_expected"] == 3
    # Every learner saw every card: one delay per learner and card, none missing.
    assert figures["class_cards_dealt"] >= 4 and figures["class_polls_unchanged"] > 0
    assert set(figures["class_poll_p95_ms_by_phase"]) <= {"betting", "dealing", "settled"}
    assert figures["class_poll_unchanged_status"] == 304 and figures["class_poll_unchanged_templates"] == 0
