"""gunicorn settings for the container; every figure can be set from the environment.

Slow clients: a request goes to a thread only once it has arrived whole (config/gunicorn_worker.py).
Until then it waits in the worker's main loop, which waits on every socket at once, and a request
not complete within GUNICORN_REQUEST_TIMEOUT seconds is answered 408 and closed. So a client that
sends one byte every few seconds holds a socket, never a thread, with or without a proxy in front.
"""

import os

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
# gthread, with each request's headers and body collected before a thread is committed to it.
worker_class = "config.gunicorn_worker.BufferingThreadWorker"
# The workers keep their connections even (config/worker_balance.py): a kept-alive connection would
# otherwise stay with whichever worker accepted it, and a class's polling browsers all on one worker
# leave the other core idle.
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
# Threads per worker: while one waits for PostgreSQL another renders. The work is mostly Python (one
# GIL per worker), so for more throughput add workers rather than threads. Each thread keeps its own
# database connection (CONN_MAX_AGE).
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# Threads per worker kept for conditional GETs (the class table's polls, almost all 304s: see
# config/gunicorn_worker.py), on top of ``threads``; each keeps a database connection too.
os.environ.setdefault("GUNICORN_REVALIDATION_THREADS", "2")
# A worker whose main loop does not check in for this long is restarted. Unlike the sync worker's, a
# thread that runs long is not killed at this limit (a slow client cannot hold one: see above).
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# Connections a worker holds at once (gunicorn's default is 1000): each may hold up to 128 KiB of
# headers while they arrive, so with the body budget below a worker buffers about 64 MiB at most.
worker_connections = int(os.environ.get("GUNICORN_WORKER_CONNECTIONS", "250"))
# Seconds an idle connection is kept open for the next request.
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
# Read by the worker itself (gunicorn has no setting for them): seconds a request's headers and body
# may take to arrive, from the moment the worker waits for it; the largest body taken (bytes; Django
# refuses a larger form anyway); the bytes of all the bodies a worker collects at once (beyond it a
# body is answered 503 with Retry-After: the server is full, the request is not wrong).
os.environ.setdefault("GUNICORN_REQUEST_TIMEOUT", "10")
os.environ.setdefault("GUNICORN_MAX_BODY", str(2_621_440))
os.environ.setdefault("GUNICORN_MAX_BUFFERED", str(33_554_432))
accesslog = "-"  # stdout
errorlog = "-"
# X-Forwarded-Proto is believed only from these addresses (the TLS proxy); not from anyone.
forwarded_allow_ips = (
    os.environ.get("FORWARDED_ALLOW_IPS") or os.environ.get("TRUSTED_PROXIES") or "127.0.0.1"
)
