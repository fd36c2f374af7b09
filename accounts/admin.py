"""Django's group admin and django-axes' log-in records, registered again to filter only as declared.

Their list pages keep everything they had, except lookups outside their own
filters (``common.admin``). The user admin is restated in ``instructors.admin``,
which also knows which accounts have a history at the table.
"""

from __future__ import annotations

# Imported for their registrations: each stock admin is registered before it is replaced here.
import axes.admin  # noqa: F401
import django.contrib.auth.admin  # noqa: F401
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth.models import Group

from common.admin import with_declared_lookups_only

for model in (Group, AccessAttempt, AccessLog, AccessFailureLog):
    with_declared_lookups_only(model)
