"""The shared helpers read markup as a browser would, so a test built on them can fail."""

import pytest
from django.conf import settings

from tests.support import LANGUAGES, TRANSLATED, parse

PAGE = """<!doctype html><html lang="de"><body>
<dl><dt>Balance</dt><dd><strong>90.00 chips</strong></dd><dt>In play</dt><dd>10.00  chips</dd></dl>
<ul class="road"><li class="cell player">P<br></li><li class="cell banker">B</li><li class="cell">
</li></ul><svg class="card back"><path d="M0 0"/></svg><p id="gone" hidden>x</p></body></html>"""


def test_elements_are_found_by_tag_class_and_attribute():
    page = parse(PAGE)
    assert page.find("html").attrs["lang"] == "de"
    assert len(page.find_all("li", class_="cell")) == 3
    assert [cell.text for cell in page.find_all(class_="cell player")] == ["P"]
    assert page.find("svg", class_="card").find("path").attrs == {"d": "M0 0"}
    assert page.find(id="gone").attrs["hidden"] == ""
    assert page.find_all("li", class_="tie") == []


def test_find_fails_unless_exactly_one_element_matches():
    with pytest.raises(AssertionError):
        parse(PAGE).find("li")
    with pytest.raises(AssertionError):
        parse(PAGE).find("table")


def test_a_description_list_reads_as_terms_and_their_definitions():
    terms = parse(PAGE).definitions()
    assert {term: dd.text for term, dd in terms.items()} == {
        "Balance": "90.00 chips",
        "In play": "10.00 chips",
    }
    assert terms["Balance"].find("strong").text == "90.00 chips"


def test_the_languages_are_the_settings_languages_english_first():
    assert [code for code, _ in settings.LANGUAGES] == LANGUAGES
    assert LANGUAGES[0] == "en" and LANGUAGES[1:] == TRANSLATED
