"""Work handed off during a request runs in a background thread once the response is finished."""

import logging
import threading

import pytest
from django.core.signals import request_finished, request_started
from django.utils import translation

from common import background
from common.background import run_after_response, wait_for_background

# Django's own request signals close stale database connections, so these tests may touch them.
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_request_in_progress():
    """An earlier test's streamed response, never read to its end, leaves its request open."""
    request_finished.send(sender=None)
    assert wait_for_background(timeout=10)


def test_work_handed_off_in_a_request_waits_until_the_request_is_finished():
    ran = threading.Event()

    request_started.send(sender=None)
    run_after_response(ran.set)
    held = ran.wait(timeout=0.3)
    request_finished.send(sender=None)

    assert held is False
    assert wait_for_background(timeout=10)
    assert ran.is_set()


def test_outside_a_request_the_work_starts_at_once():
    ran = threading.Event()

    run_after_response(ran.set)

    assert ran.wait(timeout=10)


def test_the_work_runs_in_another_thread_in_the_language_it_was_handed_off_in():
    seen = {}

    def note() -> None:
        seen["thread"] = threading.current_thread()
        seen["language"] = translation.get_language()

    with translation.override("id"):
        run_after_response(note)
    assert wait_for_background(timeout=10)

    assert seen["thread"] is not threading.current_thread()
    assert seen["language"] == "id"


def test_a_failing_task_is_logged_and_the_next_one_still_runs(caplog):
    ran = threading.Event()

    def fail() -> None:
        raise RuntimeError("relay refused")

    with caplog.at_level(logging.ERROR, logger="common.background"):
        run_after_response(fail)
        run_after_response(ran.set)
        assert wait_for_background(timeout=10)

    assert ran.is_set()
    assert "relay refused" in caplog.text


def test_work_of_a_request_that_never_finished_goes_when_the_next_request_starts():
    ran = threading.Event()

    request_started.send(sender=None)
    run_after_response(ran.set)
    request_started.send(sender=None)  # the first request's end never came

    assert ran.wait(timeout=10)
    request_finished.send(sender=None)


def test_past_max_queued_jobs_more_work_is_logged_and_dropped(caplog):
    """A relay that hangs must not let work pile up in memory: past the cap it is dropped, loudly."""
    release = threading.Event()
    ran = []

    def hang() -> None:
        release.wait(timeout=30)

    with caplog.at_level(logging.ERROR, logger="common.background"):
        for _ in range(background.MAX_QUEUED):
            run_after_response(hang)
        run_after_response(ran.append, "dropped")
        release.set()
        assert wait_for_background(timeout=30)

    assert ran == []
    assert "dropped" in caplog.text and f"{background.MAX_QUEUED} jobs are queued" in caplog.text
    run_after_response(ran.append, "after")  # once the queue drains, work goes again
    assert wait_for_background(timeout=30)
    assert ran == ["after"]
