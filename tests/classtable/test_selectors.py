"""What the views read: the poll's version in one query, the learner's and the projector's views, the
replay of an ended session, the session CSV."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from classtable import selectors, services
from classtable.models import ClassTable
from tests.classtable.helpers import bets, deal_out
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_poll_reads_the_version_in_one_query_and_sees_an_idle_end(table, django_assert_num_queries):
    with django_assert_num_queries(1):
        version, ended = selectors.table_version(table.pk)
    assert (version, ended) == (ClassTable.objects.get(pk=table.pk).version, False)
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    assert selectors.table_version(table.pk)[0] == version + 1
    ClassTable.objects.filter(pk=table.pk).update(last_activity=timezone.now() - timedelta(hours=1))
    assert selectors.table_version(table.pk)[1] is True
    assert selectors.table_version(0) is None


def test_the_learners_home_finds_their_class_playing(table, outsider):
    assert selectors.open_table_for_learner(table.learners[0]) == table
    assert selectors.open_table_for_learner(outsider) is None
    assert selectors.open_table_for_class(table.classroom_id) == table
    services.class_table_close(user=table.dealer, table_id=table.pk)
    assert selectors.open_table_for_learner(table.learners[0]) is None


def test_a_learner_sees_the_hands_their_bets_result_and_balance(table):
    a, _b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10))
    services.bets_close(user=table.dealer, table_id=table.pk, round_number=1)
    services.card_deal(user=table.dealer, table_id=table.pk, round_number=1, expected_index=0)
    view = selectors.learner_view(a, table.pk)
    assert (view.hands.player, view.hands.banker, view.balance) == (["3"], [], Decimal("90.00"))
    assert view.hands.sentences[0][0].startswith("Player receives")
    deal_out(table)
    view = selectors.learner_view(a, table.pk)
    assert (view.play.state, view.play.returned, view.balance) == (
        "settled",
        Decimal("19.50"),
        Decimal("109.50"),
    )
    assert [bet.result for bet in view.bets] == ["won"]
    assert view.roads.winners == ["banker"]
    assert view.hands.over and view.hands.banker_total == 7


def test_an_outsider_sees_no_bets_and_no_balance(table, outsider):
    view = selectors.learner_view(outsider, table.pk)
    assert not view.member and view.balance is None and view.play is None


def test_the_projector_counts_learners_and_chips_on_each_spot(table):
    a, b = table.learners
    services.bets_confirm(user=a, table_id=table.pk, round_number=1, bets=bets(banker=10, tie=5))
    services.bets_confirm(user=b, table_id=table.pk, round_number=1, bets=bets(banker=25))
    view = selectors.projector_view(table.pk)
    assert (view.seated, view.confirmed) == (2, 2)
    assert view.spots["banker"].learners == 2 and view.spots["banker"].chips == Decimal("35.00")
    assert view.spots["tie"].learners == 1 and "player" not in view.spots


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


def test_a_member_who_never_sat_down_gets_no_seat(table):
    member = MembershipFactory(classroom=table.classroom).user
    view = selectors.learner_view(member, table.pk)
    assert view.member and view.class_seat is None
