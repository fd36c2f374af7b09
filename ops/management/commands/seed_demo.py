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
``table.playing`` (``round_confirm``/``round_call``/``round_deal``) from an
arranged shoe, so every seat's balance equals the sum of its ledger. The demo
itself (accounts, class, each learner's plan) is data in ``ops/demo.py``. Only the timestamps of
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
from instructors.roles import INSTRUCTORS, ensure_instructors_group
from lessons import payout
from lessons.course import LESSONS
from lessons.services import drill_attempt_record, exercise_answer, exercise_next, lessons_load
from ops import demo
from progress.heatmap import CELLS, Cell
from progress.models import MASTERY_STREAK, Assignment, Attempt, Lesson, LessonProgress
from progress.services import lesson_visit, payout_answer_record
from table import coach, playing

ALLOW_ENV = "ALLOW_DEMO_SEED"
DEFAULT_BASE_URL = "http://127.0.0.1:8000"


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
    for plan in demo.LEARNERS:
        if User.objects.filter(username=plan.username).exists():
            report.learners_kept.append(plan.username)
            continue
        _learner(plan, classroom)
        report.learners_created.append(plan.username)
    return report, classroom


def _instructor(report: SeedReport):
    User = get_user_model()
    instructor = User.objects.filter(username=demo.DEMO_INSTRUCTOR).first()
    if instructor is None:
        instructor = User.objects.create_user(
            demo.DEMO_INSTRUCTOR,
            email=f"{demo.DEMO_INSTRUCTOR}@{demo.DEMO_EMAIL_DOMAIN}",
            password=demo.DEMO_INSTRUCTOR_PASSWORD,
            first_name="Demo",
            last_name="Teacher",
            is_staff=True,
        )
        report.instructor_created = True
    else:
        # Never reset a password someone changed on purpose; only say so in the login help.
        report.instructor_password_ok = instructor.check_password(demo.DEMO_INSTRUCTOR_PASSWORD)
        if not instructor.is_staff:
            instructor.is_staff = True
            instructor.save(update_fields=["is_staff"])
    instructor.groups.add(Group.objects.get(name=INSTRUCTORS))
    return instructor


def _classroom(instructor, report: SeedReport) -> Classroom:
    classroom = Classroom.objects.filter(name=demo.DEMO_CLASS, instructors=instructor).order_by("id").first()
    if classroom is None:
        classroom = Classroom.objects.create(
            name=demo.DEMO_CLASS,
            starting_balance=demo.DEMO_STARTING_BALANCE,
            presets=list(demo.DEMO_PRESETS),
            side_bets=list(demo.DEMO_SIDE_BETS),
        )
        classroom.instructors.add(instructor)
        report.class_created = True
        now = timezone.now()
        for kind, slug, days in demo.DEMO_ASSIGNMENTS:
            Assignment.objects.create(
                classroom=classroom,
                kind=kind,
                lesson=Lesson.objects.get(slug=slug) if slug else None,
                due_at=now + timedelta(days=days),
                created_by=instructor,
            )
    elif classroom.join_code_expires_at <= timezone.now() + demo.JOIN_CODE_MARGIN:
        # Keep the code (it may be written down already); only give it more time.
        classroom.join_code_expires_at = join_code_expiry()
        classroom.save(update_fields=["join_code_expires_at"])
        report.code_extended = True
    if (classroom.presets, classroom.side_bets) != (list(demo.DEMO_PRESETS), list(demo.DEMO_SIDE_BETS)):
        # A demo seeded before a table or side bet was added shows it too.
        classroom.presets, classroom.side_bets = list(demo.DEMO_PRESETS), list(demo.DEMO_SIDE_BETS)
        classroom.save(update_fields=["presets", "side_bets"])
    return classroom


def _learner(plan: demo.LearnerPlan, classroom: Classroom) -> None:
    user = get_user_model().objects.create_user(
        plan.username,
        email=f"{plan.username}@{demo.DEMO_EMAIL_DOMAIN}",
        password=demo.DEMO_LEARNER_PASSWORD,
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


def _lessons(user, plan: demo.LearnerPlan, rng: random.Random, start: datetime) -> None:
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


def _drill(user, plan: demo.LearnerPlan, rng: random.Random, start: datetime) -> None:
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
        drill_attempt_record(user=user, nonce=secrets.token_hex(8), cell=cell, answer=answer)
    when = start + timedelta(days=plan.days_ago / 2)
    drilled = list(Attempt.objects.filter(user=user, source=Attempt.Source.DRILL).order_by("id").only("id"))
    for index, attempt in enumerate(drilled):
        attempt.created_at = when + timedelta(seconds=20 * index)
    Attempt.objects.bulk_update(drilled, ["created_at"], batch_size=200)


def _payout(user, plan: demo.LearnerPlan, start: datetime) -> None:
    """Answer payout-drill questions with the plan's times; the right amounts come from the engine.

    Its own seeded generator, so the other demo data stays as it was before the payout drill.
    """
    rng = random.Random(f"seed_demo:payout:{plan.username}")
    count, times = demo.PAYOUT_PLANS.get(plan.number, (0, ()))
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


def _rounds(user, plan: demo.LearnerPlan, rng: random.Random) -> None:
    """Play the plan's rounds at the learner's table seat, answering coach-mode calls when it is on
    (coach mode is on for a learner who has not finished the course)."""
    seat = playing.seat_open(user)
    tokens = " ".join(play.cards for play in plan.rounds).split()
    # The cut card right after the demo coups: the shoe ends there, so the next confirm shuffles.
    playing.shoe_arrange(seat, tokens, tail=demo.SHOE_TAIL, cut=len(tokens))
    for play in plan.rounds:
        playing.round_play(seat, play.stakes, right=lambda: rng.random() >= plan.error_rate)
        if play.reset_after:
            playing.balance_reset(seat)


# --- Output --------------------------------------------------------------------------


def summary(report: SeedReport) -> str:
    parts = [
        f"instructor {demo.DEMO_INSTRUCTOR} {'created' if report.instructor_created else 'already there'}",
        f"class '{demo.DEMO_CLASS}' "
        + (
            f"created with {len(demo.DEMO_ASSIGNMENTS)} assignments"
            if report.class_created
            else "already there"
        ),
        f"learners created: {len(report.learners_created)}, already there: {len(report.learners_kept)}",
    ]
    if report.code_extended:
        parts.append("join code expiry extended")
    return "Demo data: " + "; ".join(parts) + "."


def login_help(classroom: Classroom, report: SeedReport, base_url: str) -> str:
    password = demo.DEMO_INSTRUCTOR_PASSWORD
    if not report.instructor_password_ok:
        password += " (changed since it was created; the command does not reset it)"
    first, second, last = (plan.username for plan in (demo.LEARNERS[0], demo.LEARNERS[1], demo.LEARNERS[-1]))
    expires = timezone.localtime(classroom.join_code_expires_at).date().isoformat()
    return "\n".join(
        [
            "",
            "Demo log-ins (local development only; these passwords are public):",
            f"  Instructor:  {base_url}/admin/",
            f"               username {demo.DEMO_INSTRUCTOR}    password {password}",
            f"  Learner:     {base_url}/accounts/login/",
            f"               username {first}  password {demo.DEMO_LEARNER_PASSWORD}",
            f"               (also {second} to {last}, same password)",
            f"  Class join code for '{classroom.name}': {classroom.join_code} (valid until {expires});",
            f"               a new learner signs up with it at {base_url}/accounts/signup/",
            "",
        ]
    )
