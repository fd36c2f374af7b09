"""Dealing face down (the learner's setting): saved on the seat, and the deal's answer keeps what a card
changed behind the card's back until it is turned; without htmx every card is face up."""

from http import HTTPStatus

import pytest
from django.urls import reverse

from table import errors
from table.models import Round, Seat
from tests.factories import arrange_shoe
from tests.support import HX, MODES, parse
from tests.table.table_client import confirm, deal

#: Player 4+4 (a natural 8), Banker 2+3: the coup ends on the fourth card.
NATURAL = "4 2 4 3"


def switch(client, value, headers=None):
    return client.post(reverse("table:seat-face-down"), {"face_down": value}, headers=headers or {})


def face_down(seat) -> bool:
    return Seat.objects.get(pk=seat.pk).face_down


def kept_and_shown(html: str):
    """The answer's parts: the regions kept for the turn (inside the nested template), and the rest."""
    answer = parse(html)
    line = answer.find("div", class_="dealer-line", data_face_down="")
    outer = line.find("template", class_="turn-reveal")
    (inner,) = [child for child in outer.children if not isinstance(child, str)]
    outer.children = []  # what is left is what htmx swaps at once
    return inner, answer


def test_the_setting_is_off_for_a_new_learner(seat):
    assert face_down(seat) is False


@pytest.mark.parametrize("headers", MODES)
def test_the_setting_is_saved_on_the_seat_and_switched_back(player, seat, headers):
    response = switch(player, "on", headers)

    assert response.status_code == (HTTPStatus.OK if headers else HTTPStatus.FOUND)
    assert face_down(seat) is True
    page = parse(player.get(reverse("table:play")).content)
    form = page.find("form", class_="face-down-form")
    assert form.find("input", name="face_down").attrs["value"] == "off"
    assert form.find("button").text == "Deal face up"

    switch(player, "off", headers)
    assert face_down(seat) is False
    assert (
        parse(player.get(reverse("table:play")).content)
        .find("form", class_="face-down-form")
        .find("button")
        .text
        == "Deal face down"
    )


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("value", ["", "yes", "ON", "1", "on; off"])
def test_a_bad_value_is_refused_with_a_400_and_changes_nothing(player, seat, headers, value):
    switch(player, "on")

    response = switch(player, value, headers)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert str(errors.SWITCH_ON_OR_OFF).replace("'", "&#x27;") in response.content.decode()
    assert face_down(seat) is True


def test_a_missing_field_is_refused_with_a_400(player, seat):
    assert player.post(reverse("table:seat-face-down"), {}, headers=HX).status_code == HTTPStatus.BAD_REQUEST
    assert face_down(seat) is False


def test_a_get_is_refused(player):
    assert player.get(reverse("table:seat-face-down")).status_code == HTTPStatus.METHOD_NOT_ALLOWED


def test_the_face_down_card_is_a_button_and_what_it_changed_waits_for_the_turn(player, seat):
    switch(player, "on")
    arrange_shoe(seat, NATURAL)
    confirm(player, HX, player=10)

    response = deal(player, 0, HX)

    assert response.status_code == HTTPStatus.OK
    kept, shown = kept_and_shown(response.content.decode())
    # At once: the card's back, in its hand (the hand's first card: the whole row), focused, and named.
    cards = shown.find("div", class_="cards", id="table-panel-cards-player")
    assert cards.attrs["hx-swap-oob"] == "true"
    back = cards.find("button", class_="card-back")
    assert back.attrs["aria-label"] == "Face-down card: turn it"
    assert "autofocus" in back.attrs and back.attrs["aria-keyshortcuts"] == "T"
    assert not shown.find_all("svg", class_="card")  # no face
    assert (
        shown.find("p", class_="narration").text == "The card is face down: click it, or press T, to turn it."
    )
    # Without the script, the back's form opens the table, where the card is face up.
    form = shown.find("form", class_="card-back-form")
    assert form.attrs["action"] == reverse("table:play") and form.attrs["method"] == "get"
    # Nothing the card changed is swapped before the turn: no total, sentence, status, log or live region...
    swapped = [
        element.attrs.get("id", element.attrs["hx-swap-oob"])
        for element in shown.find_all()
        if "hx-swap-oob" in element.attrs
    ]
    assert swapped == ["table-panel-cards-player"]
    assert not shown.find_all("button", id="table-panel-deal")
    # ...it is all kept for the turn, the face included, and the next Deal button.
    assert kept.find("svg", class_="card").attrs["aria-label"] == "four"
    assert {"fresh", "turned"} <= kept.find("svg", class_="card").classes
    assert kept.find("span", id="table-panel-total-player").text == "Total: 4"
    assert kept.find("dl", id="table-panel-status")
    assert kept.find("div", hx_swap_oob="innerHTML:#table-panel-live").text
    assert kept.find("button", id="table-panel-deal").text == "Deal card 2 to Banker"


def test_the_card_that_ends_the_coup_keeps_the_result_balance_and_roads_for_the_turn(player, seat):
    switch(player, "on")
    arrange_shoe(seat, NATURAL)
    confirm(player, HX, player=10)
    for index in range(3):
        deal(player, index, HX)

    response = deal(player, 3, HX)

    assert Round.objects.get(number=1).state == Round.State.SETTLED
    kept, shown = kept_and_shown(response.content.decode())
    # Not the hand's first card: the back is added to the hand.
    added = shown.find("div", hx_swap_oob="beforeend:#table-panel-cards-banker")
    assert added.find("button", class_="card-back")
    assert "Player wins" not in shown.text and "Balance" not in shown.text
    assert not shown.find_all(id="table-roads")
    assert "Player wins, 8 to 5 (a natural)" in kept.text
    assert kept.find("dl", id="table-panel-status").definitions()["Balance"].text == "110.00 chips"
    assert kept.find("div", id="table-roads")


def test_with_the_setting_off_the_answer_has_no_face_down_card(player, seat):
    arrange_shoe(seat, NATURAL)
    confirm(player, HX, player=10)

    answer = parse(deal(player, 0, HX).content)

    assert not answer.find_all("button", class_="card-back")
    assert not answer.find_all("template", class_="turn-reveal")
    assert answer.find("span", id="table-panel-total-player").text == "Total: 4"


def test_without_htmx_a_face_down_deal_shows_the_table_with_the_card_face_up(player, seat):
    switch(player, "on")
    arrange_shoe(seat, NATURAL)
    confirm(player, player=10)

    response = deal(player, 0)

    assert response.status_code == HTTPStatus.FOUND
    page = parse(player.get(response.url).content)
    assert not page.find_all("button", class_="card-back")
    assert (
        page.find("div", id="table-panel-cards-player").find("svg", class_="card").attrs["aria-label"]
        == "four"
    )
    assert page.find("span", id="table-panel-total-player").text == "Total: 4"
    assert page.find("button", id="table-panel-deal").text == "Deal card 2 to Banker"


def test_a_repeated_face_down_deal_gets_the_whole_panel_face_up(player, seat):
    switch(player, "on")
    arrange_shoe(seat, NATURAL)
    confirm(player, HX, player=10)
    deal(player, 0, HX)

    response = deal(player, 0, HX)

    assert response.headers["HX-Retarget"] == "#table-panel"
    answer = parse(response.content)
    assert not answer.find_all("button", class_="card-back")
    assert answer.find("div", id="table-panel-cards-player").find("svg", class_="card")
