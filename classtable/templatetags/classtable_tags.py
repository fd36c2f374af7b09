"""``{% class_table_entry %}``: the learner's "Your class is playing" entry on the start page.

A template tag rather than the lessons' home view: ``lessons`` sits below ``classtable`` in the layers
and cannot import it; the start page's template asks for the entry (one query, for a logged-in user).
"""

from __future__ import annotations

from django import template

from classtable import selectors

register = template.Library()


@register.inclusion_tag("classtable/partials/_home_entry.html", takes_context=True)
def class_table_entry(context) -> dict:
    user = context.get("user")
    if user is None or not user.is_authenticated:
        return {"table": None}
    if user.is_staff:
        return {"table": None, "instructor": True}
    return {"table": selectors.open_table_for_learner(user)}
