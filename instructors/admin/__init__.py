"""The instructor's admin: their classes (with the class progress page) and their learners.

Instructors are staff users in the "Instructors" group (see ``instructors.roles``).
Learner records are read-only here: chips change only through the table's
settlement service (the reset action calls it), and progress only through
the learners' own answers. Every queryset is scoped by ``accounts.scoping``.

Django's user admin is registered again here, because only this app knows
both the accounts and the table: an account with a chip history (a seat, or a
reset it made) is never deleted, by anyone (``KeepsHistory``), and no part of a
password's hash is shown. Every list page filters only by its declared filters
(``common.admin``).

One module per part, each registering its own admins when imported here:

- ``users``: Django's user admin, and the accounts that keep their history;
- ``classes``: the classes (with the progress pages and the CSV) and their members;
- ``learners``: the learners, with the chip reset and the log-in unlock;
- ``assignments``: what a class is asked to do by when.
"""

from django.contrib import admin
from django.utils.translation import gettext_lazy

from instructors.admin import assignments, classes, learners, users

__all__ = ["assignments", "classes", "learners", "users"]

admin.site.site_header = gettext_lazy("Punto Banco school: instructors")
admin.site.site_title = gettext_lazy("Punto Banco school admin")
admin.site.index_title = gettext_lazy("Classes and learners")
