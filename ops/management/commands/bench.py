"""``manage.py bench``: many learners dealing at once over HTTP, measured against a bare Django view;
with ``--class-table``, one class table: learners polling and betting while an instructor deals.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test python manage.py bench
    python manage.py bench --learners 200 --concurrency 50 --seconds 20
    python manage.py bench --class-table --learners 60 --rounds 8

Needs PostgreSQL (it creates, and afterwards drops, a database of its own next
to the configured one). Prints the figures, then one line of JSON with all of them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from importlib import import_module
from pathlib import Path

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from baccarat import Shoe
from ops import class_bench
from table import benchmark, services
from table.benchmark import sql_statements
from table.models import LedgerEntry, Round, Seat

STARTING_CHIPS = Decimal("100000.00")
TABLES = ["table_seat", "table_round", "table_roundbet", "table_ledgerentry"]


class Command(BaseCommand):
    help = "Load benchmark: simulated learners playing whole rounds over HTTP against gunicorn (PostgreSQL)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--learners", type=int, help="simulated learners (200; 60 with --class-table)")
        parser.add_argument("--concurrency", type=int, default=50)
        parser.add_argument("--seconds", type=float, default=20.0)
        parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
        parser.add_argument("--processes", type=int, default=2, help="load-generator processes")
        parser.add_argument("--keep-db", action="store_true", help="keep the benchmark database afterwards")
        group = parser.add_argument_group("class table (ops/class_bench.py)")
        group.add_argument(
            "--class-table",
            action="store_true",
            help="one class table: learners poll and bet, an instructor deals",
        )
        group.add_argument("--rounds", type=int, default=8, help="rounds the instructor deals")
        group.add_argument("--poll-every", type=float, default=1.0, help="seconds between a learner's polls")
        group.add_argument(
            "--deal-every", type=float, default=2.0, help="seconds between the instructor's cards"
        )
        group.add_argument("--bet-window", type=float, default=8.0, help="seconds of 'Place your bets'")
        group.add_argument(
            "--think",
            type=float,
            default=3.0,
            help="a learner bets up to this many seconds after seeing bets open",
        )

    def handle(self, *args, **options) -> None:
        if connection.vendor != "postgresql":
            raise CommandError("bench needs PostgreSQL: set DATABASE_URL=postgres://… (see the README).")
        if options["learners"] is None:
            options["learners"] = 60 if options["class_table"] else 200
        if options["learners"] < 1 or options["rounds"] < 1:
            raise CommandError("--learners and --rounds must be at least 1.")
        if not options["class_table"] and not 1 <= options["concurrency"] <= options["learners"]:
            raise CommandError("--concurrency must be between 1 and --learners.")
        main = dict(connection.settings_dict)
        name = f"{main['NAME']}_bench"
        self._create_database(name)
        try:
            self._use_database(name)
            if options["class_table"]:
                figures = class_bench.run(self.stdout.write, _database_url(main, name), options)
            else:
                figures = self._run(main, name, options)
        finally:
            self._use_database(main["NAME"])
            if not options["keep_db"]:
                self._drop_database(name)
        self.stdout.write(benchmark.as_json_line(figures))

    # --- the run ------------------------------------------------------------------------

    def _run(self, main: dict, name: str, options) -> dict:
        self.stdout.write(f"Preparing {options['learners']} learners in database {name} …")
        call_command("migrate", verbosity=0, interactive=False)
        call_command("load_lessons", verbosity=0)
        key = benchmark.new_secret_key()
        settings.SECRET_KEY = key
        cookies = [self._learner_cookie(f"bench-{index}") for index in range(options["learners"])]
        figures: dict = {}
        self.stdout.write("In process (Django's test client, DEBUG off): deal and /ping …")
        figures.update(self._in_process())
        figures.update(self._queries_per_request())

        url = _database_url(main, name)
        env = benchmark.server_env(url, key) | {
            "STATIC_ROOT": str(Path(tempfile.mkdtemp(prefix="bench-static-")))
        }
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=settings.BASE_DIR,
            env=benchmark.child_env(env),
            check=True,
        )
        concurrency, seconds, processes = options["concurrency"], options["seconds"], options["processes"]
        light_seconds = max(3.0, seconds / 4)
        with benchmark.Server(env, workers=options["workers"]) as server:
            port = server.port
            benchmark.load(port, cookies[:1], clients=1, seconds=1.0, task="deal", processes=1)  # warm up
            self.stdout.write(
                f"HTTP at light load: one learner, a /ping after each card, {light_seconds:.0f} s …"
            )
            light = benchmark.load(
                port, cookies[1:2], clients=1, seconds=light_seconds, task="light", processes=1
            )
            self.stdout.write(
                f"Saturation: {concurrency} learners, then {concurrency} /ping clients, "
                f"{seconds:.0f} s each, "
                f"from {processes} generator processes, on gunicorn ({options['workers']} workers) …"
            )
            before = self._rows_written()
            saturated = benchmark.load(
                port, cookies[2:], clients=concurrency, seconds=seconds, task="deal", processes=processes
            )
            time.sleep(1.0)  # server backends have flushed their statistics
            rows = self._rows_written() - before
            pings = benchmark.load(
                port, cookies[2:], clients=concurrency, seconds=seconds, task="ping", processes=processes
            )

        figures.update(self._http_figures(light, saturated, pings))
        figures["concurrency"] = concurrency
        figures["learners"] = options["learners"]
        figures["workers"] = options["workers"]
        figures["generator_processes"] = processes
        figures["rows_written_per_round"] = (
            round(rows / len(saturated.tally.rounds), 2) if saturated.tally.rounds else None
        )
        figures.update(self._ledger_checks())
        self._report(figures, saturated.tally.errors + light.tally.errors + pings.tally.errors)
        return figures

    def _in_process(self, rounds: int = 60, warm_up: int = 10) -> dict:
        """Deal and /ping through Django's whole stack in this process (no HTTP, no other load).

        Both are sent by the same logged-in learner, as over HTTP: the baseline is the bare view
        behind the same middleware, session and user. They alternate (each card of a coup, then a
        ping), so both are measured under the same conditions. Forms are sent url-encoded, as htmx
        sends them. The anonymous /ping (no session, no database) is reported beside them.
        """
        user = get_user_model().objects.create_user("bench-in-process")
        seat = services.seat_open(user=user, starting_balance=STARTING_CHIPS)
        services.seat_set_coach(user=seat.user, seat_id=seat.pk, on=False)
        client = Client(HTTP_HOST="127.0.0.1")
        client.force_login(user)
        anonymous = Client(HTTP_HOST="127.0.0.1")
        form, hx = "application/x-www-form-urlencoded", {"HX-Request": "true"}
        deal_times, ping_times, anonymous_times, deal_bytes, settle_bytes = [], [], [], [], []

        def timed(send, *args, **kwargs) -> tuple[float, bytes]:
            started = time.perf_counter()
            response = send(*args, **kwargs)
            return time.perf_counter() - started, response.content

        for number in range(1, warm_up + rounds + 1):
            counted = number > warm_up
            stake = f"round={number}&stake_player=5"
            client.post("/table/round/confirm/", stake, content_type=form, headers=hx)
            for card in range(6):
                body = f"round={number}&card={card}"
                elapsed, content = timed(
                    client.post, "/table/round/deal/", body, content_type=form, headers=hx
                )
                if benchmark.SETTLED in content:
                    if counted:
                        settle_bytes.append(len(content))
                    break
                ping, _ = timed(client.get, "/ping")
                bare, _ = timed(anonymous.get, "/ping")
                if counted:
                    deal_times.append(elapsed)
                    deal_bytes.append(len(content))
                    ping_times.append(ping)
                    anonymous_times.append(bare)
        deal_p50, ping_p50 = benchmark.percentile(deal_times, 0.5), benchmark.percentile(ping_times, 0.5)
        return {
            "in_process_deal_p50_ms": round(deal_p50 * 1000, 3),
            "in_process_ping_p50_ms": round(ping_p50 * 1000, 3),
            "in_process_ratio_deal_to_ping": round(deal_p50 / ping_p50, 2),
            "in_process_anonymous_ping_p50_ms": round(benchmark.percentile(anonymous_times, 0.5) * 1000, 3),
            "in_process_deals_measured": len(deal_times),
            "deal_response_bytes_max": max(deal_bytes),
            "deal_response_bytes_p50": int(benchmark.percentile(deal_bytes, 0.5)),
            "settling_response_bytes_p50": int(benchmark.percentile(settle_bytes, 0.5)),
        }

    @staticmethod
    def _http_figures(light, saturated, pings) -> dict:
        def p(values, q):
            return round(benchmark.percentile(values, q) * 1000, 2) if values else None

        deals = saturated.tally.deal + saturated.tally.settle
        generator_cpu = saturated.generator_cpu_seconds + pings.generator_cpu_seconds
        return {
            # As in process: the cards that do not end the coup, each followed by the learner's /ping.
            "http_light_deal_p50_ms": p(light.tally.deal, 0.5),
            "http_light_ping_p50_ms": p(light.tally.baseline, 0.5),
            "http_light_ratio_deal_to_ping": round(
                benchmark.percentile(light.tally.deal, 0.5) / benchmark.percentile(light.tally.baseline, 0.5),
                2,
            ),
            "http_light_settle_p50_ms": p(light.tally.settle, 0.5),
            "saturation_deal_requests_per_second": saturated.rate("deal"),
            "saturation_ping_requests_per_second": pings.rate("ping"),
            "saturation_rounds_per_second": round(len(saturated.tally.rounds) / saturated.seconds, 1),
            "saturation_deal_p50_ms": p(deals, 0.5),
            "saturation_deal_p99_ms": p(deals, 0.99),
            "generator_cpu_seconds": round(generator_cpu, 1),
            "generator_cpu_share_of_machine": round(
                generator_cpu / ((saturated.seconds + pings.seconds) * (os.cpu_count() or 1)), 2
            ),
            "errors": len(saturated.tally.errors) + len(pings.tally.errors) + len(light.tally.errors),
        }

    def _learner_cookie(self, username: str) -> str:
        user = get_user_model().objects.create_user(username)
        seat = services.seat_open(user=user, starting_balance=STARTING_CHIPS)
        services.seat_set_coach(user=seat.user, seat_id=seat.pk, on=False)
        session = import_module(settings.SESSION_ENGINE).SessionStore()  # what the server reads
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.save()
        return session.session_key

    def _queries_per_request(self) -> dict:
        """Queries of one deal request and one settling request, with the same code in this process."""
        user = get_user_model().objects.create_user("bench-queries")
        seat = services.seat_open(user=user, starting_balance=STARTING_CHIPS)
        services.seat_set_coach(user=seat.user, seat_id=seat.pk, on=False)
        Seat.objects.filter(pk=seat.pk).update(
            shoe_state=Shoe.arranged(["5", "3", "K", "J", "8", *["10"] * 10]).dumps()
        )
        client = Client(HTTP_HOST="127.0.0.1")
        client.force_login(user)
        hx = {"HX-Request": "true"}
        client.post("/table/round/confirm/", {"round": "1", "stake_player": "5"}, headers=hx)
        deal_counts = []
        for index in range(4):
            with CaptureQueriesContext(connection) as captured:
                client.post("/table/round/deal/", {"round": "1", "card": str(index)}, headers=hx)
            deal_counts.append(sql_statements(captured))
        with CaptureQueriesContext(connection) as captured:
            client.post("/table/round/deal/", {"round": "1", "card": "4"}, headers=hx)
        return {
            "queries_per_deal_request": max(deal_counts),
            "queries_per_settling_request": sql_statements(captured),
        }

    def _rows_written(self) -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_stat_clear_snapshot()")
            cursor.execute(
                "SELECT COALESCE(SUM(n_tup_ins + n_tup_upd + n_tup_del), 0) FROM pg_stat_user_tables "
                "WHERE relname = ANY(%s)",
                [TABLES],
            )
            return int(cursor.fetchone()[0])

    def _ledger_checks(self) -> dict:
        mismatched = len(services.ledger_problems(Seat.objects.filter(kind=Seat.Kind.TABLE)))
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT COUNT(*) FROM (SELECT round_id, kind, bet_kind FROM table_ledgerentry "
                "WHERE round_id IS NOT NULL GROUP BY round_id, kind, bet_kind HAVING COUNT(*) > 1) AS twice"
            )
            double = cursor.fetchone()[0]
        settled = Round.objects.filter(state=Round.State.SETTLED).count()
        paid_twice = (
            LedgerEntry.objects.filter(kind=LedgerEntry.Kind.STAKE).values("round").distinct().count()
            - Round.objects.exclude(state=Round.State.BETTING).count()
        )
        return {
            "balances_not_matching_ledger": mismatched,
            "double_settlements": double + max(paid_twice, 0),
            "rounds_settled_in_database": settled,
        }

    def _report(self, figures: dict, errors: list[str]) -> None:
        write = self.stdout.write
        write(
            f"in process: deal p50 {figures['in_process_deal_p50_ms']} ms, /ping p50 "
            f"{figures['in_process_ping_p50_ms']} ms (same learner): "
            f"× {figures['in_process_ratio_deal_to_ping']} "
            f"(anonymous /ping p50 {figures['in_process_anonymous_ping_p50_ms']} ms)"
        )
        write(
            f"HTTP at light load: deal p50 {figures['http_light_deal_p50_ms']} ms, /ping p50 "
            f"{figures['http_light_ping_p50_ms']} ms: × {figures['http_light_ratio_deal_to_ping']}; "
            f"the settling card p50 {figures['http_light_settle_p50_ms']} ms"
        )
        write(
            f"bytes of a deal response: p50 {figures['deal_response_bytes_p50']}, max "
            f"{figures['deal_response_bytes_max']}; "
            f"the settling one p50 {figures['settling_response_bytes_p50']}"
        )
        write(
            f"saturation ({figures['concurrency']} clients, {figures['workers']} workers): "
            f"{figures['saturation_deal_requests_per_second']} deal requests/s "
            f"(p50 {figures['saturation_deal_p50_ms']} ms, p99 {figures['saturation_deal_p99_ms']} ms), "
            f"{figures['saturation_ping_requests_per_second']} /ping requests/s"
        )
        write(
            f"load generator: {figures['generator_processes']} processes used "
            f"{figures['generator_cpu_seconds']} "
            f"CPU-seconds ({figures['generator_cpu_share_of_machine']:.0%} of this machine's cores)"
        )
        write(
            f"queries: {figures['queries_per_deal_request']} per deal request, "
            f"{figures['queries_per_settling_request']} per settling request; "
            f"rows written per round: {figures['rows_written_per_round']}"
        )
        write(
            f"errors: {figures['errors']}; balances not matching their ledger: "
            f"{figures['balances_not_matching_ledger']}; double settlements: {figures['double_settlements']}"
        )
        for error in sorted(set(errors))[:10]:
            write(f"  error: {error}")

    # --- databases ----------------------------------------------------------------------

    def _admin(self):
        return benchmark.connect(connection.settings_dict, "postgres", autocommit=True)

    def _create_database(self, name: str) -> None:
        with self._admin() as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{name}"')

    def _drop_database(self, name: str) -> None:
        with self._admin() as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def _use_database(self, name: str) -> None:
        connections.close_all()
        connection.settings_dict["NAME"] = name


def _database_url(conf: dict, name: str) -> str:
    password = f":{conf['PASSWORD']}" if conf["PASSWORD"] else ""
    return f"postgres://{conf['USER']}{password}@{conf['HOST'] or '127.0.0.1'}:{conf['PORT'] or 5432}/{name}"
