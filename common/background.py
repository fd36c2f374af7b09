"""Work a request hands off, so that its response neither waits for it nor shows how long it took.

A reset e-mail is the case: sent inside the request, a slow mail relay made the answer for an
address with an account 150 ms slower than for one without, and the timing told which addresses
have accounts. Handed to ``run_after_response``, the work waits until the response has been
written and closed (Django's ``request_finished``, which the WSGI server sends after the last
byte), then runs in a background thread of the same process: neither the answer nor the next
request on the same connection waits for it, and its own CPU time (rendering, the SMTP
exchange) does not even compete with the response for the interpreter.

This is not a task queue: nothing is stored, so work still queued when the process ends (a
worker restarted or killed) is lost. Use it only for work whose loss is acceptable (a reset
e-mail can be asked for again) and that needs nothing from the request but what is passed in.
At most ``MAX_QUEUED`` jobs wait or run at once per process: past that (a mail relay that hangs,
a flood of requests), work handed off is logged and dropped rather than kept in memory. A task
runs in the language that was active when it was handed off, and closes any database
connection it opened. ``wait_for_background`` waits for the work handed off so far (for tests).

``connect()`` (called from ``AccountsConfig.ready``) ties the hand-off to Django's request
signals; outside a request (a management command) the work starts at once.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_for
from functools import partial

from django.core.signals import request_finished, request_started
from django.db import connections
from django.utils import translation

logger = logging.getLogger(__name__)

#: Threads per process: the work is waiting on a mail relay, not computing.
THREADS = 2

#: Jobs waiting or running at once, past which more work is logged and dropped.
MAX_QUEUED = 100

_pool = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="background")
_pending: set[Future[None]] = set()
_pending_lock = threading.Lock()
#: Per request thread: the work handed off during the request in progress (``None``: no request).
_request = threading.local()


def run_after_response(task: Callable[..., object], /, *args: object, **kwargs: object) -> None:
    """Run ``task(*args, **kwargs)`` in a background thread once the current response is sent.

    In the current language; an exception in the task is logged, never raised to anyone.
    """
    job = partial(_run, task, translation.get_language(), args, kwargs)
    queued = getattr(_request, "queued", None)
    if queued is None:
        _submit(job)
    else:
        queued.append(job)


def wait_for_background(timeout: float = 30.0) -> bool:
    """Wait until the work handed off so far is done (at most ``timeout`` seconds); whether it is."""
    with _pending_lock:
        pending = list(_pending)
    _done, not_done = wait_for(pending, timeout=timeout)
    return not not_done


def connect() -> None:
    """Hold work handed off during a request until the request is finished (idempotent)."""
    request_started.connect(_request_started, dispatch_uid="common.background.started")
    request_finished.connect(_request_finished, dispatch_uid="common.background.finished")


def _request_started(**kwargs: object) -> None:
    # Work left by a request whose end never came (a streamed response nobody read to the end)
    # is not kept back for ever: it goes now.
    leftover, _request.queued = getattr(_request, "queued", None) or [], []
    for job in leftover:
        _submit(job)


def _request_finished(**kwargs: object) -> None:
    queued, _request.queued = getattr(_request, "queued", None) or [], None
    for job in queued:
        _submit(job)


def _submit(job: Callable[[], None]) -> None:
    with _pending_lock:
        if len(_pending) >= MAX_QUEUED:
            task = job.args[0] if isinstance(job, partial) and job.args else job
            logger.error(
                "Background task %s dropped: %d jobs are queued already",
                getattr(task, "__qualname__", task),
                len(_pending),
            )
            return
        future = _pool.submit(job)
        _pending.add(future)
    future.add_done_callback(_forget)


def _run(task: Callable[..., object], language: str | None, args: tuple, kwargs: dict) -> None:
    try:
        with translation.override(language):
            task(*args, **kwargs)
    except Exception:
        logger.exception("Background task %s failed", getattr(task, "__qualname__", task))
    finally:
        connections.close_all()  # only this thread's connections, if the task opened any


def _forget(future: Future[None]) -> None:
    with _pending_lock:
        _pending.discard(future)
