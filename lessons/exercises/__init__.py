"""The course's exercises: scripted questions first, then generated ones, graded with the rule that decides.

Design overview: an exercise kind is a list of scripted questions (the cases
of seed 004, in order) and a generator of new ones, one module per kind, put
together in ``registry.EXERCISES``. A question is a frozen ``Question``
(``question.py``), kept on the server by ``lessons.questions`` as its
``as_data()`` dict until it is answered (the page gets only its nonce); it
carries its own right answer and the sentence of the rule that decides, both
computed by the rules engine (never typed in), so grading (``grading.py``)
needs no second source of truth. The sentences of the Banker table's rules
and the Banker-cell question are the table's own (``table.explain``,
``table.coach``).
"""

from lessons.exercises.banker_table import banker_table_question
from lessons.exercises.betting_systems import (
    ROAD_CHOICES,
    SYSTEM_BASE,
    SYSTEM_MAXIMUM,
    martingale_question,
    road_cells,
    road_choices,
    road_question,
    system_loss_question,
    table_limit_question,
)
from lessons.exercises.card_values import card_value_question
from lessons.exercises.counting import counting_question
from lessons.exercises.drawing import banker_stood_question, new_total_question, player_rule_question
from lessons.exercises.grading import BadAnswer, normalise
from lessons.exercises.house_edges import (
    convention_question,
    german_words_question,
    lowest_edge_question,
    six_question,
    streak_question,
    tie_nine_question,
    tie_question,
)
from lessons.exercises.lion import lion_question
from lessons.exercises.naturals import natural_question
from lessons.exercises.question import Question
from lessons.exercises.registry import EXERCISES, Exercise, grade, question_for
from lessons.exercises.results import results_question
from lessons.exercises.settlement import settlement_question, spots_question
from lessons.exercises.stake import limit_question, stake_question

__all__ = [
    "EXERCISES",
    "ROAD_CHOICES",
    "SYSTEM_BASE",
    "SYSTEM_MAXIMUM",
    "BadAnswer",
    "Exercise",
    "Question",
    "banker_stood_question",
    "banker_table_question",
    "card_value_question",
    "convention_question",
    "counting_question",
    "german_words_question",
    "grade",
    "limit_question",
    "lion_question",
    "lowest_edge_question",
    "martingale_question",
    "natural_question",
    "new_total_question",
    "normalise",
    "player_rule_question",
    "question_for",
    "results_question",
    "road_cells",
    "road_choices",
    "road_question",
    "settlement_question",
    "six_question",
    "spots_question",
    "stake_question",
    "streak_question",
    "system_loss_question",
    "table_limit_question",
    "tie_nine_question",
    "tie_question",
]
