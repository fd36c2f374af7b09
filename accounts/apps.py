from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from common import background


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Classes and learners")

    def ready(self) -> None:
        # Reset e-mails are handed off during a request and sent once it is finished.
        background.connect()
