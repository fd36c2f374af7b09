"""The exercise kinds: each one's scripted questions, its generator and its grader."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from decimal import Decimal
from functools import partial
from typing import Any, NamedTuple

from lessons.exercises.banker_table import banker_table_question, generate_banker_table
from lessons.exercises.betting_systems import (
    _FIRST_ROAD,
    _LETTERS,
    generate_systems,
    martingale_question,
    road_question,
    system_loss_question,
    table_limit_question,
)
from lessons.exercises.card_values import card_value_question, generate_card_value
from lessons.exercises.counting import counting_question, generate_counting
from lessons.exercises.drawing import (
    banker_stood_question,
    generate_drawing,
    new_total_question,
    player_rule_question,
)
from lessons.exercises.grading import normalise
from lessons.exercises.house_edges import (
    convention_question,
    generate_house_edge,
    german_words_question,
    lowest_edge_question,
    six_question,
    streak_question,
    tie_nine_question,
)
from lessons.exercises.lion import lion_question
from lessons.exercises.naturals import generate_natural, natural_question
from lessons.exercises.question import Question
from lessons.exercises.results import generate_results, results_question
from lessons.exercises.settlement import (
    coup_outcome,
    generate_settlement,
    natural_outcome,
    settlement_question,
    spots_question,
)
from lessons.exercises.side_bets import generate_side_bets, side_bet_question
from lessons.exercises.stake import generate_stake, limit_question, stake_question
from lessons.figures import example_cards, example_outcome


class Exercise(NamedTuple):
    """One exercise kind: its scripted questions in order, then its generator, and its grader."""

    scripted: list[Callable[[], Question]]
    generate: Callable[[random.Random], Question]
    grade: Callable[[Question, Mapping[str, str]], str] = normalise


def _lion_example() -> Question:
    """The Lion Bonus example's coup (lesson 9), asked as a question."""
    return lion_question("banker", 10, example_outcome("house-edge", "lion-bonus"))


#: The first road of lesson 10's exercise, from ``_FIRST_ROAD``'s letters.
_FIRST_ROAD_WINNERS = [_LETTERS[letter] for letter in _FIRST_ROAD]

EXERCISES: dict[str, Exercise] = {
    "results": Exercise(
        [partial(results_question, 8, 5), partial(results_question, 5, 8), partial(results_question, 3, 3)],
        generate_results,
    ),
    "card-values": Exercise(
        [
            partial(card_value_question, "KH"),
            partial(card_value_question, "AS"),
            partial(card_value_question, "7C"),
        ],
        generate_card_value,
    ),
    "counting": Exercise(
        [
            partial(counting_question, ["7H", "8C"]),
            partial(counting_question, ["4S", "4D"]),
            partial(counting_question, ["9D", "6S"]),
        ],
        generate_counting,
    ),
    "stake": Exercise(
        [
            partial(stake_question, Decimal(100), {"player": 10}),
            partial(stake_question, Decimal(100), {"player": 10, "banker": 10}),
            partial(limit_question, "banker", 150),
        ],
        generate_stake,
    ),
    "naturals": Exercise(
        [
            partial(natural_question, ["4S", "2H", "4D", "3C"]),
            partial(natural_question, ["5H", "3S", "KC", "JD"]),
        ],
        generate_natural,
    ),
    "settlement": Exercise(
        [
            partial(settlement_question, "player", 10, natural_outcome(8, 5)),
            partial(settlement_question, "player", 10, natural_outcome(5, 8)),
            partial(settlement_question, "player", 10, coup_outcome(3, 3)),
            partial(settlement_question, "tie", 10, coup_outcome(3, 3)),
            partial(settlement_question, "banker", 10, natural_outcome(5, 8)),
            # After the five cases of seed 004: lesson 6's two-spot example.
            partial(spots_question, {"player": 10, "banker": 10}, natural_outcome(5, 8)),
        ],
        generate_settlement,
    ),
    "drawing": Exercise(
        [
            partial(player_rule_question, 5),
            partial(new_total_question, 5, 8),
            partial(banker_stood_question, 6),
        ],
        generate_drawing,
    ),
    "banker-table": Exercise(
        [
            partial(banker_table_question, 4, 2),
            partial(banker_table_question, 4, 8),
            partial(banker_table_question, 3, 8),
        ],
        generate_banker_table,
    ),
    "house-edge": Exercise(
        [
            lowest_edge_question,
            streak_question,
            six_question,
            # After the three the lesson asks for: the Lion Bonus example's coup, then the other additions.
            _lion_example,
            tie_nine_question,
            partial(convention_question, "banker"),
            partial(german_words_question, "battuta"),
        ],
        generate_house_edge,
    ),
    "side-bets": Exercise(
        [
            # The lesson's worked example: an EZ Banker win with three cards totalling 7, Player on a pair.
            partial(
                side_bet_question,
                "ez",
                example_cards("side-bets-and-tables", "ez-three-card-seven"),
                {"dragon_7": 5, "player_pair": 5, "perfect_pair": 5},
            ),
            # Player wins 8 to 6 with three cards: a Panda 8.
            partial(
                side_bet_question,
                "ez",
                ("2H", "KS", "3C", "6D", "3D"),
                {"either_pair": 10, "banker_pair": 10, "panda_8": 10},
            ),
            # Banker's first two cards are two nines of hearts: every pair bet on Banker wins.
            partial(
                side_bet_question,
                "standard",
                ("4S", "9H", "5C", "9H"),
                {"banker_pair": 10, "either_pair": 10, "perfect_pair": 10},
            ),
        ],
        generate_side_bets,
    ),
    "systems": Exercise(
        [
            partial(road_question, _FIRST_ROAD_WINNERS),
            partial(martingale_question, 3),
            partial(table_limit_question, 7),
            partial(system_loss_question, "martingale", 2000),
        ],
        generate_systems,
    ),
}


def question_for(kind: str, index: int, rng: random.Random) -> Question:
    """The learner's next question: the ``index``-th scripted one, then generated ones drawn with ``rng``."""
    exercise = EXERCISES[kind]
    if index < len(exercise.scripted):
        return exercise.scripted[index]()
    return exercise.generate(rng)


def grade(question: Question | Mapping[str, Any], data: Mapping[str, str]) -> str:
    """The posted answer to ``question`` (fresh, or as stored: ``Question.as_data``) in its own form,
    by its kind's grader.

    :raises BadAnswer: if the answer is missing or not of the question's form.
    :raises KeyError: if a stored question lacks a field every question has.
    """
    if not isinstance(question, Question):
        question = Question.from_data(question)
    exercise = EXERCISES.get(question.kind)
    return (exercise.grade if exercise else normalise)(question, data)
