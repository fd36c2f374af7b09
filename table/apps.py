from django.apps import AppConfig


class TableConfig(AppConfig):
    name = "table"
    verbose_name = "Practice table"
