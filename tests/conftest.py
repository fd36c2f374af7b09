"""Shared pytest fixtures and markers."""

import pytest
from django.db import connection


def pytest_collection_modifyitems(config, items):
    """Skip tests marked ``postgres`` unless the suite runs on PostgreSQL."""
    if connection.vendor == "postgresql":
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL row locks (set DATABASE_URL to a postgres:// URL)")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)
