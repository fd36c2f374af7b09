"""Whole journeys in Chromium against the live server, photographed at 1280 px and 375 px.

The learner's journey is the course as a newcomer meets it: sign up with the demo class's join
code, study lessons 3, 4, 6 and 7 (dealing their examples one card per click and answering their
exercises), then play three rounds at the practice table with coach mode on, one card per click,
and find a balance that agrees with the ledger. The demo instructor then logs into the admin and
finds that learner on the class progress page. A last journey plays a round with JavaScript off.

Screenshots: ``test-artifacts/journey-*.png`` and ``test-artifacts/no-js-*.png``.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import expect

from lessons.course import COURSE
from ops.demo import DEMO_CLASS, DEMO_INSTRUCTOR, DEMO_INSTRUCTOR_PASSWORD
from table.services import ledger_verify, seat_open
from tests.browser.support import DEAL, htmx_click, lesson_loaded
from tests.factories import SeatFactory, UserFactory, arrange_shoe

pytestmark = pytest.mark.django_db(transaction=True)

USERNAME = "new-learner"
PASSWORD = "a-long-teaching-password-42"

#: The practice table's next three coups: Player's natural 8 to 5, Banker's natural 8 to 5, and
#: Player drawing an 8 to a 3-all tie (Banker stands on 3 against an 8).
TABLE_COUPS = "4S 2H 4D 3C  2C 4H 3S 4D  5H 3S KC JD 8H"


def chips(panel, term: str):
    """The value shown beside ``term`` ("Balance", "In play", ...) in the panel's status line."""
    term_exactly = panel.page.get_by_role("term").filter(has_text=re.compile(rf"^{re.escape(term)}$"))
    return panel.locator("dl.status div").filter(has=term_exactly)


def deal_cards(page, panel, cards: list[tuple[str, str]]) -> None:
    """Deal one card per click; each must land, named in words, in the hand it belongs to."""
    deal = panel.get_by_role("button", name=DEAL)
    for hand, name in cards:
        expect(deal).to_have_text(re.compile(rf"to {hand}$"))
        htmx_click(page, deal)
        expect(panel.get_by_role("group", name=hand).get_by_role("img", name=name)).to_be_visible()


def answer(page, exercise, *, choice: str = "", **amounts: str) -> None:
    """Answer the exercise's question (a choice button, or amounts in its fields) and expect it right."""
    if choice:
        htmx_click(page, exercise.get_by_role("button", name=choice, exact=True))
    else:
        for label, amount in amounts.items():
            exercise.get_by_role("textbox", name=f"{label.capitalize()} chips").fill(amount)
        htmx_click(page, exercise.get_by_role("button", name="Check"))
    expect(exercise.locator(".feedback")).to_contain_text("✓ Right.")


def stake(page, panel, **amounts: int) -> None:
    """Fill the stake fields (clearing the others) and confirm the bets."""
    for kind in ("player", "banker", "tie"):
        field = panel.get_by_role("textbox", name=f"{kind.capitalize()} chips", exact=True)
        field.fill(str(amounts.get(kind, "")))
    htmx_click(page, panel.get_by_role("button", name="Confirm bets"))


def coach_settlement(page, table, **returns: str) -> None:
    """Answer the coach's "what does each bet return?" and expect it right."""
    for kind, amount in returns.items():
        table.get_by_role("textbox", name=re.compile(rf"^{kind.capitalize()}, .* staked: returns")).fill(
            amount
        )
    htmx_click(page, table.get_by_role("button", name="Check my answer"))
    expect(table.get_by_role("list", name="Your calls")).to_contain_text(
        "✓ Right — What does each bet return?"
    )


def test_a_new_learner_signs_up_studies_plays_three_rounds_and_the_demo_instructor_sees_it_all(
    page, new_context, demo, snap
):
    # --- Sign up with the class's join code -------------------------------------------------------
    page.goto(reverse("home"))
    snap(page, "journey-01-home")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill(USERNAME)
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_label("Class join code").fill(demo.join_code.lower())  # case does not matter
    snap(page, "journey-02-sign-up")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("status")).to_have_text(f"Welcome! You are in the class {DEMO_CLASS}.")
    learner = get_user_model().objects.get(username=USERNAME)
    assert learner.memberships.get().classroom == demo
    snap(page, "journey-03-signed-up")

    # The table's shoe is secret and shuffled; arrange its next cards so the rounds below are known.
    seat = seat_open(user=learner)
    assert seat.coach_mode and seat.balance == demo.starting_balance == Decimal("100.00")
    arrange_shoe(seat, TABLE_COUPS)

    # The demo class asks for lesson 3 (ops/demo.py, DEMO_ASSIGNMENTS): it was due before this learner joined.
    expect(page.get_by_role("link", name="Lesson 3. Counting a hand: 4 plus 4")).to_be_visible()

    # --- Lesson 3: 4 plus 4, dealt one card per click, and the counting exercise -----------------------
    page.get_by_role("link", name="Counting a hand: 4 plus 4", exact=True).click()
    lesson_loaded(page)
    example = page.locator("#example-four-plus-four")
    deal_cards(
        page,
        example,
        [("Player", "four of spades"), ("Banker", "two of hearts")]
        + [("Player", "four of diamonds"), ("Banker", "three of clubs")],
    )
    expect(example.get_by_role("region", name="Result")).to_contain_text("Player wins, 8 to 5 (a natural)")
    exercise = page.locator("#exercise")
    expect(exercise.get_by_role("img", name="seven of hearts")).to_be_visible()
    answer(page, exercise, choice="5")  # 7 + 8 = 15: the last digit
    answer(page, exercise, choice="8")  # 4 + 4
    answer(page, exercise, choice="5")  # 9 + 6 = 15
    expect(exercise).to_contain_text("✓ Lesson done.")
    snap(page, "journey-04-lesson-3-done")

    # --- Lesson 4: the stake, 100 becomes 90 --------------------------------------------------------
    page.get_by_role("link", name=re.compile(r"^4\. Your first stake")).click()
    lesson_loaded(page)
    example = page.locator("#example-stake-on-player")
    expect(chips(example, "Sandbox balance")).to_contain_text("100.00 chips")
    stake(page, example, player=10)
    expect(chips(example, "Sandbox balance")).to_contain_text("90.00 chips")
    expect(chips(example, "In play")).to_contain_text("10.00 chips")
    snap(page, "journey-05-lesson-4-stake-confirmed")
    deal_cards(
        page,
        example,
        [("Player", "four of spades"), ("Banker", "two of hearts")]
        + [("Player", "four of diamonds"), ("Banker", "three of clubs")],
    )
    expect(example.get_by_role("region", name="Result")).to_contain_text("Balance: 110.00 chips.")
    answer(page, page.locator("#exercise"), balance="90", committed="10")

    # --- Lesson 6: a settlement case, 10 on Banker winning less commission -----------------------------
    page.goto(reverse("lessons:lesson", args=["settlement"]))
    lesson_loaded(page)
    example = page.locator("#example-banker-wins")
    stake(page, example, banker=10)
    deal_cards(
        page,
        example,
        [("Player", "two of clubs"), ("Banker", "four of hearts")]
        + [("Player", "three of spades"), ("Banker", "four of diamonds")],
    )
    result = example.get_by_role("region", name="Result")
    expect(result).to_contain_text("Banker wins, 8 to 5 (a natural)")
    expect(result).to_contain_text("less 5% commission, so 10.00 back + 10.00 winnings − 0.50 commission")
    expect(result).to_contain_text("Balance: 109.50 chips.")
    answer(page, page.locator("#exercise"), balance="110")  # 10 on Player, Player wins: 90 + 20
    snap(page, "journey-06-lesson-6-settled")

    # --- Lesson 7: 5 + 8, the tie example, dealt one card per click -----------------------------------
    page.goto(reverse("lessons:lesson", args=["drawing"]))
    lesson_loaded(page)
    example = page.locator("#example-five-draws-eight")
    deal_cards(
        page,
        example,
        [("Player", "five of hearts"), ("Banker", "three of spades")]
        + [("Player", "king of clubs"), ("Banker", "jack of diamonds")],
    )
    narration = example.locator(".narration")
    expect(narration).to_contain_text("Player has 5: on 0 to 5 Player draws a third card.")
    deal_cards(page, example, [("Player", "eight of hearts")])
    expect(narration).to_contain_text("Banker has 3 and Player's third card is an 8: Banker stands.")
    expect(example.get_by_role("region", name="Result")).to_contain_text("Tie: both hands have 3")
    answer(page, page.locator("#exercise"), choice="Draws")  # Player on 5 draws
    snap(page, "journey-07-lesson-7-tie")

    # --- The practice table: three rounds, coach mode on, one card per click --------------------------
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Practice table").click()
    table = page.locator("#table-panel")
    expect(table.locator(".coach-form")).to_contain_text("Coach mode (“you call it”) is on")
    expect(chips(table, "Balance")).to_contain_text("100.00 chips")

    stake(page, table, player=10)
    expect(chips(table, "Balance")).to_contain_text("90.00 chips")
    expect(chips(table, "In play")).to_contain_text("10.00 chips")
    deal_cards(
        page,
        table,
        [("Player", "four of spades"), ("Banker", "two of hearts")]
        + [("Player", "four of diamonds"), ("Banker", "three of clubs")],
    )
    snap(page, "journey-08-table-round-1-coach-asks")
    coach_settlement(page, table, player="20")
    expect(chips(table, "Balance")).to_contain_text("110.00 chips")
    snap(page, "journey-09-table-round-1-settled")

    stake(page, table, banker=20)
    expect(chips(table, "Balance")).to_contain_text("90.00 chips")
    deal_cards(
        page,
        table,
        [("Player", "two of clubs"), ("Banker", "four of hearts")]
        + [("Player", "three of spades"), ("Banker", "four of diamonds")],
    )
    coach_settlement(page, table, banker="39")  # 20 back + 20 winnings − 1.00 commission
    expect(chips(table, "Balance")).to_contain_text("129.00 chips")

    stake(page, table, player=10, tie=5)
    expect(chips(table, "Balance")).to_contain_text("114.00 chips")
    deal_cards(
        page,
        table,
        [("Player", "five of hearts"), ("Banker", "three of spades")]
        + [("Player", "king of clubs"), ("Banker", "jack of diamonds")],
    )
    expect(
        table.get_by_role("group", name="You call it: Player has 5. Does Player draw a third card?")
    ).to_be_visible()
    snap(page, "journey-10-table-round-3-player-call")
    htmx_click(page, table.get_by_role("button", name="Draws"))
    deal_cards(page, table, [("Player", "eight of hearts")])
    htmx_click(page, table.get_by_role("button", name="Stands"))  # Banker on 3 against an 8
    coach_settlement(page, table, player="10", tie="45")  # a push, and 5 + 40 winnings
    result = table.get_by_role("region", name="Result")
    expect(result).to_contain_text("Tie: both hands have 3")
    expect(result).to_contain_text("Balance: 169.00 chips.")
    expect(chips(table, "Balance")).to_contain_text("169.00 chips")
    snap(page, "journey-11-table-round-3-settled")

    seat.refresh_from_db()
    assert seat.balance == Decimal("169.00")  # 100 − 10 + 20 − 20 + 39 − 15 + 55
    ledger_verify(seat)  # and the balance is the sum of the ledger
    page.get_by_role("link", name="Your results").click()
    expect(page.get_by_role("main")).to_contain_text("Balance: 169.00 chips")
    expect(page.get_by_role("region", name="Recent rounds").get_by_role("row")).to_have_count(4)
    snap(page, "journey-12-results")

    # --- The demo instructor finds the learner on the class progress page -----------------------------
    admin = new_context().new_page()
    admin.goto(reverse("admin:index"))
    admin.get_by_label("Username").fill(DEMO_INSTRUCTOR)
    admin.get_by_label("Password:", exact=True).fill(DEMO_INSTRUCTOR_PASSWORD)
    admin.get_by_role("button", name="Log in").click()
    expect(admin.get_by_role("heading", name="Classes and learners")).to_be_visible()
    snap(admin, "journey-13-admin-index")
    admin.get_by_role("link", name="Classes", exact=True).first.click()
    admin.get_by_role("row").filter(has_text=DEMO_CLASS).get_by_role("link", name="Class progress").click()
    expect(admin.get_by_role("heading", name=f"Progress of {DEMO_CLASS}")).to_be_visible()

    progress = admin.locator("#progress")
    headers = [text.strip() for text in progress.locator("thead th").all_text_contents()]
    row = progress.get_by_role("row").filter(has=admin.get_by_role("rowheader", name=USERNAME, exact=True))
    expect(row).to_have_count(1)
    cells = dict(
        zip(headers, [text.strip() for text in row.locator("th, td").all_text_contents()], strict=True)
    )
    assert cells["Learner"] == USERNAME
    assert cells["3. Counting a hand: 4 plus 4"].startswith("done · 3/3")
    for lesson in ["4. Your first stake: 100 becomes 90", "6. Settlement", "7. Drawing without a natural"]:
        [text] = [text for header, text in cells.items() if header.startswith(lesson)]
        assert text.startswith("in progress · 1/1"), (lesson, text)
    assert cells["Lessons done"] == f"1 of {len(COURSE)}"
    assert cells["Table rounds"] == "3"
    assert cells["Chip balance"] == "169.00"
    snap(admin, "journey-14-instructor-class-progress")


def test_without_javascript_a_table_round_is_still_staked_called_dealt_and_settled(
    new_context, course, log_in, snap
):
    """Every htmx form is a real form: with JavaScript off each click is a post, a redirect and a page."""
    user = UserFactory()
    seat = SeatFactory(user=user, coach_mode=True, cards="5H 3S KC JD 8H")
    context = new_context(java_script_enabled=False)
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))
    table = page.locator("#table-panel")

    table.get_by_role("textbox", name="Player chips", exact=True).fill("10")
    table.get_by_role("button", name="Confirm bets").click()
    expect(chips(table, "Balance")).to_contain_text("90.00 chips")
    deal = table.get_by_role("button", name=DEAL)
    for number, hand in [(2, "Banker"), (3, "Player"), (4, "Banker")]:
        deal.click()
        expect(deal).to_have_text(f"Deal card {number} to {hand}")
    deal.click()
    table.get_by_role("button", name="Draws").click()  # Player on 5
    snap(page, "no-js-table-dealing")
    deal.click()
    table.get_by_role("button", name="Stands").click()  # Banker on 3 against an 8
    table.get_by_role("textbox", name=re.compile(r"^Player, .* staked: returns")).fill("10")
    table.get_by_role("button", name="Check my answer").click()

    result = table.get_by_role("region", name="Result")
    expect(result).to_contain_text("Tie: both hands have 3")
    expect(result).to_contain_text("Balance: 100.00 chips.")
    expect(table.get_by_role("group", name="Player").get_by_role("img")).to_have_count(3)
    snap(page, "no-js-table-settled")
    seat.refresh_from_db()
    assert seat.balance == Decimal("100.00")
    ledger_verify(seat)
