"""The footer every page ends with: what the chips are, what gambling costs, and where to find help.

Rendered by a tag rather than a context processor so that only whole pages (not htmx fragments) pay
for its one query, and so that pages rendered without a request (the 500 page) still have it.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.utils import translation

from accounts.selectors import footer_facts

register = template.Library()


@register.inclusion_tag("_footer.html", takes_context=True)
def site_footer(context) -> dict[str, Any]:
    """The footer in the active language, with the reader's class wording and helpline."""
    language = (translation.get_language() or settings.LANGUAGE_CODE).split("-")[0]
    request = context.get("request")
    school, class_helpline = footer_facts(getattr(request, "user", None))
    return {
        "language": language,
        "school": school,
        "helpline": class_helpline or settings.HELPLINES.get(language, ""),
    }
