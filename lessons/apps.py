from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class LessonsConfig(AppConfig):
    name = "lessons"
    verbose_name = _("Lessons and classes")

    def ready(self) -> None:
        from lessons.roles import ensure_instructors_group

        post_migrate.connect(ensure_instructors_group, sender=self)
