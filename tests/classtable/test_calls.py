"""The class calls the draws: each decision waits for the calls, closes, and the projector shows who has
not called yet and how the class called each closed one."""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from classtable import errors, services
from classtable.models import ClassCall, ClassRound
from classtable.presenters.board import board_view
from progress.models import DrillCell
from table import coach
from table.services import ledger_problems
from tests.classtable.helpers import balance, bets, current
from tests.classtable.support import client_for
from tests.factories import MembershipFactory

pytestmark = pytest.mark.django_db


def deal(table, index):
    return services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=index)


def to_first_decision(table):
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    for index in range(4):
        deal(table, index)


def call(user, table, question, answer):
    return services.draw_call(user=user, table_id=table.pk, round_number=1, question=question, answer=answer)


def asked(table) -> str:
    """The key of the draw decision the class is calling now."""
    return board_view(table).question.key


def projector(table) -> str:
    return client_for(table.dealer).get(reverse("classtable:projector", args=[table.pk])).content.decode()


def not_called(html: str) -> str | None:
    """The projector's "Not called yet:" names; ``None`` when it says everyone has called."""
    found = re.search(r'Not called yet: <span class="ct-waiting">(.*?)</span>', html)
    assert (found is None) is ("Everyone has called." in html)
    return found.group(1) if found else None


def test_the_deal_waits_for_each_decision_and_the_coup_settles_when_the_last_closes(calling_table):
    table = calling_table
    a, b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10))
    to_first_decision(table)
    # Player 6 and Banker 7: the coup is over on the table, but the class calls both draws first.
    assert current(table).state == ClassRound.State.DEALING
    assert asked(table) == coach.PLAYER_DRAW
    with pytest.raises(errors.WrongState) as refused:
        deal(table, 4)
    assert refused.value.message == errors.DECISION_OPEN
    assert not_called(projector(table)) == f"{a.username}, {b.username}"
    assert call(a, table, coach.PLAYER_DRAW, coach.STANDS).correct
    assert not_called(projector(table)) == b.username
    assert not call(b, table, coach.PLAYER_DRAW, coach.DRAWS).correct
    again = call(b, table, coach.PLAYER_DRAW, coach.STANDS)  # a second call changes nothing
    assert not again.correct and ClassCall.objects.filter(user=b).count() == 1
    html = projector(table)
    assert not_called(html) is None and "2 learners have called." in html
    assert "Draws: " not in html  # the class's split is shown once the decision is closed
    late = MembershipFactory(classroom=table.classroom).user
    services.seat_join(user=late, table_id=table.pk)
    services.decision_close(user=table.dealer, table_id=table.pk, round_number=1, question=coach.PLAYER_DRAW)
    with pytest.raises(errors.WrongState) as refused:
        call(late, table, coach.PLAYER_DRAW, coach.STANDS)
    assert refused.value.message == errors.NO_DECISION
    assert asked(table) == coach.BANKER_DRAW
    call(a, table, coach.BANKER_DRAW, coach.STANDS)
    html = projector(table)
    # The late learner sat down after "No more bets": not asked to call this round's draws.
    assert not_called(html) == b.username and "1 learner has called." in html
    split = re.findall(r"Right call: (\w+)\.</p>\s*<p class=\"ct-split\">(.*?)</p>", html, re.S)
    assert [(right, " ".join(text.split())) for right, text in split] == [
        ("stands", "Draws: 1, stands: 1. 1 of 2 called it right.")
    ]
    services.decision_close(user=table.dealer, table_id=table.pk, round_number=1, question=coach.BANKER_DRAW)
    round = current(table)
    assert round.state == ClassRound.State.SETTLED
    assert round.decisions[coach.PLAYER_DRAW]["right"] == coach.STANDS
    assert balance(a) == Decimal("109.50")
    with pytest.raises(errors.WrongState):  # after the decision, a call is refused
        call(b, table, coach.BANKER_DRAW, coach.STANDS)
    # The Banker call counts in that cell of the learner's Banker-table record (Banker 7, Player stood).
    cell = DrillCell.objects.get(user=a)
    assert (cell.banker_total, cell.third, cell.attempts, cell.correct) == (7, "stood", 1, 1)
    assert ledger_problems() == []


def test_a_call_is_refused_before_its_decision_and_when_the_class_calls_none(calling_table, table):
    a, _b = calling_table.learners
    services.bets_close(user=calling_table.dealer, table_id=calling_table.pk, round_number=1)
    with pytest.raises(errors.WrongState):
        call(a, calling_table, coach.PLAYER_DRAW, coach.STANDS)
    to = table.learners[0]
    with pytest.raises(errors.WrongState) as refused:
        call(to, table, coach.PLAYER_DRAW, coach.STANDS)
    assert refused.value.message == errors.NO_CALLS


def test_a_call_must_be_draws_or_stands(calling_table):
    a, _b = calling_table.learners
    to_first_decision(calling_table)
    with pytest.raises(errors.InvalidInput):
        call(a, calling_table, coach.PLAYER_DRAW, "maybe")


def test_closing_a_closed_decision_changes_nothing(calling_table):
    table = calling_table
    to_first_decision(table)
    first = services.decision_close(
        user=table.dealer, table_id=table.pk, round_number=1, question=coach.PLAYER_DRAW
    )
    again = services.decision_close(
        user=table.dealer, table_id=table.pk, round_number=1, question=coach.PLAYER_DRAW
    )
    assert again.decisions == first.decisions
    with pytest.raises(errors.WrongState):  # not the open one
        services.decision_close(
            user=table.dealer, table_id=table.pk, round_number=1, question=coach.SETTLEMENT
        )
