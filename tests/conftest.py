"""Shared pytest fixtures and markers."""

import os
import random

import pytest
from django.db import connection
from hypothesis import settings as hypothesis_settings

# Timing belongs in benchmarks, not in unit tests: a loaded CI machine must not fail a property.
# derandomize: every run tries the same examples (a seed derived from each test), so no test fails by chance.
hypothesis_settings.register_profile("project", deadline=None, derandomize=True)
hypothesis_settings.load_profile("project")


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A request activates its language in the thread; put English back so no test sees another's."""
    yield
    from django.utils import translation

    translation.activate("en")


@pytest.fixture(autouse=True)
def _seeded_questions(monkeypatch):
    """The course's and the drill's generated questions come from seeded generators in every test."""
    from lessons import views, views_drill, views_payout

    monkeypatch.setattr(views, "RNG", random.Random(4))
    monkeypatch.setattr(views_drill, "RNG", random.Random(88))
    monkeypatch.setattr(views_payout, "RNG", random.Random(180))


@pytest.fixture(autouse=True)
def _seeded_shuffle(monkeypatch):
    """The practice table shuffles its new shoes from a seeded generator in every test."""
    from table import shuffle

    generator = random.Random(27)
    monkeypatch.setattr(shuffle, "SOURCE", lambda: generator)


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Tests only: hash passwords cheaply (production keeps Django's default)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def pytest_collection_modifyitems(config, items):
    """Skip tests marked ``postgres`` unless the suite runs on PostgreSQL."""
    if connection.vendor == "postgresql":
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL row locks (set DATABASE_URL to a postgres:// URL)")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def course(db):
    """The course's lessons, loaded as ``make run`` loads them."""
    from lessons.services import lessons_load

    lessons_load()


@pytest.fixture
def learner(db):
    from tests.factories import UserFactory

    return UserFactory()


@pytest.fixture
def learner_client(client, learner):
    """The test client, logged in as the learner."""
    client.force_login(learner)
    return client


@pytest.fixture
def seat(learner):
    from tests.factories import SeatFactory

    return SeatFactory(user=learner)


@pytest.fixture
def verify_ledgers(db):
    """After the test, every seat's balance equals the sum of its ledger."""
    yield
    from table.services import ledger_problems

    assert ledger_problems() == []


@pytest.fixture
def fresh_postgres():
    """A PostgreSQL database of its own (not the test database), dropped afterwards."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL")
    import psycopg
    from django.conf import settings

    conf = settings.DATABASES["default"]
    name = f"pb_deploy_{os.getpid()}"
    admin = {
        "host": conf["HOST"] or "127.0.0.1",
        "port": conf["PORT"] or 5432,
        "user": conf["USER"],
        "password": conf["PASSWORD"] or None,
        "dbname": "postgres",
        "autocommit": True,
    }
    with psycopg.connect(**admin) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    password = f":{conf['PASSWORD']}" if conf["PASSWORD"] else ""
    yield f"postgres://{conf['USER']}{password}@{admin['host']}:{admin['port']}/{name}", name
    with psycopg.connect(**admin) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
