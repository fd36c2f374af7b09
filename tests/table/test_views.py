"""The practice table over HTTP: every request plain and with HX-Request."""

from contextlib import contextmanager
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from table import errors
from table.bets import bet_name
from table.models import LedgerEntry, Round, Seat
from tests.factories import SeatFactory, UserFactory, arrange_shoe
from tests.support import HX, MODES, parse
from tests.table.table_client import confirm, deal


def chips(seat):
    seat = Seat.objects.get(pk=seat.pk)
    return seat.balance, LedgerEntry.objects.filter(seat=seat).count()


def deal_to_the_end(client, headers=None, round="1"):
    responses = []
    for index in range(6):
        responses.append(deal(client, index, headers, round))
        if Round.objects.get(number=int(round)).state == Round.State.SETTLED:
            return responses
    raise AssertionError("the coup did not end within six cards")


def test_anonymous_visitors_are_sent_to_log_in(client, db):
    for response in (client.get(reverse("table:play")), confirm(client, player=10)):
        assert response.status_code == HTTPStatus.FOUND
        assert response["Location"].startswith(reverse("login"))


def test_the_table_page_is_a_full_page_and_the_htmx_request_a_fragment(player):
    page = player.get(reverse("table:play"))
    fragment = player.get(reverse("table:play"), headers=HX)

    assert page.status_code == fragment.status_code == HTTPStatus.OK
    assert b"<html" in page.content and b"<html" not in fragment.content
    for response in (page, fragment):
        assert b'id="table-panel"' in response.content
        assert b"100.00 chips" in response.content


def test_confirming_shows_90_in_the_balance_and_10_committed(player, seat):
    """Seed 004 section 4: 100 becomes 90, with 10 committed."""
    response = confirm(player, HX, player=10)

    assert response.status_code == HTTPStatus.OK
    assert b"<html" not in response.content
    html = response.content.decode()
    terms = parse(html).definitions()
    assert terms["Balance"].text == terms["Balance"].find("strong").text == "90.00 chips"
    assert terms["In play"].text == "10.00 chips"
    assert chips(seat) == (Decimal("90.00"), 2)


def test_a_plain_confirm_redirects_to_the_table(player, seat):
    response = confirm(player, player=10)

    assert response.status_code == HTTPStatus.FOUND
    assert response["Location"] == reverse("table:play")
    assert b"10.00 chips" in player.get(reverse("table:play")).content


def test_a_draft_changes_nothing_and_is_kept_for_confirming(player, seat):
    response = player.post(reverse("table:round-draft"), {"round": "1", "stake_banker": "15"}, headers=HX)

    assert response.status_code == HTTPStatus.OK
    assert 'name="stake_banker" value="15"' in response.content.decode()
    assert chips(seat) == (Decimal("100.00"), 1)


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize(
    ("preset", "cards", "stakes", "balance", "sentence"),
    [
        ("standard", "4 2 4 3", {"player": 10}, "110.00", "Natural: Player has 8 or 9 with two cards"),
        ("standard", "2 4 3 4", {"banker": 10}, "109.50", "Banker wins, 8 to 5"),
        (
            "no-commission",
            "K 3 K 3 5",
            {"banker": 10},
            "105.00",
            "Banker has 6 and Player&#x27;s third card is a 5",
        ),
        (
            "no-commission",
            "5 3 K J 8",
            {"tie": 10},
            "180.00",
            "Banker has 3 and Player&#x27;s third card is an 8",
        ),
    ],
)
def test_a_whole_round_one_card_per_request(
    client, learner, headers, preset, cards, stakes, balance, sentence
):
    seat = SeatFactory(user=learner, preset=preset)
    arrange_shoe(seat, cards)
    client.force_login(learner)

    confirm(client, headers, **stakes)
    responses = deal_to_the_end(client, headers)

    assert len(responses) == len(cards.split())
    for response in responses:
        assert response.status_code == (HTTPStatus.OK if headers else HTTPStatus.FOUND)
    final = responses[-1] if headers else client.get(reverse("table:play"))
    html = final.content.decode()
    assert sentence in html
    assert 'aria-label="Result"' in html and "Bet by bet" in html
    assert f"Your balance is now <strong>{balance} chips</strong>" in html
    assert chips(seat)[0] == Decimal(balance)


def test_each_deal_fragment_shows_the_card_the_totals_and_the_decision(player, seat):
    arrange_shoe(seat, "5 3 K J 8")
    confirm(player, HX, player=10)
    responses = [deal(player, index, HX) for index in range(5)]

    fourth, fifth = responses[3].content.decode(), responses[4].content.decode()
    assert 'aria-label="jack of spades"' not in fourth  # the arranged shoe has suitless cards
    assert 'aria-label="jack"' in fourth
    assert "Player has 5: on 0 to 5 Player draws a third card." in fourth
    assert "Banker has 3 and Player&#x27;s third card is an 8: Banker stands." in fifth
    assert parse(fifth).find("tr", class_="decided").find("td", class_="cell-decided")
    assert "Both hands have 3: it is a tie." in fifth


def test_a_repeated_deal_shows_the_current_state_and_deals_nothing(player, seat):
    arrange_shoe(seat, "4 2 4 3")
    confirm(player, HX, player=10)
    deal(player, 0, HX)

    again = deal(player, 0, HX)

    assert again.status_code == HTTPStatus.OK
    assert Round.objects.get().cards == "4"
    assert "Deal card 2 to Banker" in again.content.decode()


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"stake_player": "abc"}, errors.STAKE_NOT_A_NUMBER),
        ({"stake_player": "-5"}, errors.STAKE_NOT_POSITIVE),
        ({"stake_player": "0"}, errors.STAKE_NOT_POSITIVE),
        ({"stake_player": "1000"}, errors.MAIN_BET_LIMITS.format(min="5", max="100")),
        ({"stake_player": "99999999999"}, errors.MAIN_BET_LIMITS.format(min="5", max="100")),
        ({"stake_player": "9" * 40}, errors.STAKE_NOT_A_NUMBER),
        ({"stake_player": "10.5"}, errors.STAKE_NOT_WHOLE.format(amount="10.5")),
        ({"stake_player": "10.0001"}, errors.STAKE_NOT_WHOLE.format(amount="10.0001")),
        ({"stake_player": "1,000"}, errors.MAIN_BET_LIMITS.format(min="5", max="100")),  # English grouping
        (
            {"stake_player": "10.001"},
            "“10.001” can be read two ways (10.001 or 10,001). Here “.” marks the decimals and “,” the "
            "thousands, as in 1,500.25.",
        ),
        ({"stake_player": "1e3"}, errors.STAKE_NOT_A_NUMBER),
        ({"stake_player": "NaN"}, errors.STAKE_NOT_A_NUMBER),
        ({"stake_dragon": "10"}, errors.UNKNOWN_BET_KIND.format(kind="dragon")),
        (
            {"stake_lion_player": "10", "stake_lion_banker": "10"},
            errors.ONE_SIDE_ONLY.format(bet=bet_name("lion_player"), other=bet_name("lion_banker")),
        ),
        ({}, errors.NO_BETS),
        (
            {"stake_player": "60", "stake_banker": "60"},
            errors.NOT_ENOUGH_CHIPS.format(total="120.00", balance="100.00"),
        ),
    ],
)
def test_bad_stakes_get_a_clear_400_and_move_no_chip(player, seat, headers, data, message):
    response = player.post(reverse("table:round-confirm"), {"round": "1", **data}, headers=headers)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert escape(str(message)) in response.content.decode()
    assert (b"<html" in response.content) is not bool(headers)
    assert chips(seat) == (Decimal("100.00"), 1)


@pytest.mark.parametrize("headers", MODES)
def test_betting_after_confirming_is_refused_with_409(player, seat, headers):
    confirm(player, HX, player=10)
    deal(player, 0, HX)

    for url in ("table:round-draft", "table:round-confirm"):
        response = player.post(reverse(url), {"round": "1", "stake_banker": "10"}, headers=headers)
        assert response.status_code == HTTPStatus.CONFLICT
        assert escape(str(errors.BETS_CLOSED)) in response.content.decode()
    assert chips(seat) == (Decimal("90.00"), 2)


@pytest.mark.parametrize("headers", MODES)
def test_dealing_before_confirming_is_refused_with_409(player, seat, headers):
    player.post(reverse("table:round-draft"), {"round": "1", "stake_player": "10"})

    response = deal(player, 0, headers)

    assert response.status_code == HTTPStatus.CONFLICT
    assert errors.CONFIRM_FIRST.encode() in response.content


@pytest.mark.parametrize("headers", MODES)
def test_dealing_when_no_round_exists_is_a_404(player, seat, headers):
    response = deal(player, 0, headers)

    assert response.status_code == HTTPStatus.NOT_FOUND
    assert errors.ROUND_NOT_FOUND.encode() in response.content


@pytest.mark.parametrize("headers", MODES)
def test_dealing_after_the_coup_is_over_is_refused_with_409(player, seat, headers):
    arrange_shoe(seat, "4 2 4 3")
    confirm(player, HX, player=10)
    deal_to_the_end(player, HX)

    response = deal(player, 4, headers)

    assert response.status_code == HTTPStatus.CONFLICT
    assert errors.COUP_OVER.encode() in response.content
    assert chips(seat)[0] == Decimal("110.00")


@pytest.mark.parametrize("headers", MODES)
def test_another_learners_round_cannot_be_dealt(client, seat, headers):
    other = SeatFactory()
    other_client = Client()
    other_client.force_login(other.user)
    confirm(other_client, player=10, round="1")
    client.force_login(seat.user)

    response = deal(client, 0, headers, round="1")

    assert response.status_code == HTTPStatus.NOT_FOUND
    assert Round.objects.get(seat=other).cards == ""
    assert chips(other) == (Decimal("90.00"), 2)


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("data", [{}, {"round": "x", "card": "0"}, {"round": "1", "card": "-1"}])
def test_a_deal_form_without_its_numbers_is_a_400(player, seat, headers, data):
    confirm(player, HX, player=10)

    response = player.post(reverse("table:round-deal"), data, headers=headers)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert errors.FORM_INCOMPLETE.encode() in response.content


@pytest.mark.parametrize("headers", MODES)
def test_a_post_without_a_csrf_token_is_refused_with_a_clear_403(seat, headers):
    client = Client(enforce_csrf_checks=True)
    client.force_login(seat.user)

    response = confirm(client, headers, player=10)

    assert response.status_code == HTTPStatus.FORBIDDEN
    assert b"This form has expired or did not come from this site" in response.content
    assert chips(seat) == (Decimal("100.00"), 1)


def test_a_get_to_a_post_only_url_is_refused(player):
    assert player.get(reverse("table:round-deal")).status_code == HTTPStatus.METHOD_NOT_ALLOWED


def test_a_learner_below_the_minimum_can_restart_with_the_starting_chips(player, seat):
    arrange_shoe(seat, "2 4 3 4")
    confirm(player, HX, player=97)
    page = deal_to_the_end(player, HX)[-1].content.decode()
    assert "Restart with 100.00 chips" in page

    response = player.post(reverse("table:balance-reset"), headers=HX)

    assert response.status_code == HTTPStatus.OK
    assert chips(seat) == (Decimal("100.00"), 3)
    assert player.post(reverse("table:balance-reset"), headers=HX).status_code == HTTPStatus.CONFLICT


def test_changing_the_table_between_rounds(player, seat):
    response = player.post(reverse("table:seat-preset"), {"preset": "no-commission"}, headers=HX)

    assert response.status_code == HTTPStatus.OK
    assert Seat.objects.get(pk=seat.pk).preset == "no-commission"
    assert player.post(reverse("table:seat-preset"), {"preset": "x"}, headers=HX).status_code == 400


@pytest.fixture
def count_queries():
    """The statements a request sends, less the SAVEPOINT/RELEASE pairs of the test's own transaction."""

    @contextmanager
    def at_most(limit):
        with CaptureQueriesContext(connection) as captured:
            yield
        real = [q["sql"] for q in captured.captured_queries if "SAVEPOINT" not in q["sql"]]
        assert len(real) <= limit, "\n".join(real)

    return at_most


def test_a_deal_request_uses_four_statements_on_postgresql_and_five_on_sqlite(player, seat, count_queries):
    """Session and user, then one statement locking seat and round and one writing both (SQLite: two)."""
    arrange_shoe(seat, "5 3 K J 8")
    confirm(player, HX, player=10)
    for index in range(4):
        with count_queries(4 if connection.vendor == "postgresql" else 5):
            response = deal(player, index, HX)
        assert response.status_code == HTTPStatus.OK, index


def test_a_settling_request_uses_at_most_ten_queries(player, seat, count_queries):
    arrange_shoe(seat, "4 2 4 3")
    confirm(player, HX, player=10, tie=10, lion_player=10)
    for index in range(3):
        deal(player, index, HX)

    with count_queries(10):
        response = deal(player, 3, HX)

    assert response.status_code == HTTPStatus.OK


def test_the_page_never_offers_money():
    """No purchase, cash-out or transfer path exists anywhere in the table's URLs."""
    from table.urls import urlpatterns

    names = " ".join(pattern.name for pattern in urlpatterns)
    for word in ("buy", "purchase", "cash", "withdraw", "transfer", "deposit", "pay"):
        assert word not in names


def test_another_learner_starts_with_their_own_100(db):
    first, second = UserFactory(), UserFactory()
    for user in (first, second):
        client = Client()
        client.force_login(user)
        client.get(reverse("table:play"))

    assert list(Seat.objects.values_list("balance", flat=True)) == [Decimal("100.00")] * 2
