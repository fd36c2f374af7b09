"""``manage.py seed_demo``: demo accounts with varied progress, idempotent, refused in production."""

from datetime import timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from accounts.models import Classroom, Membership
from baccarat import Bet, BetKind, Card, Coup
from baccarat.tables import COMMON_SIDE_BETS
from instructors.roles import INSTRUCTORS
from lessons.course import COURSE
from ops import demo
from ops.management.commands import seed_demo
from progress.assignments import (
    DONE,
    LATE,
    MISSING,
    PENDING,
    class_assignments,
    learner_assignments,
    states_for,
)
from progress.models import MASTERY_STREAK, Attempt, DrillCell, Lesson, LessonProgress
from table import services as table_services
from table.models import LedgerEntry, Round, RoundBet, Seat
from table.presets import allowed_presets

User = get_user_model()
LEARNERS = [f"demo-learner-{number}" for number in range(1, 6)]


@pytest.fixture(autouse=True)
def debug_on(settings, monkeypatch):
    settings.DEBUG = True
    monkeypatch.delenv(seed_demo.ALLOW_ENV, raising=False)


def seed(*args: str) -> str:
    out = StringIO()
    call_command("seed_demo", *args, stdout=out)
    return out.getvalue()


def learner(number: int):
    return User.objects.get(username=f"demo-learner-{number}")


def demo_class() -> Classroom:
    return Classroom.objects.get(name="Demo class")


def counts() -> dict[str, int]:
    models = [
        User,
        Classroom,
        Membership,
        LessonProgress,
        Attempt,
        DrillCell,
        Seat,
        Round,
        RoundBet,
        LedgerEntry,
    ]
    return {model.__name__: model.objects.count() for model in models}


@pytest.mark.parametrize("cards", demo.DEMO_COUPS)
def test_every_demo_coup_ends_exactly_on_its_last_card(cards):
    tokens = cards.split()

    coup = Coup.from_cards(Card.parse(token) for token in tokens)

    assert coup.is_over and coup.cards_dealt == len(tokens)


def test_every_demo_round_deals_one_of_the_checked_coups():
    assert {play.cards for plan in demo.LEARNERS for play in plan.rounds} <= set(demo.DEMO_COUPS)


@pytest.fixture(scope="module")
def seeded_once(django_db_setup, django_db_blocker):
    """``manage.py seed_demo`` run once for the whole module, in a transaction rolled back after its
    last test; returns what that first run printed.

    Each test's own ``db`` transaction is a savepoint inside that one, so whatever a test writes
    (a log-in, a dealt round, a second run) is rolled back before the next test looks at the seeded
    data. Every test here that touches the database uses it, so none sees an empty database.
    """
    fast_hashing = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # as tests/conftest.py, per test
    with django_db_blocker.unblock(), transaction.atomic():
        with override_settings(DEBUG=True, PASSWORD_HASHERS=fast_hashing):
            output = seed()
        yield output
        transaction.set_rollback(True)


@pytest.mark.usefixtures("seeded_once")
class TestTheSeededDemo:
    """What one run of ``seed_demo`` leaves in the database (seeded once, shared by these tests)."""

    def test_seed_demo_creates_a_staff_instructor_in_the_instructors_group(self, db):
        teacher = User.objects.get(username="demo-teacher")
        assert teacher.is_staff and not teacher.is_superuser
        assert teacher.groups.filter(name=INSTRUCTORS).exists()
        assert teacher.check_password("demo-teacher-pass")

    def test_the_demo_instructor_logs_in_to_the_admin_with_the_printed_password(self, db, client):
        response = client.post(
            reverse("admin:login"),
            {"username": "demo-teacher", "password": "demo-teacher-pass", "next": "/admin/"},
        )

        assert response.status_code == 302
        assert client.get("/admin/").status_code == 200

    def test_a_demo_learner_logs_in_with_the_printed_password(self, db, client):
        response = client.post(
            reverse("login"), {"username": "demo-learner-1", "password": "demo-learner-pass"}
        )

        assert response.status_code == 302
        assert client.get(reverse("home")).wsgi_request.user.username == "demo-learner-1"

    def test_seed_demo_creates_the_demo_class_with_its_instructor_and_five_learners(self, db):
        classroom = demo_class()
        assert list(classroom.instructors.values_list("username", flat=True)) == ["demo-teacher"]
        assert sorted(classroom.memberships.values_list("user__username", flat=True)) == LEARNERS
        assert classroom.starting_balance == Decimal("100.00")
        assert allowed_presets(classroom.presets) == ["standard", "no-commission", "ez", "standard-tie9"]
        assert classroom.side_bets == [*COMMON_SIDE_BETS, "dragon_7", "panda_8"]  # every table's, once each
        assert classroom.join_code_expires_at > timezone.now()
        assert not User.objects.filter(username__in=LEARNERS, is_staff=True).exists()

    def test_the_demo_class_has_assignments_in_every_status(self, db):
        states = states_for(class_assignments(demo_class()), [learner(n).pk for n in range(1, 6)])

        by_learner = {n: [state.status for state in states[learner(n).pk]] for n in range(1, 6)}
        # Lesson 3 was due five days ago; the drill and the payout-drill mastery are due later.
        assert by_learner == {
            1: [DONE, PENDING, DONE],  # learner 1 mastered the payout drill, not yet every cell
            2: [DONE, PENDING, PENDING],
            3: [MISSING, PENDING, PENDING],
            4: [LATE, PENDING, PENDING],
            5: [MISSING, PENDING, PENDING],
        }
        home = learner_assignments(learner(4))
        assert [state.title for state in home][0] == "Lesson 3. Counting a hand: 4 plus 4"

    def test_the_demo_learners_have_varied_progress(self, db):
        def done(number):
            return LessonProgress.objects.filter(user=learner(number), completed_at__isnull=False).count()

        assert done(1) == Lesson.objects.count() == len(COURSE)
        assert 3 <= done(2) <= 6
        assert done(5) == 0
        assert not LessonProgress.objects.filter(user=learner(5)).exists()
        assert not Attempt.objects.filter(user=learner(5)).exists()
        [struggling] = LessonProgress.objects.filter(user=learner(3))
        assert struggling.lesson.number == 1 and not struggling.completed
        assert struggling.accuracy < 0.5

    def test_lesson_progress_agrees_with_the_recorded_attempts(self, db):
        for progress in LessonProgress.objects.all():
            attempts = Attempt.objects.filter(user=progress.user, lesson=progress.lesson)
            assert progress.attempts == attempts.count()
            assert progress.correct == attempts.filter(correct=True).count()
            assert progress.seconds_spent > 0 and progress.last_visited is not None
            assert progress.started_at < progress.last_visited < timezone.now()

    def test_the_top_learner_has_mastered_many_drill_cells_and_the_newcomer_none(self, db):
        def mastered(number):
            return DrillCell.objects.filter(user=learner(number), streak__gte=MASTERY_STREAK).count()

        assert mastered(1) >= 40
        assert mastered(1) > mastered(2) > mastered(3) == 0
        assert not DrillCell.objects.filter(user=learner(5)).exists()

    def test_learner_1_mastered_the_payout_drill_and_others_are_on_their_way(self, db):
        from progress.selectors import payout_summary

        summaries = payout_summary([learner(number).pk for number in range(1, 6)])
        top, second, _, fourth, newcomer = summaries.values()
        assert top.mastered and top.best_streak == 21 and top.answers == 24 and top.correct == 23
        assert not second.mastered and second.best_streak == 3 and second.correct == 10
        assert not fourth.mastered and fourth.best_streak == 0 and fourth.answers == 6
        assert newcomer.answers == 0

    def test_demo_rounds_are_settled_with_consistent_ledgers(self, db):
        for number in range(1, 5):
            rounds = Round.objects.filter(seat__user=learner(number), seat__kind=Seat.Kind.TABLE)
            assert 3 <= rounds.count() <= 12
            assert not rounds.exclude(state=Round.State.SETTLED).exists()
        winners = set(Round.objects.values_list("winner", flat=True))
        assert winners == {"player", "banker", "tie"}
        assert not Seat.objects.filter(user=learner(5)).exists()
        for seat in Seat.objects.all():
            table_services.ledger_verify(seat)

    def test_learner_4_restarted_their_chips_twice(self, db):
        resets = LedgerEntry.objects.filter(seat__user=learner(4), kind=LedgerEntry.Kind.RESET)
        assert resets.count() == 2
        assert all(entry.amount == Decimal("100.00") for entry in resets)

    def test_the_next_round_after_the_demo_rounds_deals_from_a_fresh_shoe(self, db):
        seat = Seat.objects.get(user=learner(1), kind=Seat.Kind.TABLE)

        round = table_services.round_confirm(
            user=seat.user, seat_id=seat.pk, bets=[Bet(BetKind.PLAYER, Decimal("10"))]
        )

        assert round.new_shoe
        assert round.number == 11


def test_running_seed_demo_twice_changes_nothing(db, seeded_once):
    first = counts()
    code = demo_class().join_code

    output = seed()

    assert counts() == first
    assert demo_class().join_code == code
    assert "learners created: 5, already there: 0" in seeded_once
    assert "learners created: 0, already there: 5" in output


def test_seed_demo_keeps_an_expired_join_code_and_extends_its_expiry(db, seeded_once):
    Classroom.objects.filter(name="Demo class").update(
        join_code_expires_at=timezone.now() - timedelta(days=1)
    )
    code = demo_class().join_code

    seed()

    classroom = demo_class()
    assert classroom.join_code == code
    assert classroom.join_code_expires_at > timezone.now() + timedelta(days=30)


def test_a_demo_class_seeded_before_new_tables_offers_them_after_the_next_run(db, seeded_once):
    Classroom.objects.filter(name="Demo class").update(presets=[], side_bets=["lion_player"])

    seed()

    classroom = demo_class()
    assert classroom.presets == ["standard", "no-commission", "ez", "standard-tie9"]
    assert "dragon_7" in classroom.side_bets and "panda_8" in classroom.side_bets


def test_seed_demo_refuses_to_run_without_debug(db, seeded_once, settings):
    settings.DEBUG = False
    demo_class().delete()  # a run would make it again
    before = counts()

    with pytest.raises(CommandError, match="ALLOW_DEMO_SEED") as refused:
        seed()

    assert refused.value.returncode == 1
    assert counts() == before


def test_seed_demo_runs_without_debug_when_allow_demo_seed_is_1(db, seeded_once, settings, monkeypatch):
    settings.DEBUG = False
    demo_class().delete()
    monkeypatch.setenv("ALLOW_DEMO_SEED", "yes")
    with pytest.raises(CommandError):
        seed()

    monkeypatch.setenv("ALLOW_DEMO_SEED", "1")
    seed()

    assert demo_class().instructors.filter(username="demo-teacher").exists()


def test_the_help_explains_the_production_guard():
    assert "DEBUG" in seed_demo.Command.help and "ALLOW_DEMO_SEED=1" in seed_demo.Command.help


@pytest.mark.parametrize("run", ["first", "second"])
def test_the_output_says_how_to_log_in_with_the_join_code(db, seeded_once, run):
    output = seeded_once if run == "first" else seed()

    code = demo_class().join_code
    assert "http://127.0.0.1:8000/admin/" in output
    assert "username demo-teacher" in output and "password demo-teacher-pass" in output
    assert "http://127.0.0.1:8000/accounts/login/" in output
    assert "username demo-learner-1" in output and "password demo-learner-pass" in output
    assert code in output and "http://127.0.0.1:8000/accounts/signup/" in output


def test_quiet_leaves_out_the_login_help(db, seeded_once):
    output = seed("--quiet")

    assert "demo-teacher-pass" not in output
    assert demo_class().join_code not in output


def test_base_url_changes_the_printed_addresses(db, seeded_once):
    output = seed("--base-url", "http://localhost:9000/")

    assert "http://localhost:9000/admin/" in output and "127.0.0.1" not in output
