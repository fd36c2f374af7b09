"""The shoe procedure at the practice table: the burn shown when a shoe starts, the cut card coming out,
and the exact odds after the burn, with and without HX-Request."""

from __future__ import annotations

from http import HTTPStatus

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from baccarat import DEFAULT_CUT_FROM_END, Card, Shoe, Winner, burn_count, deck_counts, exact_odds
from table.explain import card_name
from table.models import Round, Seat
from table.selectors import next_coup_odds
from table.templatetags.table_tags import percent
from tests.support import HX, LANGUAGES, MODES, parse
from tests.table.table_client import confirm, deal

#: The engine's card values, written out again: a ten or a picture burns ten.
BURNS = {"A": 1, "10": 10, "J": 10, "Q": 10, "K": 10} | {str(n): n for n in range(2, 10)}


def the_burn(seat):
    """The burn of the seat's shoe as the engine recorded it, in words: (turned card's name, count)."""
    burn = Shoe.loads(Seat.objects.get(pk=seat.pk).shoe_state).burned
    assert burn is not None
    assert burn.burned == BURNS[burn.turned.rank.value]
    return card_name(burn.turned), burn.burned


def burn_sentence(name, count):
    noun = "card goes" if count == 1 else "cards go"
    return f"The burn: the first card was turned face up, {name}, so {count} {noun} out face down, unseen."


@pytest.mark.parametrize("headers", MODES)
def test_the_first_confirm_shuffles_burns_and_shows_the_burn(player, seat, headers):
    response = confirm(player, headers, player=10)

    html = (response if headers else player.get(reverse("table:play"))).content.decode()
    name, count = the_burn(seat)
    assert response.status_code == (HTTPStatus.OK if headers else HTTPStatus.FOUND)
    assert "New shoe: 8 decks have just been shuffled." in html
    assert burn_sentence(name, count) in html
    assert html.count(f'aria-label="{name}"') == 1  # the turned card is drawn beside the notice
    assert f"{416 - 1 - count} cards left" in html
    if headers:  # the live region announces it too
        live = html.split('hx-swap-oob="innerHTML:#table-panel-live">', 1)[1]
        assert live.startswith(f"<p>{burn_sentence(name, count)}</p>")


@pytest.mark.parametrize("headers", MODES)
def test_the_burn_opens_the_log_of_the_shoes_first_coup(player, seat, headers):
    confirm(player, headers, player=10)
    name, count = the_burn(seat)

    first = deal(player, 0, headers)
    page = player.get(reverse("table:play")).content.decode()

    expected_log = f'<ol id="table-panel-log-list"><li>{burn_sentence(name, count)}</li><li>'
    if headers:
        assert len(first.content) <= 2500
        assert expected_log in first.content.decode()  # the log is created with the burn at its head
    assert expected_log in page
    assert "New shoe: 8 decks have just been shuffled." in page  # still in view during the first coup


def test_the_burn_is_not_shown_once_the_shoes_first_coup_is_over(player, seat):
    confirm(player, HX, player=10)
    name, count = the_burn(seat)
    index = 0
    while Round.objects.get(seat=seat, number=1).state != Round.State.SETTLED:
        deal(player, index, HX)
        index += 1

    settled = player.get(reverse("table:play")).content.decode()
    second = confirm(player, HX, round="2", player=10).content.decode()

    assert burn_sentence(name, count) not in settled and burn_sentence(name, count) not in second
    assert "New shoe" not in second


def test_an_arranged_shoe_never_burns_and_shows_no_burn(player, seat):
    from tests.factories import arrange_shoe

    arrange_shoe(seat, "4 2 4 3")
    html = confirm(player, HX, player=10).content.decode()

    assert Shoe.loads(Seat.objects.get(pk=seat.pk).shoe_state).burned is None
    assert "The burn:" not in html and "cut card" not in html


def cut_after_three(seat):
    """Shoe 1, arranged: the cut card lies after the third card of a five-card coup (Banker stands)."""
    shoe = Shoe.arranged(["5", "3", "K", "J", "8", *["10S"] * 10], cut=3)
    Seat.objects.filter(pk=seat.pk).update(shoe_state=shoe.dumps(), shoe_number=1)


def test_the_cut_card_coming_out_is_announced_and_the_next_confirm_starts_a_burned_shoe(player, seat):
    cut_after_three(seat)
    confirm(player, HX, player=10)
    before = [deal(player, index, HX).content.decode() for index in range(2)]

    out = deal(player, 2, HX)
    later = deal(player, 3, HX).content.decode()
    settled = deal(player, 4, HX).content.decode()
    plain_settled = player.get(reverse("table:play")).content.decode()
    new_shoe = confirm(player, HX, round="2", player=10).content.decode()

    announcement = "The cut card is out: this is the last coup of the shoe."
    assert all("cut card" not in html for html in before)
    assert len(out.content) <= 2500 and "HX-Retarget" not in out
    live = out.content.decode().split('hx-swap-oob="innerHTML:#table-panel-live">', 1)[1]
    assert out.content.decode().count(announcement) == 2  # the dealer's line and the live region
    assert live.startswith(f"<p>{announcement}</p>")
    assert later.count(announcement) == 1  # still on the dealer's line, not announced again
    for html in (settled, plain_settled):
        assert "The cut card came out: your next bets start a new shoe, with a new burn." in html
    name, count = the_burn(seat)
    assert Seat.objects.get(pk=seat.pk).shoe_number == 2
    assert burn_sentence(name, count) in new_shoe and "cut card" not in new_shoe


def test_a_deal_from_a_burned_shoe_stays_within_six_queries(player, seat):
    confirm(player, HX, player=10)

    with CaptureQueriesContext(connection) as captured:
        response = deal(player, 0, HX)

    real = [query["sql"] for query in captured.captured_queries if "SAVEPOINT" not in query["sql"]]
    assert response.status_code == HTTPStatus.OK and len(real) <= 6, real


def test_the_exact_odds_after_the_burn_count_the_burned_cards_as_unseen(player, seat):
    confirm(player, HX, player=10)
    shoe = Shoe.loads(Seat.objects.get(pk=seat.pk).shoe_state)
    burn = shoe.burned
    expected = list(deck_counts(8))
    expected[burn.turned.points] -= 1  # only the turned card is known to be gone

    fragment = player.get(reverse("table:odds"), headers=HX).content.decode()
    page = player.get(reverse("table:odds")).content.decode()

    # The cards by (rank, suit) go with the counts, so the pair bets are priced too.
    watched = exact_odds(tuple(expected), cards=shoe.unseen_cards())
    assert next_coup_odds(Seat.objects.get(pk=seat.pk)) == watched
    left = 416 - 1 - burn.burned
    noun = "card" if burn.burned == 1 else "cards"
    for html in (fragment, page):
        assert (
            f"Worked out exactly from the 415 cards you have not seen (every order they could come out in), "
            f"on the Standard table: the {left} cards left in your shoe and the {burn.burned} {noun} burned "
            "face down at its start."
        ) in html
        assert f"count only the turned card ({card_name(burn.turned)}) as gone" in html
        figures = [td.text for td in parse(html).find("table", class_="odds-table").find_all("td")]
        assert "House edge on Banker" in html
        # The figure on the page is the watcher's (the full shoe less the turned card), not the shoe's own.
        watcher, insider = exact_odds(tuple(expected)), exact_odds(shoe.remaining_counts())
        assert percent(watcher.probabilities[Winner.TIE]) in figures
        if percent(insider.probabilities[Winner.TIE]) != percent(watcher.probabilities[Winner.TIE]):
            assert percent(insider.probabilities[Winner.TIE]) not in figures


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", ["Neuer Schlitten", "verbrannt", "verdeckt"]),
        ("id", ["Kotak kartu baru", "dibakar", "tertutup"]),
    ],
)
def test_the_burn_is_shown_in_german_and_indonesian(player, seat, language, words):
    player.cookies["language"] = language
    html = confirm(player, HX, player=10).content.decode()

    name, _count = the_burn(seat)
    assert "The burn:" not in html and "the first card" not in html.lower()
    assert all(word in html for word in words), words
    with translation.override(language):
        assert card_name(Shoe.loads(Seat.objects.get(pk=seat.pk).shoe_state).burned.turned) in html


def test_before_the_first_card_an_htmx_table_holds_the_place_of_the_log(player, seat):
    """The first deal swaps the log in out of band: its target must already be on the page."""
    confirmed = confirm(player, HX, player=10).content.decode()
    page = player.get(reverse("table:play")).content.decode()

    for html in (confirmed, page):
        log = parse(html).find("details", id="table-panel-log")
        assert log.classes == {"log"} and "hidden" in log.attrs and log.children == []
    first = deal(player, 0, HX).content.decode()
    assert parse(first).find("details", class_="log", id="table-panel-log").attrs["hx-swap-oob"] == "true"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lessons_shoe_procedure_figures_are_the_engines(client, learner, course, language):
    """Lesson 2: a 7 turned takes 1 + 7 = 8 cards; the cut card lies 14 cards before the last one."""
    client.force_login(learner)
    client.cookies["language"] = language
    html = client.get(reverse("lessons:lesson", args=["cards-and-suits"])).content.decode()

    assert 1 + burn_count(Card.parse("7")) == 8 and f"1 + 7 = {1 + burn_count(Card.parse('7'))}" in html
    assert DEFAULT_CUT_FROM_END == 14 and f" {DEFAULT_CUT_FROM_END} " in html
    assert (
        burn_count(Card.parse("K")) == burn_count(Card.parse("10")) == 10 and burn_count(Card.parse("A")) == 1
    )
