"""WCAG 2.2 AA in the browser: axe-core over every main page, then what axe cannot judge by itself.

axe-core runs inside Chromium on the live page (the app's strict CSP does not stop Playwright's
own evaluation, so no ``bypass_csp`` is needed). A page fails on any violation of impact "serious" or
"critical"; the failure lists each rule with the elements it found. Beyond axe: cards are images
named in words, win and loss are said in words, each dealt card is announced through a live
region that stays in the page, and the keyboard focus stays on the Deal button.
"""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.urls import reverse
from playwright.sync_api import expect

from lessons.course import COURSE, LESSONS
from tests.browser.support import DEAL, PHONE, htmx_click, htmx_press, lesson_loaded
from tests.factories import SeatFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

#: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices.
AXE_OPTIONS = {
    "resultTypes": ["violations"],
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
}
FAILING_IMPACTS = {"serious", "critical"}

NATURAL_8_TO_5 = "4S 2H 4D 3C"  # Player 8 (natural) against Banker 5
BANKER_NATURAL = "2C 4H 3S 4D"  # Banker 8 (natural) against Player 5
FIVE_DRAWS_EIGHT = "5H 3S KC JD 8H"  # Player draws an 8; Banker stands on 3; a tie, 3 all

_axe = Axe()


def axe_failures(page) -> list[str]:
    """The serious and critical violations on the page as it is now, one line per rule."""
    results = _axe.run(page, options=AXE_OPTIONS)
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} -> "
        + "; ".join(" ".join(map(str, node["target"])) for node in violation["nodes"][:5])
        for violation in results.response["violations"]
        if violation["impact"] in FAILING_IMPACTS
    ]


def scan(page, path: str, failures: dict[str, list[str]], label: str = "") -> None:
    """Open ``path`` (unless empty: the page as it is now) and note its axe failures under ``label``."""
    if path:
        response = page.goto(path)
        assert response is not None and response.ok, f"{path} answered {response and response.status}"
    found = axe_failures(page)
    if found:
        failures[label or path] = found


def report(failures: dict[str, list[str]]) -> str:
    return "axe found serious or critical violations:\n" + "\n".join(
        f"  {page}:\n" + "\n".join(f"    {line}" for line in lines) for page, lines in failures.items()
    )


def learner_with_rounds(dealer, *, rounds: int):
    seat = SeatFactory(cards=" ".join([NATURAL_8_TO_5, BANKER_NATURAL, FIVE_DRAWS_EIGHT]))
    for stakes in [{"player": 10}, {"banker": 20}, {"player": 10, "tie": 5}][:rounds]:
        dealer.play(seat, **stakes)
    return seat


def test_no_public_page_has_a_serious_or_critical_axe_violation(page, course):
    failures: dict[str, list[str]] = {}
    for path in [
        reverse("home"),
        reverse("lessons:lesson", args=[COURSE[0].slug]),
        reverse("lessons:lesson", args=[COURSE[2].slug]),  # lessons 1-3 are open to visitors
        reverse("signup"),
        reverse("login"),
    ]:
        scan(page, path, failures)
    assert not failures, report(failures)


def test_no_learner_page_has_a_serious_or_critical_axe_violation(page, course, log_in, dealer):
    seat = learner_with_rounds(dealer, rounds=3)
    log_in(page.context, seat.user)
    failures: dict[str, list[str]] = {}
    for name in [
        "home",
        "table:results",
        "table:odds",
        "drill:page",
        "drill:payout",
        "join",
        "password_change",
    ]:
        scan(page, reverse(name), failures)
    # On a phone the wide tables scroll in their own boxes, which the keyboard must reach too.
    page.set_viewport_size(PHONE)
    for name in ["table:play", "table:results", "drill:page"]:
        scan(page, reverse(name), failures, f"{reverse(name)} at {PHONE['width']} px")
    assert not failures, report(failures)


def test_no_lesson_has_a_serious_or_critical_axe_violation_while_its_example_is_dealt_and_answered(
    page, course, log_in
):
    """Lesson 3: its example half dealt (htmx) and a wrong answer explained; lesson 6: a stake settled."""
    log_in(page.context, UserFactory())
    failures: dict[str, list[str]] = {}

    page.goto(reverse("lessons:lesson", args=["counting-totals"]))
    lesson_loaded(page)
    deal = page.get_by_role("button", name=DEAL)
    for expected in ("Deal card 2 to Banker", "Deal card 3 to Player"):
        htmx_click(page, deal)
        expect(deal).to_have_text(expected)
    exercise = page.locator("#exercise")
    htmx_click(page, exercise.get_by_role("button", name="9", exact=True))
    expect(exercise).to_contain_text("✗ Not quite.")
    scan(page, "", failures, "lesson 3, example half dealt, a wrong answer")

    page.goto(reverse("lessons:lesson", args=["settlement"]))
    lesson_loaded(page)
    panel = page.locator("#example-banker-wins")
    panel.get_by_role("textbox", name="Banker chips").fill("10")
    htmx_click(page, panel.get_by_role("button", name="Confirm bets"))
    deal = panel.get_by_role("button", name=DEAL)
    for _ in range(4):
        htmx_click(page, deal)
    expect(panel.get_by_text("Bet by bet")).to_be_visible()
    scan(page, "", failures, "lesson 6, a stake on Banker settled")
    assert not failures, report(failures)


def test_no_state_of_the_table_has_a_serious_or_critical_axe_violation(page, course, log_in, dealer):
    """A new learner's table (coach mode on), from betting through the coach's questions to settled."""
    seat = SeatFactory(coach_mode=True, cards=f"{NATURAL_8_TO_5} {FIVE_DRAWS_EIGHT}")
    log_in(page.context, seat.user)
    play = reverse("table:play")
    failures: dict[str, list[str]] = {}
    states = [
        ("betting", lambda: None),
        ("dealing", lambda: (dealer.confirm(seat, player=10, banker=10), dealer.deal(seat, 2))),
        ("coach asks what each bet returns", lambda: dealer.deal(seat, 2)),
        ("settled, with the bet results", lambda: dealer.answer_settlement(seat)),
        ("coach asks whether Player draws", lambda: (dealer.confirm(seat, player=10), dealer.deal(seat, 4))),
    ]
    for state, prepare in states:
        prepare()
        page.goto(play)
        scan(page, "", failures, f"table, {state}")
    assert not failures, report(failures)


def test_no_admin_page_of_the_instructor_has_a_serious_or_critical_axe_violation(
    page, instructor_log_in, demo
):
    instructor_log_in(page.context)
    failures: dict[str, list[str]] = {}
    for path in [
        reverse("admin:index"),
        reverse("admin:accounts_classroom_changelist"),
        reverse("admin:accounts_classroom_progress", args=[demo.pk]),
        reverse("admin:accounts_classroom_learner", args=[demo.pk, demo.memberships.first().user_id]),
        reverse("admin:progress_assignment_add"),
    ]:
        scan(page, path, failures)
    page.set_viewport_size(PHONE)
    progress = reverse("admin:accounts_classroom_progress", args=[demo.pk])
    scan(page, progress, failures, f"{progress} at {PHONE['width']} px")
    assert not failures, report(failures)


def test_cards_are_images_named_in_words_and_red_cards_show_their_suit_symbol(page, course, log_in, dealer):
    """A screen reader hears "four of hearts"; a red card is never told apart by its colour alone."""
    user = UserFactory()
    dealer.play(SeatFactory(user=user, cards=BANKER_NATURAL), banker=10)
    log_in(page.context, user)
    page.goto(reverse("table:play"))

    cards = page.locator(".felt .cards [role=img]")
    expect(cards).to_have_count(4)
    names = [card.get_attribute("aria-label") for card in cards.all()]
    assert names == [
        "two of clubs",
        "three of spades",
        "four of hearts",
        "four of diamonds",
    ]  # Player's first
    for card, symbol in zip(cards.all(), "♣♠♥♦", strict=True):
        expect(card).to_contain_text(symbol)  # the suit's shape is drawn, whatever its colour
    player = page.locator(".felt").get_by_role("group", name="Player")
    expect(player.get_by_role("img")).to_have_count(2)
    expect(player.get_by_role("img", name="two of clubs")).to_be_visible()


def test_who_won_and_what_each_bet_did_are_said_in_words_not_only_in_colour(page, course, log_in, dealer):
    user = UserFactory()
    dealer.play(SeatFactory(user=user, cards=NATURAL_8_TO_5), player=10, banker=10)
    log_in(page.context, user)
    page.goto(reverse("table:play"))

    result = page.get_by_role("region", name="Result")
    expect(result).to_contain_text("Player wins, 8 to 5 (a natural)")
    expect(result.get_by_role("listitem")).to_have_text(
        [re.compile(r"^Player won: pays 1:1"), re.compile(r"^Banker lost: ")]
    )
    # The bead plate marks each past coup with a letter and its name, not a colour (and its pairs in words:
    # Player's first two cards are both fours).
    board = page.get_by_role("list").filter(has=page.locator(".bead"))
    expect(board.get_by_role("listitem")).to_have_text(["P (Player, Player pair)"])


def test_each_dealt_card_and_its_decision_are_announced_by_a_live_region_that_stays_in_the_page(
    page, course, log_in, dealer
):
    """The panel is swapped whole on every deal; the live region must survive the swap to be announced."""
    user = UserFactory()
    dealer.confirm(SeatFactory(user=user, cards=NATURAL_8_TO_5), player=10)
    log_in(page.context, user)
    page.goto(reverse("table:play"))

    live = page.locator("#table-panel-live")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_be_empty()  # nothing to announce on arrival
    live.evaluate("region => { region.dataset.original = 'yes'; }")
    deal = page.get_by_role("button", name=DEAL)
    announcements = [
        "Player receives the four of spades.",
        "Banker receives the two of hearts.",
        "Player receives the four of diamonds.",
        "Banker receives the three of clubs. Natural: Player has 8 or 9 with two cards, so nobody draws. "
        "Player 8, Banker 5: Player wins by 3.",
    ]
    for announcement in announcements:
        htmx_click(page, deal)
        expect(live).to_have_text(re.compile(r"\s*".join(map(re.escape, announcement.split()))))
        expect(live).to_have_attribute("data-original", "yes")  # the same node: only its text changed
    # Nothing inside the swapped panel claims to be a live region (it would be a new node each time).
    expect(page.locator("#table-panel [aria-live]")).to_have_count(0)


def test_focus_stays_on_the_deal_button_after_each_deal_and_lands_on_the_result_at_the_end(
    page, course, log_in, dealer
):
    user = UserFactory()
    SeatFactory(user=user, cards=FIVE_DRAWS_EIGHT)
    log_in(page.context, user)
    page.goto(reverse("table:play"))
    page.get_by_role("textbox", name="Player chips", exact=True).fill("10")
    htmx_click(page, page.get_by_role("button", name="Confirm bets"))

    deal = page.get_by_role("button", name=DEAL)
    expect(deal).to_be_focused()
    for number, hand in [(2, "Banker"), (3, "Player"), (4, "Banker"), (5, "Player")]:
        htmx_click(page, deal)
        expect(deal).to_have_text(f"Deal card {number} to {hand}")
        expect(deal).to_be_focused()
    htmx_click(page, deal)
    result = page.get_by_role("region", name="Result").get_by_role("heading")
    expect(result).to_be_focused()
    expect(page.get_by_role("region", name="Result")).to_contain_text("Tie: both hands have 3")


def test_a_lesson_examples_deal_button_keeps_the_focus_and_its_cards_are_announced(page, course, log_in):
    log_in(page.context, UserFactory())
    page.goto(reverse("lessons:lesson", args=["drawing"]))
    lesson_loaded(page)
    panel = page.locator("#example-five-draws-eight")
    live = page.locator("#example-five-draws-eight-live")
    expect(live).to_have_attribute("aria-live", "polite")
    deal = panel.get_by_role("button", name=DEAL)
    deal.focus()
    for number in range(2, len(LESSONS["drawing"].examples[0].cards) + 1):
        htmx_press(page, "Enter")
        expect(deal).to_have_text(re.compile(rf"^Deal card {number} to "))
        expect(deal).to_be_focused()
    expect(live).to_contain_text("Player has 5: on 0 to 5 Player draws a third card.")
    htmx_press(page, "Enter")
    expect(panel.get_by_role("region", name="Result").get_by_role("heading")).to_be_focused()
    expect(live).to_contain_text("Player receives the eight of hearts.")
    expect(live).to_contain_text("Both hands have 3: it is a tie.")
