#!/bin/sh
# The web container's start: prepare the database (safe on every start and from
# several containers at once), then run the given command (gunicorn by default).
set -eu
python manage.py prepare
exec "$@"
