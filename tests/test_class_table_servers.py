"""One class table served by two gunicorn processes at once (two ports, one PostgreSQL database).

No state lives in a web process: the instructor deals through server A, each learner bets through one
server and polls through the other (with the ETag the first one gave it), and every learner sees every
card and the result; the ledger holds to the cent.

And a poll that finds nothing new is answered while every one of the worker's main threads waits (its
own threads: config/gunicorn_worker.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time

import pytest
from django.conf import settings

from classtable import benchmark as class_benchmark
from table import benchmark
from table.bench_client import Browser

pytestmark = [pytest.mark.postgres]

#: Round 1: Player 5 draws an 8 (3); Banker 3 stands on an 8: a tie. Round 2: Player 5, Banker 8: natural.
SHOE = "5H 3S KC JD 8H 2C 4H 3S 4D"
NAMES = {
    1: ["five of hearts", "three of spades", "king of clubs", "jack of diamonds", "eight of hearts"],
    2: ["two of clubs", "four of hearts", "three of spades", "four of diamonds"],
}
#: Each learner's stakes in both rounds (the felt's fields).
STAKES = {
    "ana": {"stake_player": "10"},
    "budi": {"stake_banker": "10"},
    "chris": {"stake_tie": "5"},
    "dewi": {"stake_player": "5", "stake_banker": "5"},
}
#: After the tie (Player and Banker returned, Tie 8:1), then the Banker natural (5 % commission).
BALANCES = {"ana": "90.00", "budi": "109.50", "chris": "135.00", "dewi": "99.75"}

SETUP = f"""
import json
from decimal import Decimal
from django.contrib.auth import get_user_model
from accounts.models import Classroom, Membership
from baccarat import Shoe
from classtable.models import ClassTable
from classtable.services import class_table_open, seat_join
from ops.class_bench import session_for
from table import services

users = get_user_model()
instructor = users.objects.create_user("teacher", is_staff=True)
classroom = Classroom.objects.create(name="Two servers", starting_balance=Decimal("100.00"))
classroom.instructors.add(instructor)
table = class_table_open(user=instructor, classroom_id=classroom.pk, preset="standard", calls_draws=False)
shoe = Shoe.arranged("{SHOE}".split() + ["10S"] * 12)
ClassTable.objects.filter(pk=table.pk).update(shoe_state=shoe.dumps())
sessions = {{"teacher": session_for(instructor)}}
for name in {sorted(STAKES)!r}:
    user = users.objects.create_user(name)
    Membership.objects.create(user=user, classroom=classroom)
    services.seat_open(user=user, starting_balance=classroom.starting_balance)
    seat_join(user=user, table_id=table.pk)
    sessions[name] = session_for(user)
print(json.dumps({{"table": table.pk, "sessions": sessions}}))
"""

REPORT = """
import json
from classtable.models import ClassPlay, ClassRound
from table.models import Seat
from table.services import ledger_problems
table = TABLE
seats = Seat.objects.filter(class_seats__table_id=table)
print(json.dumps({
    "problems": ledger_problems(seats),
    "balances": {seat.user.username: str(seat.balance) for seat in seats},
    "rounds": [[r.number, r.cards, r.state, r.winner] for r in ClassRound.objects.filter(table_id=table)],
    "plays": sorted(set(ClassPlay.objects.filter(round__table_id=table).values_list("state", flat=True))),
}))
"""


def manage(env, *args):
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env=benchmark.child_env(env),
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    return (result.stdout.strip().splitlines() or [""])[-1]


def test_one_class_table_served_by_two_gunicorn_processes_at_once(fresh_postgres, tmp_path):
    url, _ = fresh_postgres
    env = benchmark.server_env(url, benchmark.new_secret_key()) | {"STATIC_ROOT": str(tmp_path / "static")}
    manage(env, "prepare")
    manage(env, "collectstatic", "--noinput", "-v0")
    made = json.loads(manage(env, "shell", "-c", SETUP))
    table, sessions = made["table"], made["sessions"]

    with benchmark.Server(env) as a, benchmark.Server(env) as b:
        # Ana and Chris bet through A and poll through B; Budi and Dewi the other way round.
        ports = [(a.port, b.port), (b.port, a.port)]
        learners = {
            name: class_benchmark.Learner(
                table,
                Browser(ports[index % 2][0], sessions[name]),
                Browser(ports[index % 2][1], sessions[name]),
            )
            for index, name in enumerate(sorted(STAKES))
        }
        teacher = class_benchmark.Instructor(Browser(a.port, sessions["teacher"]), table)
        teacher.open()
        for learner in learners.values():
            learner.open()
        for number in (1, 2):
            if number > 1:
                teacher.start_round(number)
            for name, learner in learners.items():
                learner.bet(number, STAKES[name])
            teacher.close_bets(number)
            for index in range(len(NAMES[number])):
                deal = teacher.deal(number, index)
                assert deal.settled == (index == len(NAMES[number]) - 1)
                for name, learner in learners.items():  # each sees this card, through the other server
                    learner.wait_for(deal.version)
                    # (the page shows the Player's hand, then the Banker's)
                    assert sorted(learner.cards()) == sorted(NAMES[number][: index + 1]), (name, index)
            for name, learner in learners.items():
                assert "ct-verdict" in learner.shown, name

    report = json.loads(manage(env, "shell", "-c", REPORT.replace("TABLE", str(table))))
    assert report["problems"] == []
    assert report["rounds"] == [
        [1, "5H 3S KC JD 8H", "settled", "tie"],
        [2, "2C 4H 3S 4D", "settled", "banker"],
    ]
    assert report["plays"] == ["settled"]
    assert report["balances"] == BALANCES


def test_a_poll_is_answered_304_while_the_only_main_thread_waits_for_the_tables_lock(
    fresh_postgres, tmp_path
):
    url, name = fresh_postgres
    env = benchmark.server_env(url, benchmark.new_secret_key()) | {
        "STATIC_ROOT": str(tmp_path / "static"),
        "GUNICORN_THREADS": "1",
    }
    manage(env, "prepare")
    manage(env, "collectstatic", "--noinput", "-v0")
    made = json.loads(manage(env, "shell", "-c", SETUP))
    table, session = made["table"], made["sessions"]["ana"]

    with benchmark.Server(env, workers=1) as server:
        learner = class_benchmark.Learner(
            table,
            Browser(server.port, session),
            Browser(server.port, session),
        )
        learner.open()
        form = {"round": "1", "chip": "5", **STAKES["ana"]}
        drafted = learner.bets.request("POST", f"/class-table/{table}/draft/", form)
        assert drafted.status == 200  # a draft takes no lock
        tag = drafted.headers["x-class-table-etag"]
        confirmed = []
        with benchmark.connect(settings.DATABASES["default"], name) as holder:
            holder.execute("SELECT id FROM classtable_classtable WHERE id = %s FOR UPDATE", [table])
            bet = threading.Thread(
                target=lambda: confirmed.append(
                    learner.bets.request("POST", f"/class-table/{table}/confirm/", form)
                )
            )
            bet.start()
            deadline = time.monotonic() + 30
            waiting = "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND wait_event_type = 'Lock'"
            while not holder.execute(waiting, [name]).fetchone()[0]:
                assert time.monotonic() < deadline, "the bet never waited for the table's lock"
                time.sleep(0.05)
            # The worker's one main thread waits in the bet; the poll still has threads of its own.
            learner.polls.conn.timeout = 10
            poll = class_benchmark.poll_path(table)
            answer = learner.polls.request("GET", poll, headers={"If-None-Match": tag})
            assert answer.status == 304
            assert answer.seconds < 5
            assert bet.is_alive()  # still waiting: the poll did not wait for it
            holder.rollback()
        bet.join(timeout=30)
        assert not bet.is_alive()
        assert confirmed[0].status == 200  # the confirm went through once the lock was free
        assert confirmed[0].headers["x-class-table-etag"] != tag
