"""``manage.py baccarat``: resolve a coup, print exact odds, or simulate shoes.

    manage.py baccarat coup [--rules ez] [--json] CARD...   e.g. baccarat coup 4 2 4 3
    manage.py baccarat coup --stdin                one card sequence per line, one JSON object per line
    manage.py baccarat odds --decks 8 --rules standard [--tie-pays 9] [--json]
    manage.py baccarat simulate --hands 100000 [--decks 8] [--seed 1]

``--rules`` names a table of ``baccarat.TABLES``; ``odds`` prices, and ``coup`` settles, every bet
that table offers (Player, Banker, Tie and its side bets). Bad input prints one clear sentence on
stderr (a usage line too for a bad option) and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from decimal import Decimal
from typing import Any, NoReturn

from django.core.management.base import BaseCommand, CommandError, CommandParser

from baccarat import (
    TABLES,
    BetSpec,
    Card,
    Coup,
    EngineError,
    Outcome,
    Paid,
    PaymentCase,
    PayoutSet,
    Reason,
    Result,
    Winner,
    bet_spec,
    table_rules,
)
from baccarat.odds import odds_for_decks
from baccarat.simulate import simulate
from table.amounts import ratio_text

RULES = tuple(TABLES)
#: What a Tie may pay, to 1 (``--tie-pays``); the first is every table's own.
TIE_PAYS = (8, 9)
#: ``--decks`` when not given, whatever the table's own shoe (no-commission's holds 6).
DEFAULT_DECKS = 8


class UsageParser(CommandParser):
    """A parser whose bad options are a status-2 ``CommandError`` carrying the usage line, also when
    the command runs through ``call_command`` (from the command line argparse prints it and exits 2)."""

    def error(self, message: str) -> NoReturn:
        if self.called_from_command_line:
            super().error(message)
        raise CommandError(f"{self.format_usage()}{self.prog.strip()}: error: {message}", returncode=2)


def deck_count(value: str) -> int:
    """``--decks``: a whole number of decks from 1 to 8."""
    try:
        decks = int(value)
    except ValueError:
        decks = 0
    if not 1 <= decks <= 8:
        raise argparse.ArgumentTypeError(f"a shoe holds 1 to 8 decks, not {value!r}")
    return decks


def table_payouts(rules: str, tie_pays: int = TIE_PAYS[0]) -> PayoutSet:
    """The payouts of the table ``rules``, its Tie paying ``tie_pays`` to 1."""
    payouts = table_rules(rules).payouts
    if payouts.tie_pays == tie_pays:
        return payouts
    return payouts.with_tie_pays(Decimal(tie_pays))


def offered(rules: str) -> tuple[BetSpec, ...]:
    """Every bet the table ``rules`` takes: Player, Banker, Tie, then its side bets."""
    return tuple(bet_spec(key) for key in table_rules(rules).bet_keys)


def slug(spec: BetSpec) -> str:
    return spec.slug or spec.key


def case_text(case: PaymentCase) -> str:
    """One way of paying a bet, in a few words: ``1:1 less 5 %``, ``30:1 by 9``."""
    ratio = ratio_text(case.pays) if case.pays else ""
    if case.paid is Paid.WON_LESS_COMMISSION:
        return f"{ratio} less {case.commission / case.pays * 100:.0f} %"
    if case.paid is Paid.WON_ON_SIX:
        return f"{ratio} on a six"
    if case.paid is Paid.WON_NATURAL:
        return f"{ratio} on a natural"
    if case.paid is Paid.WON_BY_MARGIN:
        return f"{ratio} by {case.margin}"
    if case.paid is Paid.PUSH_THREE_CARD_SEVEN:
        return "returned on a three-card 7"
    if case.result is Result.PUSH:
        return f"returned ({case.paid.value})"
    return ratio


def pays_text(spec: BetSpec, payouts: PayoutSet) -> str:
    """What a bet pays under ``payouts``, every way it can, e.g. ``1:1; 1:2 on a six`` (the rows of a
    pay table by the margin joined by commas: ``30:1 by 9, 10:1 by 8``)."""
    text = ""
    previous: Paid | None = None
    for case in spec.cases(payouts):
        if previous is not None:
            text += ", " if case.paid is previous is Paid.WON_BY_MARGIN else "; "
        text += case_text(case)
        previous = case.paid
    return text


def bet_results(outcome: Outcome, rules: str) -> dict[str, dict[str, str]]:
    """How each bet the table takes came out on this outcome: its result and the rule that paid it."""
    payouts = table_payouts(rules)
    results = {}
    for spec in offered(rules):
        case = spec.resolve(outcome, payouts)
        results[slug(spec)] = {"result": case.result.value, "paid": case.paid.value}
    return results


def resolve(tokens: list[str], rules: str = RULES[0]) -> dict[str, Any]:
    """Resolve one coup from card tokens in dealing order, as a JSON-ready dict, with the bets of
    the table ``rules`` settled (``bets``) and the ones that win listed (``wins``).

    :raises EngineError: on an unknown token or too few cards.
    """
    if not tokens:
        raise CommandError("No cards given: name the cards in dealing order, e.g. 4 2 4 3.", returncode=2)
    cards = [Card.parse(token) for token in tokens]  # every token is checked, leftovers too
    coup = Coup.from_cards(cards)
    outcome = coup.outcome
    assert outcome is not None
    bets = bet_results(outcome, rules)
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
        "rules": rules,
        "bets": bets,
        "wins": [key for key, bet in bets.items() if bet["result"] == Result.WON.value],
    }


class Command(BaseCommand):
    help = "Punto Banco rules from the command line: resolve a coup, exact odds, simulation."

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="action", required=True, parser_class=UsageParser)
        rules_help = f"The table: {', '.join(RULES)} (default {RULES[0]})."

        coup = sub.add_parser("coup", help="Resolve one coup from cards in dealing order.")
        coup.add_argument("cards", nargs="*", help="A 2..9 10 J Q K, optionally with a suit letter S H D C.")
        coup.add_argument("--rules", choices=RULES, default=RULES[0], help=rules_help)
        coup.add_argument("--json", action="store_true", help="Print one JSON object.")
        coup.add_argument(
            "--stdin", action="store_true", help="One sequence per line (blank lines skipped); JSON per line."
        )

        odds = sub.add_parser("odds", help="Exact probabilities and house edges for a full shoe.")
        odds.add_argument(
            "--decks",
            type=deck_count,
            default=DEFAULT_DECKS,
            help=f"Decks in the shoe, 1 to 8 (default {DEFAULT_DECKS}, on every table).",
        )
        odds.add_argument("--rules", choices=RULES, default=RULES[0], help=rules_help)
        odds.add_argument(
            "--tie-pays",
            type=int,
            choices=TIE_PAYS,
            default=TIE_PAYS[0],
            help=f"What a Tie pays, to 1 (default {TIE_PAYS[0]}).",
        )
        odds.add_argument("--json", action="store_true", help="Print one JSON object.")

        sim = sub.add_parser("simulate", help="Play coups from shuffled shoes; compare with the exact odds.")
        sim.add_argument("--hands", type=int, required=True)
        sim.add_argument("--decks", type=deck_count, default=DEFAULT_DECKS)
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
            self.coup_lines(options["rules"])
            return
        result = resolve(options["cards"], options["rules"])
        if options["json"]:
            self.stdout.write(json.dumps(result))
            return
        natural = " (natural)" if result["natural"] else ""
        self.stdout.write(f"Player {' '.join(result['player'])} = {result['player_total']}")
        self.stdout.write(f"Banker {' '.join(result['banker'])} = {result['banker_total']}")
        winner = "Tie" if result["outcome"] == "tie" else f"{result['outcome'].title()} wins"
        self.stdout.write(f"{winner}{natural}; steps: {', '.join(result['steps'])}")
        self.stdout.write(self.bets_line(result))

    @staticmethod
    def bets_line(result: dict[str, Any]) -> str:
        """``Bets that win (standard): Banker, Banker Pair; returned: ...`` for one resolved coup."""
        names = {slug(spec): spec.name("en") for spec in offered(result["rules"])}

        def named(outcome: str) -> str:
            keys = [key for key, bet in result["bets"].items() if bet["result"] == outcome]
            return ", ".join(names[key] for key in keys) or "none"

        line = f"Bets that win ({result['rules']}): {named(Result.WON.value)}"
        if any(bet["result"] == Result.PUSH.value for bet in result["bets"].values()):
            line += f"; returned: {named(Result.PUSH.value)}"
        return line

    def coup_lines(self, rules: str) -> None:
        failed = 0
        for number, line in enumerate(sys.stdin, start=1):
            if not line.strip():
                continue  # blank lines (a trailing newline, a spacer) are not coups
            try:
                result = resolve(line.split(), rules)
            except (EngineError, CommandError) as error:
                failed += 1
                self.stderr.write(f"line {number}: {error}")
                result = {"error": str(error), "line": number}
            self.stdout.write(json.dumps(result))
        if failed:
            raise CommandError(f"{failed} line(s) could not be resolved.", returncode=2)

    def odds(self, options: dict[str, Any]) -> None:
        rules, decks, tie_pays = options["rules"], options["decks"], options["tie_pays"]
        payouts = table_payouts(rules, tie_pays)
        bets = offered(rules)
        started = time.perf_counter()
        odds = odds_for_decks(decks, payouts)
        elapsed = time.perf_counter() - started
        data = {
            "decks": decks,
            "rules": rules,
            "tie_pays": tie_pays,
            "probabilities": {winner.value: float(odds.probabilities[winner]) for winner in Winner},
            # Every bet the table takes, by its slug (``lion_bonus_player``; the key for the main bets).
            "house_edge": {slug(spec): float(odds.house_edge[spec.key]) for spec in bets},
        }
        if options["json"]:
            self.stdout.write(json.dumps(data))
            return
        self.stdout.write(f"{decks} decks, {rules} payouts, Tie {tie_pays}:1 (exact, {elapsed:.3f} s)")
        for winner, probability in data["probabilities"].items():
            self.stdout.write(f"  P({winner:6}) = {probability:.6f}")
        for spec in bets:
            edge = data["house_edge"][slug(spec)]
            self.stdout.write(
                f"  house edge {slug(spec):17} {edge * 100:8.4f} %  "
                f"{spec.name('en')}: {pays_text(spec, payouts)}"
            )

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
