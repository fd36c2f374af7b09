"""What issue 17 added to lessons 4, 6 and 9: stakes on two spots, table limits, the Lion Bonus line
by line, Tie 9:1, the two conventions of the house edge and the German variant's words.

Every figure the pages print is recomputed here from the engine (and, for the famous ones, checked
against the figures the sources print), in English, German and Indonesian.
"""

import random
import re
from decimal import Decimal
from fractions import Fraction
from http import HTTPStatus

import pytest
from django.urls import reverse

from baccarat import (
    STANDARD,
    Bet,
    BetKind,
    Card,
    Coup,
    PayoutSet,
    Winner,
    deck_counts,
    exact_odds,
    settle,
)
from lessons import exercises
from lessons.course import LESSONS
from lessons.models import IssuedQuestion
from progress.models import Attempt, LessonProgress
from table.presets import STANDARD_TABLE
from table.services import ledger_verify
from tests.lessons.test_lessons import deal_example, example_seat
from tests.support import HX, LANGUAGES, exercise_shown, parse

DECIMAL_MARK = {"en": ".", "de": ",", "id": ","}
#: The Lion Bonus pay table as the reference documents give it (README of the seeds), written out by hand.
LION_BY_MARGIN = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}


def page(client, slug, language="en"):
    exercise_shown(client, slug)
    response = client.get(reverse("lessons:lesson", args=[slug]), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == HTTPStatus.OK
    return response.content.decode()


def figure(value: Fraction, places: int, language: str) -> str:
    """A percentage as the page prints it in ``language`` (no grouping is needed below 1,000)."""
    return f"{float(value) * 100:.{places}f}".replace(".", DECIMAL_MARK[language])


def amount(text: str, language: str) -> str:
    return text.replace(".", DECIMAL_MARK[language])


# --- The engine's figures, and the ones the sources print -------------------------------------------


def test_tie_nine_to_one_and_the_edge_without_ties_are_the_figures_sources_print():
    odds = exact_odds(deck_counts(8), STANDARD)
    nine = exact_odds(deck_counts(8), PayoutSet(name="nine", banker_commission=Decimal("0.05"), tie_pays=9))
    decided = 1 - odds.probabilities[Winner.TIE]

    assert f"{float(odds.house_edge[BetKind.TIE]):.2%}" == "14.36%"
    assert f"{float(nine.house_edge[BetKind.TIE]):.2%}" == "4.84%"
    assert f"{float(odds.house_edge[BetKind.BANKER] / decided):.2%}" == "1.17%"
    assert f"{float(odds.house_edge[BetKind.PLAYER] / decided):.2%}" == "1.36%"
    # A Tie paying 9:1 returns 10 on a tie and loses 1 otherwise.
    assert nine.house_edge[BetKind.TIE] == 1 - 10 * odds.probabilities[Winner.TIE]


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_9_prints_the_lion_table_tie_nine_and_both_edge_conventions(learner_client, language):
    html = page(learner_client, "house-edge", language)
    odds = exact_odds(deck_counts(8), STANDARD)
    decided = 1 - odds.probabilities[Winner.TIE]

    for value in (
        odds.house_edge[BetKind.TIE],
        1 - 10 * odds.probabilities[Winner.TIE],
        odds.house_edge[BetKind.BANKER] / decided,
        odds.house_edge[BetKind.PLAYER] / decided,
    ):
        assert figure(value, 4, language) in html
    assert figure(odds.house_edge[BetKind.BANKER] / decided, 2, language) in html

    # The pay table, in order: the natural line, then margins 9 down to 4, each with how often it comes up.
    lion = html[html.index("Lion Bonus pay table") if language == "en" else html.index("30:1") - 2000 :]
    ratios = re.findall(r"<td>(\d+:\d+)</td>", lion)[:7]
    assert ratios == ["1:1"] + [f"{LION_BY_MARGIN[margin]}:1" for margin in (9, 8, 7, 6, 5, 4)]
    for margin in (9, 4):
        banker = sum(
            (
                p
                for outcome, p in odds.distribution.items()
                if outcome.winner is Winner.BANKER and not outcome.natural and outcome.margin == margin
            ),
            Fraction(0),
        )
        assert figure(banker, 2, language) in lion


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_9s_lion_example_text_is_the_engines_settlement_of_its_cards(learner_client, language):
    cards = LESSONS["house-edge"].examples[0].cards
    outcome = Coup.from_cards(Card.parse(token) for token in cards).outcome
    [result] = settle([Bet(BetKind.LION_BANKER, Decimal(10))], outcome, STANDARD)

    html = page(learner_client, "house-edge", language)

    assert (outcome.winner, outcome.natural, outcome.margin) == (Winner.BANKER, False, 7)
    assert (result.winnings, result.returned) == (Decimal("60.00"), Decimal("70.00"))
    assert f"{LION_BY_MARGIN[outcome.margin]}:1" in html
    assert amount("60.00", language) in html and amount("70.00", language) in html
    assert "Battuta" in html and "Égalité" in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_6_settles_player_and_banker_together_as_the_engine_does(learner_client, language):
    html = page(learner_client, "settlement", language)
    outcome = Coup.from_cards(Card.parse(t) for t in ["2C", "4H", "3S", "4D"]).outcome
    results = settle([Bet(BetKind.PLAYER, Decimal(10)), Bet(BetKind.BANKER, Decimal(10))], outcome, STANDARD)
    back = sum(result.returned for result in results)

    assert back == Decimal("19.50") and 80 + back == Decimal("99.50")
    for text in ("19.50", "0.50", "99.50", "−0.50", "100.00"):
        assert amount(text, language) in html
    assert "-0" not in html  # a loss carries a real minus sign


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_4_prints_the_table_limits_of_the_preset(learner_client, language):
    html = page(learner_client, "first-stake", language)
    table = STANDARD_TABLE

    to = {"en": "to", "de": "bis", "id": "sampai"}[language]
    assert f"{int(table.min_bet)} {to} {int(table.max_bet)}" in html
    assert f"{int(table.lion_min)} {to} {int(table.lion_max)}" in html
    assert (table.min_bet, table.max_bet, table.lion_min, table.lion_max) == (5, 100, 10, 50)


# --- The worked examples, with and without htmx --------------------------------------------------------


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_the_two_spot_example_ends_at_99_50(learner_client, learner, headers):
    url = reverse("lessons:example-confirm", args=["settlement", "both-spots"])
    stakes = {"round": "1", "stake_player": "10", "stake_banker": "10"}
    confirmed = learner_client.post(url, stakes, headers=headers)
    if headers:
        assert b"<html" not in confirmed.content
        balance = parse(confirmed.content).definitions()["Sandbox balance"]
        assert balance.text == balance.find("strong").text == "80.00 chips"
    else:
        assert confirmed.status_code == HTTPStatus.FOUND

    for index in range(4):
        response = learner_client.post(
            reverse("lessons:example-deal", args=["settlement", "both-spots"]),
            {"round": "1", "card": str(index)},
            headers=headers,
        )
        assert response.status_code == (HTTPStatus.OK if headers else HTTPStatus.FOUND)

    seat = example_seat(learner, "settlement", "both-spots")
    assert seat.balance == Decimal("99.50")
    ledger_verify(seat)
    if headers:
        assert "Your balance is now <strong>99.50 chips</strong>" in response.content.decode()
    else:
        html = page(learner_client, "settlement")
        assert "Your balance is now <strong>99.50 chips</strong>" in html


def test_the_lion_example_deals_its_five_cards_one_per_click(learner_client, learner):
    responses = deal_example(learner_client, "house-edge", "lion-bonus")

    assert len(responses) == 5
    assert all(b"<html" not in response.content for response in responses)
    assert 'aria-label="jack of hearts"' in responses[-1].content.decode()
    html = page(learner_client, "house-edge")
    assert 'id="example-lion-bonus"' in html


# --- The exercises: generated over many seeds, graded on the server ------------------------------------


def lion_answer(prompt: str) -> Decimal:
    """What a Lion Bonus question's stake brings back, worked out from its prompt and the reference table."""
    stake = Decimal(re.search(r"You stake (\d+)", prompt).group(1))
    side = re.search(r"Lion Bonus on (\w+)", prompt).group(1).lower()
    player, banker = map(int, re.search(r"Player (\d) to Banker (\d)", prompt).groups())
    natural = "No natural" not in prompt
    winner = "player" if player > banker else "banker" if banker > player else "tie"
    if natural:
        return stake if winner == "tie" else 2 * stake if winner == side else Decimal(0)
    margin = abs(player - banker)
    if winner == side and margin in LION_BY_MARGIN:
        return stake * (1 + LION_BY_MARGIN[margin])
    return Decimal(0)


def test_generated_lion_questions_agree_with_the_reference_pay_table_over_many_seeds():
    seen = set()
    for seed in range(600):
        question = exercises.question_for("house-edge", 7, random.Random(seed))
        if "Lion Bonus" not in question.prompt:
            continue
        assert Decimal(question.answer) == lion_answer(question.prompt), question.prompt
        assert question.form == "numbers" and question.why
        seen.add(question.why.split(" ")[0] + str(Decimal(question.answer) > 0))
    # Wins by a natural, by a margin, pushes and losses all come up.
    assert len(seen) >= 4


def test_generated_lion_coups_are_real_coups():
    """A made-up Lion Bonus question never shows totals a coup cannot end on (a natural of 7, say)."""
    for seed in range(300):
        question = exercises.question_for("house-edge", 7, random.Random(seed))
        if "Lion Bonus" not in question.prompt:
            continue
        player, banker = map(int, re.search(r"Player (\d) to Banker (\d)", question.prompt).groups())
        if "No natural" not in question.prompt:
            assert max(player, banker) >= 8


def test_generated_stake_questions_on_limits_follow_the_preset():
    for seed in range(300):
        question = exercises.question_for("stake", 3, random.Random(seed))
        match = re.search(r"Can you confirm (\d+) on", question.prompt)
        if match is None:
            continue
        fits = STANDARD_TABLE.min_bet <= int(match.group(1)) <= STANDARD_TABLE.max_bet
        assert question.answer == ("yes" if fits else "no")


def test_generated_questions_of_lesson_9_cover_the_new_kinds():
    prompts = [exercises.question_for("house-edge", 7, random.Random(seed)).prompt for seed in range(200)]
    for words in ("Lion Bonus", "pays Tie 9:1", "A book gives", "German casino variant"):
        assert any(words in prompt for prompt in prompts), words


def test_the_scripted_additions_come_right_after_the_questions_that_complete_each_lesson():
    rng = random.Random(0)
    stake = [exercises.question_for("stake", index, rng) for index in range(3)]
    settlement = exercises.question_for("settlement", 5, rng)
    edge = [exercises.question_for("house-edge", index, rng) for index in range(3, 7)]

    assert stake[1].answer == "80.00|20.00" and stake[2].answer == "no"
    assert settlement.answer == "99.50" and "−0.50" in settlement.why
    assert edge[0].answer == "70.00"
    assert [question.answer for question in edge[1:]] == ["nine", "both", "natural"]
    assert (LESSONS["first-stake"].required, LESSONS["settlement"].required) == (3, 5)
    assert LESSONS["house-edge"].required == 3


def right_answer(question: dict) -> dict:
    if question["form"] == "choice":
        return {"answer": question["answer"]}
    values = question["answer"].split("|")
    return {f"answer_{name}": value for (name, _), value in zip(question["fields"], values, strict=True)}


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_two_spot_question_is_asked_graded_and_explained_on_the_server(
    learner_client, learner, headers, language
):
    """Answer lesson 6's five scripted cases, then the two-spot question, in each language."""
    for _ in range(6):
        page(learner_client, "settlement", language)
        issued = IssuedQuestion.objects.filter(user=learner).latest("created_at", "id")
        question = issued.question
        response = learner_client.post(
            reverse("lessons:exercise-answer", args=["settlement"]),
            {"token": issued.nonce, **right_answer(question)},
            headers=headers,
            HTTP_ACCEPT_LANGUAGE=language,
            follow=not headers,  # a plain post redirects to the page that shows the answer
        )
        assert response.status_code == HTTPStatus.OK
    html = response.content.decode()

    assert question["answer"] == "99.50"
    assert amount("99.50", language) in html and amount("−0.50", language) in html
    assert (b"<html" in response.content) is not bool(headers)
    # Five right answers complete the lesson; the sixth is practice, recorded but not counted in it.
    assert LessonProgress.objects.get(user=learner, lesson__slug="settlement").correct == 5
    assert Attempt.objects.filter(user=learner, lesson__slug="settlement", correct=True).count() == 6
