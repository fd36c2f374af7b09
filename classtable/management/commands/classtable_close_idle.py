"""``manage.py classtable_close_idle``: end the class-table sessions idle past ``CLASS_TABLE_IDLE_MINUTES``.

An idle session is already treated as ended everywhere (and closed by the next write to it); this
sweep, run from cron, also gives back the stakes of an unfinished coup that nobody writes to again.

    python manage.py classtable_close_idle
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from classtable.services import close_idle_tables


class Command(BaseCommand):
    help = "Close the class-table sessions idle past CLASS_TABLE_IDLE_MINUTES, returning unsettled stakes."

    def handle(self, *args, **options) -> None:
        closed = close_idle_tables()
        self.stdout.write(f"{closed} idle class-table session(s) closed.")
