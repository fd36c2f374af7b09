from django.apps import AppConfig


class OpsConfig(AppConfig):
    """Operations commands: ``prepare`` (start-up), ``compile_catalogs`` and ``seed_demo``."""

    name = "ops"
    verbose_name = "Operations"
