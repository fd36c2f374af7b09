"""Around the table: bead plate, history, the balance chart and the odds of the next coup."""

from decimal import Decimal
from http import HTTPStatus

import pytest
from django.urls import reverse

from baccarat import NO_COMMISSION, BetKind, odds_for_decks
from table import playing, services
from table.charts import balance_chart, house_edge
from tests.support import HX, parse


def play(seat, cards, **stakes):
    """Play one coup; ``cards=None`` deals on from the shoe as it is."""
    playing.round_play(seat, stakes, cards=cards)


def test_the_chart_follows_the_ledger_and_drifts_by_the_exact_house_edge(seat):
    play(seat, "4 2 4 3", player=10)  # Player wins: 110
    play(seat, "2 4 3 4", banker=10, tie=5)  # Banker wins: 110 - 15 + 19.50 = 114.50

    chart = balance_chart(seat)

    assert chart.actual == [Decimal("100.00"), Decimal("110.00"), Decimal("114.50")]
    edges = [house_edge("standard", kind) for kind in ("player", "banker", "tie")]
    drift = 10 * edges[0] + 10 * edges[1] + 5 * edges[2]
    assert chart.expected[-1] == (
        Decimal(100) - Decimal(drift.numerator) / Decimal(drift.denominator)
    ).quantize(Decimal("0.01"))
    assert chart.staked == Decimal("25.00")
    assert chart.rounds == 2


def test_a_reset_moves_both_lines_alike(seat):
    play(seat, "2 4 3 4", player=96)  # loses: 4 chips left
    services.balance_reset(user=seat.user, seat_id=seat.pk)
    play(seat, "4 2 4 3", player=10)

    chart = balance_chart(seat)

    assert chart.actual == [Decimal("100.00"), Decimal("4.00"), Decimal("110.00")]
    # The reset gave 96 back, so the expected line also rises by 96 before round 2.
    expected_loss_round_1 = Decimal(100) - chart.expected[1]
    assert chart.expected[2] == (chart.expected[1] + 96 - (expected_loss_round_1 * 10 / 96)).quantize(
        Decimal("0.01")
    )


def test_a_restart_is_marked_on_the_chart_and_named_in_its_caption(client, seat):
    play(seat, "2 4 3 4", player=96)  # loses: 4 chips left
    services.balance_reset(user=seat.user, seat_id=seat.pk)
    play(seat, "4 2 4 3", player=10)

    chart = balance_chart(seat)
    assert [amount for _, amount in chart.restarts] == [Decimal("96.00")]
    assert chart.restarts[0][0] == 462.0  # half-way between the points after round 1 and after round 2

    client.force_login(seat.user)
    html = client.get(reverse("table:results")).content.decode()
    assert html.count('class="restart"') == 1
    assert "Your balance went from 100.00 to 110.00 chips." in html
    assert "Both lines include 1 restart with the starting chips, which added 96.00 chips" in html


def test_a_restart_after_the_last_round_ends_the_chart_at_the_balance_of_now(seat):
    play(seat, "2 4 3 4", player=96)
    services.balance_reset(user=seat.user, seat_id=seat.pk)

    chart = balance_chart(seat)

    assert chart.actual == [Decimal("100.00"), Decimal("4.00"), Decimal("100.00")]
    assert chart.rounds == 1 and chart.restart_total == Decimal("96.00")


def test_no_chart_before_the_first_round(seat):
    assert balance_chart(seat) is None


def test_the_house_edge_used_by_the_chart_is_the_engines_for_the_preset(db):
    no_commission = odds_for_decks(6, NO_COMMISSION).house_edge[BetKind.BANKER]

    assert house_edge("no-commission", "banker") == no_commission
    assert house_edge("standard", "banker") == odds_for_decks(8).house_edge[BetKind.BANKER] < no_commission


def test_the_results_page_shows_the_chart_the_bead_plate_and_history(client, seat):
    play(seat, "4 2 4 3 5 3 K J 8", player=10)
    play(seat, None, tie=10)
    client.force_login(seat.user)

    response = client.get(reverse("table:results"))

    html = response.content.decode()
    assert response.status_code == HTTPStatus.OK
    assert "<svg" in html and "polyline" in html
    assert html.count('class="bead player"') == 1 and html.count('class="bead tie"') == 1
    assert "nothing useful about the next coup" in html
    assert "Your balance went from 100.00 to 190.00 chips." in html


def test_the_odds_of_the_next_coup_come_from_the_cards_left(client, seat):
    play(seat, "4 2 4 3", player=10)
    client.force_login(seat.user)

    fragment = client.get(reverse("table:odds"), headers=HX)
    page = client.get(reverse("table:odds"))

    assert fragment.status_code == page.status_code == HTTPStatus.OK
    assert b"<html" not in fragment.content and b"<html" in page.content
    # The arranged shoe has 12 tens left: a coup of six zeros is always a tie.
    assert "from the 12 cards left in your shoe" in fragment.content.decode()
    assert ["Tie", "100.0000%"] in [row[:2] for row in parse(fragment.content).rows()]


def test_the_odds_page_before_any_shoe_explains_itself(client, seat):
    client.force_login(seat.user)

    assert b"Your shoe has not been shuffled yet" in client.get(reverse("table:odds")).content


@pytest.mark.parametrize("name", ["table:results", "table:odds"])
def test_the_pages_around_the_table_need_a_login(client, db, name):
    response = client.get(reverse(name))

    assert response.status_code == HTTPStatus.FOUND
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(
    ("cards", "shown"),
    [("2 4 3 4", "Banker 8–5 (natural)"), ("4 2 4 3", "Player 8–5 (natural)")],
)
def test_recent_rounds_give_the_winners_total_first_as_the_banner_does(client, seat, cards, shown):
    """The banner says "Banker wins, 8 to 5"; the history says "Banker 8–5", not "Banker 5–8"."""
    play(seat, cards, player=10)
    client.force_login(seat.user)

    html = client.get(reverse("table:results")).content.decode()

    assert shown in [td.text for td in parse(html).find_all("td", data_label="Result")]


def test_close_on_the_stand_alone_odds_page_goes_back_to_the_table_and_beside_the_table_closes_in_place(
    client, seat
):
    """On its own page "Close" is a plain link back to the table (an htmx swap there emptied the page);
    loaded beside the table, it takes the panel away in place."""
    play(seat, "4 2 4 3", player=10)
    client.force_login(seat.user)
    close = '<form method="get" action="{}"><button type="submit" class="secondary"'.format(
        reverse("table:play")
    )

    alone = client.get(reverse("table:odds")).content.decode()
    beside = client.get(reverse("table:odds"), headers=HX).content.decode()

    assert close + ' aria-label="Close the odds">' in alone
    assert "hx-get" not in alone[alone.index('id="odds-panel"') : alone.index("</section>")]
    assert close + f' hx-get="{reverse("table:odds")}?close=1" hx-target="#odds-panel"' in beside
    assert client.get(reverse("table:odds") + "?close=1", headers=HX).content == b""
