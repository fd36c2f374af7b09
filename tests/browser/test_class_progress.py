"""The class progress page in a real browser: assignments, who is late, the summary on screen.

The instructor assigns lesson 2 to the demo class through the admin's form, then the due
moment passes (the test moves it an hour into the past, since a form refuses a past date)
and the class page says who did it on time, who did it late and who has not done it.
Screenshots: ``test-artifacts/class-progress-1280.png`` (the summary inside a 1280 x 800
viewport), ``class-progress-1280-scrolled.png`` (the lesson columns scrolled, the learner
column pinned), ``class-progress-375.png``, ``class-progress-de-1280.png``,
``learner-progress-1280.png`` and ``home-assignments-375.png``.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from progress.models import Assignment, Lesson, LessonProgress
from tests.browser.support import DESKTOP, PHONE

pytestmark = pytest.mark.django_db(transaction=True)

SUMMARY = ["Learner", "Lessons done", "Exercise accuracy", "Drill mastery", "Table rounds", "Chip balance"]
LEARNERS = [f"demo-learner-{number}" for number in range(1, 6)]


def let_the_due_moment_pass(lesson: Lesson) -> dict[str, str]:
    """Due an hour ago: learner 1 finished in time, learner 2 after, the rest not at all."""
    assignment = Assignment.objects.get(lesson=lesson)
    due = timezone.now() - timedelta(hours=1)
    Assignment.objects.filter(pk=assignment.pk).update(due_at=due)
    users = {user.username: user for user in get_user_model().objects.filter(username__in=LEARNERS)}
    LessonProgress.objects.filter(lesson=lesson, user__in=users.values()).update(completed_at=None)
    for name, moment in (
        ("demo-learner-1", due - timedelta(hours=2)),
        ("demo-learner-2", due + timedelta(minutes=30)),
    ):
        LessonProgress.objects.update_or_create(
            user=users[name], lesson=lesson, defaults={"completed_at": moment, "attempts": 4, "correct": 4}
        )
    return {"demo-learner-1": "done", "demo-learner-2": "done late"} | dict.fromkeys(LEARNERS[2:], "missing")


def test_an_instructor_assigns_a_lesson_with_a_due_date_and_finds_who_is_late(
    new_context, instructor_log_in, log_in, demo, artifacts
):
    context = new_context(viewport=DESKTOP)
    instructor_log_in(context)
    page = context.new_page()
    lesson = Lesson.objects.get(number=2)

    # From the admin's start page to the class's progress, then to a new assignment for it.
    page.goto(reverse("admin:index"))
    page.locator("#class-progress-links").get_by_role("link", name=demo.name).click()
    expect(page.get_by_role("heading", name=f"Progress of {demo.name}")).to_be_visible()
    page.get_by_role("link", name="Add an assignment").first.click()
    expect(page.locator("#id_classroom")).to_have_value(str(demo.pk))
    page.locator("#id_kind").select_option("lesson")
    page.locator("#id_lesson").select_option(str(lesson.pk))
    page.locator("#id_due_at_0").fill((timezone.localtime() - timedelta(days=1)).strftime("%Y-%m-%d"))
    page.locator("#id_due_at_1").fill("18:00")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".errornote")).to_be_visible()  # a due date in the past is refused
    expect(page.get_by_text("The due date has passed: choose a date and time still to come.")).to_be_visible()
    page.locator("#id_due_at_0").fill((timezone.localtime() + timedelta(days=1)).strftime("%Y-%m-%d"))
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".messagelist .success")).to_be_visible()
    # The demo class has three assignments of its own (ops/demo.py, DEMO_ASSIGNMENTS); this one is new.
    assert Assignment.objects.filter(classroom=demo, lesson=lesson).count() == 1

    expected = let_the_due_moment_pass(lesson)
    page.goto(reverse("admin:accounts_classroom_progress", args=[demo.pk]))

    # Who is late, in the summary per assignment and in each learner's row.
    section = page.locator(".class-assignments h3", has_text=f"Lesson {lesson}").locator(
        "xpath=following-sibling::ul[1]"
    )
    expect(section.locator(".assignment-late")).to_have_text("Done late (1): demo-learner-2")
    expect(section.locator(".assignment-missing")).to_have_text(
        "Missing (3): demo-learner-3, demo-learner-4, demo-learner-5"
    )
    table = page.locator("#progress")
    headers = table.locator("thead th").all_text_contents()
    column = next(i for i, text in enumerate(headers) if text.startswith(f"Lesson {lesson}, due "))
    for name, state in expected.items():
        row = table.locator("tbody tr", has=page.get_by_role("rowheader", name=name))
        expect(row.locator("td").nth(column - 1)).to_contain_text(state)
    expect(
        table.locator("tbody tr", has=page.get_by_role("rowheader", name="demo-learner-2"))
        .locator("td")
        .nth(column - 1)
    ).not_to_contain_text("missing")

    # Why a learner needs help, then the summary columns, are inside a 1280 x 800 viewport without
    # scrolling sideways (restarts and last active follow, one scroll away).
    for label in SUMMARY + ["Needs help"]:
        box = table.locator("thead th", has_text=label).first.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= DESKTOP["width"], (label, box)
    table.scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, document.querySelector('#progress').getBoundingClientRect().top - 120)")
    page.screenshot(path=artifacts / "class-progress-1280.png")

    # Scrolled sideways to the lessons, the learner column stays where it was.
    learner_cell = page.get_by_role("rowheader", name="demo-learner-2")
    before = learner_cell.bounding_box()
    scroller = page.locator(".progress-scroll").first
    scroller.evaluate("element => { element.scrollLeft = element.scrollWidth; }")
    assert scroller.evaluate("element => element.scrollLeft") > 0
    after = learner_cell.bounding_box()
    assert before is not None and after is not None and abs(after["x"] - before["x"]) < 1
    page.screenshot(path=artifacts / "class-progress-1280-scrolled.png")
    scroller.evaluate("element => { element.scrollLeft = 0; }")

    # The learner's own page, from their row.
    page.get_by_role("link", name="demo-learner-2", exact=True).click()
    expect(page.get_by_role("heading", name=f"demo-learner-2 in {demo.name}")).to_be_visible()
    expect(page.get_by_role("heading", name="Payout drill")).to_be_visible()
    expect(page.locator("td.assignment-late")).to_contain_text("done late")
    page.screenshot(path=artifacts / "learner-progress-1280.png", full_page=True)

    # A phone, and German.
    page.set_viewport_size(PHONE)
    page.goto(reverse("admin:accounts_classroom_progress", args=[demo.pk]))
    page.screenshot(path=artifacts / "class-progress-375.png", full_page=True)
    german = new_context(viewport=DESKTOP, locale="de-DE")
    instructor_log_in(german)
    page_de = german.new_page()
    page_de.goto(reverse("admin:accounts_classroom_progress", args=[demo.pk]))
    expect(page_de.locator(".class-assignments .assignment-late", has_text="demo-learner-2")).to_have_count(1)
    for box in (page_de.locator("#progress thead th").nth(index).bounding_box() for index in range(6)):
        assert box is not None and box["x"] + box["width"] <= DESKTOP["width"], box
    page_de.screenshot(path=artifacts / "class-progress-de-1280.png")

    # The learner who was late sees it on their home page.
    phone = new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    log_in(phone, get_user_model().objects.get(username="demo-learner-2"))
    home = phone.new_page()
    home.goto(reverse("home"))
    expect(home.locator(".assignment-late")).to_contain_text("done late")
    home.screenshot(path=artifacts / "home-assignments-375.png", full_page=True)
