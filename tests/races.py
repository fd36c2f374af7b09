"""Racing requests for the PostgreSQL tests: many clients, released at once."""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connections
from django.test import Client


def together(threads: int, send: Callable[[Client], object], *, user=None) -> list[int]:
    """Run ``send(client)`` from ``threads`` threads, each with its own client (logged in as ``user`` if
    given), all released at once by a barrier; return the status codes. Any exception fails the test."""
    barrier = threading.Barrier(threads)
    statuses, failures = [], []

    def run() -> None:
        try:
            client = Client(raise_request_exception=False)
            if user is not None:
                client.force_login(user)
            barrier.wait(timeout=20)
            statuses.append(send(client).status_code)
        except Exception as error:  # noqa: BLE001 - reported below
            failures.append(error)
        finally:
            connections.close_all()

    workers = [threading.Thread(target=run) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert not failures, failures
    return statuses
