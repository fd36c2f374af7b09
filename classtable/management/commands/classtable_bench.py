"""``manage.py classtable_bench --learners 60 --coups 20``: the class table's services timed in process.

For the settlement target (a coup settled for 60 seats in one transaction, p95 ≤ 300 ms): it makes a
class of new learners (named ``ct-bench-<hex>-<n>``, left in the database: ledger rows are never
deleted), opens a class table, and plays ``--coups`` coups in which every learner confirms a bet;
the instructor deals every card. Prints one JSON line with the confirm, deal and settling-deal
times and the ledger check. Run it on PostgreSQL (``DATABASE_URL``); the HTTP benchmark of polls
and card times is ``manage.py bench --class-table``.
"""

from __future__ import annotations

import json
import secrets
import statistics
import time
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from accounts.models import Classroom, Membership
from classtable import services
from classtable.models import ClassRound, ClassSeat
from table.bets import stake_on
from table.models import Seat
from table.services import ledger_problems


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


class Command(BaseCommand):
    help = "Time the class table's confirms, deals and settlements for N learners; print one JSON line."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--learners", type=int, default=60)
        parser.add_argument("--coups", type=int, default=20)

    def handle(self, *args, learners: int, coups: int, **options) -> None:
        User = get_user_model()
        tag = secrets.token_hex(3)
        dealer = User.objects.create(username=f"ct-bench-{tag}-dealer", is_staff=True)
        classroom = Classroom.objects.create(name=f"ct-bench-{tag}")
        classroom.instructors.add(dealer)
        users = []
        for number in range(learners):
            user = User.objects.create(username=f"ct-bench-{tag}-{number}")
            Membership.objects.create(user=user, classroom=classroom)
            users.append(user)
        table = services.class_table_open(
            user=dealer, classroom_id=classroom.pk, preset="standard", calls_draws=False
        )
        for user in users:
            services.seat_join(user=user, table_id=table.pk)
        confirms, deals, settles = [], [], []
        bet = [stake_on("banker", Decimal("5"))]
        for number in range(1, coups + 1):
            if number > 1:
                services.round_start(user=dealer, table_id=table.pk, round_number=number)
            for user in users:
                started = time.perf_counter()
                services.bets_confirm(user=user, table_id=table.pk, round_number=number, bets=bet)
                confirms.append(time.perf_counter() - started)
            services.bets_close(user=dealer, table_id=table.pk, round_number=number)
            index = 0
            while True:
                started = time.perf_counter()
                result = services.card_deal(
                    user=dealer, table_id=table.pk, round_number=number, expected_index=index
                )
                elapsed = time.perf_counter() - started
                (settles if result.settled else deals).append(elapsed)
                index += 1
                if result.settled:
                    break
        services.class_table_close(user=dealer, table_id=table.pk)
        seats = Seat.objects.filter(pk__in=ClassSeat.objects.filter(table=table).values("seat"))
        settled = ClassRound.objects.filter(table=table, state=ClassRound.State.SETTLED).count()
        figures = {
            "class_learners": learners,
            "class_coups": settled,
            "class_confirm_p50_ms": round(statistics.median(confirms) * 1000, 1),
            "class_deal_p50_ms": round(statistics.median(deals) * 1000, 1) if deals else None,
            "class_settle_p50_ms": round(statistics.median(settles) * 1000, 1),
            "class_settle_p95_ms": round(_p95(settles) * 1000, 1),
            "class_ledger_mismatches": len(ledger_problems(seats)),
        }
        self.stdout.write(json.dumps(figures))
