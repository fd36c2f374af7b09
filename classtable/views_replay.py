"""After the session: a member replays its shoe at their own pace, one card per click (a GET each)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from classtable import errors, selectors
from classtable.access import refused_page, table_and_role
from classtable.presenters.replay import replay_view
from common.errors import AppError

STILL_OPEN = _("The replay opens when the session has ended: its shoe is still being dealt.")


@login_required
@require_GET
def replay(request, pk: int) -> HttpResponse:
    try:
        table, _role = table_and_role(request.user, pk)
        rounds = selectors.session_replay(request.user, table.pk)
        if rounds is None:
            raise errors.WrongState(STILL_OPEN)
    except AppError as error:
        return refused_page(request, error, table=None)
    view = replay_view(rounds, request.GET.get("round"), request.GET.get("card"))
    context = {"table": table, "replay": view}
    template = "classtable/replay.html#replay" if request.htmx else "classtable/replay.html"
    return render(request, template, context)
