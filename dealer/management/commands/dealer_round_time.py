"""Play scripted dealer-mode rounds on the server and print each one's time as the server's clock measured it.

Every action is the right one, sent straight to the services (no browser, no network), with
``--pause`` seconds between actions (0: machine speed, which the floor flags as too fast). Everything
is written in one transaction and rolled back: the database is left as it was.

    manage.py dealer_round_time --rounds 5 --pause 0.7 --seats 5
"""

from __future__ import annotations

import time
from statistics import median

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from dealer.playing import play_round
from dealer.services import round_deal_next, session_open


class Command(BaseCommand):
    help = "Play scripted dealer-mode rounds server-side and print their measured round times."

    def add_arguments(self, parser):
        parser.add_argument("--rounds", type=int, default=5)
        parser.add_argument("--seats", type=int, default=5)
        parser.add_argument("--preset", default="standard")
        parser.add_argument("--commission", choices=["payout", "box"], default="payout")
        parser.add_argument("--pause", type=float, default=0.0, help="seconds between two actions")

    def handle(self, *args, **options):
        times: list[int] = []
        with transaction.atomic():
            user = get_user_model().objects.create_user(username="dealer-round-time-script")
            session = session_open(
                user=user, seats=options["seats"], preset=options["preset"], commission=options["commission"]
            )
            round = session.dealer_rounds.get()
            for number in range(options["rounds"]):
                if number:
                    round = round_deal_next(user=user, session_id=session.pk)
                started = time.perf_counter()
                round = play_round(user, round, pause=lambda: time.sleep(options["pause"]))
                wall = time.perf_counter() - started
                times.append(round.duration_ms or 0)
                self.stdout.write(
                    f"round {round.number}: {len(round.actions)} actions, {len(round.layout)} bets, "
                    f"server round time {(round.duration_ms or 0) / 1000:.3f} s (first card to last payout), "
                    f"wall {wall:.3f} s, clean={round.clean}, too_fast={round.too_fast}"
                )
            transaction.set_rollback(True)
        self.stdout.write(
            f"median round time {median(times) / 1000:.3f} s over {len(times)} rounds "
            f"(pause {options['pause']} s between actions; standard {session.standard_seconds} s)"
        )
