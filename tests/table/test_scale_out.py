"""Scale-out: two gunicorn processes on one PostgreSQL serve one learner's round, card by card.

No state lives in a web process: a round dealt alternately by two servers must
be identical — coup, settlement and ledger — to the same round on one server.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from django.conf import settings

from table import benchmark

pytestmark = [pytest.mark.postgres]

SETUP = """
import json
from decimal import Decimal
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from table import services
from baccarat import Shoe
from table.models import Seat

cookies = {}
for name in ("split", "single"):
    user = get_user_model().objects.create_user(name)
    seat = services.seat_open(user=user)
    services.seat_set_coach(user=seat.user, seat_id=seat.pk, on=False)
    # Player 5 draws an 8 (3); Banker 3 stands on an 8: a tie, then a Banker natural.
    shoe = Shoe.arranged("5H 3S KC JD 8H 2C 4H 3S 4D".split() + ["10S"] * 12)
    Seat.objects.filter(pk=seat.pk).update(shoe_state=shoe.dumps(), shoe_number=1)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    cookies[name] = session.session_key
print(json.dumps(cookies))
"""

REPORT = """
import json
from table.models import LedgerEntry, Round
from table.services import ledger_verify
out = {}
for name in ("split", "single"):
    rounds = Round.objects.filter(seat__user__username=name, seat__kind="table").order_by("number")
    entries = LedgerEntry.objects.filter(seat__user__username=name, seat__kind="table").order_by("id")
    ledger_verify(rounds[0].seat)
    out[name] = {
        "rounds": [[r.number, r.cards, r.state, r.winner, r.player_total, r.banker_total, str(r.returned)]
                   for r in rounds],
        "ledger": [[e.kind, e.bet_kind, str(e.amount), str(e.balance_after)] for e in entries],
    }
print(json.dumps(out))
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
    return result.stdout


def play(browsers, stakes):
    """Confirm, then deal one card per request, taking the browsers in turn."""
    first = browsers[0]
    for browser in browsers:
        browser.start()
    answer = first.request("POST", "/table/round/confirm/", {"round": str(first.next_round), **stakes})
    assert answer.status == 200, answer.body
    number, turn = first.next_round, 0
    while benchmark.SETTLED not in answer.body:
        browser = browsers[turn % len(browsers)]
        card = benchmark.CARD.search(answer.body).group(1).decode()
        answer = browser.request("POST", "/table/round/deal/", {"round": str(number), "card": card})
        assert answer.status == 200, answer.body
        turn += 1
    for browser in browsers:
        browser.next_round = number + 1
    return turn


def test_a_round_dealt_alternately_by_two_servers_equals_one_dealt_by_one(fresh_postgres, tmp_path):
    url, _ = fresh_postgres
    key = benchmark.new_secret_key()
    env = benchmark.server_env(url, key) | {"STATIC_ROOT": str(tmp_path / "static")}
    manage(env, "prepare")
    manage(env, "collectstatic", "--noinput", "-v0")
    cookies = json.loads(manage(env, "shell", "-c", SETUP).strip().splitlines()[-1])

    with benchmark.Server(env) as one, benchmark.Server(env) as two:
        assert one.port != two.port
        split = [benchmark.TableBrowser(port, cookies["split"]) for port in (one.port, two.port)]
        single = [benchmark.TableBrowser(one.port, cookies["single"])]
        for stakes in ({"stake_tie": "10", "stake_player": "5"}, {"stake_banker": "10"}):
            dealt_split = play(split, stakes)
            dealt_single = play(single, stakes)
            assert dealt_split == dealt_single

    report = json.loads(manage(env, "shell", "-c", REPORT).strip().splitlines()[-1])
    assert report["split"] == report["single"]
    assert [r[1:4] for r in report["split"]["rounds"]] == [
        ["5H 3S KC JD 8H", "settled", "tie"],
        ["2C 4H 3S 4D", "settled", "banker"],
    ]
    # 100 - 15 + 90 (Tie 8:1) + 5 (Player returned on the tie) = 180; then 10 on Banker less 0.50: 189.50
    assert report["split"]["ledger"][-1][3] == "189.50"
