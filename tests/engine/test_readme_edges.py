"""The README's table of house edges is what the engine computes (8 decks, each table's payouts)."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

from baccarat import TABLES, odds_for_decks

README = Path(__file__).resolve().parents[2] / "README.md"
#: The README's rows, in order, and the bet kind each stands for.
ROWS = [
    "player",
    "banker",
    "tie",
    "lion_player",
    "lion_banker",
    "player_pair",
    "either_pair",
    "perfect_pair",
    "dragon_7",
    "panda_8",
]


def percent(edge) -> str:
    return f"{Decimal(edge.numerator) / Decimal(edge.denominator) * 100:.4f} %"


def test_the_readme_quotes_the_eight_deck_edge_of_every_bet_at_every_table():
    lines = README.read_text(encoding="utf-8").splitlines()
    start = lines.index("| bet | Standard | No-commission | EZ |")
    rows = [line.strip("|").split("|")[1:] for line in lines[start + 2 : start + 2 + len(ROWS)]]
    for kind, cells in zip(ROWS, rows, strict=True):
        for table, cell in zip(("standard", "no-commission", "ez"), cells, strict=True):
            rules = TABLES[table]
            quoted = re.match(r"\s*([\d.]+ %|–)", cell).group(1)
            if not rules.offers(kind):
                assert quoted == "–", (kind, table)
                continue
            assert quoted == percent(odds_for_decks(8, rules.payouts).house_edge[kind]), (kind, table)


def test_the_readme_quotes_the_tie_at_nine_to_one():
    tie9 = odds_for_decks(8, TABLES["standard"].payouts.with_tie_pays(Decimal(9))).house_edge["tie"]
    assert f"(9:1: {percent(tie9)})" in README.read_text(encoding="utf-8")
