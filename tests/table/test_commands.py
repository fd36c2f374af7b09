"""``manage.py baccarat``: the command line as a user runs it.

The tests run the command in this process through ``call_command`` (``baccarat()``
below returns its exit status, stdout and stderr as the command line would show
them); one smoke test starts a real ``manage.py`` process, where the process
itself (exit statuses, argparse's usage errors, the split between stdout and
stderr) is the point.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

import pytest
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


# --- odds ---------------------------------------------------------------------------------------

# Reference figures: probabilities to 6 decimals, house edges as percentages to 4 decimals.
ODDS_REFERENCE = {
    (8, "standard"): {
        "probabilities": {"banker": 0.458597, "player": 0.446247, "tie": 0.095156},
        "house_edge": {
            "banker": 1.0579,
            "player": 1.2351,
            "tie": 14.3596,
            "lion_bonus_player": 2.6517,
            "lion_bonus_banker": 9.3731,
        },
    },
    (8, "no-commission"): {
        "probabilities": {"banker": 0.458597, "player": 0.446247, "tie": 0.095156},
        "house_edge": {
            "banker": 1.4581,
            "player": 1.2351,
            "tie": 14.3596,
            "lion_bonus_player": 2.6517,
            "lion_bonus_banker": 9.3731,
        },
    },
    # Six decks: the published exact figures (banker 1.0558 %, player 1.2374 %, tie 14.4382 %).
    (6, "standard"): {
        "probabilities": {"banker": 0.458653, "player": 0.446279, "tie": 0.095069},
        "house_edge": {"banker": 1.0558, "player": 1.2374, "tie": 14.4382},
    },
}


@pytest.mark.parametrize(("decks", "rules"), list(ODDS_REFERENCE), ids=lambda v: str(v))
def test_odds_json_has_the_documented_shape_and_the_reference_figures(decks, rules):
    output = call("odds", "--json", "--decks", str(decks), "--rules", rules)
    assert len(output.splitlines()) == 1
    data = json.loads(output)
    assert set(data) == {"decks", "rules", "probabilities", "house_edge"}
    assert data["decks"] == decks and isinstance(data["decks"], int)
    assert data["rules"] == rules
    assert set(data["probabilities"]) == {"player", "banker", "tie"}
    # exact keys: the Lion Bonus edges are named in full (issue 12)
    assert list(data["house_edge"]) == ["player", "banker", "tie", "lion_bonus_player", "lion_bonus_banker"]
    assert sum(data["probabilities"].values()) == pytest.approx(1, abs=1e-12)

    reference = ODDS_REFERENCE[(decks, rules)]
    for outcome, probability in reference["probabilities"].items():
        assert data["probabilities"][outcome] == pytest.approx(probability, abs=5e-7), outcome
    for bet, percent in reference["house_edge"].items():
        # house edge is a fraction of the stake, positive in the house's favour
        assert data["house_edge"][bet] == pytest.approx(percent / 100, abs=5e-7), bet
    assert all(edge > 0 for edge in data["house_edge"].values())


def test_odds_rules_change_only_the_banker_edge():
    standard, no_commission = io.StringIO(), io.StringIO()
    call_command("baccarat", "odds", "--json", "--rules", "standard", stdout=standard)
    call_command("baccarat", "odds", "--json", "--rules", "no-commission", stdout=no_commission)

    a, b = json.loads(standard.getvalue()), json.loads(no_commission.getvalue())
    assert a["probabilities"] == b["probabilities"]
    assert {k: v for k, v in a["house_edge"].items() if k != "banker"} == {
        k: v for k, v in b["house_edge"].items() if k != "banker"
    }
    assert b["house_edge"]["banker"] > a["house_edge"]["banker"]


def test_odds_defaults_to_eight_decks_and_standard_rules():
    out = io.StringIO()
    call_command("baccarat", "odds", "--json", stdout=out)

    data = json.loads(out.getvalue())
    assert (data["decks"], data["rules"]) == (8, "standard")
    assert data["house_edge"]["banker"] == pytest.approx(0.010579, abs=5e-7)


def test_odds_without_json_prints_the_probabilities_and_house_edges_in_percent():
    run = baccarat("odds", "--decks", "8", "--rules", "standard")

    assert run.returncode == 0, run.stderr
    text = run.stdout
    assert "8 decks" in text and "standard" in text
    for figure in ("0.458597", "0.446247", "0.095156", "1.0579", "1.2351", "14.3596", "2.6517", "9.3731"):
        assert figure in text, figure
    for name in ("player", "banker", "tie", "lion_bonus_player", "lion_bonus_banker"):
        assert name in text, name


def test_odds_with_zero_decks_exits_2_with_a_clear_message():
    stderr = assert_clean_failure(baccarat("odds", "--decks", "0", "--json"))

    assert "deck" in stderr.lower()
    assert "0" in stderr


@pytest.mark.parametrize("decks", ["0", "9", "-1"])
def test_odds_with_a_deck_count_outside_1_to_8_is_a_status_2_command_error(decks):
    with pytest.raises(CommandError) as caught:
        call("odds", "--decks", decks, "--json")

    assert caught.value.returncode == 2
    assert "deck" in str(caught.value).lower() and decks in str(caught.value)


def test_odds_with_unknown_rules_is_refused_with_the_choices():
    with pytest.raises(CommandError) as caught:
        call("odds", "--rules", "european")

    stderr = str(caught.value)
    assert "european" in stderr
    assert "standard" in stderr and "no-commission" in stderr


# --- simulate -----------------------------------------------------------------------------------

TIMING = re.compile(r"\d[\d.,]*\s*(?:s\b|coups/s)")


def without_timing(text: str) -> str:
    return TIMING.sub("<t>", text.splitlines()[0]) + "\n" + "\n".join(text.splitlines()[1:])


def test_simulate_with_a_seed_is_reproducible_and_prints_the_three_results_beside_the_exact_odds():
    args = ("simulate", "--hands", "20000", "--decks", "8", "--seed", "7")
    first, second = baccarat(*args), baccarat(*args)

    assert first.returncode == 0, first.stderr
    assert second.returncode == 0, second.stderr
    assert first.stderr == ""
    assert without_timing(first.stdout) == without_timing(second.stdout)

    assert "20000" in first.stdout.replace(",", "").splitlines()[0]
    rows = {}
    for line in first.stdout.splitlines()[1:]:
        parts = line.split()
        if parts and parts[0] in {"player", "banker", "tie"}:
            rows[parts[0]] = (float(parts[1]), float(parts[2]))
    assert set(rows) == {"player", "banker", "tie"}

    assert sum(observed for observed, _ in rows.values()) == pytest.approx(1, abs=1e-5)
    exact = {"player": 0.446247, "banker": 0.458597, "tie": 0.095156}
    for outcome, (observed, shown_exact) in rows.items():
        assert shown_exact == pytest.approx(exact[outcome], abs=1e-6), outcome
        assert observed == pytest.approx(exact[outcome], abs=0.02), outcome  # > 5 sigma at 20000 hands


def test_simulate_with_different_seeds_gives_different_observations():
    def observed(seed: str) -> str:
        out = io.StringIO()
        call_command("baccarat", "simulate", "--hands", "3000", "--seed", seed, stdout=out)
        return "\n".join(out.getvalue().splitlines()[1:])

    assert observed("1") == observed("1")
    assert observed("1") != observed("2")


def test_simulate_exact_column_follows_the_deck_count():
    out = io.StringIO()
    call_command("baccarat", "simulate", "--hands", "500", "--decks", "6", "--seed", "3", stdout=out)

    text = out.getvalue()
    assert "6 decks" in text
    assert "0.458653" in text and "0.446279" in text and "0.095069" in text


def test_simulate_with_zero_hands_exits_2_with_a_clear_message():
    stderr = assert_clean_failure(baccarat("simulate", "--hands", "0"))

    assert "--hands" in stderr or "hands" in stderr.lower()


@pytest.mark.parametrize(("hands", "decks"), [("-5", "8"), ("10", "0"), ("10", "9")])
def test_simulate_with_bad_hands_or_decks_is_a_status_2_command_error(hands, decks):
    with pytest.raises(CommandError) as caught:
        call_command("baccarat", "simulate", "--hands", hands, "--decks", decks, stdout=io.StringIO())

    assert caught.value.returncode == 2


def test_simulate_without_hands_is_refused_naming_the_option():
    with pytest.raises(CommandError) as caught:
        call("simulate", "--seed", "1")

    assert "--hands" in str(caught.value)


def test_stdin_skips_blank_lines_and_keeps_the_order_of_the_others():
    out = io.StringIO()
    with mock.patch("sys.stdin", io.StringIO("4 2 4 3\n\n   \n5 3 K J 8\n\n")):
        call_command("baccarat", "coup", "--stdin", stdout=out)

    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [coup_fields(result) for result in results] == [SEED_004_NATURAL, SEED_004_TIE]


def test_cards_given_both_as_arguments_and_on_stdin_are_refused():
    assert_clean_failure(baccarat("coup", "--stdin", "4", "2", "4", "3", stdin="4 2 4 3\n"))
