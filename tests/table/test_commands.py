"""``manage.py baccarat coup``: the command line as a user runs it.

The tests run the command in this process through ``call_command``
(``tests/table/baccarat_cli.py``: ``baccarat()`` returns its exit status, stdout
and stderr as the command line would show them); one smoke test starts a real
``manage.py`` process, where the process itself (exit statuses, argparse's
usage errors, the split between stdout and stderr) is the point. ``odds`` and
``simulate``: ``test_commands_odds.py``; the bets of each table (``--rules``,
``--tie-pays``): ``test_commands_tables.py``.
"""

from __future__ import annotations

import io
import json
import re
import sys
from unittest import mock

import pytest
from django.core.management import CommandError, call_command

from tests.table.baccarat_cli import (
    COUP_FIELDS,
    SEED_004_NATURAL,
    SEED_004_TIE,
    assert_clean_failure,
    baccarat,
    call,
    coup_fields,
    process,
)

# --- coup -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        pytest.param(["4", "2", "4", "3"], SEED_004_NATURAL, id="seed-004-natural"),
        pytest.param(["5", "3", "K", "J", "8"], SEED_004_TIE, id="seed-004-tie"),
        pytest.param(
            ["6", "2", "K", "3", "4"],
            {
                "player": ["6", "K"],
                "banker": ["2", "3", "4"],
                "player_total": 6,
                "banker_total": 9,
                "natural": False,
                "outcome": "banker",
                "steps": ["player_stands", "banker_draws_player_stood", "coup_over"],
            },
            id="player-stands-banker-draws",
        ),
        pytest.param(
            ["2", "A", "3", "2", "8", "K", "Q", "9"],
            {
                "player": ["2", "3", "8"],
                "banker": ["A", "2"],
                "player_total": 3,
                "banker_total": 3,
                "natural": False,
                "outcome": "tie",
                "steps": ["player_draws", "banker_stands_table", "coup_over"],
            },
            id="banker-stands-on-3-against-an-8-leftovers-ignored",
        ),
    ],
)
def test_coup_json_resolves_the_coup_from_the_cards_in_dealing_order(cards, expected):
    assert coup_fields(json.loads(call("coup", "--json", *cards))) == expected


def test_a_real_process_prints_json_on_stdout_and_exits_2_with_usage_on_stderr_on_bad_options():
    run = process("coup", "--json", "4", "2", "4", "3")

    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    assert coup_fields(json.loads(run.stdout)) == SEED_004_NATURAL

    stderr = assert_clean_failure(process("odds", "--rules", "european"))
    assert "usage:" in stderr and "european" in stderr


def test_coup_json_accepts_suit_letters_in_either_case_and_ignores_leftover_cards():
    run = baccarat("coup", "--json", "KH", "7c", "2d", "3S", "9", "9", "9", "9")

    assert run.returncode == 0, run.stderr
    result = coup_fields(json.loads(run.stdout))
    assert [token.upper() for token in result["player"]] == ["KH", "2D", "9"]
    assert [token.upper() for token in result["banker"]] == ["7C", "3S", "9"]
    assert (result["player_total"], result["banker_total"]) == (1, 9)
    assert result["outcome"] == "banker"
    assert result["natural"] is False
    assert result["steps"] == ["player_draws", "banker_draws_table", "coup_over"]


def test_coup_json_with_leftover_cards_after_a_natural_gives_the_same_result_as_without():
    with_leftovers = io.StringIO()
    call_command("baccarat", "coup", "--json", "4", "2", "4", "3", "9", "9", "K", stdout=with_leftovers)

    assert coup_fields(json.loads(with_leftovers.getvalue())) == SEED_004_NATURAL


def test_coup_json_prints_exactly_one_json_object_on_one_line():
    out = io.StringIO()
    call_command("baccarat", "coup", "--json", "5", "3", "K", "J", "8", stdout=out)

    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    assert coup_fields(json.loads(lines[0])) == SEED_004_TIE


def test_coup_without_json_prints_the_totals_and_the_result_of_the_seed_004_natural():
    run = baccarat("coup", "4", "2", "4", "3")

    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    text = run.stdout
    assert re.search(r"Player\b.*\b8\b", text)
    assert re.search(r"Banker\b.*\b5\b", text)
    assert re.search(r"player wins", text, re.IGNORECASE)
    assert "natural" in text.lower()
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)


@pytest.mark.parametrize(
    ("cards", "totals", "result"),
    [
        (["5", "3", "K", "J", "8"], (3, 3), r"\btie\b"),
        (["6", "2", "K", "3", "4"], (6, 9), r"banker wins"),
    ],
)
def test_coup_without_json_names_both_totals_and_the_result(cards, totals, result):
    out = io.StringIO()
    call_command("baccarat", "coup", *cards, stdout=out)

    text = out.getvalue()
    assert re.search(rf"Player\b.*\b{totals[0]}\b", text)
    assert re.search(rf"Banker\b.*\b{totals[1]}\b", text)
    assert re.search(result, text, re.IGNORECASE)
    assert "(natural)" not in text


@pytest.mark.parametrize(
    ("args", "must_mention"),
    [
        pytest.param(["4", "2", "X", "3"], "X", id="unknown-token"),
        pytest.param(["4", "2", "4"], None, id="too-few-cards"),
        pytest.param(["--json", "5", "3", "K", "J"], None, id="too-few-cards-for-the-third-card-json"),
        pytest.param([], None, id="no-cards-at-all"),
    ],
)
def test_coup_with_bad_cards_exits_2_with_a_message_on_stderr_and_nothing_on_stdout(args, must_mention):
    stderr = assert_clean_failure(baccarat("coup", *args))

    assert "card" in stderr.lower()
    if must_mention is not None:
        assert f"'{must_mention}'" in stderr or f'"{must_mention}"' in stderr


def test_coup_rejects_an_unknown_token_even_among_the_leftover_cards():
    with pytest.raises(CommandError) as caught:
        call("coup", "--json", "4", "2", "4", "3", "11")
    assert "11" in str(caught.value)


def test_coup_errors_through_call_command_are_command_errors_with_status_2():
    for cards in (["4", "2", "Z9", "3"], ["4", "2", "4"], []):
        with pytest.raises(CommandError) as caught:
            call_command("baccarat", "coup", *cards, stdout=io.StringIO())
        assert caught.value.returncode == 2, cards


# --- coup --stdin -------------------------------------------------------------------------------


def test_coup_stdin_writes_one_json_object_per_line_in_order_with_an_error_object_for_a_bad_line():
    lines = ["4 2 4 3", "4 2 Q7 3", "5 3 K J 8", "KH 7c 2d 3S 9 9", "4 2 4", "4 2 4 3 W"]
    run = baccarat("coup", "--stdin", stdin="\n".join(lines) + "\n")

    assert run.returncode == 2
    outputs = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(outputs) == len(lines)

    assert coup_fields(outputs[0]) == SEED_004_NATURAL
    assert "error" in outputs[1] and "Q7" in outputs[1]["error"]
    assert not COUP_FIELDS & outputs[1].keys(), "an error line carries no coup fields"
    assert coup_fields(outputs[2]) == SEED_004_TIE
    assert (outputs[3]["player_total"], outputs[3]["banker_total"], outputs[3]["outcome"]) == (1, 9, "banker")
    assert "error" in outputs[4] and outputs[4]["error"]
    assert "error" in outputs[5] and "W" in outputs[5]["error"]  # a bad leftover token is still bad

    # Both errors are reported on stderr as well, and no traceback.
    assert "Q7" in run.stderr
    assert "Traceback" not in run.stderr
    assert outputs[1]["error"] in run.stderr
    assert outputs[4]["error"] in run.stderr
    assert outputs[5]["error"] in run.stderr


def test_coup_stdin_with_only_good_lines_exits_0_and_keeps_the_order():
    run = baccarat("coup", "--stdin", stdin="5 3 K J 8\n4 2 4 3\n6 2 K 3 4")  # no final newline

    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    outputs = [json.loads(line) for line in run.stdout.splitlines()]
    assert [coup_fields(o) for o in outputs[:2]] == [SEED_004_TIE, SEED_004_NATURAL]
    assert outputs[2]["outcome"] == "banker"
    assert len(outputs) == 3
    assert all("error" not in o for o in outputs)


def test_coup_stdin_reads_sys_stdin_when_called_through_call_command(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("4 2 4 3\n5 3 K J 8\n"))
    out = io.StringIO()

    call_command("baccarat", "coup", "--stdin", stdout=out, stderr=io.StringIO())

    outputs = [coup_fields(json.loads(line)) for line in out.getvalue().splitlines()]
    assert outputs == [SEED_004_NATURAL, SEED_004_TIE]


def test_coup_stdin_with_a_bad_line_raises_a_status_2_error_after_writing_every_line(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("4 2 4 3\nJOKER 2 4 3\n5 3 K J 8\n"))
    out, err = io.StringIO(), io.StringIO()

    with pytest.raises(CommandError) as caught:
        call_command("baccarat", "coup", "--stdin", stdout=out, stderr=err)

    assert caught.value.returncode == 2
    outputs = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(outputs) == 3
    assert "JOKER" in outputs[1]["error"]
    assert coup_fields(outputs[2]) == SEED_004_TIE
    assert "JOKER" in err.getvalue()


def test_stdin_skips_blank_lines_and_keeps_the_order_of_the_others():
    out = io.StringIO()
    with mock.patch("sys.stdin", io.StringIO("4 2 4 3\n\n   \n5 3 K J 8\n\n")):
        call_command("baccarat", "coup", "--stdin", stdout=out)

    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [coup_fields(result) for result in results] == [SEED_004_NATURAL, SEED_004_TIE]


def test_cards_given_both_as_arguments_and_on_stdin_are_refused():
    assert_clean_failure(baccarat("coup", "--stdin", "4", "2", "4", "3", stdin="4 2 4 3\n"))
