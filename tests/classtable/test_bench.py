"""The class table's in-process benchmark plays its coups and reports the figures and a clean ledger."""

import io
import json

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_the_bench_plays_every_coup_and_finds_the_ledger_exact():
    out = io.StringIO()
    call_command("classtable_bench", learners=3, coups=2, stdout=out)
    figures = json.loads(out.getvalue())
    assert (figures["class_learners"], figures["class_coups"], figures["class_ledger_mismatches"]) == (
        3,
        2,
        0,
    )
    assert figures["class_settle_p95_ms"] >= figures["class_settle_p50_ms"] > 0
