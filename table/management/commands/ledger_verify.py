"""``manage.py ledger_verify``: check that every seat's chip balance is the sum of its ledger.

For operators, after a restore or an incident: prints one line per seat that is
wrong and exits with status 1, or says all is well (status 0).

    python manage.py ledger_verify
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from table.models import Seat
from table.services import ledger_problems


class Command(BaseCommand):
    help = "Check that every seat's balance equals the sum of its ledger; exit 1 on any mismatch."

    def handle(self, *args, **options) -> None:
        problems = ledger_problems()
        if problems:
            for problem in problems:
                self.stderr.write(problem)
            raise CommandError(
                f"{len(problems)} seat(s) whose balance is not the sum of its ledger.", returncode=1
            )
        self.stdout.write(f"All {Seat.objects.count()} seats: each balance equals the sum of its ledger.")
