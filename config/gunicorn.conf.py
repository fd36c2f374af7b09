"""gunicorn settings for the container; every figure can be set from the environment."""

import os

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
accesslog = "-"  # stdout
errorlog = "-"
# X-Forwarded-Proto is believed only from these addresses (the TLS proxy); not from anyone.
forwarded_allow_ips = (
    os.environ.get("FORWARDED_ALLOW_IPS") or os.environ.get("TRUSTED_PROXIES") or "127.0.0.1"
)
