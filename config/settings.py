"""Settings for the Punto Banco school.

Everything that differs between a laptop, CI and a school's server is read
from the environment (or a ``.env`` file) through one ``environ.Env``;
``.env.example`` documents each variable. The defaults give a working local
app on SQLite with no set-up.
"""

import os
from datetime import timedelta
from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

# --- Core ---------------------------------------------------------------------

DEBUG = env.bool("DEBUG", default=False)
SECRET_KEY = env.str(
    "SECRET_KEY",
    # Only good for a local run: production must set its own (see .env.example).
    default="django-insecure-local-development-key-change-me-0123456789",
)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "axes",
    # Our apps, from the top of the dependency graph down (docs/development.md; checked by `make lint`).
    "ops",
    "instructors",
    "auditions",
    "classtable",
    "dealer",
    "lessons",
    "table",
    "progress",
    "accounts",
]

MIDDLEWARE = [
    "config.middleware.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.ContentSecurityPolicyMiddleware",
    # Pages for a logged-in user: Cache-Control private, no-store (it reads request.user on the way out).
    "config.middleware.PrivatePagesMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # An unchanged class-table poll: 304 from one query, before any session, user or template.
    "classtable.middleware.NotModifiedPollMiddleware",
    # Django's sessions; a cookie that is not a well-formed session key is no session (no query).
    "config.middleware.WellFormedSessionMiddleware",
    # The language: the learner's own choice (cookie), else the browser's (Accept-Language).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before the CSRF check reads the form: an unreadable form or a NUL character is a 400.
    "config.middleware.RequestSanityMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.language.ProfileLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A payout-drill question left for any other page counts as missed (after the log-in is known).
    "lessons.middleware.PayoutQuestionLeftMiddleware",
    # A limit per client address a view let through (the log-in's): a 429 page with Retry-After.
    "config.middleware.TooManyRequestsMiddleware",
    # Last: it answers a locked-out login attempt before any view runs.
    "axes.middleware.AxesMiddleware",
]

# Only the app's own files: no inline script, no eval, nothing from elsewhere.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)

ROOT_URLCONF = "config.urls"
CSRF_FAILURE_VIEW = "config.views.csrf_failure"
WSGI_APPLICATION = "config.wsgi.application"

# --- Templates ----------------------------------------------------------------

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": ["template_partials.templatetags.partials"],
        },
    },
]

# --- Database -----------------------------------------------------------------

if env.str("POSTGRES_HOST", default="") and not env.str("DATABASE_URL", default=""):
    # docker compose gives the connection in parts, so a password needs no URL quoting: `/`, `@`,
    # `:`, `%`, `$` all work. Read without django-environ, which would expand a leading `$`.
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.postgresql",
            "HOST": env.str("POSTGRES_HOST"),
            "PORT": env.int("POSTGRES_PORT", default=5432),
            "NAME": env.str("POSTGRES_DB", default="puntobanco"),
            "USER": env.str("POSTGRES_USER", default="puntobanco"),
            "PASSWORD": os.environ.get("POSTGRES_PASSWORD", ""),
        }
    }
else:
    DATABASES = {
        "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
    }
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# Each web process keeps its database connection between requests (seconds; 0: a new one per
# request). Opening a PostgreSQL connection costs more than a whole deal (issue 16); a connection
# that broke while idle is noticed and replaced before a request uses it.
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for a competing writer instead of failing at once with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Auth ---------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Sessions live in the database: logging out or changing the password ends every copy of
# the session (a signed cookie captured before a logout kept working on a shared computer).
# `manage.py clearsessions` removes expired rows (docs/self-hosting.md).
SESSION_ENGINE = "django.contrib.sessions.backends.db"
SESSION_COOKIE_HTTPONLY = True
AUTHENTICATION_BACKENDS = [
    # Counts failed log-ins and refuses further tries for a while (brute-force protection).
    # First, the limits per client address (accounts.backends): a 429 before any password is checked.
    "accounts.backends.ClientLimitedAxesBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=15))
# Lock a username from one address, so nobody can lock a learner out from elsewhere. The address
# is the client's, read through the proxies named in TRUSTED_PROXIES (common/client_ip.py); with
# none named it is the connection's own address.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "common.client_ip.client_ip"
TRUSTED_PROXIES = env.list("TRUSTED_PROXIES", default=[])
AXES_RESET_ON_SUCCESS = True
# Rows written (accounts.backends; docs/self-hosting.md): a client address writes at most
# this many axes rows for usernames with no account (kept AXES_COOLOFF_TIME; past it, a wrong username is
# answered as before and writes nothing), and an account logs in at most this many times (a session row
# each) an hour; past it, a log-in to it is refused with a 429 and writes nothing. Pupils share an address
# (a school's NAT): neither limit stops a learner because of a classmate.
FAILED_LOGIN_NAMES_PER_CLIENT = env.int("FAILED_LOGIN_NAMES_PER_CLIENT", default=30)
LOG_INS_PER_ACCOUNT = env.int("LOG_INS_PER_ACCOUNT", default=30)
AXES_WHITELIST_CALLABLE = "accounts.backends.failure_not_recorded"
AXES_VERBOSE = False
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- E-mail -------------------------------------------------------------------

# One URL (django-environ): smtp+tls://user:password@host:587 (STARTTLS), smtp+ssl://user:password@host:465,
# consolemail:// (printed to the log). Unset: the site sends no e-mail, and a forgotten password is reset
# only through a one-time link an instructor makes; set, Django's password reset by e-mail is offered too.
EMAIL_URL = env.str("EMAIL_URL", default="")
PASSWORD_RESET_BY_EMAIL = bool(EMAIL_URL)
if EMAIL_URL:
    _email = env.email_url("EMAIL_URL")
    _email.pop("OPTIONS", None)  # query-string options other than tls/ssl: none are used here
    vars().update(_email)
# Seconds a mail relay may take to answer before sending gives up (the reset e-mail is lost; the
# background threads of common/background.py are not tied up by a relay that hangs).
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="webmaster@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# How long a link sent by e-mail works (Django's default is three days).
PASSWORD_RESET_TIMEOUT = 24 * 3600
# At most this many reset e-mails an hour to one address, and asked for from one client address (a
# school's pupils may share one); more gets a 429 and sends nothing (accounts.services).
RESET_EMAILS_PER_ADDRESS = env.int("RESET_EMAILS_PER_ADDRESS", default=3)
RESET_EMAILS_PER_CLIENT = env.int("RESET_EMAILS_PER_CLIENT", default=20)
# At most this many accounts made, and class joins (a sign-up's join code or the join page), an hour
# from one client address: enough for two classes of one school behind one address; more gets a 429.
SIGNUPS_PER_CLIENT = env.int("SIGNUPS_PER_CLIENT", default=60)
JOINS_PER_CLIENT = env.int("JOINS_PER_CLIENT", default=60)

# --- Internationalisation -----------------------------------------------------

LANGUAGE_CODE = "en"
# Each language named in itself, as the switcher shows it.
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("id", "Bahasa Indonesia")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = env.str("TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

# --- Gambling help ------------------------------------------------------------

# The helpline every page's footer names, per language (free text: a name and a number). A class can
# name its own in the admin, which its learners then see instead. Indonesian has no default: its footer
# then points to a doctor or counsellor (docs/configuration.md).
HELPLINES = {
    "en": env.str("HELPLINE_EN", default="0808 8020 133 (UK), 1-800-GAMBLER (US)"),
    "de": env.str("HELPLINE_DE", default="0800 1 37 27 00"),
    "id": env.str("HELPLINE_ID", default=""),
}

# --- Static files -------------------------------------------------------------

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = env.path("STATIC_ROOT", default=BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# The class table (issue 29): a session ends itself after this many minutes without an instructor's action.
CLASS_TABLE_IDLE_MINUTES = env.int("CLASS_TABLE_IDLE_MINUTES", default=30)
