from django.apps import AppConfig, apps
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class InstructorsConfig(AppConfig):
    name = "instructors"
    verbose_name = _("Instructors")

    def ready(self) -> None:
        # Imported here, as Django's app loading requires: the roles module uses the auth models.
        from instructors.roles import ensure_instructors_group

        # After every ``migrate``. This app has no models, so no signal names it: listen for the
        # lowest app's, sent last (INSTALLED_APPS order), when every model's permissions exist.
        post_migrate.connect(ensure_instructors_group, sender=apps.get_app_config("accounts"))
