"""The practice table as a table: one round in one screen, chips by keyboard, the two defects of issue 13,
card sizes and the deal animation, in Chromium at 1280 x 800 and 375 x 812."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from accounts.models import Profile
from table.models import Round, Seat
from tests.browser.support import DEAL, htmx_click, htmx_press, htmx_settled, lesson_loaded
from tests.browser.test_accessibility import report, scan
from tests.browser.test_keyboard import tab_to
from tests.browser.test_phone import report as phone_report
from tests.browser.test_phone import sideways
from tests.factories import SeatFactory, UserFactory, arrange_shoe

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 812}
SIZES = {
    "laptop": (LAPTOP, {}),
    "phone": (PHONE, {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}),
}
#: Six cards: Player 2+3 draws a 5 (0); Banker K+3 draws on 3 against a 5, a 4 (7). Banker wins 7 to 0.
SIX_CARDS = "2C KH 3S 3D 5H 4C"
NATURAL_8_TO_5 = "4S 2H 4D 3C"

#: Each element's box against the viewport: what is outside it, if anything.
OUTSIDE = """elements => elements.map(element => {
  const box = element.getBoundingClientRect();
  const classes = typeof element.className === 'string' ? element.className.split(' ').join('.') : '';
  const name = element.tagName.toLowerCase() + (element.id ? '#' + element.id : '')
    + (classes ? '.' + classes : '');
  const out = box.width === 0 || box.top < 0 || box.left < 0
    || box.bottom > window.innerHeight || box.right > window.innerWidth;
  const [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom].map(Math.round);
  return out ? `${name} at ${left},${top} to ${right},${bottom}` : '';
}).filter(Boolean)"""


#: The words of the spots' names that are split across two lines (a narrow spot breaks a word it cannot fit).
SPLIT_WORDS = """() => [...document.querySelectorAll('.spot-name')].flatMap(name => {
  const text = name.firstChild;
  if (!text || text.nodeType !== Node.TEXT_NODE) return [];
  return [...text.textContent.matchAll(/\\S+/g)].filter(word => {
    const range = document.createRange();
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    return new Set([...range.getClientRects()].map(box => Math.round(box.top))).size > 1;
  }).map(word => word[0]);
})"""


def add_chip(page, spot_button) -> None:
    """Tap a spot where its stake field is not (a tap on the field types instead of adding a chip)."""
    spot_button.click(position={"x": 6, "y": 6})
    htmx_settled(page)


def context_at(new_context, size: str, **options):
    viewport, extra = SIZES[size]
    return new_context(viewport=viewport, **extra, **options)


def outside_the_screen(page, selectors: list[str]) -> list[str]:
    """The elements matched by ``selectors`` that are not wholly in the viewport, with the page unscrolled."""
    assert page.evaluate("window.scrollY") == 0, "the page scrolled"
    found = []
    for selector in selectors:
        locator = page.locator(selector)
        assert locator.count(), f"nothing matches {selector}"
        found += locator.evaluate_all(OUTSIDE)
    return found


@pytest.mark.parametrize("language", ["en", "de", "id"])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_whole_round_from_the_chips_to_the_next_bet_fits_in_one_screen(
    new_context, size, language, log_in, course, dealer, artifacts, live_server
):
    """At every card: both hands and totals, the last decision, the Deal button; at the end the result
    banner (hand result, net, balance) and the next bet's controls. No scrolling, nothing cut off, in
    every language; German and Indonesian run longer than English, and the header, the result and the
    bet buttons must still fit. On a phone in German and Indonesian, Undo, Clear and Repeat may fall
    just below: the chips and Confirm may not.

    Motion is off: the boxes measured are where things rest, not where a sliding card is mid-way."""
    context = context_at(new_context, size, reduced_motion="reduce")
    context.add_cookies([{"name": "language", "value": language, "url": live_server.url}])
    user = UserFactory()
    seat = SeatFactory(user=user, cards=NATURAL_8_TO_5)
    dealer.play(seat, player=10)  # a round before: Player wins, 110 chips
    arrange_shoe(seat, SIX_CARDS)
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))
    panel = page.locator("#table-panel")

    add_chip(page, panel.locator("#table-panel-add-banker"))
    panel.locator("#table-panel-side-bets > summary").click()  # the side bets: "Side bets (2)"
    add_chip(page, panel.locator("#table-panel-add-lion_banker"))
    htmx_click(page, panel.locator("#table-panel-confirm"))

    felt = [".hand-player h3", ".hand-banker h3", ".felt .dealer-line"]
    for card in range(1, 7):
        htmx_click(page, panel.locator(".deal button"))
        shown = [*felt, ".felt svg.card"]
        if card < 6:  # the last card's sentence is the result, in the banner
            shown += [".narration p:not(.received:not(:only-child))", ".deal button"]
        assert not (out := outside_the_screen(page, shown)), f"after card {card}: {out}"
        page.screenshot(path=artifacts / f"table-one-screen-{size}-{language}-card-{card}.png")

    result = panel.locator(".result")
    if language == "en":
        expect(result.get_by_role("heading")).to_have_text("Banker wins, 7 to 0")
        expect(result).to_contain_text("Lion Bonus (Dragon Bonus) on Banker won by 7: pays 6:1")
        expect(result).to_contain_text("Your net: +69.50 chips. Balance: 179.50 chips.")
    else:
        expect(result).to_contain_text("179,50")
    next_bet = [".result h2", ".result .net", ".bet-form .confirm", ".rack .chip"]
    if size == "laptop" or language == "en":
        next_bet.append(".bet-actions button")
    assert not (out := outside_the_screen(page, [*felt, *next_bet])), f"when settled: {out}"
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"table page after a settled round at {size} in {language}: {height} px tall")


@pytest.mark.parametrize(("size", "smallest"), [("laptop", 90), ("phone", 56)])
def test_cards_can_be_read_across_a_classroom(new_context, size, smallest, log_in, course, dealer):
    context = context_at(new_context, size)
    user = UserFactory()
    dealer.play(SeatFactory(user=user, cards=NATURAL_8_TO_5), player=10)
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))

    widths = page.locator(".felt svg.card").evaluate_all(
        "cards => cards.map(c => c.getBoundingClientRect().width)"
    )
    assert len(widths) == 4 and min(widths) >= smallest, widths


@pytest.mark.parametrize(("motion", "expected"), [("no-preference", "0.24s"), ("reduce", "none")])
def test_the_new_card_slides_in_briefly_unless_less_motion_is_asked_for(
    new_context, motion, expected, log_in, course, dealer
):
    context = new_context(viewport=LAPTOP, reduced_motion=motion)
    user = UserFactory()
    dealer.confirm(SeatFactory(user=user, cards=NATURAL_8_TO_5), player=10)
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))
    htmx_click(page, page.get_by_role("button", name=DEAL))

    fresh = page.locator(".felt svg.card.fresh")
    expect(fresh).to_have_count(1)
    style = fresh.evaluate(
        "card => [getComputedStyle(card).animationName, getComputedStyle(card).animationDuration]"
    )
    if expected == "none":
        assert style[0] == "none"
    else:
        assert style == ["deal-in", expected]  # at most 300 ms


def test_a_round_is_placed_with_chips_confirmed_and_dealt_with_the_keyboard_alone(page, log_in, course):
    user = UserFactory()
    SeatFactory(user=user, cards=NATURAL_8_TO_5)
    log_in(page.context, user)
    page.goto(reverse("table:play"))
    panel = page.locator("#table-panel")

    tab_to(page, panel.get_by_role("button", name="25 chips per click"))
    htmx_press(page, "Enter")
    chip = panel.get_by_role("button", name="25 chips per click")
    expect(chip).to_have_attribute("aria-pressed", "true")
    expect(chip).to_be_focused()  # the swap keeps the focus where it was

    tab_to(page, panel.get_by_role("button", name="Add 25 chips to Banker"))
    htmx_press(page, "Enter")
    htmx_press(page, "Enter")  # two chips
    banker = panel.get_by_role("textbox", name="Banker chips", exact=True)
    expect(banker).to_have_value("50")
    expect(panel.get_by_role("button", name="Add 25 chips to Banker")).to_be_focused()

    tab_to(page, panel.get_by_role("button", name="Undo"))
    htmx_press(page, "Enter")
    expect(banker).to_have_value("25")

    tab_to(page, panel.get_by_role("button", name="Confirm bets"))
    htmx_press(page, "Enter")
    deal = panel.get_by_role("button", name=DEAL)
    expect(deal).to_be_focused()
    for _ in range(4):
        htmx_press(page, "Enter")
    expect(panel.get_by_role("region", name="Result")).to_contain_text("Player wins, 8 to 5 (a natural)")
    expect(panel.get_by_role("region", name="Result")).to_contain_text("Balance: 75.00 chips.")
    assert Seat.objects.get(user=user).balance == 75


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_turning_coach_mode_on_after_a_settled_round_asks_nothing_about_it(new_context, size, log_in, course):
    """Defect 1 of issue 13: the finished coup was asked about again, and graded."""
    context = context_at(new_context, size)
    user = UserFactory()
    seat = SeatFactory(user=user, cards=f"{NATURAL_8_TO_5} 2C KH 3S 3D 5H 4C")
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))
    panel = page.locator("#table-panel")
    panel.get_by_role("textbox", name="Player chips", exact=True).fill("10")
    htmx_click(page, panel.get_by_role("button", name="Confirm bets"))
    for _ in range(4):
        htmx_click(page, panel.get_by_role("button", name=DEAL))

    htmx_click(page, panel.get_by_role("button", name="Turn coach mode on"))

    expect(panel.get_by_role("region", name="Result")).to_contain_text("Balance: 110.00 chips.")
    expect(panel.get_by_role("button", name="Draws")).to_have_count(0)
    expect(panel).not_to_contain_text("shown after your call")
    assert Round.objects.get(seat=seat, number=1).calls == {}
    # The next round is coached.
    htmx_click(page, panel.get_by_role("button", name="Repeat last bet"))
    htmx_click(page, panel.get_by_role("button", name="Confirm bets"))
    for _ in range(4):
        htmx_click(page, panel.get_by_role("button", name=DEAL))
    expect(panel.get_by_role("button", name="Draws")).to_be_visible()  # Player has 5: a call is due


def press(page, button, javascript: bool) -> None:
    """Click a button of the table: an htmx swap with JavaScript, a form post and a new page without."""
    if javascript:
        htmx_click(page, button)
    else:
        button.click()
        page.wait_for_load_state()


@pytest.mark.parametrize(("size", "javascript"), [("phone", True), ("phone", False), ("laptop", True)])
def test_a_refused_bet_is_said_beside_the_spots_and_keeps_what_was_typed(
    new_context, size, javascript, log_in, course, dealer, artifacts
):
    """Defect 2 of issue 13: the message was drawn off screen, and Banker 10 came back into the fields."""
    context = context_at(new_context, size, java_script_enabled=javascript)
    user = UserFactory()
    dealer.play(SeatFactory(user=user, cards=NATURAL_8_TO_5), banker=10)
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))
    panel = page.locator("#table-panel")
    press(page, panel.get_by_role("button", name="Repeat last bet"), javascript)
    fields = {
        kind: panel.get_by_role("textbox", name=f"{kind} chips", exact=True)
        for kind in ("Player", "Banker", "Tie")
    }
    expect(fields["Banker"]).to_have_value("10")

    fields["Banker"].fill("")
    fields["Player"].fill("3")
    fields["Tie"].fill("7")
    press(page, panel.get_by_role("button", name="Confirm bets"), javascript)

    message = "Bets on Player, Banker and Tie are 5 to 100 whole chips each."
    alert = panel.get_by_role("alert")
    expect(alert).to_have_text(message)
    assert [fields[kind].input_value() for kind in ("Player", "Banker", "Tie")] == ["3", "", "7"]
    box = alert.bounding_box()
    viewport = page.viewport_size
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (box, viewport)
    if javascript:
        expect(page.locator("#table-panel-live")).to_contain_text(message)
    page.screenshot(path=artifacts / f"table-refused-bet-{size}-{'js' if javascript else 'nojs'}.png")
    assert Seat.objects.get(user=user).balance == 90


def test_the_scoreboards_colour_each_side_and_still_say_it_in_letters(page, log_in, course, dealer):
    user = UserFactory()
    seat = SeatFactory(user=user, cards="4S 2H 4D 3C 2C 4H 3S 4D 5H 3S KC JD 8H")
    dealer.play(seat, player=10)
    dealer.play(seat, banker=10)
    log_in(page.context, user)
    page.goto(reverse("table:play"))

    beads = page.locator(".bead-plate .bead:not(.empty)")
    expect(beads).to_have_text([re.compile(r"^P"), re.compile(r"^B")])
    colours = beads.evaluate_all("beads => beads.map(b => getComputedStyle(b).backgroundColor)")
    assert colours == ["rgb(31, 95, 176)", "rgb(179, 38, 30)"]  # Player blue, Banker red
    road = page.get_by_role("img", name=re.compile(r"^2 coups: Player 1, Banker 1, Tie 0\."))
    expect(road).to_be_visible()
    expect(page.locator(".roads")).to_contain_text("nothing useful about the next coup")


def test_the_odds_panel_is_labelled_and_can_be_closed(page, log_in, course, dealer):
    user = UserFactory()
    dealer.play(SeatFactory(user=user, cards=NATURAL_8_TO_5), player=10)
    log_in(page.context, user)
    page.goto(reverse("table:play"))

    htmx_click(page, page.get_by_role("link", name="Odds of the next coup"))
    panel = page.get_by_role("region", name="Odds of the next coup")
    expect(panel.get_by_role("heading", name="Odds of the next coup")).to_be_visible()
    expect(panel.get_by_role("table")).to_be_visible()

    htmx_click(page, panel.get_by_role("button", name="Close the odds"))
    expect(page.get_by_role("region", name="Odds of the next coup")).to_have_count(0)
    htmx_settled(page)


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_axe_finds_nothing_serious_with_chips_placed_a_bet_refused_and_the_odds_open(
    new_context, size, log_in, course, dealer
):
    context = context_at(new_context, size)
    user = UserFactory()
    dealer.play(SeatFactory(user=user, cards=NATURAL_8_TO_5), banker=10, lion_player=10)
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))
    panel = page.locator("#table-panel")
    failures: dict[str, list[str]] = {}

    add_chip(page, panel.get_by_role("button", name="Add 10 chips to Tie"))
    scan(page, "", failures, "a chip on Tie")
    panel.get_by_role("textbox", name="Player chips", exact=True).fill("3")
    press(page, panel.get_by_role("button", name="Confirm bets"), javascript=True)
    expect(panel.get_by_role("alert")).to_be_visible()
    scan(page, "", failures, "a bet refused")
    htmx_click(page, page.get_by_role("link", name="Odds of the next coup"))
    scan(page, "", failures, "the odds open")
    scan(page, reverse("table:results"), failures, "results")
    assert not failures, report(failures)


@pytest.mark.parametrize("language", ["de", "id"])
def test_nothing_scrolls_sideways_at_the_table_in_german_and_indonesian(
    new_context, language, log_in, course, dealer
):
    """The longest words (Unentschieden, Konfirmasi taruhan) and the table options stay inside the phone,
    and no spot's name is split inside a word ("SPIELE / R"), while betting or while the coup is dealt."""
    context = context_at(new_context, "phone")
    user = UserFactory()
    Profile.objects.update_or_create(user=user, defaults={"language": language})
    seat = SeatFactory(user=user, cards=f"{NATURAL_8_TO_5} {SIX_CARDS}")
    dealer.play(seat, banker=10, lion_banker=10)
    log_in(context, user)
    page = context.new_page()
    paths = [reverse("table:play"), reverse("table:results"), reverse("table:odds")]
    assert not (wide := sideways(page, paths)), phone_report(wide)
    page.goto(reverse("table:play"))
    assert page.locator(".bet-form .spot-name").count() == 5
    assert page.evaluate(SPLIT_WORDS) == []
    dealer.confirm(seat, player=10, tie=5)
    dealer.deal(seat, 3)
    assert not (wide := sideways(page, [reverse("table:play")])), phone_report(wide)
    page.goto(reverse("table:play"))
    assert page.locator(".placed .spot-name").count() == 5
    assert page.evaluate(SPLIT_WORDS) == []


@pytest.mark.parametrize("slug", ["first-stake", "settlement"])
def test_no_spot_name_is_split_in_a_lesson_example_on_the_smallest_phone(new_context, slug, log_in, course):
    """320 px in German: the examples' felt has no Lion Bonus spots, and Tie takes a row of its own."""
    context = new_context(viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True)
    user = UserFactory()
    Profile.objects.update_or_create(user=user, defaults={"language": "de"})
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("lessons:lesson", args=[slug]))
    lesson_loaded(page)
    assert page.locator(".spot-name", has_text="Unentschieden").count()
    assert page.evaluate(SPLIT_WORDS) == []


def test_the_odds_panel_fits_a_360_px_phone_in_german_and_its_close_button_says_what_it_closes(
    new_context, log_in, course
):
    """The heading's long word (Wahrscheinlichkeiten) once pushed Schließen 15 px past the screen."""
    context = new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    user = UserFactory()
    Profile.objects.update_or_create(user=user, defaults={"language": "de"})
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:odds"))
    close = page.get_by_role("button", name="Wahrscheinlichkeiten schließen")
    expect(close).to_have_text("Schließen")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = close.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 360
