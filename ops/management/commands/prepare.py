"""``manage.py prepare``: migrate and load the lessons; safe on every start, from several containers at once.

On PostgreSQL the steps run under a session-level advisory lock, so when
three web containers start together one migrates and the others wait, then
find nothing left to do. On SQLite (one process on one file) no lock is needed.
"""

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection

#: An arbitrary, fixed key for pg_advisory_lock: "PB" "prep".
LOCK_KEY = 0x5042_7072_6570


class Command(BaseCommand):
    help = "Apply migrations and load the lessons (idempotent; serialised across containers on PostgreSQL)."

    def handle(self, *args, **options) -> None:
        locked = connection.vendor == "postgresql"
        if locked:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_lock(%s)", [LOCK_KEY])
        try:
            call_command("migrate", interactive=False, verbosity=options["verbosity"])
            call_command("load_lessons", verbosity=options["verbosity"])
        finally:
            if locked:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_advisory_unlock(%s)", [LOCK_KEY])
        self.stdout.write("Ready.")
