"""``manage.py bench`` itself: a short run on PostgreSQL reports every figure issue 16 asks for, honestly."""

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
    "in_process_deal_p50_ms",
    "in_process_ping_p50_ms",
    "in_process_ratio_deal_to_ping",
    "in_process_anonymous_ping_p50_ms",
    "http_light_deal_p50_ms",
    "http_light_ping_p50_ms",
    "http_light_ratio_deal_to_ping",
    "http_light_settle_p50_ms",
    "deal_response_bytes_max",
    "settling_response_bytes_p50",
    "saturation_deal_requests_per_second",
    "saturation_ping_requests_per_second",
    "generator_cpu_seconds",
    "queries_per_deal_request",
    "queries_per_settling_request",
}


def test_a_short_bench_reports_every_figure_with_no_error_and_balanced_ledgers():
    conf = connection.settings_dict
    url = f"postgres://{conf['USER']}@{conf['HOST'] or '127.0.0.1'}:{conf['PORT'] or 5432}/{conf['NAME']}"
    result = subprocess.run(
        [sys.executable, "manage.py", "bench", "--learners", "8", "--concurrency", "4", "--seconds", "3"],
        cwd=settings.BASE_DIR,
        env=child_env({"DATABASE_URL": url}),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    figures = json.loads(result.stdout.strip().splitlines()[-1])

    assert figures.keys() >= FIGURES, FIGURES - figures.keys()
    assert figures["errors"] == 0 and figures["balances_not_matching_ledger"] == 0
    assert figures["double_settlements"] == 0
    assert figures["queries_per_deal_request"] <= 6 and figures["queries_per_settling_request"] <= 10
    assert figures["deal_response_bytes_max"] <= 2500
    assert figures["saturation_deal_requests_per_second"] > 0 and figures["generator_cpu_seconds"] > 0
    assert "load generator: 2 processes used" in result.stdout
