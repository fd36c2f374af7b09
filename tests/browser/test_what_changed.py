"""Issue 16 in Chromium: a deal answers with only what changed, and after the swaps the page is the
page. After every click of three coups, a cut card, a new shoe and the coups after it, the table
panel and the scoreboards in the browser equal those of the same page loaded afresh."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from baccarat import Shoe
from table.models import Seat
from tests.browser.support import DEAL, htmx_click
from tests.browser.test_table import add_chip
from tests.factories import SeatFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

#: A region as a tree of tags, attributes and text, to compare what htmx built with a fresh page.
#: Left out: whitespace between tags, the per-answer CSRF mask, what only a click's answer carries (the
#: newest card's slide-in mark; autofocus, which moves the focus after a click, not on a page load),
#: the out-of-band marks htmx reads, and which <details> are open (the reader's to open and close: a
#: page load opens the Banker table once it decided a draw, a click's answer leaves it as it is).
CANONICAL = """selector => {
  const withoutFresh = (classes) => classes.split(/\\s+/).filter(c => c && c !== 'fresh').join(' ');
  const canonical = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent.replace(/\\s+/g, ' ').trim();
      return text ? text : null;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const attributes = [...node.attributes]
      .filter(a => a.name !== 'hx-swap-oob' && a.name !== 'autofocus')
      .filter(a => !(a.name === 'open' && node.tagName === 'DETAILS'))
      .filter(a => !(a.name === 'value' && node.getAttribute('name') === 'csrfmiddlewaretoken'))
      .map(a => [a.name, a.name === 'class' ? withoutFresh(a.value) : a.value])
      .filter(([name, value]) => !(name === 'class' && value === ''))
      .sort();
    const children = [...(node.tagName === 'TEMPLATE' ? node.content.childNodes : node.childNodes)]
      .map(canonical).filter(child => child !== null);
    return [node.tagName.toLowerCase(), attributes, children];
  };
  const here = selector.map(s => canonical(document.querySelector(s)));
  return fetch(location.pathname).then(r => r.text()).then(html => {
    const page = new DOMParser().parseFromString(html, 'text/html');
    const fresh = selector.map(s => {
      const found = page.querySelector(s);
      return found ? canonical(found) : null;
    });
    return {here: JSON.stringify(here), fresh: JSON.stringify(fresh)};
  });
}"""

REGIONS = ["#table-panel", "#table-roads"]

#: Three coups (the third brings the cut card out), in an arranged shoe: a natural, six cards, five;
#: six tens after them keep the shoe going until the cut card.
ARRANGED = ["4S", "2H", "4D", "3C", "2C", "KH", "3S", "3D", "5H", "4C", "5S", "3H", "KD", "JC", "8S"]


def at_the_table(new_context, log_in, user):
    """The learner's table in a new desktop window: the page and its panel."""
    context = new_context(viewport={"width": 1280, "height": 800})
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))
    return page, page.locator("#table-panel")


def same_as_a_fresh_page(page, step: str) -> None:
    seen = page.evaluate(CANONICAL, REGIONS)
    assert seen["here"] == seen["fresh"], f"{step}\n{first_difference(seen['here'], seen['fresh'])}"


def first_difference(here: str, fresh: str) -> str:
    at = next((index for index, (a, b) in enumerate(zip(here, fresh, strict=False)) if a != b), 0)
    start, end = max(0, at - 200), at + 200
    return f"after the swaps: …{here[start:end]}…\nfresh page: …{fresh[start:end]}…"


@pytest.mark.parametrize("coach", [False, True], ids=["dealt", "coached"])
def test_after_every_click_the_panel_and_scoreboards_equal_a_fresh_page(
    new_context, log_in, course, monkeypatch, coach
):
    """Coached: each draws/stands call is answered (whole panel), then the settlement call (0 for each
    bet, mostly wrong), between the deals that answer with what changed."""
    shuffled = Shoe.shuffled.__func__
    rng = random.Random(16)
    monkeypatch.setattr(
        Shoe,
        "shuffled",
        classmethod(lambda cls, decks=8, **kwargs: shuffled(cls, decks, **{**kwargs, "rng": rng})),
    )
    user = UserFactory()
    seat = SeatFactory(user=user, coach_mode=coach)
    shoe = Shoe.arranged([*ARRANGED, *["10S"] * 6], cut=12)
    Seat.objects.filter(pk=seat.pk).update(shoe_state=shoe.dumps(), shoe_number=1)
    page, panel = at_the_table(new_context, log_in, user)

    clicks = 0
    for coup in range(1, 6):  # 3 arranged coups, then the new shoe's first two
        add_chip(page, panel.get_by_role("button", name="Add 10 chips to Banker"))
        if coup % 2:
            add_chip(page, panel.get_by_role("button", name="Add 10 chips to Player"))
        htmx_click(page, panel.get_by_role("button", name="Confirm bets"))
        same_as_a_fresh_page(page, f"coup {coup}, confirmed")
        expect(page.locator(".shoe-start")).to_have_count(1 if coup == 4 else 0)  # burned, then shown
        for card in range(1, 7):
            if coach and (draws := panel.get_by_role("button", name="Draws")).count():
                htmx_click(page, draws)
                same_as_a_fresh_page(page, f"coup {coup}, before card {card}, called")
            deal = panel.get_by_role("button", name=DEAL)
            if not deal.count():
                break
            htmx_click(page, deal)
            clicks += 1
            same_as_a_fresh_page(page, f"coup {coup}, card {card}")
            banker_table = page.locator("details.banker-table")
            if (coup, card) == (2, 5) and not coach:  # Player's third card: Banker draws by the table
                expect(banker_table).to_have_attribute("open", "")
                banker_table.locator("summary").click()  # the learner closes it again
            if (coup, card) == (2, 6) and not coach:  # Banker's third card ends the coup
                expect(banker_table).not_to_have_attribute("open", "")
        if coach:
            for field in panel.locator("input[name^=return_]").all():
                field.fill("0")
            htmx_click(page, panel.get_by_role("button", name="Check my answer"))
            same_as_a_fresh_page(page, f"coup {coup}, settlement called")
        expect(panel.get_by_role("region", name="Result")).to_be_visible()
        if coup == 3:
            expect(panel).to_contain_text("The cut card came out: your next bets start a new shoe")
    assert clicks >= 20
    assert page.locator(".shoe-start").count() == 0  # the new shoe's notice left with its first coup


def test_the_coup_that_takes_the_last_chips_brings_the_restart_with_it(new_context, log_in, course):
    user = UserFactory()
    SeatFactory(user=user, cards=ARRANGED[:4], starting_balance=Decimal("10"))  # Player's natural
    page, panel = at_the_table(new_context, log_in, user)
    add_chip(page, panel.get_by_role("button", name="Add 10 chips to Banker"))
    htmx_click(page, panel.get_by_role("button", name="Confirm bets"))
    for _ in range(4):
        htmx_click(page, panel.get_by_role("button", name=DEAL))

    restart = panel.get_by_role("button", name="Restart with 10.00 chips")
    expect(restart).to_be_visible()
    same_as_a_fresh_page(page, "the last chips lost")
    htmx_click(page, restart)
    expect(page.locator("#table-panel-status")).to_contain_text("10.00 chips")
    same_as_a_fresh_page(page, "restarted")
