"""Dealer mode's pages through the test client, with and without htmx: refusals are 4xx, GETs write
nothing."""

import pytest
from django.urls import reverse

from dealer.models import DealerRound, DealerSession
from dealer.playing import right_action
from dealer.services import session_open
from progress.models import DealerRecord
from tests.factories import UserFactory
from tests.support import HX, MODES, parse

pytestmark = pytest.mark.django_db


def opened(client):
    response = client.post(
        reverse("dealer:open"), {"seats": "4", "preset": "standard", "commission": "payout"}
    )
    assert response.status_code == 302
    return DealerRound.objects.get()


def post(client, round, headers=None, **data):
    data.setdefault("step", str(round.step))
    return client.post(reverse("dealer:act", args=[round.pk]), data, headers=headers or {})


def test_the_open_form_then_a_round_page(learner_client):
    response = learner_client.get(reverse("dealer:table"))
    assert response.status_code == 200 and b'name="seats"' in response.content
    assert not DealerSession.objects.exists()
    round = opened(learner_client)
    page = learner_client.get(reverse("dealer:round", args=[round.pk]))
    assert page.status_code == 200 and b"Card to Player" in page.content
    assert round.session.shoe_state not in page.content.decode()


@pytest.mark.parametrize("headers", MODES)
def test_a_whole_round_by_posts(learner_client, clock, headers):
    round = opened(learner_client)
    while round.phase != "done":
        clock.tick("1")
        response = post(learner_client, round, headers, **right_action(round))
        assert response.status_code == 200, response.content
        round.refresh_from_db()
    text = response.content.decode()
    assert "A clean round" in text
    assert ("<html" in text) is (not headers)
    assert DealerRecord.objects.get().clean


@pytest.mark.parametrize("headers", MODES)
def test_a_doubled_post_is_409_and_counts_once(learner_client, clock, headers):
    round = opened(learner_client)
    clock.tick("1")
    data = right_action(round)
    assert post(learner_client, round, headers, **data).status_code == 200
    again = post(learner_client, round, headers, **data)
    assert again.status_code == 409
    round.refresh_from_db()
    assert round.step == 1


def test_bad_ids_and_bad_forms_are_4xx(learner_client, client, clock):
    round = opened(learner_client)
    assert learner_client.post(reverse("dealer:act", args=[99999]), {"step": "0"}).status_code == 404
    assert post(learner_client, round, step="x", do="deal", hand="player").status_code == 400
    assert post(learner_client, round, do="deal", hand="nobody").status_code == 400
    assert post(learner_client, round, do="collect", seat="1", amount="5").status_code == 409  # not now
    assert post(learner_client, round, do="call", option="nonsense").status_code == 400
    assert post(learner_client, round, do="fly").status_code == 400
    assert (
        learner_client.post(reverse("dealer:open"), {"seats": "9", "preset": "standard"}).status_code == 400
    )
    assert (
        learner_client.post(reverse("dealer:open"), {"seats": "x", "preset": "standard"}).status_code == 400
    )
    other = UserFactory()
    client.force_login(other)
    assert client.get(reverse("dealer:round", args=[round.pk])).status_code == 404
    assert post(client, round, do="deal", hand="player").status_code == 404
    assert client.post(reverse("dealer:next", args=[round.session_id])).status_code == 404
    assert client.post(reverse("dealer:close", args=[round.session_id])).status_code == 404


def test_a_bad_amount_is_400_and_asks_again(learner_client, clock):
    round = opened(learner_client)
    while round.phase != "settle":
        clock.tick("1")
        post(learner_client, round, **right_action(round))
        round.refresh_from_db()
    first = round.layout["seats"][0]
    bet = f"{first['seat']}-{first['bets'][0]['bet']}"
    response = post(learner_client, round, headers=HX, do="pay", bet=bet, amount="lots")
    assert response.status_code == 400
    page = parse(response.content.decode())
    assert page.find("p", class_="error") is not None


def test_gets_write_nothing(learner_client):
    round = opened(learner_client)
    before = (round.step, round.cards, DealerRound.objects.count())
    learner_client.get(reverse("dealer:table"))
    learner_client.get(reverse("dealer:round", args=[round.pk]), headers=HX)
    round.refresh_from_db()
    assert (round.step, round.cards, DealerRound.objects.count()) == before
    assert learner_client.get(reverse("dealer:act", args=[round.pk])).status_code == 405


def test_a_played_audition_session_links_back_to_the_audition(learner_client, learner, clock):
    session = session_open(
        user=learner, seats=3, preset="standard", purpose="audition", rounds=1, done_url="/back/"
    )
    round = session.dealer_rounds.get()
    while round.phase != "done":
        clock.tick("1.5")
        response = post(learner_client, round, HX, **right_action(round))
        round.refresh_from_db()
    page = parse(response.content.decode())
    link = page.find("a", href="/back/")
    assert link is not None and link.text.strip() == "Back to the audition"
    assert b"Next round" not in response.content
