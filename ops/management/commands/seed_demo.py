"""``manage.py seed_demo``: a demo instructor, a demo class with three assignments and five learners
with varied progress.

For local development and demonstrations only: the accounts have fixed,
published passwords. The command refuses to run unless ``DEBUG`` is on or
the environment variable ``ALLOW_DEMO_SEED`` is ``1``.

Idempotent: the instructor and the class are looked up before they are
created, and a learner who already exists is skipped whole, so a second run
adds no user, class, progress, attempt, round or ledger entry. The class's
join code is kept once created (only its expiry is extended when it has run
out), so the printed code stays the same from run to run.

Everything a learner did is written through the app's own services: lesson
answers through ``exercise_answer`` (so progress and attempts agree), drill
answers through ``drill_attempt_record``, and table rounds through
``round_confirm``/``round_call``/``round_deal`` from an arranged shoe, so
every seat's balance equals the sum of its ledger. Only the timestamps of
progress and attempts are moved into the past afterwards, so the class
progress page shows a plausible history.
"""

from __future__ import annotations

import os
import random
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone

from accounts.models import Classroom, join_code_expiry
from accounts.services import classroom_join
from baccarat import Bet, BetKind, Coup, Shoe
from instructors.roles import INSTRUCTORS, ensure_instructors_group
from lessons import drill, payout
from lessons.course import COURSE, LESSONS
from lessons.services import exercise_answer, exercise_next, lessons_load
from progress.heatmap import CELLS, Cell
from progress.models import MASTERY_STREAK, Assignment, Attempt, Lesson, LessonProgress
from progress.services import lesson_visit, payout_answer_record
from table import coach
from table import services as table_services
from table.models import Round, Seat

DEMO_INSTRUCTOR = "demo-teacher"
DEMO_INSTRUCTOR_PASSWORD = "demo-teacher-pass"
DEMO_LEARNER_PASSWORD = "demo-learner-pass"
DEMO_CLASS = "Demo class"
DEMO_STARTING_BALANCE = Decimal("100.00")
DEMO_EMAIL_DOMAIN = "example.com"
ALLOW_ENV = "ALLOW_DEMO_SEED"
DEFAULT_BASE_URL = "http://127.0.0.1:8000"

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


@dataclass
class SeedReport:
    """What one run did, for the summary line."""

    instructor_created: bool = False
    class_created: bool = False
    code_extended: bool = False
    learners_created: list[str] = field(default_factory=list)
    learners_kept: list[str] = field(default_factory=list)
    instructor_password_ok: bool = True


class Command(BaseCommand):
    help = (
        "Create a demo instructor (demo-teacher / demo-teacher-pass), the class 'Demo class' and five "
        "demo learners (demo-learner-1 to -5 / demo-learner-pass) with varied progress and table "
        "rounds; then print how to log in. Idempotent: a second run changes nothing. The passwords "
        "are public, so the command refuses to run unless DEBUG is on or the environment variable "
        f"{ALLOW_ENV}=1 is set: demo accounts are never created on a production server by accident."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--quiet", action="store_true", help="Do not print how to log in (for scripts).")
        parser.add_argument(
            "--base-url",
            default=DEFAULT_BASE_URL,
            help=f"Where the site runs, for the printed addresses (default {DEFAULT_BASE_URL}).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.DEBUG and os.environ.get(ALLOW_ENV) != "1":
            raise CommandError(
                "seed_demo creates accounts with published passwords, so it runs only with DEBUG on "
                f"or with {ALLOW_ENV}=1 in the environment. Nothing was changed."
            )
        with transaction.atomic():
            report, classroom = seed()
        if options["verbosity"] > 0:
            self.stdout.write(summary(report))
        if not options["quiet"]:
            self.stdout.write(login_help(classroom, report, options["base_url"].rstrip("/")))


# --- Seeding -------------------------------------------------------------------------


def seed() -> tuple[SeedReport, Classroom]:
    """Create whatever part of the demo data is missing; return what was done and the demo class."""
    report = SeedReport()
    lessons_load()
    ensure_instructors_group()
    instructor = _instructor(report)
    classroom = _classroom(instructor, report)
    User = get_user_model()
    for plan in LEARNERS:
        if User.objects.filter(username=plan.username).exists():
            report.learners_kept.append(plan.username)
            continue
        _learner(plan, classroom)
        report.learners_created.append(plan.username)
    return report, classroom


def _instructor(report: SeedReport):
    User = get_user_model()
    instructor = User.objects.filter(username=DEMO_INSTRUCTOR).first()
    if instructor is None:
        instructor = User.objects.create_user(
            DEMO_INSTRUCTOR,
            email=f"{DEMO_INSTRUCTOR}@{DEMO_EMAIL_DOMAIN}",
            password=DEMO_INSTRUCTOR_PASSWORD,
            first_name="Demo",
            last_name="Teacher",
            is_staff=True,
        )
        report.instructor_created = True
    else:
        # Never reset a password someone changed on purpose; only say so in the login help.
        report.instructor_password_ok = instructor.check_password(DEMO_INSTRUCTOR_PASSWORD)
        if not instructor.is_staff:
            instructor.is_staff = True
            instructor.save(update_fields=["is_staff"])
    instructor.groups.add(Group.objects.get(name=INSTRUCTORS))
    return instructor


def _classroom(instructor, report: SeedReport) -> Classroom:
    classroom = Classroom.objects.filter(name=DEMO_CLASS, instructors=instructor).order_by("id").first()
    if classroom is None:
        classroom = Classroom.objects.create(
            name=DEMO_CLASS,
            starting_balance=DEMO_STARTING_BALANCE,
            presets=[],
        )
        classroom.instructors.add(instructor)
        report.class_created = True
        now = timezone.now()
        for kind, slug, days in DEMO_ASSIGNMENTS:
            Assignment.objects.create(
                classroom=classroom,
                kind=kind,
                lesson=Lesson.objects.get(slug=slug) if slug else None,
                due_at=now + timedelta(days=days),
                created_by=instructor,
            )
    elif classroom.join_code_expires_at <= timezone.now() + JOIN_CODE_MARGIN:
        # Keep the code (it may be written down already); only give it more time.
        classroom.join_code_expires_at = join_code_expiry()
        classroom.save(update_fields=["join_code_expires_at"])
        report.code_extended = True
    return classroom


def _learner(plan: LearnerPlan, classroom: Classroom) -> None:
    user = get_user_model().objects.create_user(
        plan.username,
        email=f"{plan.username}@{DEMO_EMAIL_DOMAIN}",
        password=DEMO_LEARNER_PASSWORD,
        first_name=plan.first_name,
        last_name="Demo",
    )
    classroom_join(user=user, code=classroom.join_code)
    rng = random.Random(f"seed_demo:{plan.username}")
    start = timezone.now() - timedelta(days=plan.days_ago)
    _lessons(user, plan, rng, start)
    _drill(user, plan, rng, start)
    _payout(user, plan, start)
    if plan.rounds:
        _rounds(user, plan, rng)


def _lessons(user, plan: LearnerPlan, rng: random.Random, start: datetime) -> None:
    lessons = list(Lesson.objects.filter(slug__in=LESSONS).order_by("number"))
    work = [
        (lesson, LESSONS[lesson.slug].required, plan.slips[i % len(plan.slips)], True)
        for i, lesson in enumerate(lessons[: plan.completed])
    ]
    if plan.started is not None and plan.completed < len(lessons):
        right, wrong = plan.started
        work.append((lessons[plan.completed], right, wrong, False))
    for day, (lesson, right, wrong, completes) in enumerate(work):
        # The completing answer comes last; the other answers in a shuffled order.
        answers = [True] * (right - 1 if completes else right) + [False] * wrong
        rng.shuffle(answers)
        if completes:
            answers.append(True)
        _study(user, lesson, answers, start + timedelta(hours=22 * day, minutes=rng.randrange(0, 90)), rng)


def _study(user, lesson: Lesson, answers: list[bool], when: datetime, rng: random.Random) -> None:
    """Visit the lesson and answer its exercise through the services; then date the visit ``when``."""
    progress = lesson_visit(user=user, lesson=lesson)
    for right in answers:
        question, token = exercise_next(user=user, lesson=lesson, progress=progress, rng=rng)
        exercise_answer(user=user, lesson=lesson, token=token, data=_answer(question, right))
        progress.refresh_from_db()
    reading = timedelta(minutes=4)
    attempts = list(Attempt.objects.filter(user=user, lesson=lesson).order_by("id").only("id"))
    for index, attempt in enumerate(attempts):
        attempt.created_at = when + reading + timedelta(seconds=45 * index)
    Attempt.objects.bulk_update(attempts, ["created_at"])
    spent = reading + timedelta(seconds=45 * len(attempts))
    LessonProgress.objects.filter(pk=progress.pk).update(
        started_at=when,
        last_visited=when + spent,
        seconds_spent=int(spent.total_seconds()),
        completed_at=when + spent if progress.completed_at is not None else None,
    )


def _answer(question: dict[str, Any], right: bool) -> dict[str, str]:
    """The form data of a right or a wrong answer to an exercise question."""
    answer = question["answer"]
    if question["form"] == "choice":
        if not right:
            answer = next(value for value, _ in question["choices"] if value != answer)
        return {"answer": answer}
    amounts = answer.split("|")
    if not right:
        amounts[0] = str(Decimal(amounts[0]) + 1)
    return {f"answer_{name}": amount for (name, _), amount in zip(question["fields"], amounts, strict=True)}


def _drill(user, plan: LearnerPlan, rng: random.Random, start: datetime) -> None:
    """Answer drill questions cell by cell: mastered cells end on a full streak, shaky ones on a slip."""
    cells = rng.sample(CELLS, plan.drill_mastered + plan.drill_shaky)
    answers: list[tuple[Cell, bool]] = []
    for cell in cells[: plan.drill_mastered]:
        answers += [(cell, rng.random() >= plan.error_rate)] + [(cell, True)] * MASTERY_STREAK
    for cell in cells[plan.drill_mastered :]:
        answers += [(cell, rng.random() >= plan.error_rate) for _ in range(rng.randint(1, 3))]
        answers.append((cell, False))
    for cell, right in answers:
        answer = coach.draw_answer(cell.draws == right)
        drill.drill_attempt_record(user=user, nonce=secrets.token_hex(8), cell=cell, answer=answer)
    when = start + timedelta(days=plan.days_ago / 2)
    drilled = list(Attempt.objects.filter(user=user, source=Attempt.Source.DRILL).order_by("id").only("id"))
    for index, attempt in enumerate(drilled):
        attempt.created_at = when + timedelta(seconds=20 * index)
    Attempt.objects.bulk_update(drilled, ["created_at"], batch_size=200)


def _payout(user, plan: LearnerPlan, start: datetime) -> None:
    """Answer payout-drill questions with the plan's times; the right amounts come from the engine.

    Its own seeded generator, so the other demo data stays as it was before the payout drill.
    """
    rng = random.Random(f"seed_demo:payout:{plan.username}")
    count, times = PAYOUT_PLANS.get(plan.number, (0, ()))
    moment = start + timedelta(days=plan.days_ago / 2, hours=1)
    for index in range(count):
        seconds = times[index % len(times)]
        kept = payout.read_question(payout.make_question(rng))
        expected = kept.expected()
        right = seconds is not None
        given = {name: value if right else value + 5 for name, value in expected.items()}
        issued_at = moment
        moment += timedelta(seconds=seconds if right else 4.0)
        payout_answer_record(
            user=user,
            nonce=secrets.token_hex(16),
            kind=kept.kind,
            question=payout.questions_data(kept),
            answer={name: str(value) for name, value in given.items()},
            correct=right,
            issued_at=issued_at,
            answered_at=moment,
        )
        moment += timedelta(seconds=2)


def _rounds(user, plan: LearnerPlan, rng: random.Random) -> None:
    """Play the plan's rounds at the learner's table seat, answering coach-mode calls when it is on."""
    seat = table_services.seat_open(user=user)
    coach_on = seat.coach_mode  # on for a learner who has not finished the course
    _arrange_shoe(seat, [play.cards for play in plan.rounds])
    for play in plan.rounds:
        bets = [Bet(BetKind(kind), Decimal(amount)) for kind, amount in play.stakes.items()]
        round = table_services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets)
        while True:
            round = Round.objects.get(pk=round.pk)
            coup = Coup.replay(round.card_tokens) if round.cards else None
            question = coach.pending(coup, round.calls) if coach_on else None
            if question is not None:
                _call(seat, round, question, right=rng.random() >= plan.error_rate)
            elif round.state == Round.State.SETTLED:
                break
            else:
                table_services.round_deal(
                    user=seat.user,
                    seat_id=seat.pk,
                    round_number=round.number,
                    expected_index=len(round.card_tokens),
                )
        if play.reset_after:
            table_services.balance_reset(user=seat.user, seat_id=seat.pk)


def _arrange_shoe(seat: Seat, coups: list[str]) -> None:
    """Put the demo coups in the seat's shoe, with the cut card after them (the shoe ends there)."""
    tokens = " ".join(coups).split()
    shoe = Shoe.arranged([*tokens, *SHOE_TAIL], cut=len(tokens))
    shoe.decks = seat.table.decks
    Seat.objects.filter(pk=seat.pk).update(shoe_state=shoe.dumps(), shoe_number=seat.shoe_number + 1)
    seat.refresh_from_db()


def _call(seat: Seat, round: Round, question: coach.Question, *, right: bool) -> None:
    if question.key == coach.SETTLEMENT:
        amounts = {
            bet.kind: str(bet.returned_total if right else bet.returned_total + bet.amount)
            for bet in round.bets.all()
        }
        table_services.round_call(
            user=seat.user, seat_id=seat.pk, round_number=round.number, question=question.key, amounts=amounts
        )
        return
    draws_right, _ = coach.grade_draw(question, coach.DRAWS)
    answer = coach.DRAWS if draws_right == right else coach.STANDS
    table_services.round_call(
        user=seat.user, seat_id=seat.pk, round_number=round.number, question=question.key, answer=answer
    )


# --- Output --------------------------------------------------------------------------


def summary(report: SeedReport) -> str:
    parts = [
        f"instructor {DEMO_INSTRUCTOR} {'created' if report.instructor_created else 'already there'}",
        f"class '{DEMO_CLASS}' "
        + (f"created with {len(DEMO_ASSIGNMENTS)} assignments" if report.class_created else "already there"),
        f"learners created: {len(report.learners_created)}, already there: {len(report.learners_kept)}",
    ]
    if report.code_extended:
        parts.append("join code expiry extended")
    return "Demo data: " + "; ".join(parts) + "."


def login_help(classroom: Classroom, report: SeedReport, base_url: str) -> str:
    password = DEMO_INSTRUCTOR_PASSWORD
    if not report.instructor_password_ok:
        password += " (changed since it was created; the command does not reset it)"
    expires = timezone.localtime(classroom.join_code_expires_at).date().isoformat()
    return "\n".join(
        [
            "",
            "Demo log-ins (local development only; these passwords are public):",
            f"  Instructor:  {base_url}/admin/",
            f"               username {DEMO_INSTRUCTOR}    password {password}",
            f"  Learner:     {base_url}/accounts/login/",
            f"               username {LEARNERS[0].username}  password {DEMO_LEARNER_PASSWORD}",
            f"               (also {LEARNERS[1].username} to {LEARNERS[-1].username}, same password)",
            f"  Class join code for '{classroom.name}': {classroom.join_code} (valid until {expires});",
            f"               a new learner signs up with it at {base_url}/accounts/signup/",
            "",
        ]
    )
