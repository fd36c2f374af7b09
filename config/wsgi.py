"""WSGI entry point (gunicorn config.wsgi:application).

With the production settings the static files are served from a manifest; without it every page
would fail with a 500 on its first ``{% static %}``, so the server refuses to start instead.
"""

import os

from django.contrib.staticfiles.storage import ManifestFilesMixin
from django.core.exceptions import ImproperlyConfigured
from django.core.files.storage import storages
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()


def require_static_manifest() -> None:
    """Refuse to serve when the static files storage needs a manifest that is not there."""
    storage = storages["staticfiles"]
    if isinstance(storage, ManifestFilesMixin) and not storage.exists(storage.manifest_name):
        raise ImproperlyConfigured(
            f"The static files manifest {storage.path(storage.manifest_name)} is missing: "
            "run `python manage.py collectstatic --noinput` before starting the server."
        )


require_static_manifest()
