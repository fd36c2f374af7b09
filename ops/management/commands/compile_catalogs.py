"""``manage.py compile_catalogs``: compile every ``locale/*/LC_MESSAGES/django.po`` to ``.mo`` in pure Python.

Django's ``compilemessages`` needs GNU gettext's ``msgfmt``; this does the same
with polib, so ``make run``, ``make test`` and the Docker image work on a
machine with only Python. Compiled catalogues are build output (git-ignored).
"""

from pathlib import Path

import polib
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Compile the translation catalogues (.po to .mo) without GNU gettext."

    def handle(self, *args, **options) -> None:
        compiled = 0
        for base in settings.LOCALE_PATHS:
            for po_path in sorted(Path(base).glob("*/LC_MESSAGES/*.po")):
                catalogue = polib.pofile(str(po_path))
                if catalogue.fuzzy_entries():
                    raise CommandError(f"{po_path} has fuzzy entries: review them before compiling.")
                catalogue.save_as_mofile(str(po_path.with_suffix(".mo")))
                compiled += 1
                if options["verbosity"] > 1:
                    self.stdout.write(f"{po_path}: {catalogue.percent_translated()} % translated")
        if options["verbosity"]:
            self.stdout.write(f"{compiled} catalogue(s) compiled.")
