"""The felt through the Django test client: chips, spots, the result banner and the scoreboards, with and
without htmx."""

import re
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.urls import reverse

from table import errors
from table.models import Round, Seat
from tests.factories import SeatFactory, arrange_shoe
from tests.support import HX, parse
from tests.table.test_services import play

D = Decimal


@pytest.fixture
def seat(client, db):
    seat = SeatFactory(coach_mode=False)
    client.force_login(seat.user)
    return seat


def draft(client, headers=None, round="1", **data):
    return client.post(reverse("table:round-draft"), {"round": round, **data}, headers=headers or {})


def field(html, kind):
    """The value shown in a stake field."""
    found = re.search(rf'name="stake_{kind}" value="([^"]*)"', html)
    assert found, f"no stake field for {kind}"
    return found.group(1)


def draft_stakes(seat):
    round = Round.objects.filter(seat=seat, state=Round.State.BETTING).first()
    return {bet.kind: bet.amount for bet in round.bets.all()} if round else {}


@pytest.mark.parametrize("headers", [HX, None], ids=["htmx", "plain"])
def test_a_spot_button_adds_the_racks_chip_to_the_stakes_on_screen(client, seat, headers):
    response = draft(client, headers, chip="25", add="banker", stake_player="10", stake_banker="")

    assert draft_stakes(seat) == {"player": D("10.00"), "banker": D("25.00")}
    if headers is None:
        assert response.status_code == HTTPStatus.FOUND
        assert response["Location"] == reverse("table:play") + "?chip=25"
        html = client.get(response["Location"]).content.decode()
    else:
        html = response.content.decode()
    assert field(html, "banker") == "25" and field(html, "player") == "10"
    assert 'aria-pressed="true" id="table-panel-chip-25"' in html
    assert "Add 25 chips to Banker" in html and "Add 25 chips to Lion Bonus (Dragon Bonus) on Player" in html


def test_choosing_a_rack_chip_saves_what_was_typed_and_renames_every_spot_button(client, seat):
    html = draft(client, HX, chip="10", select="50", stake_tie="5").content.decode()

    assert draft_stakes(seat) == {"tie": D("5.00")}
    assert "Add 50 chips to Player" in html and "Add 10 chips to Player" not in html
    assert 'name="chip" value="50"' in html


def test_undo_clear_and_repeat_are_buttons_of_the_same_form(client, seat):
    draft(client, HX, chip="10", add="player")
    draft(client, HX, chip="5", add="player", stake_player="10")
    html = draft(client, HX, op="undo", stake_player="15").content.decode()
    assert field(html, "player") == "10"
    html = draft(client, HX, op="clear", stake_player="10").content.decode()
    assert field(html, "player") == "" and draft_stakes(seat) == {}
    assert 'id="table-panel-undo" disabled' in html


def test_repeat_last_bet_after_a_round(client, seat):
    play(seat, "4 2 4 3", banker=25)
    settled = client.get(reverse("table:play")).content.decode()
    assert "Repeat last bet" in settled and field(settled, "banker") == ""  # the next round's spots are empty

    html = draft(client, HX, round="2", op="repeat").content.decode()
    assert field(html, "banker") == "25"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"add": "player", "chip": "7"}, errors.NO_SUCH_CHIP.format(chip="7")),
        ({"add": "player", "chip": "ten"}, errors.NO_SUCH_CHIP.format(chip="ten")),
        ({"add": "dragon"}, errors.NO_SUCH_SPOT),
        ({"select": "1e3"}, errors.NO_SUCH_CHIP.format(chip="1e3")),
        ({"op": "undo"}, errors.NOTHING_TO_UNDO),
        ({"op": "repeat"}, errors.NOTHING_TO_REPEAT),
    ],
)
def test_a_bad_chip_or_spot_is_a_clear_4xx_and_moves_nothing(client, seat, data, message):
    response = draft(client, HX, **data)

    assert response.status_code in (HTTPStatus.BAD_REQUEST, HTTPStatus.CONFLICT)
    assert str(message) in response.content.decode().replace("&#x27;", "'")
    assert Seat.objects.get(pk=seat.pk).balance == D("100.00") and draft_stakes(seat) == {}


@pytest.mark.parametrize("headers", [HX, None], ids=["htmx", "plain"])
def test_a_refused_bet_keeps_exactly_what_was_typed_and_says_why_beside_the_spots(client, seat, headers):
    """Defect: after Banker 10, typing Player 3 and Tie 7 swapped Banker 10 back into the fields."""
    play(seat, "4 2 4 3", banker=10)
    data = {"round": "2", "stake_player": "3", "stake_banker": "", "stake_tie": "7"}

    response = client.post(reverse("table:round-confirm"), data, headers=headers or {})

    assert response.status_code == HTTPStatus.BAD_REQUEST
    html = response.content.decode()
    assert (field(html, "player"), field(html, "banker"), field(html, "tie")) == ("3", "", "7")
    message = errors.MAIN_BET_LIMITS.format(min="5", max="100")
    error = parse(html).find("p", id="table-panel-bet-error")
    assert (error.classes, error.attrs["role"], error.text) == ({"notice", "error"}, "alert", message)
    assert html.index("table-panel-bet-error") < html.index(
        'id="table-panel-stake-player"'
    )  # above the spots
    assert Seat.objects.get(pk=seat.pk).balance == D("90.00")  # the last round's Banker 10 lost


def test_a_pasted_essay_is_shown_back_cut_short(client, seat):
    html = client.post(
        reverse("table:round-confirm"), {"round": "1", "stake_player": "9" * 500}, headers=HX
    ).content.decode()
    assert field(html, "player") == "9" * 20


def test_the_felt_prints_each_spots_payout_for_the_table(client, seat):
    standard = client.get(reverse("table:play")).content.decode()
    assert "pays 1:1 less 5%" in standard and "pays 8:1" in standard and "pays up to 30:1" in standard
    assert "by 9 30:1" in standard and "natural 1:1" in standard

    client.post(reverse("table:seat-preset"), {"preset": "no-commission"})
    no_commission = client.get(reverse("table:play")).content.decode()
    assert "pays 1:1; a six pays 1:2" in no_commission


@pytest.mark.parametrize(
    ("preset", "cards", "stakes", "verdict", "sentence"),
    [
        (
            "no-commission",
            "K 3 K 3 5",
            {"banker": 10},
            "Banker wins, 6 to 5",
            "Banker won with six: pays 1:2",
        ),
        (
            "standard",
            "4 2 4 3",
            {"lion_player": 10},
            "Player wins, 8 to 5 (a natural)",
            "won with a natural: pays 1:1",
        ),
        (
            "standard",
            "3 K 4 K K",
            {"lion_player": 10},
            "Player wins, 7 to 0",
            "Lion Bonus (Dragon Bonus) on Player won by 7: pays 6:1",
        ),
        (
            "standard",
            "K 3 K 4 K",
            {"lion_banker": 10},
            "Banker wins, 7 to 0",
            "Lion Bonus (Dragon Bonus) on Banker won by 7: pays 6:1",
        ),
        (
            "standard",
            "2 K 3 6 K",
            {"lion_banker": 10},
            "Banker wins, 6 to 5",
            "Lion Bonus (Dragon Bonus) on Banker lost: the hand won by only 1",
        ),
    ],
)
def test_the_result_banner_puts_the_winners_total_first_and_names_each_payout_rule(
    client, seat, preset, cards, stakes, verdict, sentence
):
    Seat.objects.filter(pk=seat.pk).update(preset=preset)
    round = play(Seat.objects.get(pk=seat.pk), cards, **stakes)

    html = client.get(reverse("table:play")).content.decode()

    assert verdict in html, round.cards
    assert sentence in html
    net = round.returned - round.committed
    assert "Your net: <strong>" in html and f"{abs(net):.2f}" in html


def test_the_german_felt_writes_amounts_the_german_way(client, seat):
    client.post(reverse("set_language"), {"language": "de", "next": "/"})
    play(seat, "2 4 3 4", banker=10)

    html = client.get(reverse("table:play")).content.decode()

    assert "0,50" in html and "19,50" in html and "0.00" not in html and "19.50" not in html


def test_the_scoreboards_are_drawn_with_the_page_and_swapped_only_when_they_change(client, seat):
    play(seat, "4 2 4 3 4 2 4 3", player=10)  # two naturals in a row
    page = client.get(reverse("table:play")).content.decode()
    assert len(parse(page).find_all(class_="bead player")) == 1
    assert parse(page).find_all(class_="road-cell player")
    assert "nothing useful about the next coup" in page

    oob = 'id="table-roads" hx-swap-oob="true"'
    chip = draft(client, HX, round="2", chip="10", add="tie")
    confirm = client.post(reverse("table:round-confirm"), {"round": "2", "stake_tie": "10"}, headers=HX)
    first_card = client.post(reverse("table:round-deal"), {"round": "2", "card": "0"}, headers=HX)
    assert oob not in chip.content.decode() and oob not in confirm.content.decode()  # nothing on them changed
    assert "table-roads" not in first_card.content.decode()
    for card in range(1, 4):
        settled = client.post(reverse("table:round-deal"), {"round": "2", "card": str(card)}, headers=HX)
    assert oob in settled.content.decode() and settled.content.decode().count('class="bead ') >= 2


def test_a_new_shoe_empties_the_scoreboards_at_its_first_confirm(client, seat):
    play(seat, "4 2 4 3", player=10)
    client.post(reverse("table:seat-preset"), {"preset": "no-commission"})  # a new shoe at the next confirm

    confirm = client.post(reverse("table:round-confirm"), {"round": "2", "stake_tie": "5"}, headers=HX)

    html = confirm.content.decode()
    assert 'id="table-roads" hx-swap-oob="true"' in html and "No coup settled in this shoe yet" in html


def test_the_newest_card_is_marked_to_slide_in(client, seat):
    arrange_shoe(seat, "4 2 4 3")
    client.post(reverse("table:round-confirm"), {"round": "1", "stake_player": "10"})
    html = client.post(reverse("table:round-deal"), {"round": "1", "card": "0"}, headers=HX).content.decode()
    assert html.count('class="card fresh"') + html.count('class="card red fresh"') == 1
    page = client.get(reverse("table:play")).content.decode()
    assert " fresh" not in page  # a page load shows the cards as they lie


def test_a_deal_that_does_not_end_the_coup_sends_only_what_changed(client, seat):
    """Issue 16: the new card, its hand's total, the dealer's line, the status, the log, the live region."""
    arrange_shoe(seat, "2C KH 3S 3D 5H 4C")  # six cards: Banker draws on 3 against a 5
    client.post(reverse("table:round-confirm"), {"round": "1", "stake_player": "10", "stake_banker": "10"})
    names = ["two of clubs", "king of hearts", "three of spades", "three of diamonds", "five of hearts"]
    for card, name in enumerate(names):
        response = client.post(reverse("table:round-deal"), {"round": "1", "card": str(card)}, headers=HX)
        html = response.content.decode()

        assert response.status_code == HTTPStatus.OK and "HX-Retarget" not in response
        assert len(response.content) <= 2500, (card, len(response.content))
        assert html.count('role="img"') == 1 and f'aria-label="{name}"' in html  # the new card, no other
        assert 'id="table-panel-dealer-line"' in html and f"Deal card {card + 2} to" in html
        assert 'id="table-panel-status" hx-swap-oob="true"' in html
        assert 'hx-swap-oob="innerHTML:#table-panel-live"' in html
        assert (
            "Add 10 chips" not in html
            and "table-roads" not in html
            and not parse(html).find_all("details", class_="banker-table")
        )
    # the Banker table's decided row alone
    assert parse(html).find("tr", id="bt-row-3", class_="decided").attrs["hx-swap-oob"] == "true"


def test_the_deal_that_ends_the_coup_sends_what_the_end_changed_and_a_repeated_deal_the_whole_panel(
    client, seat
):
    arrange_shoe(seat, "4 2 4 3")
    client.post(reverse("table:round-confirm"), {"round": "1", "stake_player": "10"})
    for card in range(3):
        client.post(reverse("table:round-deal"), {"round": "1", "card": str(card)}, headers=HX)

    repeated = client.post(reverse("table:round-deal"), {"round": "1", "card": "2"}, headers=HX)
    last = client.post(reverse("table:round-deal"), {"round": "1", "card": "3"}, headers=HX)

    assert repeated["HX-Retarget"] == "#table-panel" and repeated["HX-Reswap"] == "outerHTML"
    assert parse(repeated.content).find("section", id="table-panel")
    html = last.content.decode()
    assert last.status_code == HTTPStatus.OK and "HX-Retarget" not in last
    page = parse(html)
    assert not page.find_all("section", id="table-panel")
    assert not page.find_all("details", class_="banker-table")
    assert 'id="table-panel-dealer-line"' in html and 'aria-label="Result"' in html  # its target
    assert len(page.find_all("svg", class_="card")) == 1  # the last card, no other
    for region in ("table-panel-spots", "table-panel-settings", "table-panel-status", "table-roads"):
        assert re.search(f'id="{region}"[^>]* hx-swap-oob="true"', html), region
    assert page.find_all(class_="bet-form") and "Add 10 chips to Banker" in html  # the next bet's spots
    logged = page.find("div", hx_swap_oob="beforebegin:#table-panel-log").children[0]
    assert logged.tag == "details" and "bet-details" in logged.classes
    assert "Your net: +10.00 chips. Balance: 110.00 chips." in html  # said by the live region
    assert 'aria-label="1 coup: Player 1, Banker 0, Tie 0.' in html  # the Big Road in words
    whole = client.get(reverse("table:play"), headers=HX).content
    assert len(last.content) < len(whole) - 3000  # the Banker table and the rest that stayed are not sent
    plain = client.post(reverse("table:round-deal"), {"round": "1", "card": "3"})
    assert plain.status_code == HTTPStatus.FOUND  # without JavaScript: POST, redirect, GET as before
