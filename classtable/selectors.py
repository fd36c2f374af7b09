"""Every read of the class table, for the learners' view, the projector and the records. Writes nothing.

- ``table_version(table_id) -> (version, ended) | None`` — ONE indexed query, for the poll's 304.
- ``table_versions(table_id) -> (version, activity_version, ended) | None`` — the same query with the
  learners' activity counter (the control page's and projector's tags name both).
- ``open_table_for_learner(user)`` / ``open_table_for_class(classroom_id)`` — the open, not idle session.
- ``learner_view(user, table_id) -> LearnerView`` — state, hands, sentences, own bets, balance, roads.
- ``projector_view(table_id) -> ProjectorView`` — spots, the class's calls, who has not called.
- ``session_replay(user, table_id) -> list[list[str]]`` — the dealt tokens of each round of an ended session.
- ``class_records(user_ids) -> {user_id: ClassRecord}`` — rounds, calls, calls right.

No ranking by chips won anywhere: the class sees how well it reads the rules.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Q, Sum
from django.utils import timezone

from accounts.models import Membership
from baccarat import (
    BIG_EYE_BOY,
    COCKROACH_PIG,
    SMALL_ROAD,
    Coup,
    DerivedRoad,
    Step,
    Winner,
    bead_plate,
    big_road,
    derived_road,
)
from classtable.models import ClassBet, ClassCall, ClassPlay, ClassRound, ClassSeat, ClassTable, idle_after
from classtable.services.sessions import pending_decision, teaches
from table import coach
from table.explain import step_sentences
from table.models import Seat


def table_versions(table_id: int) -> tuple[int, int, bool] | None:
    """The table's version, its activity version and whether the session has ended (closed, or idle by
    now): one query."""
    row = (
        ClassTable.objects.filter(pk=table_id)
        .values_list("version", "activity_version", "state", "last_activity")
        .first()
    )
    if row is None:
        return None
    version, activity, state, last_activity = row
    ended = state == ClassTable.State.CLOSED or last_activity + idle_after() < timezone.now()
    return version, activity, ended


def table_version(table_id: int) -> tuple[int, bool] | None:
    """The table's version and whether the session has ended (closed, or idle by now): one query."""
    found = table_versions(table_id)
    return None if found is None else (found[0], found[2])


def _open(queryset):
    return queryset.filter(state=ClassTable.State.OPEN, last_activity__gte=timezone.now() - idle_after())


def open_table_for_class(classroom_id: int) -> ClassTable | None:
    return _open(ClassTable.objects.filter(classroom_id=classroom_id)).first()


def open_table_for_learner(user) -> ClassTable | None:
    """The open session of a class the learner is a member of ("Your class is playing"), if any."""
    classes = Membership.objects.filter(user=user).values("classroom")
    return _open(ClassTable.objects.filter(classroom__in=classes)).select_related("classroom").first()


def tables_for_instructor(user):
    """The sessions of the classes the instructor teaches, newest first."""
    return ClassTable.objects.filter(classroom__instructors=user).select_related("classroom", "dealer")


def latest_round(table: ClassTable) -> ClassRound | None:
    return ClassRound.objects.filter(table=table).order_by("-number").first()


def session_winners(table: ClassTable, shoe_number: int | None = None) -> list[Winner]:
    """The settled rounds' winners in order (of one shoe, by default the current one): the roads' input."""
    shoe = table.shoe_number if shoe_number is None else shoe_number
    winners = ClassRound.objects.filter(table=table, state=ClassRound.State.SETTLED, shoe_number=shoe)
    return [Winner(value) for value in winners.order_by("number").values_list("winner", flat=True)]


@dataclass(frozen=True)
class Roads:
    winners: list[Winner]
    bead_plate: list
    big_road: object
    derived: dict[int, DerivedRoad]


def roads(table: ClassTable) -> Roads:
    winners = session_winners(table)
    derived = {back: derived_road(winners, back) for back in (BIG_EYE_BOY, SMALL_ROAD, COCKROACH_PIG)}
    return Roads(winners=winners, bead_plate=bead_plate(winners), big_road=big_road(winners), derived=derived)


@dataclass(frozen=True)
class Hands:
    """The coup so far: the steps (each with its sentences), the hands' cards and totals."""

    tokens: list[str]
    steps: list[Step]
    sentences: list[list[str]]
    player: list[str]
    banker: list[str]
    player_total: int | None
    banker_total: int | None
    over: bool


def hands(round: ClassRound | None) -> Hands:
    tokens = round.card_tokens if round is not None else []
    coup = Coup.replay(tokens)
    steps = list(coup.steps)
    return Hands(
        tokens=tokens,
        steps=steps,
        sentences=[step_sentences(step) for step in steps],
        player=[card.token for card in coup.player],
        banker=[card.token for card in coup.banker],
        player_total=coup.player_total if tokens else None,
        banker_total=coup.banker_total if tokens else None,
        over=coup.is_over,
    )


def decision(table: ClassTable, round: ClassRound | None) -> coach.Question | None:
    """The draw decision the class is calling now, if any."""
    if round is None or round.state != ClassRound.State.DEALING:
        return None
    return pending_decision(table, round, Coup.replay(round.card_tokens) if round.cards else None)


@dataclass
class LearnerView:
    table: ClassTable
    ended: bool
    round: ClassRound | None
    hands: Hands
    decision: coach.Question | None
    roads: Roads
    member: bool
    class_seat: ClassSeat | None = None
    balance: Decimal | None = None
    play: ClassPlay | None = None
    bets: list[ClassBet] = field(default_factory=list)
    calls: dict[str, ClassCall] = field(default_factory=dict)
    #: The learner sat down after this round's bets closed: they play from the next one.
    late: bool = False


def learner_view(user, table_id: int) -> LearnerView | None:
    """What one learner sees (``None``: no such table). ``member`` False: show a refusal, nothing else."""
    table = ClassTable.objects.select_related("classroom").filter(pk=table_id).first()
    if table is None:
        return None
    member = Membership.objects.filter(user=user, classroom=table.classroom_id).exists()
    round = latest_round(table)
    view = LearnerView(
        table=table,
        ended=table.ended(),
        round=round,
        hands=hands(round),
        decision=decision(table, round),
        roads=roads(table),
        member=member,
    )
    if not member:
        return view
    view.class_seat = ClassSeat.objects.filter(table=table, user=user).first()
    view.balance = (
        Seat.objects.filter(user=user, kind=Seat.Kind.TABLE).values_list("balance", flat=True).first()
    )
    if view.class_seat is not None and round is not None:
        view.play = ClassPlay.objects.filter(round=round, class_seat=view.class_seat).first()
        if view.play is not None:
            view.bets = list(view.play.bets.all())
        view.calls = {call.question: call for call in ClassCall.objects.filter(round=round, user=user)}
        closed = round.bets_closed_at
        view.late = view.play is None and closed is not None and view.class_seat.joined_at > closed
    return view


@dataclass(frozen=True)
class SpotCount:
    learners: int
    chips: Decimal


@dataclass(frozen=True)
class DecisionCount:
    question: str
    draws: int
    stands: int
    right: int
    answer: str  # the right call once the decision is closed, else ""

    @property
    def called(self) -> int:
        return self.draws + self.stands


@dataclass
class ProjectorView:
    table: ClassTable
    ended: bool
    round: ClassRound | None
    hands: Hands
    decision: coach.Question | None
    roads: Roads
    seated: int
    confirmed: int
    spots: dict[str, SpotCount]
    decisions: dict[str, DecisionCount]
    #: The seated learners who have not called the open decision yet (usernames, in seat order).
    not_called: list[str]


def projector_view(table_id: int) -> ProjectorView | None:
    """The instructor's projector: the coup, the roads and the class's aggregates. No chips-won ranking."""
    table = ClassTable.objects.select_related("classroom").filter(pk=table_id).first()
    if table is None:
        return None
    round = latest_round(table)
    seats = list(ClassSeat.objects.filter(table=table, left_at__isnull=True).select_related("user"))
    spots: dict[str, SpotCount] = {}
    decisions: dict[str, DecisionCount] = {}
    confirmed = 0
    asked = decision(table, round)
    not_called: list[str] = []
    if round is not None:
        rows = (
            ClassBet.objects.filter(play__round=round)
            .values("kind")
            .annotate(learners=Count("play", distinct=True), chips=Sum("amount"))
        )
        spots = {row["kind"]: SpotCount(row["learners"], row["chips"]) for row in rows}
        confirmed = round.plays.exclude(state__in=["draft", "dropped"]).count()
        tallies = (
            ClassCall.objects.filter(round=round)
            .values("question")
            .annotate(
                draws=Count("pk", filter=Q(answer=coach.DRAWS)),
                stands=Count("pk", filter=Q(answer=coach.STANDS)),
                right=Count("pk", filter=Q(correct=True)),
            )
        )
        for row in tallies:
            closed = round.decisions.get(row["question"], {})
            decisions[row["question"]] = DecisionCount(
                row["question"], row["draws"], row["stands"], row["right"], closed.get("right", "")
            )
        for key, closed in round.decisions.items():
            decisions.setdefault(key, DecisionCount(key, 0, 0, 0, closed.get("right", "")))
        if asked is not None:
            called = set(
                ClassCall.objects.filter(round=round, question=asked.key).values_list("user_id", flat=True)
            )
            not_called = [seat.user.username for seat in seats if seat.user_id not in called]
    return ProjectorView(
        table=table,
        ended=table.ended(),
        round=round,
        hands=hands(round),
        decision=asked,
        roads=roads(table),
        seated=len(seats),
        confirmed=confirmed,
        spots=spots,
        decisions=decisions,
        not_called=not_called,
    )


def session_replay(user, table_id: int) -> list[list[str]] | None:
    """The dealt tokens of every round of an ENDED session, in order, for a member of its class or one of
    its instructors (``None``: not theirs, or still open — the shoe's rest is never shown)."""
    table = ClassTable.objects.select_related("classroom").filter(pk=table_id).first()
    if table is None or not table.ended():
        return None
    if not (
        Membership.objects.filter(user=user, classroom=table.classroom_id).exists()
        or teaches(user, table.classroom)
    ):
        return None
    rounds = ClassRound.objects.filter(table=table).exclude(cards="").order_by("number")
    return [cards.split() for cards in rounds.values_list("cards", flat=True)]


@dataclass(frozen=True)
class ClassRecord:
    rounds: int = 0
    calls: int = 0
    right: int = 0

    @property
    def accuracy(self) -> float | None:
        return self.right / self.calls if self.calls else None


def class_records(user_ids) -> dict[int, ClassRecord]:
    """Each learner's class-table record: rounds played (stakes settled), calls made and how many right."""
    ids = list(user_ids)
    rounds = Counter(
        dict(
            ClassPlay.objects.filter(user_id__in=ids, state=ClassPlay.State.SETTLED)
            .values_list("user_id")
            .annotate(n=Count("pk"))
        )
    )
    calls = {
        row["user_id"]: (row["n"], row["right"])
        for row in ClassCall.objects.filter(user_id__in=ids)
        .values("user_id")
        .annotate(n=Count("pk"), right=Count("pk", filter=Q(correct=True)))
    }
    return {
        user_id: ClassRecord(rounds.get(user_id, 0), *calls.get(user_id, (0, 0)))
        for user_id in ids
        if user_id in rounds or user_id in calls
    }
