"""The class table's reads besides the pages' view models: the open session of a learner's class, the
replay of an ended session; and the session CSV's rows."""

import pytest

from classtable import selectors, services
from tests.classtable.helpers import bets, deal_out
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_learners_home_finds_their_class_playing(table, outsider):
    assert selectors.open_table_for_learner(table.learners[0]) == table
    assert selectors.open_table_for_learner(outsider) is None
    assert selectors.open_table_for_class(table.classroom_id) == table
    services.class_table_close(user=table.dealer, table_id=table.pk)
    assert selectors.open_table_for_learner(table.learners[0]) is None


def test_the_replay_is_the_dealt_cards_of_an_ended_session_for_its_class_only(table, outsider):
    a, _b = table.learners
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    deal_out(table)
    assert selectors.session_replay(a, table.pk) is None  # still open: nothing of the shoe is shown
    services.round_start(user=table.dealer, table_id=table.pk, round_number=2)
    services.class_table_close(user=table.dealer, table_id=table.pk)
    assert selectors.session_replay(a, table.pk) == [["3", "7", "3", "K"]]
    assert selectors.session_replay(table.dealer, table.pk) == [["3", "7", "3", "K"]]
    assert selectors.session_replay(outsider, table.pk) is None
    assert selectors.session_replay(UserFactory(instructor=True), table.pk) is None


def test_the_session_csv_has_every_seat_bet_call_and_result(table):
    a, b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10))
    services.bets_confirm(user=b, table_id=table.pk, round_number=1, bets=bets(player=10, tie=5))
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    deal_out(table)
    rows = services.session_csv_rows(table.pk)
    assert rows[0][:3] == ["round", "learner", "record"]
    assert rows[1][:6] == ["1", "", "coup", "3 7 3 K", "6-7", "banker"]
    bet_rows = [row for row in rows if row[2] == "bet"]
    assert sorted((row[1], row[3], row[4], row[5], row[6]) for row in bet_rows) == sorted(
        [
            (a.username, "banker", "10.00", "won", "19.50"),
            (b.username, "player", "10.00", "lost", "0.00"),
            (b.username, "tie", "5.00", "lost", "0.00"),
        ]
    )
    assert sorted(row[1] for row in rows if row[2] == "seat") == sorted([a.username, b.username])
