"""The class progress page counts each learner's class-table rounds and calls, in the page and the CSV."""

import pytest

from classtable import services
from table import coach
from tests.classtable.helpers import bets
from tests.factories import ClassTableFactory, MembershipFactory
from tests.instructors.helpers import csv_rows, csv_url

pytestmark = pytest.mark.django_db


def test_class_table_rounds_and_calls_are_columns_of_the_class_progress(staff_client, classroom, instructor):
    table = ClassTableFactory(classroom=classroom, dealer=instructor, cards="3 7 3 K", calls_draws=True)
    ada, bea = (MembershipFactory(classroom=classroom, user__username=name).user for name in ("ada", "bea"))
    for user in (ada, bea):
        services.seat_join(user=user, table_id=table.pk)
    services.bets_confirm(user=ada, table_id=table.pk, round_number=1, bets=bets(banker=10))
    services.bets_close(user=instructor, table_id=table.pk, round_number=1)
    for index in range(4):
        services.card_deal(user=instructor, table_id=table.pk, round_number=1, expected_index=index)
    services.draw_call(
        user=ada, table_id=table.pk, round_number=1, question=coach.PLAYER_DRAW, answer="stands"
    )
    services.draw_call(
        user=bea, table_id=table.pk, round_number=1, question=coach.PLAYER_DRAW, answer="draws"
    )
    services.decision_close(user=instructor, table_id=table.pk, round_number=1, question=coach.PLAYER_DRAW)
    services.draw_call(
        user=ada, table_id=table.pk, round_number=1, question=coach.BANKER_DRAW, answer="draws"
    )
    services.decision_close(user=instructor, table_id=table.pk, round_number=1, question=coach.BANKER_DRAW)

    rows = csv_rows(staff_client.get(csv_url(classroom)))
    header = rows[0]
    rounds, calls = header.index("Class-table rounds"), header.index("Class-table calls")
    by_name = {row[0]: row for row in rows[1:]}
    assert (by_name["ada"][rounds], by_name["ada"][calls]) == ("1", "50% (1/2)")
    assert (by_name["bea"][rounds], by_name["bea"][calls]) == ("0", "0% (0/1)")
