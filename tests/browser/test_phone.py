"""At 375 px wide (a small phone) nothing scrolls sideways, and the table deals without scrolling."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from accounts.models import Profile
from lessons.course import COURSE
from tests.browser.support import DEAL, PHONE, htmx_click
from tests.factories import SeatFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

ROUND_CARDS = "4S 2H 4D 3C  2C 4H 3S 4D  5H 3S KC JD 8H"

#: How wide the document is, and the innermost elements that stick out past the right edge (the culprits).
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  // Inside a box that scrolls or clips it? (An absolute box escapes the boxes below its containing block.)
  const clipped = element => {
    let contained = !['absolute', 'fixed'].includes(getComputedStyle(element).position);
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      contained ||= style.position !== 'static';
      if (contained && style.overflowX !== 'visible') {
        return parent.getBoundingClientRect().right <= width + 0.5;
      }
    }
    return false;
  };
  const sticksOut = element => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.right > width + 0.5 && !clipped(element);
  };
  const name = element => element.tagName.toLowerCase() + (element.id ? '#' + element.id : '')
    + (typeof element.className === 'string' && element.className.trim()
       ? '.' + element.className.trim().split(/\\s+/).join('.') : '');
  const culprits = [...document.querySelectorAll('body *')]
    .filter(element => sticksOut(element) && ![...element.children].some(sticksOut))
    .map(element => `${name(element)} (right edge ${Math.round(element.getBoundingClientRect().right)} px)`);
  return {scrollWidth: document.documentElement.scrollWidth, culprits: culprits.slice(0, 6)};
}"""

#: Where an element sits on the page, measured from the top of the document (not of the scrolled view).
PAGE_BOX = """element => {
  const box = element.getBoundingClientRect();
  const top = box.top + window.scrollY;
  return {top, bottom: top + box.height, left: box.left, right: box.right};
}"""


@pytest.fixture
def phone(new_context):
    """A phone-sized context: 375 x 800 CSS pixels, touch, the page's own meta viewport honoured."""
    return new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)


def sideways(page, paths: list[str], width: int = PHONE["width"]) -> dict[str, dict]:
    """Visit each path; return those whose document is wider than the phone, with what sticks out."""
    wide = {}
    for path in paths:
        response = page.goto(path)
        assert response is not None and response.ok, f"{path} answered {response and response.status}"
        measured = page.evaluate(OVERFLOW)
        if measured["scrollWidth"] > width:
            wide[path] = measured
    return wide


def report(wide: dict[str, dict]) -> str:
    return "pages wider than the phone:\n" + "\n".join(
        f"  {path}: {found['scrollWidth']} px; {', '.join(found['culprits'])}" for path, found in wide.items()
    )


def test_no_public_page_scrolls_sideways_on_a_375_px_phone(phone, course):
    page = phone.new_page()
    paths = [
        reverse("home"),
        reverse("lessons:lesson", args=[COURSE[0].slug]),
        reverse("lessons:lesson", args=[COURSE[2].slug]),  # lessons 1-3 are open to visitors
        reverse("signup"),
        reverse("login"),
    ]
    assert not (wide := sideways(page, paths)), report(wide)


def learner_paths() -> list[str]:
    """Every page a logged-in learner reaches from the menu, each lesson included."""
    return [
        reverse("home"),
        *(reverse("lessons:lesson", args=[lesson.slug]) for lesson in COURSE),
        reverse("table:play"),
        reverse("table:results"),
        reverse("table:odds"),
        reverse("drill:page"),
        reverse("drill:payout"),
        reverse("join"),
        reverse("password_change"),
    ]


def test_no_learner_page_scrolls_sideways_on_a_375_px_phone(phone, course, log_in, dealer):
    user = UserFactory()
    seat = SeatFactory(user=user, coach_mode=True, cards=ROUND_CARDS)
    dealer.play(seat, player=10)
    dealer.play(seat, banker=20)
    log_in(phone, user)
    page = phone.new_page()
    assert not (wide := sideways(page, learner_paths())), report(wide)


@pytest.mark.parametrize("language", ["de", "id", "en"])
def test_no_learner_page_scrolls_sideways_on_the_smallest_phones_in_each_language(
    new_context, language, course, log_in, dealer
):
    """320 px: long German words in headings (zurückzubekommen), the Banker table's eleven columns,
    the odds panel's heading beside its button."""
    small = new_context(viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True)
    user = UserFactory()
    Profile.objects.update_or_create(user=user, defaults={"language": language})
    seat = SeatFactory(user=user, cards=ROUND_CARDS)
    dealer.play(seat, player=10)
    log_in(small, user)
    page = small.new_page()
    assert not (wide := sideways(page, learner_paths(), width=320)), report(wide)


def test_no_table_state_scrolls_sideways_on_a_375_px_phone(phone, course, log_in, dealer):
    """Betting, a coach question, a coach settlement call, dealing and settled, one after the other."""
    user = UserFactory()
    seat = SeatFactory(user=user, coach_mode=True, cards=ROUND_CARDS)
    log_in(phone, user)
    page = phone.new_page()
    play = reverse("table:play")
    wide = {}
    states = [
        ("betting", lambda: None),
        ("dealing", lambda: (dealer.confirm(seat, player=10, tie=5), dealer.deal(seat, 2))),
        ("settlement call", lambda: dealer.deal(seat, 2)),
        ("settled", lambda: dealer.answer_settlement(seat)),
        (
            "draw call",
            lambda: (dealer.play(seat, banker=10), dealer.confirm(seat, player=10), dealer.deal(seat, 4)),
        ),
    ]
    for name, prepare in states:
        prepare()
        wide |= {f"{name}: {path}": found for path, found in sideways(page, [play]).items()}
    assert not wide, report(wide)


def test_no_admin_page_of_the_instructor_scrolls_sideways_on_a_375_px_phone(phone, instructor_log_in):
    instructor_log_in(phone)
    paths = [reverse("admin:index"), reverse("admin:accounts_classroom_changelist")]
    assert not (wide := sideways(phone.new_page(), paths)), report(wide)


def test_the_class_progress_page_does_not_scroll_sideways_on_a_375_px_phone(phone, instructor_log_in, demo):
    instructor_log_in(phone)
    learner = demo.memberships.order_by("user__username").first().user
    paths = [
        reverse("admin:accounts_classroom_progress", args=[demo.pk]),
        reverse("admin:accounts_classroom_learner", args=[demo.pk, learner.pk]),
        reverse("admin:progress_assignment_add"),
    ]
    assert not (wide := sideways(phone.new_page(), paths)), report(wide)


def out_of_view(page, deal) -> dict[str, dict]:
    """The Deal button or a hand that a 375 x 800 phone does not show without scrolling (or sideways)."""
    felt = page.locator(".felt")
    boxes = {
        "Deal button": deal.evaluate(PAGE_BOX),
        "Player hand": felt.get_by_role("group", name="Player").evaluate(PAGE_BOX),
        "Banker hand": felt.get_by_role("group", name="Banker").evaluate(PAGE_BOX),
    }
    return {
        name: box
        for name, box in boxes.items()
        if box["top"] < 0
        or box["bottom"] > PHONE["height"]
        or box["left"] < 0
        or box["right"] > PHONE["width"]
    }


def confirm_ten_on_player(page) -> None:
    page.get_by_role("textbox", name="Player chips", exact=True).fill("10")
    htmx_click(page, page.get_by_role("button", name="Confirm bets"))


def test_after_the_first_deal_the_deal_button_and_both_hands_are_in_view_without_scrolling(
    phone, course, log_in, snap
):
    """A new learner (coach mode on) stakes, confirms and deals one card on a 375 x 800 phone."""
    user = UserFactory()
    SeatFactory(user=user, coach_mode=True, cards=ROUND_CARDS)
    log_in(phone, user)
    page = phone.new_page()
    page.goto(reverse("table:play"))
    confirm_ten_on_player(page)
    deal = page.get_by_role("button", name=DEAL)
    expect(deal).to_have_text("Deal card 1 to Player")
    htmx_click(page, deal)
    expect(deal).to_have_text("Deal card 2 to Banker")
    expect(page.locator(".felt").get_by_role("img", name="four of spades")).to_be_visible()
    snap(page, "phone-table-after-first-deal")

    assert not (outside := out_of_view(page, deal)), f"not in view without scrolling: {outside}"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_at_every_card_of_a_six_card_coup_the_deal_button_and_both_hands_stay_in_view(phone, course, log_in):
    """The longest coup, and a long user name widening the header: nothing for dealing leaves the view."""
    user = UserFactory(username="alexandra-whitfield-jones")
    SeatFactory(user=user, cards="2H 3D 3C 2S 4H 9C")  # both hands draw: six cards
    log_in(phone, user)
    page = phone.new_page()
    page.goto(reverse("table:play"))
    confirm_ten_on_player(page)
    deal = page.get_by_role("button", name=DEAL)
    for number in range(2, 7):
        htmx_click(page, deal)
        expect(deal).to_have_text(re.compile(rf"^Deal card {number} to "))
        assert not (outside := out_of_view(page, deal)), f"card {number - 1}: not in view: {outside}"
    htmx_click(page, deal)
    expect(page.get_by_role("region", name="Result")).to_contain_text("Player wins, 9 to 4")


@pytest.mark.parametrize("language", ["de", "id", "en"])
def test_the_header_bar_is_one_row_on_a_laptop_in_each_language_even_for_a_long_username(
    new_context, language, course, log_in
):
    """The brand, every link and the language switcher side by side at 1280 px: a second row would push
    the table's Confirm button below a laptop's screen. A long username is cut short, not wrapped."""
    laptop = new_context(viewport={"width": 1280, "height": 800})
    user = UserFactory(username="a-learner-with-a-rather-long-username-42")
    Profile.objects.update_or_create(user=user, defaults={"language": language})
    log_in(laptop, user)
    page = laptop.new_page()
    page.goto(reverse("home"))

    bar = ".site-header > .brand, .site-header > .site-nav > *, .site-header > .language-switcher"
    rows = page.locator(bar)
    tops = rows.evaluate_all("items => items.map(item => Math.round(item.getBoundingClientRect().top))")
    log_out = page.locator(".site-header > .site-nav .log-out")
    header = page.locator(".site-header").bounding_box()

    assert len(tops) == 9 and max(tops) - min(tops) <= 8, tops
    assert header is not None and header["height"] <= 56, header
    # Cut short, with an ellipsis:
    assert log_out.evaluate("button => button.scrollWidth > button.clientWidth")
    # The visible label went; the select keeps its name for screen readers.
    label = {"en": "Language", "de": "Sprache", "id": "Bahasa"}[language]
    expect(page.locator(".site-header > .language-switcher").get_by_label(label)).to_be_visible()
