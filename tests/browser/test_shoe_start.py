"""The start of a shoe at the practice table, in Chromium: the burn is shown beside the felt and opens
the log, at 1280 and 375 px, in English and Indonesian (screenshots in test-artifacts/)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from accounts.models import Profile
from baccarat import Shoe
from table.explain import card_name
from table.models import Round, Seat
from tests.browser.support import htmx_click
from tests.browser.test_phone import report as phone_report
from tests.browser.test_phone import sideways
from tests.browser.test_table import SIX_CARDS, context_at, outside_the_screen
from tests.factories import SeatFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

NEW_SHOE = {
    "en": "New shoe: 8 decks have just been shuffled.",
    "id": "Kotak kartu baru: 8 dek baru saja dikocok.",
}


@pytest.mark.parametrize("language", ["en", "id"])
def test_the_burn_is_shown_when_a_shoe_starts_and_opens_the_log(
    new_context, language, log_in, course, dealer, snap
):
    context = new_context(viewport={"width": 1280, "height": 800})
    user = UserFactory()
    Profile.objects.update_or_create(user=user, defaults={"language": language})
    seat = SeatFactory(user=user)
    dealer.confirm(seat, player=10)  # the first confirm shuffles and burns the shoe
    burn = Shoe.loads(Seat.objects.get(pk=seat.pk).shoe_state).burned
    with translation.override(language):
        turned = card_name(burn.turned)
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))

    notice = page.locator(".shoe-start")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(NEW_SHOE[language])
    expect(notice).to_contain_text(turned)
    expect(notice).to_contain_text(str(burn.burned))
    expect(notice.get_by_role("img", name=turned)).to_be_visible()
    snap(page, f"shoe-start-{language}")
    page.set_viewport_size({"width": 375, "height": 812})
    assert not (wide := sideways(page, [reverse("table:play")])), phone_report(wide)
    page.set_viewport_size({"width": 1280, "height": 800})

    htmx_click(page, page.locator("#table-panel-deal"))
    log = page.locator("#table-panel-log-list li")
    expect(log).to_have_count(2)
    expect(log.first).to_contain_text(turned)
    expect(notice).to_be_visible()  # still beside the felt while the shoe's first coup is dealt

    page.goto(reverse("table:odds"))
    expect(page.locator(".odds-burn")).to_contain_text(turned)
    snap(page, f"shoe-start-odds-{language}")


def test_the_cut_card_coming_out_is_said_on_the_felt(new_context, log_in, course, dealer, snap):
    context = new_context(viewport={"width": 1280, "height": 800})
    user = UserFactory()
    seat = SeatFactory(user=user)
    # The cut card lies after the third card of a five-card coup (Player 5 draws an 8, Banker 3 stands).
    shoe = Shoe.arranged(["5S", "3H", "KD", "JC", "8S", *["10S"] * 10], cut=3)
    Seat.objects.filter(pk=seat.pk).update(shoe_state=shoe.dumps(), shoe_number=1)
    dealer.confirm(seat, banker=10)
    dealer.deal(seat, 2)
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))
    line = page.locator("#table-panel-dealer-line")
    expect(line).not_to_contain_text("cut card")

    htmx_click(page, page.locator("#table-panel-deal"))

    expect(line.locator(".cut-card")).to_have_text("The cut card is out: this is the last coup of the shoe.")
    expect(page.locator("#table-panel-live")).to_contain_text("The cut card is out")
    snap(page, "shoe-cut-card-en")
    htmx_click(page, page.locator("#table-panel-deal"))
    htmx_click(page, page.locator("#table-panel-deal"))
    expect(line.locator(".cut-card")).to_contain_text("your next bets start a new shoe")


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_shoes_first_coup_still_fits_one_screen_with_the_burn_shown(
    new_context, size, log_in, course, dealer
):
    """The burn's notice sits above the felt during the first coup: the felt, its decision and the Deal
    button stay on the screen at every card (phone 375 x 812, laptop 1280 x 800)."""
    context = context_at(new_context, size, reduced_motion="reduce")
    user = UserFactory()
    seat = SeatFactory(user=user)
    shoe = Shoe.arranged(["KS", *["9C"] * 10, *SIX_CARDS.split(), *["10S"] * 20])  # a king burns ten
    shoe.burn()
    Seat.objects.filter(pk=seat.pk).update(shoe_state=shoe.dumps(), shoe_number=1)
    round = dealer.confirm(seat, banker=10, lion_banker=10)
    Round.objects.filter(pk=round.pk).update(new_shoe=True)  # as the confirm that shuffled it marks it
    log_in(context, user)
    page = context.new_page()
    page.goto(reverse("table:play"))
    expect(page.locator(".shoe-start")).to_contain_text("king of spades")

    felt = [".hand-player h3", ".hand-banker h3", ".felt .dealer-line"]
    for card in range(1, 6):
        htmx_click(page, page.locator("#table-panel-deal"))
        shown = [*felt, ".felt svg.card", ".narration p:not(.received:not(:only-child))", ".deal button"]
        assert not (out := outside_the_screen(page, shown)), f"after card {card}: {out}"
