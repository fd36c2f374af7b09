"""One factory per model. Seats are opened through the service so their ledger starts right."""

from __future__ import annotations

import secrets
from datetime import timedelta

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.utils import timezone

from accounts.models import Classroom, Membership, Profile
from baccarat import Shoe
from classtable import services as classtable_services
from classtable.models import ClassTable
from instructors.roles import INSTRUCTORS, ensure_instructors_group
from lessons.models import IssuedQuestion
from progress.models import Assignment, Attempt, DrillCell, Lesson, LessonProgress
from table import playing, services
from table.models import Seat


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"learner{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@school.example")
    password = factory.django.Password("correct horse battery staple")

    class Params:
        instructor = factory.Trait(is_staff=True, username=factory.Sequence(lambda n: f"instructor{n}"))


class ProfileFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Profile

    user = factory.SubFactory(UserFactory)
    language = ""


class ClassroomFactory(factory.django.DjangoModelFactory):
    """A class (a school one unless ``audience`` says otherwise); ``instructors=[...]`` teach it."""

    class Meta:
        model = Classroom
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Class {n}")

    @factory.post_generation
    def instructors(self, create, extracted, **kwargs):
        if create and extracted:
            self.instructors.add(*extracted)


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    user = factory.SubFactory(UserFactory)
    classroom = factory.SubFactory(ClassroomFactory)


def first_lesson() -> Lesson:
    """The course's lesson 1 (the test loads the course)."""
    return Lesson.objects.get(number=1)


class LessonProgressFactory(factory.django.DjangoModelFactory):
    """A learner's progress in a lesson: by default lesson 1, started and not completed."""

    class Meta:
        model = LessonProgress

    user = factory.SubFactory(UserFactory)
    lesson = factory.LazyFunction(first_lesson)


class AssignmentFactory(factory.django.DjangoModelFactory):
    """Lesson 1 for a class, due in a week; pass ``kind`` (and ``lesson=None``) for a drill target."""

    class Meta:
        model = Assignment

    classroom = factory.SubFactory(ClassroomFactory)
    kind = Assignment.Kind.LESSON
    lesson = factory.LazyAttribute(lambda a: first_lesson() if a.kind == Assignment.Kind.LESSON else None)
    due_at = factory.LazyFunction(lambda: timezone.now() + timedelta(days=7))


class DrillCellFactory(factory.django.DjangoModelFactory):
    """One cell of a learner's Banker-table drill: by default Banker 3 against a third card 8, unanswered."""

    class Meta:
        model = DrillCell

    user = factory.SubFactory(UserFactory)
    banker_total = 3
    third = "8"


class AttemptFactory(factory.django.DjangoModelFactory):
    """One answered drill question (the Banker table), right unless ``correct=False``."""

    class Meta:
        model = Attempt

    user = factory.SubFactory(UserFactory)
    source = Attempt.Source.DRILL
    kind = "banker-table"
    nonce = factory.LazyFunction(lambda: secrets.token_hex(16))
    question = factory.LazyFunction(dict)
    answer = "stands"
    correct = True


class IssuedQuestionFactory(factory.django.DjangoModelFactory):
    """A question kept on the server for a learner: by default the drill's Banker 4 against a third card 2.

    For a lesson's exercise, pass ``source=Attempt.Source.LESSON``, ``lesson`` and its ``question``.
    """

    class Meta:
        model = IssuedQuestion

    user = factory.SubFactory(UserFactory)
    nonce = factory.LazyFunction(lambda: secrets.token_hex(16))
    source = Attempt.Source.DRILL
    lesson = None
    question = factory.LazyFunction(
        lambda: {"kind": "banker-table", "banker_total": 4, "third": "2", "prompt": "", "answer": "draws"}
    )


class SeatFactory(factory.Factory):
    """A learner's practice-table seat with its starting chips granted through the ledger.

    ``cards``: tokens to arrange the shoe with (the test decides every card dealt).
    ``coach_mode``: off unless asked for (a new learner's seat has it on).
    """

    class Meta:
        model = Seat

    user = factory.SubFactory(UserFactory)

    #: Most tests deal straight through; coach-mode tests turn it on.
    coach_mode = False

    @classmethod
    def _create(cls, model_class, user, cards=None, preset=None, coach_mode=False, **kwargs):
        seat = services.seat_open(user=user, **kwargs)
        if not coach_mode:
            seat = services.seat_set_coach(user=seat.user, seat_id=seat.pk, on=False)
        if preset is not None:
            seat = services.seat_choose_preset(user=seat.user, seat_id=seat.pk, preset=preset)
        if cards is not None:
            arrange_shoe(seat, cards)
        return seat


def arrange_shoe(seat: Seat, cards: list[str] | str, *, filler: int = 12) -> Seat:
    """Put an arranged shoe in front of the seat: these cards first, then ``filler`` tens."""
    return playing.shoe_arrange(seat, cards, tail=["10S"] * filler)


def two_instructors_each_with_a_class() -> dict:
    """teacher-a teaching "Class A" and teacher-b teaching "Class B", both in the Instructors group.

    The scoping tests' common ground: what one instructor may see of the other's class.
    """
    ensure_instructors_group()
    group = Group.objects.get(name=INSTRUCTORS)
    a, b = (
        UserFactory(instructor=True, username="teacher-a"),
        UserFactory(instructor=True, username="teacher-b"),
    )
    for teacher in (a, b):
        teacher.groups.add(group)
    class_a = ClassroomFactory(name="Class A", instructors=[a])
    class_b = ClassroomFactory(name="Class B", instructors=[b])
    return {"a": a, "b": b, "class_a": class_a, "class_b": class_b}


class ClassTableFactory(factory.Factory):
    """An open class table, opened through the service by an instructor of a new class (or ``classroom``).

    ``learners``: how many members of the class sit down (``table.learners`` lists them, in order).
    ``cards``: tokens to arrange the shoe with (then ``filler`` tens): the test decides every card dealt.
    ``calls_draws``: off unless asked for.
    """

    class Meta:
        model = ClassTable

    @classmethod
    def _create(
        cls,
        model_class,
        classroom=None,
        dealer=None,
        preset="standard",
        calls_draws=False,
        learners=0,
        cards=None,
        filler=12,
    ):
        dealer = dealer or UserFactory(instructor=True)
        classroom = classroom or ClassroomFactory(instructors=[dealer])
        table = classtable_services.class_table_open(
            user=dealer, classroom_id=classroom.pk, preset=preset, calls_draws=calls_draws
        )
        if cards is not None:
            arrange_class_shoe(table, cards, filler=filler)
        seated = []
        for _ in range(learners):
            user = MembershipFactory(classroom=classroom).user
            classtable_services.seat_join(user=user, table_id=table.pk)
            seated.append(user)
        table.refresh_from_db()
        table.learners = seated
        return table


def arrange_class_shoe(table: ClassTable, cards: list[str] | str, *, filler: int = 12) -> ClassTable:
    """Put these cards (then ``filler`` tens) in front of the class table's shoe."""
    tokens = cards.split() if isinstance(cards, str) else list(cards)
    shoe = Shoe.arranged([*tokens, *["10S"] * filler])
    shoe.decks = table.table.decks
    ClassTable.objects.filter(pk=table.pk).update(shoe_state=shoe.dumps())
    table.refresh_from_db()
    return table
