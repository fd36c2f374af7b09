"""Running ``manage.py baccarat`` in tests: in this process through ``call_command`` (``baccarat()``,
``call()``), or once as a real process (``process()``), and the seed-004 coups they check."""

from __future__ import annotations

import io
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

from django.conf import settings
from django.core.management import CommandError, call_command

BASE_DIR = Path(settings.BASE_DIR)

COUP_FIELDS = {"player", "banker", "player_total", "banker_total", "natural", "outcome", "steps"}

SEED_004_NATURAL = {
    "player": ["4", "4"],
    "banker": ["2", "3"],
    "player_total": 8,
    "banker_total": 5,
    "natural": True,
    "outcome": "player",
    "steps": ["natural", "coup_over"],
}
SEED_004_TIE = {
    "player": ["5", "K", "8"],
    "banker": ["3", "J"],
    "player_total": 3,
    "banker_total": 3,
    "natural": False,
    "outcome": "tie",
    "steps": ["player_draws", "banker_stands_table", "coup_over"],
}


@dataclass(frozen=True)
class Run:
    returncode: int
    stdout: str
    stderr: str


def baccarat(*args: str, stdin: str | None = None) -> Run:
    """``manage.py baccarat ARGS`` in this process: a ``CommandError`` becomes its exit status and
    its message on stderr, as ``manage.py`` reports it."""
    out, err = io.StringIO(), io.StringIO()
    with mock.patch("sys.stdin", io.StringIO(stdin or "")):
        try:
            call_command("baccarat", *args, stdout=out, stderr=err)
        except CommandError as error:
            err.write(f"CommandError: {error}\n")
            return Run(error.returncode, out.getvalue(), err.getvalue())
    return Run(0, out.getvalue(), err.getvalue())


def process(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python manage.py baccarat ARGS`` as a real process from the project root."""
    return subprocess.run(
        [sys.executable, "manage.py", "baccarat", *args],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        input="",
        timeout=120,
    )


def call(*args: str) -> str:
    """Run the command in-process through ``call_command``; returns its stdout."""
    out = io.StringIO()
    call_command("baccarat", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def coup_fields(result: dict) -> dict:
    """The fields the spec names (the command may add more, e.g. ``margin``)."""
    assert result.keys() >= COUP_FIELDS, f"missing fields: {COUP_FIELDS - result.keys()}"
    return {key: result[key] for key in COUP_FIELDS}


def assert_clean_failure(run: Run | subprocess.CompletedProcess[str]) -> str:
    """Exit status 2, nothing on stdout, one clear message on stderr; returns stderr."""
    assert run.returncode == 2, run
    assert run.stdout == ""
    assert run.stderr.strip(), "expected a message on stderr"
    assert "Traceback" not in run.stderr
    return run.stderr
