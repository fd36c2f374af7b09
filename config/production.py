"""Production settings: everything in ``config.settings``, made strict.

Used by the Docker image (``DJANGO_SETTINGS_MODULE=config.production``).
DEBUG is off unless explicitly turned on, SECRET_KEY must be set, cookies
are secure, and ``manage.py check --deploy`` reports nothing.
"""

import os

from django.core.exceptions import ImproperlyConfigured

from config.settings import *  # noqa: F403
from config.settings import env

# --- Core ---------------------------------------------------------------------

DEBUG = env.bool("DEBUG", default=False)
SECRET_KEY = env.str("SECRET_KEY", default="")
if len(SECRET_KEY) < 50 or SECRET_KEY.startswith("django-insecure") or SECRET_KEY.startswith("change-me"):
    raise ImproperlyConfigured(
        "SECRET_KEY must be set to a long random value (50 characters or more) in production: "
        'generate one with `python -c "import secrets; print(secrets.token_urlsafe(64))"` '
        "and put it in the .env file."
    )
#: The password .env.example ships with: a server must not run with it.
PLACEHOLDER_DB_PASSWORD = "change-me-database-password"
if os.environ.get("POSTGRES_PASSWORD") == PLACEHOLDER_DB_PASSWORD:
    raise ImproperlyConfigured(
        "POSTGRES_PASSWORD is still the placeholder from .env.example: put a password of your own in .env "
        "(any printable characters) before the first start, as docs/self-hosting.md says."
    )
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# --- HTTPS and cookies --------------------------------------------------------

# Behind a TLS proxy that sets X-Forwarded-Proto (only trust it when a proxy is there).
if env.bool("BEHIND_TLS_PROXY", default=True):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
if not SECURE_HSTS_PRELOAD:
    # Asking browsers to preload the domain is each school's own decision (it cannot be undone
    # quickly), so it is off by default and the check that recommends it is silenced.
    SILENCED_SYSTEM_CHECKS = ["security.W021"]
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=True)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=True)
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

# --- Static files -------------------------------------------------------------

STORAGES = {  # noqa: F405
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# --- Logging: everything to stdout, for the container's log -------------------

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {
        "stdout": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "formatter": "plain"}
    },
    "root": {"handlers": ["stdout"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {"django.security": {"handlers": ["stdout"], "level": "WARNING", "propagate": False}},
}
