from django import template
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

register = template.Library()


@register.simple_tag(takes_context=True)
def lesson_part(context, slug: str, name: str) -> str:
    """Render one named part of a lesson's text (``lessons/content/<slug>.html#<name>``), or nothing."""
    try:
        part = get_template(f"lessons/content/{slug}.html#{name}")
    except TemplateDoesNotExist:
        return ""
    return part.render(context.flatten(), context.get("request"))
