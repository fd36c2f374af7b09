"""``manage.py bench --class-table``: one class table, a class of learners polling and betting, an instructor
dealing, on gunicorn with the production settings and PostgreSQL.

Design overview:

- It runs in the bench's own database (``ops.management.commands.bench`` creates and drops it). The
  instructor (a staff user who teaches the class), the class and its N learners are made with the
  services; each learner sits down with ``classtable.services.seat_join``. Every browser's session is
  made by the harness in the server's own session store, as ``manage.py bench`` does (a log-in per
  learner would only measure password hashing).
- gunicorn serves the app (``table.benchmark.Server``: ``config.production``, 2 workers by default).
  The learners run in spawned generator processes (``classtable.benchmark.learners_process``), one
  thread each: a poll every second with the ETag they last saw, a bet on every round. The instructor
  runs here: "Place your bets", a betting window, "No more bets", then one card every ``--deal-every``
  seconds until the coup settles, for ``--rounds`` rounds. The class does not call the draws (the
  instructor deals on without waiting).
- After each deal the class table's version is read from the database (one query): in the dealing
  phase only the deals write, so it is the version that deal produced. A learner has seen the card at
  its first changed poll with that version or a later one.
- The settle figure is the instructor's settling deal request, timed by the client (the request that
  deals the last card and settles every seat in one transaction), under the learners' polling load.
- In process, with the same code: the SQL statements and the templates rendered of one unchanged poll.
- Afterwards, ``table.services.ledger_problems`` over the learners' seats.
"""

from __future__ import annotations

import multiprocessing
import queue
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from importlib import import_module
from pathlib import Path
from unittest import mock

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.db import connection, connections
from django.template import base as template_base
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.models import Classroom, Membership
from classtable import benchmark as class_benchmark
from classtable.models import ClassPlay, ClassRound, ClassTable
from classtable.services import class_table_open, seat_join
from instructors.roles import INSTRUCTORS
from table import benchmark, services
from table.bench_client import Browser
from table.benchmark import sql_statements
from table.models import Seat

PRESET = "standard"


def session_for(user) -> str:
    """A session in the server's own store, as a log-in makes it; its key is the cookie."""
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return session.session_key


def prepare(learners: int) -> tuple[ClassTable, object, list]:
    """The instructor, the class, its learners seated at a class table open for round 1's bets."""
    users = get_user_model()
    instructor = users.objects.create_user("bench-instructor", is_staff=True)
    instructor.groups.add(Group.objects.get_or_create(name=INSTRUCTORS)[0])
    classroom = Classroom.objects.create(name="Bench class", starting_balance=Decimal("100000.00"))
    classroom.instructors.add(instructor)
    table = class_table_open(user=instructor, classroom_id=classroom.pk, preset=PRESET, calls_draws=False)
    seated = []
    for index in range(learners):
        user = users.objects.create_user(f"bench-learner-{index}")
        Membership.objects.create(user=user, classroom=classroom)
        services.seat_open(user=user, starting_balance=classroom.starting_balance)
        seat_join(user=user, table_id=table.pk)
        seated.append(user)
    return table, instructor, seated


def poll_cost(table: ClassTable, learner) -> dict:
    """SQL statements, templates rendered and time of one unchanged and one changed poll of a learner, in
    process with the same code (no HTTP, no other load): what a poll costs the server by itself."""
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(learner)
    page = client.get(class_benchmark.page_path(table.pk))
    etag = class_benchmark.page_etag(page.content) or ""
    path, hx = class_benchmark.poll_path(table.pk), {"HX-Request": "true"}
    rendered = []
    original = template_base.Template._render

    def counting(self, context):
        rendered.append(self.name)
        return original(self, context)

    figures = {}
    for name, headers in (("unchanged", {"If-None-Match": etag, **hx}), ("changed", hx)):
        client.get(path, headers=headers)  # warm
        times = []
        for _ in range(20):
            rendered.clear()
            with (
                mock.patch.object(template_base.Template, "_render", counting),
                CaptureQueriesContext(connection) as captured,
            ):
                started = time.perf_counter()
                response = client.get(path, headers=headers)
                times.append(time.perf_counter() - started)
        figures |= {
            f"class_poll_{name}_status": response.status_code,
            f"class_poll_{name}_queries": sql_statements(captured),
            f"class_poll_{name}_templates": len(rendered),
            f"class_poll_{name}_in_process_p50_ms": class_benchmark.ms(times, 0.5),
        }
    return figures


def table_state(table_id: int) -> tuple[int, bool]:
    """The class table's version and whether its newest round is settled (read after a deal)."""
    version = ClassTable.objects.filter(pk=table_id).values_list("version", flat=True).get()
    state = (
        ClassRound.objects.filter(table_id=table_id).order_by("-number").values_list("state", flat=True)[0]
    )
    return version, state == ClassRound.State.SETTLED


def run(write, database_url: str, options) -> dict:
    learners, rounds = options["learners"], options["rounds"]
    write(f"Preparing a class table with {learners} learners …")
    call_command("migrate", verbosity=0, interactive=False)
    key = benchmark.new_secret_key()
    settings.SECRET_KEY = key
    table, instructor, seated = prepare(learners)
    sessions = {user.username: session_for(user) for user in seated}
    figures: dict = {"class_learners": learners, "class_workers": options["workers"]}
    figures.update(poll_cost(table, seated[0]))
    connections.close_all()

    env = benchmark.server_env(database_url, key) | {
        "STATIC_ROOT": str(Path(tempfile.mkdtemp(prefix="bench-static-")))
    }
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=settings.BASE_DIR,
        env=benchmark.child_env(env),
        check=True,
    )
    with benchmark.Server(env, workers=options["workers"]) as server:
        write(
            f"{learners} learners polling every {options['poll_every']} s from {options['processes']} "
            f"processes; the instructor deals a card every {options['deal_every']} s, {rounds} rounds, "
            f"on gunicorn ({options['workers']} workers) …"
        )
        played = play(server.port, table.pk, instructor, sessions, options)
        played["class_worker_cpu_seconds"] = server.workers_cpu_seconds()
    figures.update(played)
    seats = Seat.objects.filter(class_seats__table=table)
    figures["class_ledger_mismatches"] = len(services.ledger_problems(seats))
    plays = ClassPlay.objects.filter(round__table=table, state=ClassPlay.State.SETTLED).count()
    figures["class_bets_settled"] = plays
    figures["class_bets_expected"] = learners * figures["class_rounds"]
    if plays != figures["class_bets_expected"]:
        figures["class_errors"] += 1
        figures["class_error_samples"].append(
            f"{plays} plays settled, {figures['class_bets_expected']} expected"
        )
    report(write, figures)
    return figures


def report(write, figures: dict) -> None:
    f = figures
    write(
        f"unchanged polls: p50 {f['class_poll_p50_ms']} ms, p95 {f['class_poll_p95_ms']} ms "
        f"({f['class_polls_unchanged']}; in process {f['class_poll_unchanged_queries']} SQL statement(s), "
        f"{f['class_poll_unchanged_templates']} templates); p95 by phase "
        + ", ".join(f"{phase} {value} ms" for phase, value in f["class_poll_p95_ms_by_phase"].items())
    )
    write(
        f"changed polls: p95 {f['class_poll_changed_p95_ms']} ms ({f['class_polls_changed']}; in process "
        f"{f['class_poll_changed_queries']} statements, {f['class_poll_changed_templates']} templates, "
        f"p50 {f['class_poll_changed_in_process_p50_ms']} ms)"
    )
    write(
        f"a card seen by every learner: p50 {f['class_card_seen_p50_ms']} ms, "
        f"p95 {f['class_card_seen_p95_ms']} ms ({f['class_cards_dealt']} cards)"
    )
    write(
        f"the settling deal request ({f['class_learners']} seats): p50 {f['class_settle_p50_ms']} ms, "
        f"p95 {f['class_settle_p95_ms']} ms ({f['class_rounds']} rounds); other deals p95 "
        f"{f['class_deal_p95_ms']} ms; bet requests p95 {f['class_bet_request_p95_ms']} ms"
    )
    write(f"the workers' CPU seconds: {f['class_worker_cpu_seconds']}")
    write(
        f"errors: {f['class_errors']}; seats not matching their ledger: {f['class_ledger_mismatches']}; "
        f"plays settled {f['class_bets_settled']} of {f['class_bets_expected']}"
    )
    for error in f["class_error_samples"]:
        write(f"  error: {error}")


def play(port: int, table_id: int, instructor, sessions: dict[str, str], options) -> dict:
    context = multiprocessing.get_context("spawn")
    stop, results = context.Event(), context.Queue()
    names = sorted(sessions)
    processes = max(1, min(options["processes"], len(names)))
    workers = []
    for index in range(processes):
        own = {name: sessions[name] for name in names[index::processes]}
        worker = context.Process(
            target=class_benchmark.learners_process,
            args=(
                port,
                table_id,
                own,
                options["poll_every"],
                options["think"],
                1000 * index + 29,
                stop,
                results,
            ),
        )
        worker.start()
        workers.append(worker)
    teacher = class_benchmark.Instructor(
        Browser(port, session_for(instructor)),
        table_id,
        state=lambda answer: table_state(table_id),
    )
    deals: list[class_benchmark.Deal] = []
    started = time.monotonic()
    try:
        teacher.open()
        time.sleep(options["poll_every"] + 1.0)  # every learner has loaded the page and polled once
        for number in range(1, options["rounds"] + 1):
            if number > 1:
                teacher.start_round(number)
            time.sleep(options["bet_window"])
            teacher.close_bets(number)
            time.sleep(options["deal_every"])
            deals += teacher.deal_round(number, options["deal_every"])
            time.sleep(options["deal_every"])  # every learner sees the result before the next round
    except (OSError, RuntimeError) as error:
        teacher.errors.append(f"instructor: {error}")
    finally:
        stop.set()
        tallies = []
        for _ in workers:
            try:
                tallies.append(results.get(timeout=120))
            except queue.Empty:
                teacher.errors.append("a generator process sent no results")
        for worker in workers:
            worker.join(timeout=30)
    seconds = time.monotonic() - started
    return figures(deals, tallies, teacher.errors, seconds)


def figures(deals, tallies: list[dict], instructor_errors: list[str], seconds: float) -> dict:
    ms = class_benchmark.ms
    unchanged = [value for tally in tallies for value in tally["unchanged"]]
    by_phase: dict[str, list[float]] = {}
    for tally in tallies:
        for value, phase in zip(tally["unchanged"], tally["unchanged_phases"], strict=True):
            by_phase.setdefault(phase, []).append(value)
    changed = [value for tally in tallies for value in tally["changed"]]
    bets = [value for tally in tallies for value in tally["bets"]]
    seen = {name: polls for tally in tallies for name, polls in tally["seen"].items()}
    errors = instructor_errors + [error for tally in tallies for error in tally["errors"]]
    delays, missed = class_benchmark.seen_delays(deals, seen)
    settles = [deal.seconds for deal in deals if deal.settled]
    others = [deal.seconds for deal in deals if not deal.settled]
    if missed:
        errors.append(f"{missed} cards never seen by a learner")
    return {
        "class_poll_p50_ms": ms(unchanged, 0.5),
        "class_poll_p95_ms": ms(unchanged, 0.95),
        "class_poll_p99_ms": ms(unchanged, 0.99),
        "class_polls_unchanged": len(unchanged),
        # Where the slow ones are: while the class bets (their posts), deals, or looks at a result.
        "class_poll_p95_ms_by_phase": {phase: ms(values, 0.95) for phase, values in sorted(by_phase.items())},
        "class_polls_changed": len(changed),
        "class_poll_changed_p95_ms": ms(changed, 0.95),
        "class_polls_per_second": round((len(unchanged) + len(changed)) / seconds, 1),
        "class_card_seen_p50_ms": ms(delays, 0.5),
        "class_card_seen_p95_ms": ms(delays, 0.95),
        "class_card_seen_max_ms": ms(delays, 1.0),
        "class_cards_dealt": len(deals),
        "class_settle_p50_ms": ms(settles, 0.5),
        "class_settle_p95_ms": ms(settles, 0.95),
        "class_settle_measured": "the instructor's settling deal request, client side",
        "class_deal_p95_ms": ms(others, 0.95),
        "class_bet_request_p95_ms": ms(bets, 0.95),
        "class_rounds": len(settles),
        "class_errors": len(errors),
        "class_error_samples": sorted(set(errors))[:10],
        "class_generator_cpu_seconds": round(sum(tally["cpu"] for tally in tallies), 1),
        "class_seconds": round(seconds, 1),
    }
