"""Every user-facing string in a template is marked for translation.

The check removes what is already translatable or not text (comments,
{% translate %} and {% blocktranslate %} blocks, other tags, variables, HTML
entities and markup) and fails on any word left over, in text or in the
attributes people read (aria-label, title, alt, placeholder).
"""

import re
from pathlib import Path

import pytest
from django.conf import settings

TEMPLATES = sorted(Path(settings.BASE_DIR, "templates").rglob("*.html"))
PEOPLE_READ = re.compile(r'\s(?:aria-label|title|alt|placeholder)="([^"]*)"')


def untranslated_words(source: str) -> list[str]:
    text = re.sub(r"\{#.*?#\}", " ", source, flags=re.S)
    text = re.sub(r"\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", " ", text, flags=re.S)
    text = re.sub(r"\{%\s*blocktrans(?:late)?\b.*?\{%\s*endblocktrans(?:late)?\s*%\}", " ", text, flags=re.S)
    text = re.sub(r"\{%.*?%\}", " ", text, flags=re.S)
    text = re.sub(r"\{\{.*?\}\}", " ", text, flags=re.S)
    text = re.sub(r"&[a-zA-Z]+;|&#\d+;", " ", text)
    attributes = " ".join(PEOPLE_READ.findall(text))
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
    visible = re.sub(r"<[^>]*>", " ", text) + " " + attributes
    return re.findall(r"[^\W\d_]{2,}", visible)


@pytest.mark.parametrize("path", TEMPLATES, ids=[str(p.relative_to(settings.BASE_DIR)) for p in TEMPLATES])
def test_every_template_string_is_marked_for_translation(path):
    assert untranslated_words(path.read_text(encoding="utf-8")) == []


def test_the_check_catches_an_unmarked_sentence_and_an_unmarked_label():
    assert untranslated_words("<p>Deal the card</p>") == ["Deal", "the", "card"]
    assert untranslated_words('<svg aria-label="seven of clubs"></svg>') == ["seven", "of", "clubs"]
    assert untranslated_words('<p>{% translate "Deal the card" %} {{ view.balance }} &rarr;</p>') == []
    assert untranslated_words("{% blocktranslate %}You have {{ n }} chips{% endblocktranslate %}") == []
