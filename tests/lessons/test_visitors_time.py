"""A visitor's hostile input and deals write no row; a lesson left alone for an hour starts again.

Moved from test_visitors.py, which had grown past 450 lines."""

from __future__ import annotations

from datetime import timedelta
from http import HTTPStatus

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from lessons import sandbox
from tests.lessons.test_visitors import FIRST, VISITOR_FORMS, deal, kept, lesson_html, no_rows_written, panel
from tests.support import HX, parse
from tests.test_fuzz import FUZZ, HOSTILE


@FUZZ
@given(data=st.data())
def test_no_visitor_form_answers_a_5xx_to_hostile_input_or_writes_a_row(course, data):
    """Every form a visitor can post, on an open example and on a closed one, with input no page sends."""
    client = Client(raise_request_exception=False)
    example = data.draw(
        st.sampled_from([FIRST, ("counting-totals", "four-plus-four"), ("settlement", "a-tie")])
    )
    name = data.draw(st.sampled_from(sorted(VISITOR_FORMS)))
    fields = VISITOR_FORMS[name]
    posted = {
        field: data.draw(HOSTILE) for field in data.draw(st.lists(st.sampled_from(fields), unique=True))
    }
    htmx = data.draw(st.booleans())

    response = client.post(reverse(name, args=example), posted, headers=HX if htmx else {})

    assert HTTPStatus.OK <= response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR, (name, posted)
    assert no_rows_written()
    assert set(kept(client)) <= {"/".join(FIRST), "counting-totals/four-plus-four"}


def test_a_visitors_deal_writes_no_row(client, course):
    deal(client, *FIRST, 0)

    with CaptureQueriesContext(connection) as queries:
        assert deal(client, *FIRST, 1, headers=HX).status_code == HTTPStatus.OK

    writes = [query["sql"] for query in queries if query["sql"].split()[0] in {"INSERT", "UPDATE", "DELETE"}]
    assert writes == []
    assert len(queries) <= 1  # the lesson


def test_lesson_1_left_alone_for_an_hour_opens_at_its_start_again(client, course, monkeypatch):
    """A shared school computer keeps its session two weeks: the next visitor found lesson 1 already
    dealt by the one before. Within the hour it is as left; after it, at its start."""
    slug, key = FIRST
    for card in range(3):
        deal(client, slug, key, card)
    assert len(parse(panel(lesson_html(client, slug), key)).find_all("svg")) == 3
    start = timezone.now()

    monkeypatch.setattr(sandbox.timezone, "now", lambda: start + timedelta(seconds=3599))
    assert len(parse(panel(lesson_html(client, slug), key)).find_all("svg")) == 3
    monkeypatch.setattr(sandbox.timezone, "now", lambda: start + timedelta(seconds=3602))
    fresh = panel(lesson_html(client, slug), key)
    assert parse(fresh).find_all("svg") == []
    assert "Deal card 1 to Player" in fresh
    assert deal(client, slug, key, 0).status_code == HTTPStatus.FOUND  # and it deals from its first card
    assert kept(client)[f"{slug}/{key}"] == [1, 1]
