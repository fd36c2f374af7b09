"""Exercises: scripted then generated questions, graded with the rule, every attempt recorded."""

import random
import re
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from hypothesis import given
from hypothesis import strategies as st

from baccarat import Card, Coup, Outcome
from lessons import exercises, questions, services
from lessons.models import IssuedQuestion
from progress.models import Attempt, Lesson, LessonProgress
from tests.factories import UserFactory
from tests.support import HX, LANGUAGES, exercise_shown


def current(client, slug):
    """The question on the lesson page now: its token and its prompt."""
    exercise_shown(client, slug)
    html = client.get(reverse("lessons:lesson", args=[slug])).content.decode()
    token = re.search(r'name="token" value="([^"]+)"', html).group(1)
    return token, re.search(r"<legend>(.*?)</legend>", html[html.index('id="exercise"') :]).group(1)


def answer(client, slug, token, headers=HX, **data):
    """Post an answer; a plain post's redirect is followed to the page it names."""
    return client.post(
        reverse("lessons:exercise-answer", args=[slug]),
        {"token": token, **data},
        headers=headers,
        follow=not headers,
    )


def progress(user, slug):
    return LessonProgress.objects.get(user=user, lesson__slug=slug)


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_right_answer_is_recorded_and_the_next_question_follows(learner_client, learner, headers):
    token, prompt = current(learner_client, "counting-totals")
    assert prompt == "What is this hand&#x27;s total?"

    response = answer(learner_client, "counting-totals", token, headers, answer="5")

    html = response.content.decode()
    assert response.status_code == HTTPStatus.OK
    assert (b"<html" in response.content) is not bool(headers)
    assert "✓ Right." in html and "7 + 8 = 15; keep only the last digit: 5." in html
    assert 'aria-label="eight of spades"' not in html  # the next scripted question: 4 + 4
    assert 'aria-label="four of spades"' in html
    attempt = Attempt.objects.get(user=learner)
    assert (attempt.kind, attempt.answer, attempt.correct, attempt.lesson.slug) == (
        "counting",
        "5",
        True,
        "counting-totals",
    )
    assert (progress(learner, "counting-totals").attempts, progress(learner, "counting-totals").correct) == (
        1,
        1,
    )


def test_a_wrong_answer_shows_the_rule_and_the_right_answer_and_asks_again(learner_client, learner):
    token, _ = current(learner_client, "counting-totals")

    html = answer(learner_client, "counting-totals", token, answer="4").content.decode()

    assert "✗ Not quite." in html and "The answer is: <strong>5</strong>" in html
    assert 'aria-label="seven of hearts"' in html  # the same question again
    assert (progress(learner, "counting-totals").attempts, progress(learner, "counting-totals").correct) == (
        1,
        0,
    )


def test_a_replayed_answer_is_refused_and_counted_once(learner_client, learner):
    token, _ = current(learner_client, "counting-totals")
    answer(learner_client, "counting-totals", token, answer="5")

    again = answer(learner_client, "counting-totals", token, answer="5")

    assert again.status_code == HTTPStatus.CONFLICT
    assert services.ALREADY_ANSWERED.encode() in again.content
    assert Attempt.objects.filter(user=learner).count() == 1
    assert progress(learner, "counting-totals").correct == 1


@pytest.mark.parametrize(
    ("make_token", "data"),
    [
        (lambda user, token: "", {"answer": "5"}),
        (lambda user, token: token[:-3] + ("abc" if not token.endswith("abc") else "def"), {"answer": "5"}),
        (
            lambda user, token: questions.question_issue(
                user=UserFactory(),
                question=IssuedQuestion.objects.get(nonce=token).question,
                lesson=Lesson.objects.get(slug="counting-totals"),
            ),
            {"answer": "5"},
        ),
        (lambda user, token: token, {}),
        (lambda user, token: token, {"answer": "eleven"}),
        (lambda user, token: token, {"answer": "<script>"}),
    ],
    ids=[
        "missing-token",
        "tampered-token",
        "another-learners-token",
        "missing-answer",
        "not-a-choice",
        "markup",
    ],
)
def test_bad_input_to_an_exercise_is_a_clear_400_and_changes_no_progress(
    learner_client, learner, make_token, data
):
    token, _ = current(learner_client, "counting-totals")

    response = answer(learner_client, "counting-totals", make_token(learner, token), **data)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert (
        services.BAD_QUESTION.encode() in response.content or services.BAD_ANSWER.encode() in response.content
    )
    assert not Attempt.objects.exists()
    assert progress(learner, "counting-totals").attempts == 0


def test_a_question_from_another_lesson_is_refused(learner_client, learner):
    token, _ = current(learner_client, "counting-totals")

    response = answer(learner_client, "naturals", token, answer="5")

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert not Attempt.objects.exists()


@pytest.mark.parametrize("amount", ["", "lots", "1e999", "NaN"])
def test_a_malformed_amount_is_a_400(learner_client, learner, amount):
    token, _ = current(learner_client, "settlement")

    response = answer(learner_client, "settlement", token, answer_balance=amount)

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert services.BAD_ANSWER.encode() in response.content


def test_the_five_settlement_cases_of_seed_004_complete_the_settlement_lesson(learner_client, learner):
    """Seed 004 section 6: 110, 90, 100, 180 and 109.5, asked in that order."""
    for expected in ("110", "90", "100", "180", "109,5"):
        token, prompt = current(learner_client, "settlement")
        assert "What is your balance now?" in prompt
        assert (
            "✓ Right."
            in answer(learner_client, "settlement", token, answer_balance=expected).content.decode()
        )

    done = progress(learner, "settlement")
    assert (done.correct, done.completed) == (5, True)


def test_the_stake_exercise_reads_balance_and_committed(learner_client, learner):
    """Seed 004 section 4: 100 becomes 90 with 10 committed."""
    token, prompt = current(learner_client, "first-stake")
    assert prompt == "Your balance is 100.00 chips. You bet 10 on Player and confirm. What do you have now?"

    wrong = answer(learner_client, "first-stake", token, answer_balance="100", answer_committed="10")
    token, _ = current(learner_client, "first-stake")
    right = answer(learner_client, "first-stake", token, answer_balance="90", answer_committed="10")

    assert "✗ Not quite." in wrong.content.decode() and "✓ Right." in right.content.decode()


def test_a_lesson_is_completed_by_its_required_right_answers_and_shown_as_done(learner_client, learner):
    for expected in ("draws", "stands", "stands"):  # seed 004 section 8: 4 v 2, 4 v 8, 3 v 8
        token, _ = current(learner_client, "banker-table")
        answer(learner_client, "banker-table", token, answer=expected)
    assert not progress(learner, "banker-table").completed

    token, prompt = current(learner_client, "banker-table")  # now generated: any cell of the table
    answer(learner_client, "banker-table", token, answer=banker_table_answer(prompt))

    assert progress(learner, "banker-table").completed
    assert (
        "✓ You have completed this lesson."
        in learner_client.get(reverse("lessons:lesson", args=["banker-table"])).content.decode()
    )


def banker_table_answer(prompt: str) -> str:
    """The right answer to any question the Banker-table exercise asks, read from its prompt."""
    stood = re.search(r"Player stood\. Banker has (\d)\.", prompt)
    if stood:  # seed 000: with Player standing, Banker draws on 0-5
        return "draws" if int(stood.group(1)) <= 5 else "stands"
    total, third = map(int, re.search(r"Banker has (\d) and .* worth (\d)\.", prompt).groups())
    return "draws" if third in exercises_draw_set(total) else "stands"


def exercises_draw_set(total):
    """Seed 000's Banker table, written out independently of the engine."""
    return {
        0: range(10),
        1: range(10),
        2: range(10),
        3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
        4: range(2, 8),
        5: range(4, 8),
        6: (6, 7),
        7: (),
    }[total]


@given(seed=st.integers(0, 10**6))
def test_generated_settlement_questions_agree_with_hand_arithmetic(seed):
    """Standard payouts only: Player 1:1, Banker 1:1 less 5%, Tie 8:1, Player/Banker returned on a tie.

    A question may stake on one spot or on two (Player and Banker together, say): each is settled alone.
    """
    question = exercises.question_for("settlement", 6, random.Random(seed))
    confirmed = re.search(r"confirm (.+?) \(balance", question.prompt).group(1)
    stakes = {kind.lower(): Decimal(amount) for amount, kind in re.findall(r"(\d+) on (\w+)", confirmed)}
    winner = (
        "tie"
        if "It is a tie" in question.prompt
        else re.search(r"(\w+) wins", question.prompt).group(1).lower()
    )
    returned = sum(
        {
            ("player", "player"): 2 * amount,
            ("banker", "banker"): amount * Decimal("1.95"),
            ("tie", "tie"): 9 * amount,
            ("player", "tie"): amount,
            ("banker", "tie"): amount,
        }.get((kind, winner), Decimal(0))
        for kind, amount in stakes.items()
    )
    assert stakes and Decimal(question.answer) == 100 - sum(stakes.values()) + returned


@given(seed=st.integers(0, 10**6))
def test_generated_counting_questions_keep_the_last_digit(seed):
    question = exercises.question_for("counting", 3, random.Random(seed))
    points = {"A": 1, "10": 0, "J": 0, "Q": 0, "K": 0}
    total = sum(points[token[:-1]] if token[:-1] in points else int(token[:-1]) for token in question.cards)
    assert question.answer == str(total % 10)


@pytest.mark.parametrize("kind", sorted(exercises.EXERCISES))
def test_every_exercise_kind_has_scripted_and_generated_questions_that_grade_their_own_answer(kind):
    for index in range(9):
        question = exercises.question_for(kind, index, random.Random(index))
        data = (
            {"answer": question.answer}
            if question.form == "choice"
            else {
                f"answer_{name}": value
                for (name, _), value in zip(question.fields, question.answer.split("|"), strict=True)
            }
        )
        assert exercises.normalise(question, data) == question.answer
        assert question.why and question.shown


# Issue 17: each question asks only what its lesson taught --------------------------------------------


def _totals(tokens):
    coup = Coup.replay(tokens)
    return coup.player_total, coup.banker_total


def test_lesson_5_asks_only_whether_there_is_a_natural():
    """Its instructions say "decide whether there is a natural": no question needs a drawing rule."""
    for seed in range(3000):
        question = exercises.question_for("naturals", 2, random.Random(seed))
        player, banker = _totals(question.cards)
        natural = player >= 8 or banker >= 8

        assert question.prompt.endswith("Is there a natural?")
        assert question.answer == ("yes" if natural else "no")
        assert ("nobody draws" in question.why) is natural
        assert "0 to 5" not in question.why and "stands" not in question.why


def test_the_counting_exercise_gives_a_third_card_only_where_the_rules_deal_one():
    """A three-card hand is one the engine deals: never on a two-card 7, 8 or 9."""
    for seed in range(3000):
        cards = exercises.question_for("counting", 3, random.Random(seed)).cards
        if len(cards) == 3:
            assert sum(Card.parse(token).points for token in cards[:2]) % 10 <= 6


def test_the_counting_exercise_still_asks_about_three_card_hands():
    lengths = [len(exercises.question_for("counting", 3, random.Random(seed)).cards) for seed in range(300)]
    assert 60 < lengths.count(3) < 140 and set(lengths) == {2, 3}


@pytest.mark.parametrize("language", LANGUAGES)
def test_exercise_balances_always_show_two_decimals(language):
    """Issue 17: "Balance: 90" stood beside "Balance: 110.00"."""
    with translation.override(language):
        lost = exercises.settlement_question(
            "player",
            10,
            Outcome(player_total=5, banker_total=8, player_count=2, banker_count=2, natural=True),
        )
        won = exercises.settlement_question(
            "player",
            10,
            Outcome(player_total=8, banker_total=5, player_count=2, banker_count=2, natural=True),
        )
    separator = "." if language == "en" else ","
    assert lost.shown.endswith(f": 90{separator}00")
    assert won.shown.endswith(f": 110{separator}00")


def test_the_house_edge_figures_in_exercises_carry_the_locale_percent_sign():
    with translation.override("en"):
        why = exercises.tie_question().why
    assert "14.3596% against 1.2351% for Player" in why
    with translation.override("de"):
        why = exercises.tie_question().why
    assert "14,3596 %" in why and "1,2351 %" in why


def answer_data(token: str, *, right: bool) -> dict[str, str]:
    """A right or a wrong answer to an issued question (a choice, or amounts), from what the server keeps."""
    question = IssuedQuestion.objects.get(nonce=token).question
    if question["form"] == "choice":
        wrong = next(value for value, _label in question["choices"] if value != question["answer"])
        return {"answer": question["answer"] if right else wrong}
    amounts = question["answer"].split("|") if right else ["12345"] * len(question["fields"])
    return {
        f"answer_{name}": amount for (name, _label), amount in zip(question["fields"], amounts, strict=True)
    }


def test_practice_after_the_lesson_is_done_is_recorded_but_does_not_change_its_figures(
    learner_client, learner
):
    """The accuracy instructors see is the one the lesson was done with; practice goes on through the
    questions (the house-edge lesson has more scripted questions than it needs right answers)."""
    slug = "house-edge"
    while not LessonProgress.objects.filter(user=learner, lesson__slug=slug, completed_at__isnull=False):
        token, _ = current(learner_client, slug)
        answer(learner_client, slug, token, **answer_data(token, right=True))
    done = progress(learner, slug)
    assert (done.attempts, done.correct) == (3, 3)

    prompts = []
    for right in (False, False, True, True):
        token, prompt = current(learner_client, slug)
        prompts.append(prompt)
        assert (
            answer(learner_client, slug, token, **answer_data(token, right=right)).status_code
            == HTTPStatus.OK
        )

    after = progress(learner, slug)
    assert (after.attempts, after.correct, after.completed_at) == (3, 3, done.completed_at)
    assert Attempt.objects.filter(user=learner, lesson__slug=slug).count() == 7
    # A wrong answer asks the same question again; a right one moves on to the next scripted question.
    assert prompts[0] == prompts[1] == prompts[2] != prompts[3]


def test_without_javascript_an_answer_redirects_to_the_page_that_shows_it_so_a_reload_is_harmless(
    learner_client, learner
):
    """Post, redirect, get: reloading the page the answer led to shows the same feedback again, not a 409."""
    token, _ = current(learner_client, "counting-totals")

    posted = learner_client.post(
        reverse("lessons:exercise-answer", args=["counting-totals"]), {"token": token, "answer": "5"}
    )

    assert posted.status_code == HTTPStatus.FOUND
    page = posted["Location"]
    assert page.startswith(reverse("lessons:lesson", args=["counting-totals"]) + "?answered=")
    assert page.endswith("#exercise")
    first, reload = learner_client.get(page), learner_client.get(page)
    for shown in (first, reload):
        assert shown.status_code == HTTPStatus.OK
        assert "✓ Right." in shown.content.decode()
        assert 'aria-label="four of spades"' in shown.content.decode()  # the next question: 4 + 4
    assert Attempt.objects.filter(user=learner).count() == 1
    assert progress(learner, "counting-totals").correct == 1

    token, _ = current(learner_client, "counting-totals")
    wrong = learner_client.post(
        reverse("lessons:exercise-answer", args=["counting-totals"]), {"token": token, "answer": "3"}
    )
    again = learner_client.get(wrong["Location"]).content.decode()
    assert "✗ Not quite." in again and "The answer is: <strong>8</strong>" in again
    assert 'aria-label="four of spades"' in again  # the same question, to try again
    # Someone else's answer, or a made-up one, shows the page without any feedback.
    other = UserFactory()
    learner_client.force_login(other)
    assert "✗ Not quite." not in learner_client.get(wrong["Location"]).content.decode()
    assert (
        learner_client.get(reverse("lessons:lesson", args=["counting-totals"]) + "?answered=x").status_code
        == 200
    )


def test_a_refused_plain_answer_is_shown_on_the_page_with_its_4xx(learner_client, learner):
    token, _ = current(learner_client, "counting-totals")
    answer(learner_client, "counting-totals", token, answer="5")

    replayed = learner_client.post(
        reverse("lessons:exercise-answer", args=["counting-totals"]), {"token": token, "answer": "5"}
    )

    assert replayed.status_code == HTTPStatus.CONFLICT
    assert escape(str(services.ALREADY_ANSWERED)) in replayed.content.decode()
