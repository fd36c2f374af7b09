"""``manage.py baccarat odds --rules --tie-pays`` and ``coup --rules``: every bet a table offers,
priced and settled, run in this process (``tests/table/baccarat_cli.py``)."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from django.core.management import CommandError

from baccarat import odds_for_decks, table_rules
from tests.table.baccarat_cli import assert_clean_failure, baccarat, call

COMMON = [
    "player",
    "banker",
    "tie",
    "lion_bonus_player",
    "lion_bonus_banker",
    "player_pair",
    "banker_pair",
    "either_pair",
    "perfect_pair",
]
#: The bets each table offers, by the ids the command prints, in its order.
OFFERED = {"standard": COMMON, "no-commission": COMMON, "ez": [*COMMON, "dragon_7", "panda_8"]}
#: The engine's key of each id that differs from it.
KEYS = {"lion_bonus_player": "lion_player", "lion_bonus_banker": "lion_banker"}


def odds_json(*args: str) -> dict:
    return json.loads(call("odds", "--json", *args))


def coup_json(*args: str) -> dict:
    return json.loads(call("coup", "--json", *args))


# --- odds -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("decks", [1, 6, 8])
@pytest.mark.parametrize("tie_pays", [8, 9])
@pytest.mark.parametrize("rules", list(OFFERED))
def test_odds_prints_every_bet_the_table_offers_priced_as_the_engine_prices_it(rules, tie_pays, decks):
    data = odds_json("--rules", rules, "--tie-pays", str(tie_pays), "--decks", str(decks))

    assert (data["rules"], data["tie_pays"], data["decks"]) == (rules, tie_pays, decks)
    assert list(data["house_edge"]) == OFFERED[rules]
    payouts = table_rules(rules).payouts
    if tie_pays == 9:
        payouts = payouts.with_tie_pays(Decimal("9"))
    exact = odds_for_decks(decks, payouts).house_edge
    for bet, edge in data["house_edge"].items():
        assert edge == float(exact[KEYS.get(bet, bet)]), bet
        assert edge > 0, bet
    assert data["probabilities"] == {
        winner.value: float(probability)
        for winner, probability in odds_for_decks(decks, payouts).probabilities.items()
    }


def test_odds_on_eight_decks_gives_the_published_ez_and_tie_9_figures():
    ez = odds_json("--rules", "ez", "--decks", "8")["house_edge"]
    nine = odds_json("--rules", "standard", "--decks", "8", "--tie-pays", "9")["house_edge"]
    ez_nine = odds_json("--rules", "ez", "--tie-pays", "9")["house_edge"]

    assert ez["banker"] == pytest.approx(0.010183, abs=5e-7)
    assert ez["dragon_7"] == pytest.approx(0.076113, abs=5e-7)
    assert ez["panda_8"] == pytest.approx(0.101876, abs=5e-7)
    assert ez["player_pair"] == ez["banker_pair"] == pytest.approx(0.103614, abs=5e-7)
    assert ez["either_pair"] == pytest.approx(0.137099, abs=5e-7)
    assert ez["perfect_pair"] == pytest.approx(0.130294, abs=5e-7)
    assert nine["tie"] == ez_nine["tie"] == pytest.approx(0.04844, abs=5e-7)
    assert ez["tie"] == pytest.approx(0.143596, abs=5e-7)
    # a Tie paying 9:1 changes the Tie alone
    assert {k: v for k, v in ez_nine.items() if k != "tie"} == {k: v for k, v in ez.items() if k != "tie"}


def test_odds_defaults_to_eight_decks_and_tie_8_on_every_table():
    data = odds_json("--rules", "no-commission")

    assert (data["decks"], data["tie_pays"]) == (8, 8)  # not the table's own six-deck shoe
    assert data["house_edge"]["banker"] == pytest.approx(0.014581, abs=5e-7)


def test_odds_text_lists_the_same_bets_with_their_names_and_pays():
    run = baccarat("odds", "--rules", "ez", "--tie-pays", "9")

    assert run.returncode == 0, run.stderr
    text = run.stdout
    assert "8 decks" in text and "ez" in text and "Tie 9:1" in text
    rows = {line.split()[2]: line for line in text.splitlines() if line.strip().startswith("house edge")}
    assert list(rows) == OFFERED["ez"]
    for bet, (name, pays, percent) in {
        "banker": ("Banker", "returned on a three-card 7", "1.0183"),
        "tie": ("Tie", "9:1", "4.8440"),
        "lion_bonus_banker": ("Lion Bonus (Dragon Bonus) on Banker", "30:1 by 9", "9.3731"),
        "perfect_pair": ("Perfect Pair", "25:1", "13.0294"),
        "dragon_7": ("Dragon 7", "40:1", "7.6113"),
        "panda_8": ("Panda 8", "25:1", "10.1876"),
    }.items():
        assert name in rows[bet] and pays in rows[bet] and f"{percent} %" in rows[bet], rows[bet]


def test_odds_text_of_a_standard_table_names_the_commission_and_no_dragon_7():
    text = call("odds", "--rules", "standard")

    assert "Banker: 1:1 less 5 %" in text and "Tie: 8:1" in text
    assert "Dragon 7" not in text and "Panda 8" not in text
    assert "Banker: 1:1; 1:2 on a six" in call("odds", "--rules", "no-commission")


@pytest.mark.parametrize(
    ("args", "mentions"),
    [
        pytest.param(["--tie-pays", "7"], "--tie-pays", id="tie-7"),
        pytest.param(["--tie-pays", "10"], "--tie-pays", id="tie-10"),
        pytest.param(["--tie-pays", "nine"], "nine", id="tie-word"),
        pytest.param(["--decks", "9"], "--decks", id="decks-9"),
        pytest.param(["--decks", "2.5"], "2.5", id="decks-fraction"),
        pytest.param(["--decks", "eight"], "eight", id="decks-word"),
        pytest.param(["--rules", "european"], "european", id="rules"),
        pytest.param(["--tie-pays"], "--tie-pays", id="tie-without-value"),
    ],
)
def test_odds_with_a_bad_option_exits_2_with_a_usage_message_and_no_traceback(args, mentions):
    stderr = assert_clean_failure(baccarat("odds", "--json", *args))

    assert "usage:" in stderr and mentions in stderr


def test_a_bad_option_is_a_status_2_command_error_naming_the_choices():
    with pytest.raises(CommandError) as caught:
        call("odds", "--tie-pays", "7")

    assert caught.value.returncode == 2
    assert "8, 9" in str(caught.value)


# --- coup -----------------------------------------------------------------------------------------

# P 2, B K, P 3, B K; Player 5 draws a K, Banker 0 draws a 7: Banker wins 7-5 with three cards
# totalling 7 and a pair of kings.
BANKER_PAIR_DRAGON_7 = ["2", "K", "3", "K", "K", "7"]


def test_coup_on_an_ez_table_reports_a_pair_and_a_dragon_7_and_returns_the_banker_bet():
    result = coup_json("--rules", "ez", *BANKER_PAIR_DRAGON_7)

    assert (result["outcome"], result["banker_total"], len(result["banker"])) == ("banker", 7, 3)
    assert result["rules"] == "ez"
    assert list(result["bets"]) == OFFERED["ez"]
    assert result["wins"] == ["banker_pair", "either_pair", "dragon_7"]
    assert result["bets"]["banker"] == {"result": "push", "paid": "push_three_card_seven"}
    assert result["bets"]["dragon_7"] == {"result": "won", "paid": "won_three_card_seven"}
    assert result["bets"]["banker_pair"] == {"result": "won", "paid": "won_pair"}
    assert result["bets"]["player_pair"]["result"] == "lost"
    assert result["bets"]["perfect_pair"]["result"] == "lost"  # no suits given: no perfect pair
    assert result["bets"]["lion_bonus_banker"] == {"result": "lost", "paid": "lost_narrow"}


def test_coup_on_a_standard_table_by_default_pays_the_banker_and_offers_no_dragon_7():
    result = coup_json(*BANKER_PAIR_DRAGON_7)

    assert result["rules"] == "standard"
    assert list(result["bets"]) == OFFERED["standard"]
    assert result["wins"] == ["banker", "banker_pair", "either_pair"]
    assert result["bets"]["banker"] == {"result": "won", "paid": "won_less_commission"}


def test_coup_with_suited_cards_reports_a_perfect_pair():
    suited = coup_json("--rules", "ez", "2", "KH", "3", "KH", "K", "7")
    other_suits = coup_json("--rules", "ez", "2", "KH", "3", "KS", "K", "7")

    assert suited["wins"] == ["banker_pair", "either_pair", "perfect_pair", "dragon_7"]
    assert other_suits["wins"] == ["banker_pair", "either_pair", "dragon_7"]


def test_coup_on_a_natural_and_a_tie_reports_the_lion_bonus_and_the_pushes():
    natural = coup_json("4", "2", "4", "3")  # Player 8 (a pair of fours) against Banker 5
    tie = coup_json("5", "3", "K", "J", "8")

    assert natural["wins"] == ["player", "lion_bonus_player", "player_pair", "either_pair"]
    assert tie["wins"] == ["tie"]
    assert tie["bets"]["player"]["result"] == tie["bets"]["banker"]["result"] == "push"


def test_coup_text_has_a_line_naming_the_winning_and_returned_bets():
    run = baccarat("coup", "--rules", "ez", *BANKER_PAIR_DRAGON_7)

    assert run.returncode == 0, run.stderr
    [line] = [line for line in run.stdout.splitlines() if line.startswith("Bets that win")]
    assert line == "Bets that win (ez): Banker Pair, Either Pair, Dragon 7; returned: Banker"
    standard = call("coup", *BANKER_PAIR_DRAGON_7)
    assert "Bets that win (standard): Banker, Banker Pair, Either Pair\n" in standard
    assert "returned" not in standard


def test_coup_stdin_settles_each_line_at_the_table_given():
    run = baccarat("coup", "--stdin", "--rules", "ez", stdin="2 K 3 K K 7\n5 3 K J 8\n")

    assert run.returncode == 0, run.stderr
    first, second = (json.loads(line) for line in run.stdout.splitlines())
    assert "dragon_7" in first["wins"] and first["rules"] == second["rules"] == "ez"
    assert second["wins"] == ["tie"]


def test_coup_with_unknown_rules_exits_2_with_the_choices():
    stderr = assert_clean_failure(baccarat("coup", "--rules", "macao", "4", "2", "4", "3"))

    assert "usage:" in stderr and "macao" in stderr and "ez" in stderr
