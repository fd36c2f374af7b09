"""The class table in real browsers (issue 29): an instructor and three learners, each in a browser
context of their own, through two rounds with bets and the class's draw calls, in each language.

The instructor deals from the control page at 1280 x 800 and shows the projector view beside it; the
learners play on phones (375 x 812). Every page is checked with axe (no serious or critical violation)
and photographed (``test-artifacts/class-table-*.png``). The first learner also puts a Lion Bonus on
Banker behind the felt's side-bets disclosure, and the projector counts it. In English, the third
learner's browser runs no JavaScript: a plain page, plain form posts and the Refresh link are enough to
play a round.
"""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import expect

from classtable.models import ClassBet, ClassCall, ClassRound
from tests.browser.support import DESKTOP, htmx_settled
from tests.browser.test_accessibility import axe_failures
from tests.factories import ClassroomFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 375, "height": 812}
LOCALES = {"en": "en-GB", "de": "de-DE", "id": "id-ID"}
#: Each learner's call, and the spot each puts chips on.
ANSWERS = ["draws", "stands", "draws"]
SPOTS = ["player", "banker", "player"]


class Learner:
    def __init__(self, page, index: int, script: bool):
        self.page, self.index, self.script = page, index, script

    def refresh(self) -> None:
        if not self.script:
            self.page.locator(".ct-refresh").click()

    def wait_for(self, selector: str, timeout: float = 10) -> None:
        """The element appears: by the poll (JavaScript), or after refreshing the plain page."""
        if self.script:
            expect(self.page.locator(selector)).to_be_visible()
            return
        deadline = time.monotonic() + timeout
        while not self.page.locator(selector).count():
            assert time.monotonic() < deadline, f"{selector} never came"
            self.page.wait_for_timeout(250)
            self.refresh()

    def bet(self, side: str | None = None) -> None:
        self.stake(side)
        self.confirm()

    def stake(self, side: str | None = None) -> None:
        """20 chips on the learner's spot; with ``side``, 10 more on that side bet, behind the felt's
        side-bets disclosure (as at the practice table). Drafted only: nothing is confirmed yet."""
        spot = SPOTS[self.index]
        self.wait_for(f"#ct-panel-add-{spot}")
        self.page.locator(f"#ct-panel-add-{spot}").click()
        expect(self.page.locator(f"#ct-panel-stake-{spot}")).to_have_value("10")
        self.page.locator(f"#ct-panel-add-{spot}").click()
        expect(self.page.locator(f"#ct-panel-stake-{spot}")).to_have_value("20")
        if side is not None:
            self.page.locator("#ct-panel-side-bets > summary").click()
            self.page.locator(f"#ct-panel-add-{side}").click()
            expect(self.page.locator(f"#ct-panel-stake-{side}")).to_have_value("10")
            expect(self.page.locator("#ct-panel-side-bets")).to_have_attribute("open", "")

    def confirm(self) -> None:
        self.page.locator("#ct-panel-confirm").click()
        expect(self.page.locator("#ct-panel-confirm")).to_have_count(0)

    def call(self) -> None:
        button = self.page.locator(f"#ct-{ANSWERS[self.index]}")
        button.click()
        expect(button).to_have_count(0)


#: What the dealer's one button does: its form's action and fields (round, card, question), not its label,
#: which the poll redraws as the class calls ("3 have called").
CONTROL = """() => {
  const form = document.querySelector('#ct-control form:not(.ct-end)');
  if (!form) return '';
  const fields = [...new FormData(form).entries()].filter(([name]) => name !== 'csrfmiddlewaretoken');
  return form.action + '?' + new URLSearchParams(fields);
}"""


def _dealer_click(teacher, selector: str) -> None:
    """Click the dealer's button and wait until the control shows the next one. A click just after a poll
    redrew the control, before htmx took over its new form, is a plain post and a new page: waiting for
    htmx alone could read the old page's button (and wait for calls already made)."""
    before = teacher.evaluate(CONTROL)
    teacher.locator(selector).click()
    teacher.wait_for_function(f"before => ({CONTROL})() !== before", arg=before)
    htmx_settled(teacher)


def _deal_round(teacher, learners, number: int, calling=None) -> None:
    """Deal the round to its end; each decision waits for every learner's call, then goes on. At the first
    decision, ``calling(learner)`` sees the first learner's page before they call."""
    for _ in range(14):
        if teacher.locator("#ct-next-round").count():
            return
        if teacher.locator("#ct-go-on").count():
            for learner in learners:
                learner.wait_for(f"#ct-{ANSWERS[learner.index]}")
                if calling is not None and learner.index == 0:
                    calling(learner)
                    calling = None
                learner.call()
            _dealer_click(teacher, "#ct-go-on")
        else:
            _dealer_click(teacher, "#ct-deal")
    raise AssertionError(f"round {number} did not end")


def _check(page, name: str, failures: dict, artifacts, *, full_page=True, axe=True) -> None:
    """Photograph the page; run axe over it (not in a page without JavaScript, where axe cannot run:
    its markup is the one checked with JavaScript)."""
    found = axe_failures(page) if axe else []
    if found:
        failures[name] = found
    page.screenshot(path=artifacts / f"{name}.png", full_page=full_page)


@pytest.mark.parametrize("language", ["en", "de", "id"])
def test_an_instructor_and_three_learners_play_two_rounds(
    new_context, log_in, live_server, artifacts, language
):
    instructor = UserFactory(instructor=True)
    classroom = ClassroomFactory(instructors=[instructor], name=f"Class 7{language.upper()}")
    users = [UserFactory(username=f"{language}-learner-{n}") for n in range(1, 4)]
    for user in users:
        MembershipFactory(user=user, classroom=classroom)
    cookie = [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    failures: dict[str, list[str]] = {}

    room = new_context(viewport=DESKTOP, locale=LOCALES[language])
    log_in(room, instructor)
    room.add_cookies(cookie)
    teacher = room.new_page()
    teacher.goto(reverse("classtable:index"))
    teacher.locator(f"#open-{classroom.pk}").click()
    expect(teacher.locator("#ct-bets-close")).to_be_visible()
    pk = int(teacher.url.rstrip("/").split("/")[-2])
    projector = room.new_page()
    projector.goto(reverse("classtable:projector", args=[pk]))
    # The control page in front, as on the instructor's own screen: Chromium throttles the frames of a
    # tab behind another, and every click there waited two of them (2 s a card, 65 s a test, not 21).
    teacher.bring_to_front()

    learners = []
    for index, user in enumerate(users):
        script = not (language == "en" and index == 2)
        context = new_context(
            viewport=PHONE,
            locale=LOCALES[language],
            java_script_enabled=script,
            is_mobile=True,
            has_touch=True,
        )
        log_in(context, user)
        context.add_cookies(cookie)
        page = context.new_page()
        page.goto(reverse("home"))
        page.locator("#ct-home-join").click()  # "Your class is playing"
        page.locator("#ct-join").click()
        expect(page.locator("#ct-panel-confirm")).to_be_visible()
        learners.append(Learner(page, index, script))
    _check(learners[0].page, f"class-table-{language}-learner-betting-375", failures, artifacts)

    def calling(learner: Learner) -> None:
        """The class is asked whether a hand draws: the card is there, the rules' answer is not yet."""
        expect(learner.page.locator("#ct-hands .narration .received")).to_have_count(1)
        expect(learner.page.locator("#ct-hands .narration .decision")).to_have_count(0)
        _check(learner.page, f"class-table-{language}-learner-calling-375", failures, artifacts)

    for number in (1, 2):
        for learner in learners:
            if number == 1 and learner.index == 0:  # the first learner adds a Lion Bonus on Banker
                learner.stake("lion_banker")
                _check(learner.page, f"class-table-{language}-learner-side-bets-375", failures, artifacts)
                learner.confirm()
            else:
                learner.bet()
        # The projector counts the bets as they come (every learner confirmed 20 chips), side bets too.
        expect(projector.locator(".ct-spots tbody")).to_contain_text("40")
        if number == 1:
            expect(projector.locator(".ct-spots .spot-row-lion_banker")).to_contain_text("10")
        _dealer_click(teacher, "#ct-bets-close")
        for learner in learners:
            learner.wait_for("#ct-spots .layout.placed")
        _deal_round(teacher, learners, number, calling=calling if number == 1 else None)
        expect(projector.locator(".ct-verdict")).to_be_visible()
        for learner in learners:
            learner.wait_for("#ct-result .result")
            expect(learner.page.locator("#ct-result")).to_contain_text("20")
        if number == 1:
            _check(projector, f"class-table-{language}-projector-1280", failures, artifacts, full_page=False)
            _check(teacher, f"class-table-{language}-control-1280", failures, artifacts)
            for learner in learners:
                label = "nojs" if not learner.script else f"learner{learner.index + 1}"
                if learner.index != 1 and (learner.index == 0 or not learner.script):
                    name = f"class-table-{language}-{label}-result-375"
                    _check(learner.page, name, failures, artifacts, axe=learner.script)
            teacher.locator("#ct-next-round").click()
            expect(teacher.locator("#ct-bets-close")).to_be_visible()

    assert ClassRound.objects.filter(table_id=pk, state=ClassRound.State.SETTLED).count() == 2
    assert ClassBet.objects.filter(play__round__table_id=pk).count() == 7
    assert ClassBet.objects.filter(play__round__table_id=pk, kind="lion_banker").count() == 1
    assert ClassCall.objects.filter(round__table_id=pk).count() >= 3  # every learner called each decision
    # Phones: nothing wider than the screen.
    for learner in learners:
        width = learner.page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"learner {learner.index + 1}'s page is {width} px wide"
    assert not failures, failures
