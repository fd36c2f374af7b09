"""Lesson 10: side bets and other tables. Every figure on the page is the engine's, in every language; the
worked example deals one card per click; the exercise is graded by the engine's settlement."""

from __future__ import annotations

import random
import re
from decimal import Decimal
from fractions import Fraction
from http import HTTPStatus

import pytest
from django.urls import reverse
from django.utils import translation

from baccarat import EZ, STANDARD, TABLES, Bet, Card, Coup, Paid, bet_spec, odds_for_decks, settle
from baccarat.payouts import kind_of
from lessons import exercises, side_bets
from lessons.course import COURSE, LESSONS
from lessons.exercises.side_bets import KIND, generate_side_bets
from progress.models import Attempt, Lesson, LessonProgress
from table.amounts import exact_decimal
from table.explain import percent_sign, percent_text
from table.models import Round
from tests.lessons.test_exercises import answer, current
from tests.lessons.test_lessons import deal_example, example_seat
from tests.support import HX, LANGUAGES, parse

SLUG = side_bets.SLUG
URL = reverse("lessons:lesson", args=[SLUG])


def _percent(value, language: str) -> str:
    with translation.override(language):
        return percent_sign(percent_text(value * 100))


def _get(client, language: str) -> str:
    client.cookies["language"] = language
    response = client.get(URL)
    assert response.status_code == HTTPStatus.OK
    return response.content.decode()


# --- its place in the course ---------------------------------------------------------------------


def test_the_lesson_comes_after_the_house_edge_and_before_the_scoreboards():
    slugs = [spec.slug for spec in COURSE]
    assert slugs.index("house-edge") + 1 == slugs.index(SLUG) == slugs.index("scoreboards-and-systems") - 1
    assert LESSONS[SLUG].number == 10 and LESSONS[SLUG].exercise == KIND in exercises.EXERCISES


def test_loading_the_course_puts_the_lesson_in_its_row(db):
    assert Lesson.objects.get(slug=SLUG).number == 10
    assert list(Lesson.objects.values_list("number", flat=True)) == list(range(1, len(COURSE) + 1))


# --- the page ------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_prints_every_side_bets_exact_edge_at_six_and_eight_decks(learner_client, language):
    page = parse(_get(learner_client, language))
    rows = {row.attrs["data-bet"]: row for row in page.find_all("tr") if "data-bet" in row.attrs}
    assert set(rows) == set(TABLES["ez"].side_bets)
    for key, row in rows.items():
        for decks in (6, 8):
            cell = row.find("td", **{"data-decks": str(decks)})
            assert cell.text == _percent(odds_for_decks(decks, EZ).house_edge[key], language), (key, decks)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_prints_the_three_tables_main_edges(learner_client, language):
    page = parse(_get(learner_client, language))
    assert {row.attrs["data-table"] for row in page.find_all("tr") if "data-table" in row.attrs} == set(
        TABLES
    )
    for key, rules in TABLES.items():
        edges = odds_for_decks(rules.decks, rules.payouts).house_edge
        text = page.find("tr", **{"data-table": key}).text
        for bet in ("player", "banker", "tie"):
            assert _percent(edges[bet], language) in text, (key, bet)


def test_the_page_says_every_side_bet_costs_more_than_player_and_banker(learner_client):
    html = _get(learner_client, "en")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    assert "Every side bet loses more per chip, on average, than a bet on Player or Banker." in text
    assert side_bets.side_lowest() > side_bets.main_highest()
    assert "no commission to work out" in text and "push" in text
    share = side_bets.seven_share()
    assert _percent(share, "en") in text
    assert _percent(odds_for_decks(8, EZ).house_edge["banker"], "en") in text


@pytest.mark.parametrize("language", ["de", "id"])
def test_the_page_is_translated(learner_client, language):
    english, translated = _get(learner_client, "en"), _get(learner_client, language)
    for sentence in (
        "Every side bet loses more per chip",
        "Why side bets cost more",
        "What each side bet pays",
    ):
        assert sentence in english and sentence not in translated


# --- the worked example --------------------------------------------------------------------------


def test_the_example_deals_one_card_per_click_to_an_ez_three_card_seven(learner_client, learner):
    learner_client.get(URL)
    key = side_bets.EXAMPLE
    responses = deal_example(learner_client, SLUG, key)
    scripted = LESSONS[SLUG].examples[0].cards
    assert len(responses) == len(scripted)
    assert all(b"<html" not in response.content for response in responses)
    assert all(response.status_code == HTTPStatus.OK for response in responses)
    assert Round.objects.get(seat=example_seat(learner, SLUG, key)).card_tokens == list(scripted)
    outcome = Coup.from_cards(Card.parse(token) for token in scripted).outcome
    [banker, dragon, pair, perfect] = settle(
        [Bet(kind_of(k), Decimal(5)) for k in ("banker", "dragon_7", "player_pair", "perfect_pair")],
        outcome,
        EZ,
    )
    assert (banker.case.paid, dragon.case.paid, pair.case.paid, perfect.case.paid) == (
        Paid.PUSH_THREE_CARD_SEVEN,
        Paid.WON_THREE_CARD_SEVEN,
        Paid.WON_PAIR,
        Paid.LOST,
    )


def test_the_example_text_settles_the_stakes_as_the_engine_does(learner_client):
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", _get(learner_client, "en")))
    figures = side_bets.example()
    stakes = side_bets.EXAMPLE_STAKES
    results = settle([Bet(k, a) for k, a in stakes.items()], side_bets.example_outcome(), EZ)
    for result in results:
        assert f"{result.returned:.2f}" in text
    assert figures["values"]["returned"]["banker"] == stakes[kind_of("banker")]
    assert f"{bet_spec('dragon_7').cases(EZ)[0].pays:.0f}:1" in text


# --- the exercise --------------------------------------------------------------------------------


def _fields(html: str) -> list[str]:
    return re.findall(r'name="answer_([a-z_0-9]+)"', html[html.index('id="exercise"') :])


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_right_answer_counts_and_a_wrong_one_shows_the_engines_amounts(learner_client, learner, headers):
    token, prompt = current(learner_client, SLUG)
    assert "EZ table" in prompt and "Dragon 7" in prompt
    right = {"answer_dragon_7": "200", "answer_player_pair": "55", "answer_perfect_pair": "0"}
    response = answer(learner_client, SLUG, token, headers, **right)
    assert response.status_code == HTTPStatus.OK and "✓ Right." in response.content.decode()

    token, prompt = current(learner_client, SLUG)
    assert "Panda 8" in prompt
    response = answer(
        learner_client,
        SLUG,
        token,
        headers,
        answer_either_pair="0",
        answer_banker_pair="0",
        answer_panda_8="10",
    )
    html = response.content.decode()
    assert "✗ Not quite." in html and "250.00" in html
    progress = LessonProgress.objects.get(user=learner, lesson__slug=SLUG)
    assert (progress.attempts, progress.correct) == (2, 1)


def test_amounts_are_read_in_the_learners_language(learner_client, learner):
    learner_client.cookies["language"] = "de"
    token, _prompt = current(learner_client, SLUG)
    with translation.override("de"):
        response = answer(
            learner_client,
            SLUG,
            token,
            HX,
            answer_dragon_7="200,00",
            answer_player_pair="55",
            answer_perfect_pair="0",
        )
    assert response.status_code == HTTPStatus.OK
    assert Attempt.objects.get(user=learner).correct


@pytest.mark.parametrize("amount", ["", "lots", "1e999", "NaN", "<b>5</b>"])
def test_bad_amounts_are_a_clear_400_and_count_nothing(learner_client, learner, amount):
    token, _ = current(learner_client, SLUG)
    response = answer(
        learner_client,
        SLUG,
        token,
        HX,
        answer_dragon_7=amount,
        answer_player_pair="55",
        answer_perfect_pair="0",
    )
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert not Attempt.objects.exists()


@pytest.mark.parametrize("seed", range(40))
def test_generated_questions_are_the_engines_settlement_of_their_cards(seed):
    question = generate_side_bets(random.Random(seed))
    assert question == generate_side_bets(random.Random(seed))
    outcome = Coup.from_cards(Card.parse(token) for token in question.cards).outcome
    amounts = question.answer.split("|")
    assert len(amounts) == len(question.fields) == 3
    for (name, _label), amount in zip(question.fields, amounts, strict=True):
        assert bet_spec(name).family != "lion" and Decimal(amount) >= 0
    assert outcome is not None


def test_generated_questions_include_winning_side_bets():
    wins = 0
    for seed in range(40):
        question = generate_side_bets(random.Random(seed))
        wins += any(Decimal(amount) > 0 for amount in question.answer.split("|"))
    assert 10 <= wins <= 30


# --- the figures the lesson may print (read by tests/lessons/test_figures.py) ---------------------


def side_bets_figures() -> dict[str, Decimal]:
    """Every number lesson 10 prints, worked out from the engine here, apart from the lesson's module."""
    figures: dict[str, Decimal] = {}
    ez = TABLES["ez"]
    for key in ez.side_bets:
        pays = sorted(case.pays for case in bet_spec(key).cases(EZ))  # a pay table prints its range
        figures[f"{key} pays at least"], figures[f"{key} pays at most"] = pays[0], pays[-1]
        for decks in (6, 8):
            figures[f"{key} edge {decks}"] = exact_decimal(odds_for_decks(decks, EZ).house_edge[key] * 100, 4)
        figures[f"{key} decks"] = Decimal(6)
    main = []
    for key, rules in TABLES.items():
        figures[f"{key} decks"] = Decimal(rules.decks)
        edges = odds_for_decks(rules.decks, rules.payouts).house_edge
        for bet in ("player", "banker", "tie"):
            figures[f"{key} {bet}"] = exact_decimal(edges[bet] * 100, 4)
        main += [edges["player"], edges["banker"]]
    figures["commission"] = STANDARD.banker_commission * 100
    distribution = odds_for_decks(8, EZ).distribution
    seven = sum(
        (
            p
            for o, p in distribution.items()
            if o.winner.value == "banker" and o.banker_count == 3 and o.banker_total == 7
        ),
        Fraction(0),
    )
    figures["three-card 7 share"] = exact_decimal(seven * 100, 4)
    figures["highest main edge"] = exact_decimal(max(main) * 100, 4)
    outcome = Coup.from_cards(Card.parse(token) for token in LESSONS[SLUG].examples[0].cards).outcome
    stakes = {"banker": 20, "dragon_7": 5, "player_pair": 5, "perfect_pair": 5}
    results = settle([Bet(kind_of(k), Decimal(a)) for k, a in stakes.items()], outcome, EZ)
    figures |= {f"example stake {k}": Decimal(a) for k, a in stakes.items()}
    figures |= {f"example returns {r.bet.kind}": r.returned for r in results if r.returned}
    figures |= {f"example winnings {r.bet.kind}": r.winnings for r in results if r.winnings}
    figures["example staked"] = Decimal(sum(stakes.values()))
    figures["example returned"] = sum((r.returned for r in results), Decimal(0))
    [standard] = settle([Bet(kind_of("banker"), Decimal(20))], outcome, STANDARD)
    figures["example standard returns"] = standard.returned
    return figures
