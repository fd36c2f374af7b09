"""What many test modules share: the htmx header, the site's languages, and markup read as elements.

Markup is checked by parsing it (stdlib ``html.parser``), so a test reads an element's attributes,
text and count instead of matching a substring that breaks on attribute order or whitespace::

    page = parse(response.content.decode())
    assert len(page.find_all("svg", class_="card")) == 1
    assert page.find("dd", id="balance").text == "90.00 chips"
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.urls import reverse

#: The header htmx sends with every request it makes.
HX = {"HX-Request": "true"}


def exercise_shown(client, slug: str) -> None:
    """Have the lesson's question issued, as its page does with htmx when it loads (a GET issues none)."""
    client.post(reverse("lessons:exercise-show", args=[slug]), headers=HX)


#: Parametrize a view test over a plain request and an htmx one.
MODES = [pytest.param({}, id="plain"), pytest.param(HX, id="htmx")]

#: Every language the site speaks, English first (``settings.LANGUAGES``' codes).
LANGUAGES = [code for code, _ in settings.LANGUAGES]

#: The languages translated from English.
TRANSLATED = [code for code in LANGUAGES if code != settings.LANGUAGE_CODE]

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Element:
    """One parsed element: its tag, attributes and children (elements and text)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Element | str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The element's text, its whitespace collapsed as a reader sees it."""
        return " ".join("".join(self._texts()).split())

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def _texts(self):
        for child in self.children:
            if isinstance(child, str):
                yield child
            else:
                yield from child._texts()

    def _descendants(self):
        for child in self.children:
            if isinstance(child, Element):
                yield child
                yield from child._descendants()

    def find_all(self, tag: str | None = None, *, class_: str | None = None, **attrs: str) -> list[Element]:
        """Elements under this one with that tag, carrying the class ``class_`` and these attributes.

        An attribute name's underscores stand for hyphens (``hx_swap_oob="true"``).
        """
        wanted = {name.replace("_", "-"): value for name, value in attrs.items()}
        return [
            element
            for element in self._descendants()
            if (tag is None or element.tag == tag)
            and (class_ is None or set(class_.split()) <= element.classes)
            and all(element.attrs.get(name) == value for name, value in wanted.items())
        ]

    def find(self, tag: str | None = None, *, class_: str | None = None, **attrs: str) -> Element:
        """The one element that matches (a test fails if there is none or more than one)."""
        found = self.find_all(tag, class_=class_, **attrs)
        assert len(found) == 1, f"{len(found)} elements match {tag} {class_} {attrs}"
        return found[0]

    def rows(self) -> list[list[str]]:
        """Each table row under this element as the texts of its cells (``th`` and ``td``) in order."""
        return [
            [cell.text for cell in row._descendants() if cell.tag in ("th", "td")]
            for row in self.find_all("tr")
        ]

    def definitions(self) -> dict[str, Element]:
        """A description list's terms (their text) and each one's first ``<dd>``, as a reader pairs them."""
        pairs: dict[str, Element] = {}
        term = None
        for element in self._descendants():
            if element.tag == "dt":
                term = element.text
            elif element.tag == "dd" and term is not None:
                pairs.setdefault(term, element)
                term = None
        return pairs


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document")
        self.open = [self.root]

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {name: value or "" for name, value in attrs})
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag, attrs):
        self.open[-1].children.append(Element(tag, {name: value or "" for name, value in attrs}))

    def handle_endtag(self, tag):
        for depth in range(len(self.open) - 1, 0, -1):
            if self.open[depth].tag == tag:
                del self.open[depth:]
                return

    def handle_data(self, data):
        self.open[-1].children.append(data)


def parse(html: str | bytes) -> Element:
    """The markup as a tree of elements (a document or a fragment alike)."""
    builder = _TreeBuilder()
    builder.feed(html.decode() if isinstance(html, bytes) else html)
    builder.close()
    return builder.root
