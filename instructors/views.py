"""The class progress page and its CSV export, reached from the class in the admin.

``ClassroomAdmin`` scopes the class to the instructor before calling these
(another instructor's class is a 404 there), and the admin site's own view
wrapper sends anonymous visitors to the login page. The figures come from
``instructors.report``; the page and the CSV show the same texts in the same
order (``?o=`` sorts both).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.text import slugify
from django.utils.translation import gettext as _

from accounts.models import Classroom
from instructors.report import Column, class_progress, csv_safe, learner_progress, progress_table
from instructors.report.columns import HELP_KEY, LEARNER_KEY
from progress.models import PAYOUT_MASTERY_STREAK

TEMPLATE = "admin/accounts/classroom/progress.html"
LEARNER_TEMPLATE = "admin/accounts/classroom/learner_progress.html"
SAFE_METHODS = ("GET", "HEAD")


@dataclass(frozen=True)
class HeaderLink:
    """A column header: its label, the link that sorts by it, and how the page is sorted by it now."""

    label: str
    url: str
    #: ``ascending``, ``descending`` or ``none`` (the ``aria-sort`` value).
    sorted: str


def header_links(columns: list[Column], order: str) -> list[HeaderLink]:
    """A link per column: sort by it, or reverse it if the page is already sorted by it."""
    links = []
    for column in columns:
        if order == column.key:
            links.append(HeaderLink(column.label, "?" + urlencode({"o": f"-{column.key}"}), "ascending"))
        elif order == f"-{column.key}":
            links.append(HeaderLink(column.label, "?" + urlencode({"o": column.key}), "descending"))
        else:
            links.append(HeaderLink(column.label, "?" + urlencode({"o": column.key}), "none"))
    return links


def csv_filename(classroom: Classroom) -> str:
    return f"{slugify(classroom.name) or 'class'}-progress.csv"


def progress_view(model_admin, request: HttpRequest, classroom: Classroom) -> HttpResponse:
    if request.method not in SAFE_METHODS:
        return HttpResponseNotAllowed(SAFE_METHODS)
    progress = class_progress(classroom, order=request.GET.get("o", ""))
    csv_url = reverse("admin:accounts_classroom_progress_csv", args=[classroom.pk])
    context = {
        **model_admin.admin_site.each_context(request),
        "title": _("Progress of %(classroom)s") % {"classroom": classroom},
        "opts": model_admin.model._meta,
        "classroom": classroom,
        "progress": progress,
        "headers": header_links(progress.columns, progress.order),
        "learner_key": LEARNER_KEY,
        "help_key": HELP_KEY,
        "csv_url": csv_url + ("?" + urlencode({"o": progress.order}) if progress.order else ""),
        "change_url": reverse("admin:accounts_classroom_change", args=[classroom.pk]),
        "add_assignment_url": reverse("admin:progress_assignment_add")
        + "?"
        + urlencode({"classroom": classroom.pk}),
    }
    return TemplateResponse(request, TEMPLATE, context)


def learner_view(model_admin, request: HttpRequest, classroom: Classroom, user_id: int) -> HttpResponse:
    """One learner of the class: lessons, drill map, chips, restarts, assignments (404: not its learner)."""
    if request.method not in SAFE_METHODS:
        return HttpResponseNotAllowed(SAFE_METHODS)
    learner = learner_progress(classroom, user_id)
    if learner is None:
        raise Http404(_("There is no such learner in this class."))
    context = {
        **model_admin.admin_site.each_context(request),
        "title": _("%(learner)s in %(classroom)s")
        % {"learner": learner.row.username, "classroom": classroom},
        "opts": model_admin.model._meta,
        "classroom": classroom,
        "learner": learner,
        "heat": learner.heat,
        "chart": learner.chart,
        "payout_streak": PAYOUT_MASTERY_STREAK,
        "progress_url": reverse("admin:accounts_classroom_progress", args=[classroom.pk]),
        "change_url": reverse("admin:accounts_classroom_change", args=[classroom.pk]),
    }
    return TemplateResponse(request, LEARNER_TEMPLATE, context)


def progress_csv(model_admin, request: HttpRequest, classroom: Classroom) -> HttpResponse:
    """The page's table as CSV (UTF-8 with a byte-order mark, so spreadsheets read the accents)."""
    if request.method not in SAFE_METHODS:
        return HttpResponseNotAllowed(SAFE_METHODS)
    progress = class_progress(classroom, order=request.GET.get("o", ""))
    response = HttpResponse(
        content_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{csv_filename(classroom)}"'},
    )
    response.write("\ufeff")
    writer = csv.writer(response)
    for line in progress_table(progress):
        writer.writerow([csv_safe(text) for text in line])
    return response
