from django.apps import AppConfig
from django.db.models.signals import post_migrate


class LessonsConfig(AppConfig):
    name = "lessons"
    verbose_name = "Lessons and classes"

    def ready(self) -> None:
        from lessons.roles import ensure_instructors_group

        post_migrate.connect(ensure_instructors_group, sender=self)
