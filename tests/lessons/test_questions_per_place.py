"""Each place (lessons, the drill, the payout drill) keeps its own waiting questions, under its own cap."""

from datetime import timedelta
from http import HTTPStatus

import pytest
from django.urls import reverse
from django.utils import timezone

from lessons import drill, questions, services
from lessons.models import IssuedQuestion
from progress.models import Lesson, PayoutAnswer
from tests.lessons.test_payout import BANKER_180, answer, right_answers, token_of
from tests.support import HX, MODES

pytestmark = pytest.mark.django_db
Place = IssuedQuestion.Place


def waiting(user, place):
    return IssuedQuestion.objects.filter(user=user, source=place).count()


@pytest.mark.parametrize("headers", MODES)
def test_twelve_lesson_and_twelve_drill_page_views_leave_a_waiting_payout_question_answerable(
    client, learner, course, monkeypatch, headers
):
    """The finding: these 24 page views pushed the payout question out of a shared cap of 20 (a 400).

    The lesson and drill pages are asked for in a second browser logged in as the same learner: in the
    payout drill's own browser, another page would end the question as skipped (the skip rule).
    """
    start = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: start)
    client.force_login(learner)
    token = token_of(client.get(reverse("drill:payout"), headers=headers))
    amounts = right_answers(token)
    other = type(client)()
    other.force_login(learner)
    for _ in range(12):
        assert other.get(reverse("lessons:lesson", args=["counting-totals"])).status_code == HTTPStatus.OK
        assert other.get(reverse("drill:page")).status_code == HTTPStatus.OK
    # A lesson's GET issues no question now (its page asks for one with a POST, shown again on reload).
    assert waiting(learner, Place.LESSON) == 0 and waiting(learner, Place.DRILL) == 12
    monkeypatch.setattr(timezone, "now", lambda: start + timedelta(seconds=3))
    response = answer(client, token, amounts, headers)
    assert response.status_code == HTTPStatus.OK
    saved = PayoutAnswer.objects.get(user=learner)
    assert (saved.nonce, saved.correct, saved.fast, saved.skipped) == (token, True, True, False)


def _lesson(user):
    lesson = Lesson.objects.get(slug="counting-totals")
    return questions.question_issue(user=user, question={"kind": "counting", "answer": "5"}, lesson=lesson)


def _drill(user):
    return services.drill_question_issue(user=user, cell=drill.Cell(3, "8"))


def _payout(user):
    return questions.question_issue(user=user, question=BANKER_180, place=Place.PAYOUT)


ISSUERS = {Place.LESSON: _lesson, Place.DRILL: _drill, Place.PAYOUT: _payout}


@pytest.mark.parametrize("place", list(Place))
def test_each_places_own_cap_still_holds_and_evicts_only_its_own_oldest(learner, course, monkeypatch, place):
    start = timezone.now()
    others = {other: ISSUERS[other](learner) for other in Place if other != place}
    tokens = []
    for second in range(questions.MAX_WAITING + 5):
        monkeypatch.setattr(timezone, "now", lambda second=second: start + timedelta(seconds=second + 1))
        tokens.append(ISSUERS[place](learner))
    kept = set(IssuedQuestion.objects.filter(user=learner, source=place).values_list("nonce", flat=True))
    assert kept == set(tokens[-questions.MAX_WAITING :])
    for other, token in others.items():
        assert IssuedQuestion.objects.filter(nonce=token, source=other).exists()


def test_another_learners_questions_never_count_against_a_learners_cap(learner, course):
    from tests.factories import UserFactory

    token = _payout(learner)
    someone = UserFactory()
    for _ in range(questions.MAX_WAITING + 1):
        _payout(someone)
    assert IssuedQuestion.objects.filter(nonce=token).exists()


def test_a_payout_question_is_refused_by_the_drill_and_a_drill_question_by_the_payout_drill(client, learner):
    client.force_login(learner)
    payout_token = services.payout_question_issue(user=learner, question=BANKER_180)
    response = client.post(reverse("drill:answer"), {"token": payout_token, "answer": "draws"}, headers=HX)
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert IssuedQuestion.objects.get(nonce=payout_token).source == Place.PAYOUT


@pytest.mark.django_db(transaction=True)
def test_the_migration_moves_waiting_payout_questions_to_their_own_place():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    def migrate(targets):
        executor = MigrationExecutor(connection)
        executor.migrate(targets)
        executor.loader.build_graph()
        return executor.loader.project_state(targets).apps

    apps = migrate([("lessons", "0007_issued_questions")])
    User = apps.get_model("auth", "User")
    Issued = apps.get_model("lessons", "IssuedQuestion")
    user = User.objects.create(username="midway")
    Issued.objects.create(user=user, nonce="a" * 32, source="drill", question=BANKER_180)
    Issued.objects.create(user=user, nonce="b" * 32, source="drill", question={"kind": "banker-table"})
    try:
        migrate([("lessons", "0008_issued_questions_kept_per_place")])
        assert dict(IssuedQuestion.objects.values_list("nonce", "source")) == {
            "a" * 32: Place.PAYOUT,
            "b" * 32: Place.DRILL,
        }
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
