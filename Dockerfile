# The Punto Banco school: one image for every web container (no state lives in a process).
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONPATH=/app \
    DJANGO_SETTINGS_MODULE=config.production

WORKDIR /app

# Dependencies first, from the hashed lock file alone: this layer is rebuilt only when
# requirements.lock changes, so a code change reuses it. Every package is pinned and its
# download checked against the hashes recorded in the lock.
COPY requirements.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements.lock

# Then the code (.dockerignore keeps out the virtualenv, .env, databases, caches and tests).
# It runs from /app (PYTHONPATH), as it always has: settings find templates, static files
# and translations next to config/, so the project itself is not pip-installed.
COPY . ./
# Hashed, compressed static files, served by whitenoise with far-future cache headers.
# The build needs a throwaway key only because settings are imported; it is not kept.
RUN SECRET_KEY=build-only-key-not-used-at-run-time-0123456789-abcdefghijklmnop \
    python manage.py collectstatic --noinput --verbosity 0 \
    && SECRET_KEY=build-only-key-not-used-at-run-time-0123456789-abcdefghijklmnop \
    python manage.py compile_catalogs --verbosity 0 \
    && useradd --create-home --uid 10001 app
USER 10001

EXPOSE 8000
# Probed every 3 s, so a container reports healthy within seconds of being ready (migrations
# on a first start may take longer: failures in the first 120 s do not count).
HEALTHCHECK --interval=3s --timeout=3s --start-period=120s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2).status != 200)"]
ENTRYPOINT ["/app/config/docker-entrypoint.sh"]
CMD ["gunicorn", "config.wsgi:application", "--config", "config/gunicorn.conf.py"]
