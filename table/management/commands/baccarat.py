"""``manage.py baccarat``: resolve a coup, print exact odds, or simulate shoes.

    manage.py baccarat coup [--json] CARD...      e.g. baccarat coup 4 2 4 3
    manage.py baccarat coup --stdin               one card sequence per line, one JSON object per line
    manage.py baccarat odds --decks 8 --rules standard [--json]
    manage.py baccarat simulate --hands 100000 [--decks 8] [--seed 1]

Bad input prints one clear sentence on stderr and exits with status 2.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from baccarat import Card, Coup, EngineError, PayoutSet, Reason, Winner, all_bets
from baccarat.odds import odds_for_decks
from baccarat.simulate import simulate

RULES = ("standard", "no-commission")


def resolve(tokens: list[str]) -> dict[str, Any]:
    """Resolve one coup from card tokens in dealing order, as a JSON-ready dict.

    :raises EngineError: on an unknown token or too few cards.
    """
    if not tokens:
        raise CommandError("No cards given: name the cards in dealing order, e.g. 4 2 4 3.", returncode=2)
    cards = [Card.parse(token) for token in tokens]  # every token is checked, leftovers too
    coup = Coup.from_cards(cards)
    outcome = coup.outcome
    assert outcome is not None
    return {
        "player": [card.token for card in coup.player],
        "banker": [card.token for card in coup.banker],
        "player_total": outcome.player_total,
        "banker_total": outcome.banker_total,
        "natural": outcome.natural,
        "outcome": outcome.winner.value,
        "margin": outcome.margin,
        "steps": [
            reason.value for step in coup.steps for reason in step.reasons if reason != Reason.INITIAL_CARD
        ],
    }


class Command(BaseCommand):
    help = "Punto Banco rules from the command line: resolve a coup, exact odds, simulation."

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="action", required=True, parser_class=CommandParser)

        coup = sub.add_parser("coup", help="Resolve one coup from cards in dealing order.")
        coup.add_argument("cards", nargs="*", help="A 2..9 10 J Q K, optionally with a suit letter S H D C.")
        coup.add_argument("--json", action="store_true", help="Print one JSON object.")
        coup.add_argument(
            "--stdin", action="store_true", help="One sequence per line (blank lines skipped); JSON per line."
        )

        odds = sub.add_parser("odds", help="Exact probabilities and house edges for a full shoe.")
        odds.add_argument("--decks", type=int, default=8)
        odds.add_argument("--rules", choices=RULES, default="standard")
        odds.add_argument("--json", action="store_true")

        sim = sub.add_parser("simulate", help="Play coups from shuffled shoes; compare with the exact odds.")
        sim.add_argument("--hands", type=int, required=True)
        sim.add_argument("--decks", type=int, default=8)
        sim.add_argument("--seed", type=int, default=None)

    def handle(self, *args: Any, **options: Any) -> None:
        action = options["action"]
        try:
            if action == "coup":
                self.coup(options)
            elif action == "odds":
                self.odds(options)
            else:
                self.simulate(options)
        except EngineError as error:
            raise CommandError(str(error), returncode=2) from error

    def coup(self, options: dict[str, Any]) -> None:
        if options["stdin"]:
            if options["cards"]:
                raise CommandError("Give the cards as arguments or with --stdin, not both.", returncode=2)
            self.coup_lines()
            return
        result = resolve(options["cards"])
        if options["json"]:
            self.stdout.write(json.dumps(result))
            return
        natural = " (natural)" if result["natural"] else ""
        self.stdout.write(f"Player {' '.join(result['player'])} = {result['player_total']}")
        self.stdout.write(f"Banker {' '.join(result['banker'])} = {result['banker_total']}")
        winner = "Tie" if result["outcome"] == "tie" else f"{result['outcome'].title()} wins"
        self.stdout.write(f"{winner}{natural}; steps: {', '.join(result['steps'])}")

    def coup_lines(self) -> None:
        failed = 0
        for number, line in enumerate(sys.stdin, start=1):
            if not line.strip():
                continue  # blank lines (a trailing newline, a spacer) are not coups
            try:
                result = resolve(line.split())
            except (EngineError, CommandError) as error:
                failed += 1
                self.stderr.write(f"line {number}: {error}")
                result = {"error": str(error), "line": number}
            self.stdout.write(json.dumps(result))
        if failed:
            raise CommandError(f"{failed} line(s) could not be resolved.", returncode=2)

    def odds(self, options: dict[str, Any]) -> None:
        started = time.perf_counter()
        odds = odds_for_decks(options["decks"], PayoutSet.named(options["rules"]))
        elapsed = time.perf_counter() - started
        data = {
            "decks": options["decks"],
            "rules": options["rules"],
            "probabilities": {winner.value: float(odds.probabilities[winner]) for winner in Winner},
            # Every registered bet, by its slug (``lion_bonus_player``; the key for the main bets).
            "house_edge": {spec.slug: float(odds.house_edge[spec.key]) for spec in all_bets()},
        }
        if options["json"]:
            self.stdout.write(json.dumps(data))
            return
        self.stdout.write(f"{options['decks']} decks, {options['rules']} payouts (exact, {elapsed:.3f} s)")
        for winner, probability in data["probabilities"].items():
            self.stdout.write(f"  P({winner:6}) = {probability:.6f}")
        for kind, edge in data["house_edge"].items():
            self.stdout.write(f"  house edge {kind:17} {edge * 100:8.4f} %")

    def simulate(self, options: dict[str, Any]) -> None:
        if options["hands"] < 1:
            raise CommandError("--hands must be at least 1.", returncode=2)
        started = time.perf_counter()
        result = simulate(options["hands"], decks=options["decks"], seed=options["seed"])
        elapsed = max(time.perf_counter() - started, 1e-9)
        exact = odds_for_decks(options["decks"]).probabilities
        self.stdout.write(
            f"{result.hands} coups from {result.shoes} shoes of {result.decks} decks "
            f"in {elapsed:.2f} s ({result.hands / elapsed:,.0f} coups/s)"
        )
        self.stdout.write(f"  {'result':8} {'observed':>10} {'exact':>10}")
        for winner in Winner:
            observed = result.wins[winner] / result.hands
            self.stdout.write(f"  {winner.value:8} {observed:10.6f} {float(exact[winner]):10.6f}")
