from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClasstableConfig(AppConfig):
    name = "classtable"
    verbose_name = _("Class table")
