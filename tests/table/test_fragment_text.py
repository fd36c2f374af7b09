"""An htmx answer reads as the page does: a fragment loses no word space (issue 26, item 10)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from table.models import Round
from tests.factories import arrange_shoe
from tests.support import HX, LANGUAGES
from tests.table.table_client import confirm, deal

#: Elements that run on inside a line: between them, only the markup's own white space separates words.
INLINE = {"a", "abbr", "b", "code", "em", "i", "small", "span", "strong"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class TextById(HTMLParser):
    """The text of every element that has an id, whitespace collapsed as a browser shows it.

    Any element but an inline one breaks the line (a space here), as a block, a label or a button does.
    """

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, str | None]] = []
        self.texts: dict[str, list[str]] = {}

    def handle_starttag(self, tag, attrs):
        if tag not in INLINE:
            self.handle_data(" ")
        if tag in VOID:
            return
        element_id = dict(attrs).get("id")
        self.open.append((tag, element_id))
        if element_id:
            self.texts.setdefault(element_id, [])

    def handle_endtag(self, tag):
        if tag not in INLINE:
            self.handle_data(" ")
        if tag in VOID:
            return
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data):
        for _, element_id in self.open:
            if element_id:
                self.texts[element_id].append(data)


def texts(html: str) -> dict[str, str]:
    parser = TextById()
    parser.feed(html)
    return {key: re.sub(r"\s+", " ", "".join(parts)).strip() for key, parts in parser.texts.items()}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_deal_that_ends_a_coup_answers_with_the_same_words_as_the_page(player, seat, language):
    """ "Standard 8 decks", not "Standard8 decks": the settings, the next bet's form and the status line."""
    player.cookies["language"] = language
    arrange_shoe(seat, "4 2 4 3")  # a natural: the coup ends on the fourth card
    confirm(player, HX, player=10)
    for index in range(4):
        answer = deal(player, index, HX)
    assert Round.objects.get(number=1).state == Round.State.SETTLED

    fragment = texts(answer.content.decode())
    page = texts(player.get(reverse("table:play")).content.decode())

    for element_id in ("table-panel-settings", "table-panel-spots", "table-panel-status", "table-roads"):
        assert fragment[element_id] == page[element_id], element_id
    assert {"en": "Standard 8 decks", "de": "Standard 8 Decks", "id": "Standar 8 dek"}[language] in page[
        "table-panel-settings"
    ]
