"""What the pages show of a round, read from their HTML: a learner's own page (the hands, each card's
sentence, their stake, result and balance, the roads) and the projector's count of the class's bets."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from classtable import services
from tests.classtable.helpers import bets, deal_out
from tests.classtable.support import HX, client_for, control_state, next_action, open_room
from tests.factories import MembershipFactory
from tests.support import parse

pytestmark = pytest.mark.django_db


def page(user, table, name: str = "table") -> str:
    return client_for(user).get(reverse(f"classtable:{name}", args=[table.pk])).content.decode()


def status(html: str) -> dict[str, str]:
    """The learner's status line: each label with its value, tags stripped."""
    pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", html)
    return {label: re.sub(r"<[^>]+>", "", value) for label, value in pairs}


def test_a_learner_sees_the_hands_their_stake_their_result_and_balance(table):
    a, b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10))
    services.bets_confirm(user=b, table_id=table.pk, round_number=1, bets=bets(player=20))
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=0)

    html = page(a, table)
    assert html.count('<svg class="card') == 1 and "Player receives the three." in html
    assert status(html)["Balance"] == "90 chips" and status(html)["In play"] == "10 chips"  # their own

    deal_out(table)
    html = page(a, table)
    assert "Banker wins, 7 to 6" in html
    assert "Banker won: 10 staked, 19.50 chips come back." in html and "Player lost" not in html
    assert "Your net: <strong>+9.50</strong> chips. Balance: <strong>109.50</strong> chips." in html
    assert "In play" not in status(html)
    assert re.findall(r'<li class="bead (\w+)"', html).count("banker") == 1  # the roads have the coup
    assert "Player lost: the 20 chips staked stay with the table." in page(b, table)


def test_the_projector_counts_the_learners_and_the_chips_on_each_spot(table):
    a, b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10, tie=5))
    services.bets_confirm(user=b, table_id=table.pk, round_number=1, bets=bets(banker=25))
    services.seat_join(user=MembershipFactory(classroom=table.classroom).user, table_id=table.pk)  # no bet

    html = page(table.dealer, table, "projector")

    assert "3 learners at the table, 2 with confirmed bets." in html
    counts = re.findall(
        r'<tr class="spot-row-(\w+)"><th scope="row">\w+</th><td>(\d+)</td><td>(\d+)</td>', html
    )
    assert counts == [("player", "0", "0"), ("banker", "2", "35"), ("tie", "1", "5")]


def test_no_page_tells_the_class_the_answer_of_the_decision_it_is_calling():
    """While the class calls a draw decision, the learner's page, the projector and the control page
    show the card but not the rules' sentence that answers it; once it closes, they show it."""
    room = open_room(learners=1)
    learner = client_for(room.learners[0])
    learner.post(room.url("join"))
    teacher = client_for(room.instructor)
    teacher.post(room.url("bets-close"), {"round": "1"})
    closed = 0
    for _ in range(12):
        action = next_action(control_state(teacher, room))
        if action is None:
            break
        name, fields = action
        pages = [
            learner.get(room.url("table")),
            learner.get(room.url("projector")),
            teacher.get(room.url("projector")),
            teacher.get(room.url("control")),
        ]
        tag = re.search(r'data-etag="([^"]+)"', pages[0].content.decode()).group(1).replace("&quot;", '"')
        teacher.post(room.url(name), fields)
        if name == "go-on":
            closed += 1
            decision = parse(learner.get(room.url("table")).content).find_all(class_="decision")
            assert decision, "once closed, the decision's sentence is shown"
            for page in pages:
                shown = parse(page.content).text
                for sentence in decision:
                    assert sentence.text not in shown
            # The learner's next poll brings it.
            polled = parse(learner.get(room.url("poll"), headers={**HX, "If-None-Match": tag}).content).text
            assert all(sentence.text in polled for sentence in decision)
    assert closed >= 1
