"""What the demo is: its accounts, its class, and what each demo learner has done.

Data only; ``manage.py seed_demo`` (``ops/management/commands/seed_demo.py``)
writes it through the app's services. The demo coups are checked by the tests:
each string is exactly one coup's cards, so a learner's rounds can be dealt
from one arranged shoe.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal

from lessons.course import COURSE
from progress.models import Assignment
from table.presets import PRESETS

DEMO_INSTRUCTOR = "demo-teacher"
DEMO_INSTRUCTOR_PASSWORD = "demo-teacher-pass"
DEMO_LEARNER_PASSWORD = "demo-learner-pass"
DEMO_CLASS = "Demo class"
DEMO_STARTING_BALANCE = Decimal("100.00")
#: The demo class offers every table and every side bet any of them takes, so the demo shows them all.
DEMO_PRESETS = tuple(PRESETS)
DEMO_SIDE_BETS = tuple(dict.fromkeys(key for preset in PRESETS.values() for key in preset.side_bets))
DEMO_EMAIL_DOMAIN = "example.com"

#: A join code closer to its expiry than this is extended, so the printed code works for the demo.
JOIN_CODE_MARGIN = timedelta(days=7)

# --- The demo coups: each string is exactly one coup's cards, in deal order -----------------

PLAYER_NATURAL = "4S 2H 4D 3C"  # Player 8 (natural) against 5
BANKER_NATURAL = "2C 4H 3S 4D"  # Banker 8 (natural) against 5
TIE_THREES = "5H 3S KC JD 8H"  # Player draws an 8: 3 all, Banker stands on 3 against an 8
BANKER_DRAWS_TO_NINE = "3D 4C 2S KH 2C 5S"  # Banker 4 draws against a 2: Banker 9, Player 7
NATURAL_TIE = "9C 7D KH 2S"  # two naturals: 9 all
BANKER_SEVEN = "6H 7C KS QD"  # both stand: Banker 7, Player 6
PLAYER_SEVEN = "7D 6S JC QH"  # both stand: Player 7, Banker 6
PLAYER_DRAWS_TO_NINE = "2H 3D 3C 2S 4H 9C"  # Player 9, Banker 4
PLAYER_EIGHT = "KD 6C 8S QS"  # Player 8 (natural) against 6
BANKER_SIX = "2D 3H 3S 3C 9S"  # Player draws a 9: Banker wins with 6 against 4

DEMO_COUPS = (
    PLAYER_NATURAL,
    BANKER_NATURAL,
    TIE_THREES,
    BANKER_DRAWS_TO_NINE,
    NATURAL_TIE,
    BANKER_SEVEN,
    PLAYER_SEVEN,
    PLAYER_DRAWS_TO_NINE,
    PLAYER_EIGHT,
    BANKER_SIX,
)

#: The demo class's assignments, made with the class: (kind, lesson slug or None, due in days from now).
#: Lesson 3 was due five days ago, so the class shows every status: done (learners 1 and 2), done late
#: (learner 4 finished it four days ago) and missing (3 and 5); the two masteries are due later, and
#: only learner 1 has one of them (the payout drill).
DEMO_ASSIGNMENTS = (
    (Assignment.Kind.LESSON, "counting-totals", -5),
    (Assignment.Kind.DRILL_MASTERY, None, 7),
    (Assignment.Kind.PAYOUT_MASTERY, None, 14),
)

#: Cards left in the shoe after the demo rounds: fewer than a coup needs, so the next confirm shuffles.
SHOE_TAIL = ("7H", "8D")


@dataclass(frozen=True)
class Play:
    """One table round: the coup's cards, the stakes, and a restart with starting chips afterwards."""

    cards: str
    stakes: dict[str, int]
    reset_after: bool = False


@dataclass(frozen=True)
class LearnerPlan:
    """What one demo learner has done."""

    number: int
    first_name: str
    #: How long ago the learner started; lessons follow about a day apart.
    days_ago: int
    #: Lessons completed, in course order (wrong answers on each, taken in turn from ``slips``).
    completed: int = 0
    slips: tuple[int, ...] = (0,)
    #: The next lesson, started but not completed: (right answers, wrong answers).
    started: tuple[int, int] | None = None
    #: Drill: cells answered right three times in a row (mastered), and cells answered with mistakes.
    drill_mastered: int = 0
    drill_shaky: int = 0
    #: The share of wrong answers, in the drill's shaky cells and in coach-mode calls.
    error_rate: float = 0.1
    rounds: tuple[Play, ...] = field(default_factory=tuple)

    @property
    def username(self) -> str:
        return f"demo-learner-{self.number}"


LEARNERS: tuple[LearnerPlan, ...] = (
    LearnerPlan(
        1,
        "Ada",
        days_ago=16,
        completed=len(COURSE),  # the whole course
        slips=(0, 1, 0, 2, 0, 1, 1, 0, 0),
        drill_mastered=60,
        drill_shaky=8,
        error_rate=0.25,
        rounds=(
            Play(PLAYER_NATURAL, {"player": 10}),
            Play(BANKER_NATURAL, {"banker": 20}),
            Play(TIE_THREES, {"player": 10, "tie": 5}),
            Play(BANKER_DRAWS_TO_NINE, {"banker": 20}),
            Play(NATURAL_TIE, {"banker": 10}),
            Play(BANKER_SEVEN, {"player": 15}),
            Play(PLAYER_SEVEN, {"player": 25}),
            Play(PLAYER_DRAWS_TO_NINE, {"banker": 10, "tie": 5}),
            Play(PLAYER_EIGHT, {"player": 20}),
            Play(BANKER_SIX, {"banker": 30}),
        ),
    ),
    LearnerPlan(
        2,
        "Ben",
        days_ago=11,
        completed=4,
        slips=(1, 0, 2, 1),
        started=(1, 1),
        drill_mastered=12,
        drill_shaky=10,
        error_rate=0.3,
        rounds=(
            Play(PLAYER_NATURAL, {"player": 10}),
            Play(BANKER_SEVEN, {"player": 10}),
            Play(BANKER_DRAWS_TO_NINE, {"banker": 10}),
            Play(TIE_THREES, {"tie": 5}),
            Play(PLAYER_SEVEN, {"banker": 20}),
            Play(PLAYER_DRAWS_TO_NINE, {"player": 10}),
        ),
    ),
    LearnerPlan(
        3,
        "Cleo",
        days_ago=9,
        started=(2, 6),
        drill_shaky=5,
        error_rate=0.7,
        rounds=(
            Play(BANKER_NATURAL, {"tie": 20}),
            Play(PLAYER_DRAWS_TO_NINE, {"banker": 40}),
            Play(BANKER_SEVEN, {"player": 25}),
        ),
    ),
    LearnerPlan(
        4,
        "Dev",
        days_ago=6,
        completed=3,
        slips=(0, 3, 1),
        started=(1, 0),
        drill_mastered=3,
        drill_shaky=6,
        error_rate=0.4,
        rounds=(
            Play(BANKER_NATURAL, {"player": 100}, reset_after=True),
            Play(PLAYER_SEVEN, {"banker": 50}),
            Play(BANKER_DRAWS_TO_NINE, {"tie": 50}, reset_after=True),
            Play(PLAYER_NATURAL, {"player": 10}),
            Play(BANKER_SIX, {"banker": 20}),
            Play(NATURAL_TIE, {"tie": 5, "player": 10}),
            Play(BANKER_SEVEN, {"player": 30}),
            Play(PLAYER_EIGHT, {"banker": 25}),
        ),
    ),
    LearnerPlan(5, "Eli", days_ago=2),
)


#: The payout drill, by learner number: how many answers, and the seconds each took (cycled);
#: a time of 5 or more, or a ``None`` (a wrong answer), breaks the run. Learner 1 masters it.
PAYOUT_PLANS: dict[int, tuple[int, tuple[float | None, ...]]] = {
    1: (24, (3.8, 2.9, None, 4.2) + (3.1, 2.6, 4.4, 3.5) * 5),
    2: (12, (4.1, 6.3, 3.7, None, 4.8, 3.3)),
    4: (6, (7.5, None, 5.2)),
}
