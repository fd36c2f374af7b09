"""Work a request hands off, so that its response neither waits for it nor shows how long it took.

A reset e-mail is the case: sent inside the request, a slow mail relay made the answer for an
address with an account 150 ms slower than for one without, and the timing told which addresses
have accounts. Handed to ``run_in_background``, the mail is sent by a thread of the same process
while the response goes out at once, whatever the mail does; the request thread is free at once
too, so not even the next request on the same connection waits for it.

This is not a task queue: nothing is stored, so work still queued when the process ends (a
worker restarted or killed) is lost. Use it only for work whose loss is acceptable (a reset
e-mail can be asked for again) and that needs nothing from the request but what is passed in.
A task runs in the language that was active when it was handed off, and closes any database
connection it opened. ``wait_for_background`` waits for the queued work (for tests, and so an
exiting process finishes what it has).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_for

from django.db import connections
from django.utils import translation

logger = logging.getLogger(__name__)

#: Threads per process: the work is waiting on a mail relay, not computing.
THREADS = 2

_pool = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="background")
_pending: set[Future[None]] = set()
_pending_lock = threading.Lock()


def run_in_background(task: Callable[..., object], /, *args: object, **kwargs: object) -> Future[None]:
    """Run ``task(*args, **kwargs)`` in a background thread, in the current language; return at once.

    An exception in the task is logged, never raised to anyone.
    """
    language = translation.get_language()

    def run() -> None:
        try:
            with translation.override(language):
                task(*args, **kwargs)
        except Exception:
            logger.exception("Background task %s failed", getattr(task, "__qualname__", task))
        finally:
            connections.close_all()  # only this thread's connections, if the task opened any

    future = _pool.submit(run)
    with _pending_lock:
        _pending.add(future)
    future.add_done_callback(_forget)
    return future


def wait_for_background(timeout: float = 30.0) -> bool:
    """Wait until the work handed off so far is done (at most ``timeout`` seconds); whether it is."""
    with _pending_lock:
        pending = list(_pending)
    _done, not_done = wait_for(pending, timeout=timeout)
    return not not_done


def _forget(future: Future[None]) -> None:
    with _pending_lock:
        _pending.discard(future)
