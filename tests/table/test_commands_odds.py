"""``manage.py baccarat odds`` and ``simulate``, run in this process (``tests/table/baccarat_cli.py``)."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.core.management import CommandError, call_command

from tests.table.baccarat_cli import assert_clean_failure, baccarat, call

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
    # exact keys: the Lion Bonus edges are named in full (issue 12), then the other side bets
    assert list(data["house_edge"]) == [
        "player",
        "banker",
        "tie",
        "lion_bonus_player",
        "lion_bonus_banker",
        "player_pair",
        "banker_pair",
        "either_pair",
        "perfect_pair",
        "dragon_7",
        "panda_8",
    ]
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
