"""``manage.py bench``: many learners dealing at once over HTTP, measured against a bare Django view.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test python manage.py bench
    python manage.py bench --learners 200 --concurrency 50 --seconds 20

Needs PostgreSQL (it creates, and afterwards drops, a database of its own next
to the configured one). Prints the figures, then one line of JSON with all of them.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import threading
import time
from decimal import Decimal
from pathlib import Path

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from table import benchmark, services
from table.engine import Shoe
from table.models import LedgerEntry, Round, Seat

STARTING_CHIPS = Decimal("100000.00")
TABLES = ["table_seat", "table_round", "table_roundbet", "table_ledgerentry"]


class Command(BaseCommand):
    help = "Load benchmark: simulated learners playing whole rounds over HTTP against gunicorn (PostgreSQL)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--learners", type=int, default=200)
        parser.add_argument("--concurrency", type=int, default=50)
        parser.add_argument("--seconds", type=float, default=20.0)
        parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
        parser.add_argument("--keep-db", action="store_true", help="keep the benchmark database afterwards")

    def handle(self, *args, **options) -> None:
        if connection.vendor != "postgresql":
            raise CommandError("bench needs PostgreSQL: set DATABASE_URL=postgres://… (see the README).")
        if not 1 <= options["concurrency"] <= options["learners"]:
            raise CommandError("--concurrency must be between 1 and --learners.")
        main = dict(connection.settings_dict)
        name = f"{main['NAME']}_bench"
        self._create_database(name)
        try:
            self._use_database(name)
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
        settings.SECRET_KEY = key  # the harness signs session cookies with the server's key
        cookies = [self._learner_cookie(f"bench-{index}") for index in range(options["learners"])]
        queries = self._queries_per_request()

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
        tally = benchmark.Tally()
        concurrency = options["concurrency"]
        with benchmark.Server(env, workers=options["workers"]) as server:
            groups = [
                [benchmark.Browser(server.port, cookie) for cookie in cookies[index::concurrency]]
                for index in range(concurrency)
            ]
            before = self._rows_written()
            self.stdout.write(
                f"Load: {concurrency} learners at once for {options['seconds']:.0f} s "
                f"on gunicorn ({options['workers']} workers, port {server.port}) …"
            )
            started = time.perf_counter()
            stop = started + options["seconds"]
            threads = [
                threading.Thread(target=benchmark.play_rounds, args=(group, tally, stop)) for group in groups
            ]
            threads.append(
                threading.Thread(
                    target=benchmark.baseline, args=(benchmark.Browser(server.port, cookies[0]), tally, stop)
                )
            )
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            seconds = time.perf_counter() - started
        time.sleep(1.0)  # server backends have exited: their statistics are flushed
        rows = self._rows_written() - before

        figures = benchmark.summary(tally, seconds)
        figures.update(queries)
        figures["concurrency"] = concurrency
        figures["learners"] = options["learners"]
        figures["workers"] = options["workers"]
        figures["rows_written_per_round"] = round(rows / len(tally.rounds), 2) if tally.rounds else None
        figures.update(self._ledger_checks())
        self._report(figures, tally)
        return figures

    def _learner_cookie(self, username: str) -> str:
        user = get_user_model().objects.create_user(username)
        seat = services.seat_for_learner(user=user, starting_balance=STARTING_CHIPS)
        services.seat_set_coach(seat=seat, on=False)
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.save()
        return session.session_key

    def _queries_per_request(self) -> dict:
        """Queries of one deal request and one settling request, with the same code in this process."""
        user = get_user_model().objects.create_user("bench-queries")
        seat = services.seat_for_learner(user=user, starting_balance=STARTING_CHIPS)
        services.seat_set_coach(seat=seat, on=False)
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
        mismatched = 0
        for seat in Seat.objects.filter(kind=Seat.Kind.TABLE):
            try:
                services.ledger_verify(seat)
            except services.LedgerMismatch:
                mismatched += 1
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

    def _report(self, figures: dict, tally: benchmark.Tally) -> None:
        write = self.stdout.write
        write(
            f"rounds: {figures['rounds']} ({figures['rounds_per_second']}/s), "
            f"deal requests: {figures['deal_requests']} ({figures['deal_requests_per_second']}/s)"
        )
        write(
            f"deal latency p50 {figures['deal_p50_ms']} ms, p95 {figures['deal_p95_ms']} ms, "
            f"p99 {figures['deal_p99_ms']} ms"
        )
        write(
            f"baseline (/ping) p50 {figures['baseline_p50_ms']} ms, p99 {figures['baseline_p99_ms']} ms; "
            f"deal/baseline: p50 × {figures['ratio_deal_p50_to_baseline_p50']}, "
            f"p99 × {figures['ratio_deal_p99_to_baseline_p99']}"
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
        for error in sorted(set(tally.errors))[:10]:
            write(f"  error: {error}")

    # --- databases ----------------------------------------------------------------------

    def _admin(self):
        import psycopg

        conf = connection.settings_dict
        return psycopg.connect(
            host=conf["HOST"] or "127.0.0.1",
            port=conf["PORT"] or 5432,
            user=conf["USER"],
            password=conf["PASSWORD"] or None,
            dbname="postgres",
            autocommit=True,
        )

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


def sql_statements(captured: CaptureQueriesContext) -> int:
    """SQL queries sent, not counting transaction control (BEGIN, COMMIT, savepoints)."""
    control = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")
    return sum(not query["sql"].upper().startswith(control) for query in captured.captured_queries)


def _database_url(conf: dict, name: str) -> str:
    password = f":{conf['PASSWORD']}" if conf["PASSWORD"] else ""
    return f"postgres://{conf['USER']}{password}@{conf['HOST'] or '127.0.0.1'}:{conf['PORT'] or 5432}/{name}"
