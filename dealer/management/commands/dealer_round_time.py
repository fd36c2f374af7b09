"""Play scripted dealer-mode rounds on the server and print each one's time as the server's clock measured it.

Every action is the right one, sent straight to the services (no browser, no network). Before each
one the script waits the engine's floor for that kind of action (what a person needs at the very
least: 0.25 s a click, 0.5 s a call, 1 s a typed amount) plus ``--pause`` seconds; ``--machine`` sends
them at once (the floor then flags the round). Everything is written in one transaction and rolled
back: the database is left as it was.

    manage.py dealer_round_time --rounds 5 --pause 0.2 --seats 5
"""

from __future__ import annotations

import time
from statistics import median

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from baccarat.dealer import action_floor
from dealer.models import DealerRound
from dealer.playing import right_action
from dealer.services import round_act, round_deal_next, session_open


class Command(BaseCommand):
    help = "Play scripted dealer-mode rounds server-side and print their measured round times."

    def add_arguments(self, parser):
        parser.add_argument("--rounds", type=int, default=5)
        parser.add_argument("--seats", type=int, default=5)
        parser.add_argument("--preset", default="standard")
        parser.add_argument("--commission", choices=["payout", "box"], default="payout")
        parser.add_argument("--pause", type=float, default=0.2, help="seconds on top of each action's floor")
        parser.add_argument("--machine", action="store_true", help="no wait at all: machine speed")

    def handle(self, *args, **options):
        times: list[int] = []
        pace = "no wait" if options["machine"] else f"the action's floor + {options['pause']} s"
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
                while round.phase != DealerRound.Phase.DONE:
                    data = right_action(round)
                    if not options["machine"]:
                        time.sleep(float(action_floor(data["do"])) + options["pause"])
                    round = round_act(user=user, round_id=round.pk, step=round.step, data=data)
                wall = time.perf_counter() - started
                times.append(round.duration_ms or 0)
                self.stdout.write(
                    f"round {round.number}: {len(round.actions)} actions, "
                    f"{sum(len(seat['bets']) for seat in round.layout['seats'])} bets, "
                    f"server round time {(round.duration_ms or 0) / 1000:.3f} s (first card to last payout), "
                    f"wall {wall:.3f} s, clean={round.clean}, too_fast={round.too_fast}"
                )
            transaction.set_rollback(True)
        self.stdout.write(
            f"median round time {median(times) / 1000:.3f} s over {len(times)} rounds "
            f"({pace} before each action; standard {session.standard_seconds} s)"
        )
