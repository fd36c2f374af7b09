"""``manage.py load_lessons``: copy the course's lessons (identity and order) into the database.

Idempotent: safe on every start, and from several containers at once.
"""

from django.core.management.base import BaseCommand

from lessons.services import lessons_load


class Command(BaseCommand):
    help = "Load the course's lessons into the database (safe to run on every start)."

    def handle(self, *args, **options) -> None:
        count = lessons_load()
        self.stdout.write(f"{count} lessons loaded.")
