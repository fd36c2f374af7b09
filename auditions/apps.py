from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AuditionsConfig(AppConfig):
    name = "auditions"
    verbose_name = _("Auditions")
