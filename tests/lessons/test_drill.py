"""The drawing-table drill: question choice, grading, recording and the heat map (plain and htmx)."""

import random
import re
from collections import Counter
from datetime import timedelta
from http import HTTPStatus

import pytest
from django.core import signing
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from lessons import drill, questions, services
from lessons.models import IssuedQuestion
from progress.models import MASTERY_STREAK, STOOD, Attempt, DrillCell, Lesson
from progress.services import drill_cell_record
from tests.support import HX, MODES, parse

_TOKEN = re.compile(r'name="token" value="([^"]+)"')


class PersonPace:
    """``timezone.now`` that moves on by one second each time it is read: answers take a person's time.

    An answer under ``DRILL_FLOOR_SECONDS`` is not counted on its cell; the tests of answers that count
    answer as a person does (the floor has its own tests, with ``Clock`` in ``conftest``).
    """

    def __init__(self) -> None:
        self.now = timezone.now().replace(microsecond=0)

    def __call__(self):
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture(autouse=True)
def person_pace(monkeypatch):
    pace = PersonPace()
    monkeypatch.setattr(timezone, "now", pace)
    return pace


def token_for(user, banker_total, third):
    return services.drill_question_issue(user=user, cell=drill.Cell(banker_total, third))


def kept(token):
    """The question kept on the server for a token."""
    return IssuedQuestion.objects.get(nonce=token).question


def answer(client, token, value, headers=None):
    data = {"token": token} if value is None else {"token": token, "answer": value}
    return client.post(reverse("drill:answer"), data, headers=headers or {})


def cell_of(user, banker_total, third):
    return DrillCell.objects.get(user=user, banker_total=banker_total, third=third)


def mastered():
    return DrillCell(attempts=MASTERY_STREAK, correct=MASTERY_STREAK, streak=MASTERY_STREAK)


def weak():
    return DrillCell(attempts=4, correct=1, streak=0)


# The cells and their questions ---------------------------------------------------------------------------


def test_the_drill_has_88_cells_8_totals_by_10_third_cards_and_stood():
    assert len(drill.CELLS) == len(set(drill.CELLS)) == 88
    assert {cell.banker_total for cell in drill.CELLS} == set(range(8))
    assert {cell.third for cell in drill.CELLS} == {*"0123456789", STOOD}


@pytest.mark.parametrize(
    ("banker_total", "third", "expected"),
    [
        (3, "8", "stands"),  # 004 section 7 and 002: on an 8, Banker draws only on 0-2
        (4, "2", "draws"),  # 004 section 8 lookup
        (4, "8", "stands"),  # 004 section 8 lookup
        (6, "7", "draws"),  # 002: on a 6 or 7, Banker draws on 0-6
        (7, "7", "stands"),  # 002: Banker 7 never draws
        (2, "8", "draws"),  # 002: on an 8, Banker draws on 0-2
        (5, "3", "stands"),  # 002: on a 2 or 3, Banker draws only on 0-4
        (5, STOOD, "draws"),  # 000: Player stood, Banker draws on 0-5
        (6, STOOD, "stands"),  # 000: Player stood, Banker stands on 6-7
    ],
)
def test_the_right_answer_matches_the_banker_table_of_the_seeds(banker_total, third, expected):
    """Seeds 004 (sections 7 and 8) and 002 (the table per Player third card), written out literally."""
    assert drill.question_for(drill.Cell(banker_total, third))["answer"] == expected


def test_questions_name_the_banker_total_and_the_third_card_or_that_player_stood():
    assert drill.question_for(drill.Cell(4, "2")) == {
        "kind": "banker-table",
        "banker_total": 4,
        "third": "2",
        "prompt": "Banker has 4 and Player's third card is worth 2. Does Banker draw?",
        "answer": "draws",
    }
    assert (
        drill.question_for(drill.Cell(5, STOOD))["prompt"] == "Player stood. Banker has 5. Does Banker draw?"
    )


def test_the_token_is_a_bare_nonce_and_the_cell_and_its_answer_stay_on_the_server(learner):
    token = token_for(learner, 4, "2")

    assert re.fullmatch(r"[0-9a-f]{32}", token)
    assert kept(token) == drill.question_for(drill.Cell(4, "2"))


@pytest.mark.parametrize(
    ("banker_total", "third", "sentence"),
    [
        (4, "2", "Banker has 4 and Player's third card is a 2: Banker draws."),
        (3, "8", "Banker has 3 and Player's third card is an 8: Banker stands."),
        (5, STOOD, "Player stood, and Banker has 5: on 0 to 5 Banker draws."),
        (6, STOOD, "Player stood, and Banker has 6: on 6 or 7 Banker stands."),
    ],
)
def test_the_feedback_gives_the_rule_sentence_that_decides_the_cell(banker_total, third, sentence):
    assert drill.rule_sentence(drill.Cell(banker_total, third)) == sentence


# Choosing the next question ------------------------------------------------------------------------------


def test_every_one_of_the_88_cells_is_asked_eventually():
    rng = random.Random(4)
    asked = {drill.next_cell({}, rng) for _ in range(2000)}

    assert asked == set(drill.CELLS)


def test_mastered_cells_keep_coming_up_when_the_others_are_weak():
    records = {cell.key: mastered() if cell.banker_total < 6 else weak() for cell in drill.CELLS}
    rng = random.Random(5)
    asked = {drill.next_cell(records, rng) for _ in range(6000)}

    assert asked == set(drill.CELLS)
    assert all(drill.cell_weight(record) > 0 for record in records.values())


def test_weak_cells_are_asked_more_often_than_mastered_ones():
    """Half the table mastered, half answered mostly wrong: a weak cell comes up several times as often."""
    records = {cell.key: mastered() if cell.banker_total % 2 else weak() for cell in drill.CELLS}
    rng = random.Random(2)
    counts = Counter(records[drill.next_cell(records, rng).key].streak == 0 for _ in range(10_000))

    weak_asked, mastered_asked = counts[True], counts[False]
    assert weak_asked > 5 * mastered_asked  # the weights give about 14 times; a margin for chance
    assert mastered_asked > 100


def test_cells_never_tried_are_asked_more_often_than_mastered_ones():
    records = {cell.key: mastered() for cell in drill.CELLS if cell.banker_total < 4}
    rng = random.Random(3)
    counts = Counter(drill.next_cell(records, rng).key in records for _ in range(10_000))

    assert counts[False] > 4 * counts[True]


def test_a_wrong_answer_weighs_more_than_a_right_one_and_a_longer_streak_less():
    assert drill.cell_weight(DrillCell(attempts=1, correct=0, streak=0)) > drill.cell_weight(
        DrillCell(attempts=1, correct=1, streak=1)
    )
    assert drill.cell_weight(DrillCell(attempts=2, correct=2, streak=2)) < drill.cell_weight(
        DrillCell(attempts=1, correct=1, streak=1)
    )


def test_the_cell_just_answered_is_not_asked_again_straight_away():
    rng = random.Random(6)
    just_answered = drill.Cell(4, "2")

    assert all(drill.next_cell({}, rng, previous=just_answered) != just_answered for _ in range(2000))


# The page --------------------------------------------------------------------------------------------------


def test_anonymous_visitors_are_sent_to_log_in(client, db):
    for response in (
        client.get(reverse("drill:page")),
        client.post(reverse("drill:answer"), {"answer": "draws"}),
    ):
        assert response.status_code == HTTPStatus.FOUND
        assert response["Location"].startswith(reverse("login"))


def test_the_drill_page_is_a_full_page_and_the_htmx_request_a_fragment(learner_client):
    page = learner_client.get(reverse("drill:page"))
    fragment = learner_client.get(reverse("drill:page"), headers=HX)

    assert page.status_code == fragment.status_code == HTTPStatus.OK
    assert b"<html" in page.content and b"<html" not in fragment.content
    for response in (page, fragment):
        html = response.content.decode()
        assert 'id="drill-panel"' in html
        assert "Does Banker draw?" in html
        assert "0 of 88 cells mastered" in html
        assert (
            f'action="{reverse("drill:answer")}"' in html and f'hx-post="{reverse("drill:answer")}"' in html
        )
        assert "csrfmiddlewaretoken" in html
        assert _TOKEN.search(html)
        for value, label in (("draws", "Draws"), ("stands", "Stands")):
            assert f'name="answer" value="{value}"' in html and f">{label}</button>" in html


def test_the_page_asks_a_question_kept_on_the_server_for_this_learner(learner_client, learner):
    html = learner_client.get(reverse("drill:page")).content.decode()

    issued = IssuedQuestion.objects.get(nonce=_TOKEN.search(html).group(1))
    assert (issued.user, issued.source, issued.lesson) == (learner, Attempt.Source.DRILL, None)
    cell = drill.cell_from_question(issued.question)
    assert escape(drill.prompt_for(cell)) in html


def heat_map_cells(html: str) -> list[tuple[str, str]]:
    """Each heat-map cell's score and marker, as a sighted reader sees them."""
    cells = [td for td in parse(html).find_all("table")[0].find_all("td") if td.classes]
    return [(td.find(class_="drill-score").text, td.find(class_="drill-marker").text) for td in cells]


def test_the_heat_map_is_laid_out_like_the_banker_table(learner_client):
    html = learner_client.get(reverse("drill:page")).content.decode()

    table = html[html.index("<table") : html.index("</table>")]
    assert len(parse(table).find_all("th", scope="row")) == 8
    assert len([td for td in parse(table).find_all("td") if td.classes]) == 88
    assert ">Player stood</th>" in table
    # The map must not give the answers away: no draw/stand letters while questions are asked.
    assert "drill-rule" not in table and "draws;" not in table and "stands;" not in table


def test_the_heat_map_shows_scores_and_markers_not_only_colours(learner_client, learner):
    for correct in (True, True, True):
        drill_cell_record(user=learner, banker_total=4, player_third=2, correct=correct)
    for correct in (False, False, True):
        drill_cell_record(user=learner, banker_total=6, player_third=None, correct=correct)

    html = learner_client.get(reverse("drill:page")).content.decode()

    assert "1 of 88 cells mastered (2 tried so far)." in html
    assert ("3/3", "✓") in heat_map_cells(html)
    assert ("1/3", "!") in heat_map_cells(html)
    assert ">3 right of 3; mastered<" in html
    assert ">1 right of 3; needs practice<" in html
    assert html.count("not tried yet") == 86 + 1  # the cells, and the legend


def test_the_page_query_count_does_not_depend_on_how_many_cells_were_tried(
    learner_client, learner, django_assert_max_num_queries
):
    learner_client.get(reverse("drill:page"))  # the session's first request also reads the learner's profile
    # Both requests are htmx ones: a whole page also reads the footer's class wording (one query).
    with CaptureQueriesContext(connection) as untried:
        first = learner_client.get(reverse("drill:page"), headers=HX)
    assert first.status_code == HTTPStatus.OK
    for cell in drill.CELLS:
        drill_cell_record(
            user=learner, banker_total=cell.banker_total, player_third=cell.player_third, correct=True
        )
    with django_assert_max_num_queries(len(untried)), CaptureQueriesContext(connection) as all_tried:
        response = learner_client.get(reverse("drill:page"), headers=HX)

    assert response.status_code == HTTPStatus.OK
    assert "0 of 88 cells mastered (88 tried so far)." in response.content.decode()
    assert len(all_tried) == len(untried)


# Answering -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("headers", MODES)
def test_a_right_answer_is_recorded_and_the_feedback_shows_with_a_new_question(
    learner_client, learner, headers
):
    token = token_for(learner, 4, "2")

    response = answer(learner_client, token, "draws", headers)

    assert response.status_code == HTTPStatus.OK
    assert (b"<html" in response.content) is not bool(headers)
    html = response.content.decode()
    assert "✓ Right:" in html
    assert escape("Banker has 4 and Player's third card is a 2: Banker draws.") in html
    assert _TOKEN.search(html).group(1) != token
    cell = cell_of(learner, 4, "2")
    assert (cell.attempts, cell.correct, cell.streak) == (1, 1, 1)
    attempt = Attempt.objects.get()
    assert (attempt.user, attempt.source, attempt.kind) == (learner, Attempt.Source.DRILL, "banker-table")
    assert attempt.nonce == token
    assert not IssuedQuestion.objects.filter(nonce=token).exists()  # answered: forgotten
    assert (attempt.answer, attempt.correct) == ("draws", True)
    assert attempt.question == drill.question_for(drill.Cell(4, "2"))


@pytest.mark.parametrize("headers", MODES)
def test_a_wrong_answer_is_recorded_and_the_feedback_gives_the_right_one_and_the_rule(
    learner_client, learner, headers
):
    response = answer(learner_client, token_for(learner, 3, "8"), "draws", headers)

    assert response.status_code == HTTPStatus.OK
    html = response.content.decode()
    assert "✗ Not this time:" in html
    assert "Banker <strong>stands</strong> (you answered “draws”)." in html
    assert escape("Banker has 3 and Player's third card is an 8: Banker stands.") in html
    cell = cell_of(learner, 3, "8")
    assert (cell.attempts, cell.correct, cell.streak) == (1, 0, 0)
    assert Attempt.objects.get().correct is False
    assert ("0/1", "!") in heat_map_cells(html)


@pytest.mark.parametrize("headers", MODES)
def test_a_player_stood_question_is_recorded_in_the_stood_cell(learner_client, learner, headers):
    response = answer(learner_client, token_for(learner, 6, STOOD), "stands", headers)

    assert response.status_code == HTTPStatus.OK
    assert escape("Player stood, and Banker has 6: on 6 or 7 Banker stands.") in response.content.decode()
    assert cell_of(learner, 6, STOOD).correct == 1


def test_a_cell_is_mastered_after_the_streak_and_a_wrong_answer_starts_it_again(learner_client, learner):
    for number in range(MASTERY_STREAK):
        response = answer(learner_client, token_for(learner, 5, "4"), "draws", HX)
        assert cell_of(learner, 5, "4").mastered is (number == MASTERY_STREAK - 1)
    assert "1 of 88 cells mastered" in response.content.decode()

    response = answer(learner_client, token_for(learner, 5, "4"), "stands", HX)

    cell = cell_of(learner, 5, "4")
    assert (cell.attempts, cell.correct, cell.streak, cell.mastered) == (4, 3, 0, False)
    assert "0 of 88 cells mastered" in response.content.decode()
    assert Attempt.objects.filter(user=learner).count() == 4


def test_answers_read_from_the_page_are_counted_one_by_one(learner_client, learner):
    html = learner_client.get(reverse("drill:page")).content.decode()
    for _ in range(5):
        token = _TOKEN.search(html).group(1)
        cell = drill.cell_from_question(kept(token))
        html = answer(learner_client, token, drill.question_for(cell)["answer"], HX).content.decode()
        assert "✓ Right:" in html

    assert Attempt.objects.filter(user=learner, correct=True).count() == 5
    assert sum(DrillCell.objects.filter(user=learner).values_list("correct", flat=True)) == 5


# Refused answers -------------------------------------------------------------------------------------------


def _tampered(user):
    token = token_for(user, 4, "2")
    return token[:-2] + ("00" if token[-2:] != "00" else "11")


def _forged(user):
    """A token of the old, signed kind, naming a cell: it names no question kept on the server."""
    return signing.dumps(
        {"u": user.id, "n": "abc", "q": {"kind": "banker-table", "banker_total": 4, "third": "2"}},
        salt="lessons.question",
        compress=True,
    )


def _lessons_token(user):
    """A question of a lesson's exercise, kept for this learner: not the drill's."""
    return questions.question_issue(
        user=user,
        question={"kind": "counting", "answer": "5"},
        lesson=Lesson.objects.get(slug="counting-totals"),
    )
