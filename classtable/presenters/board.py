"""The round as everyone at a class table sees it: the hands, a sentence for each card, the open draw
decision, how the class called each closed one, and how many learners bet on each spot.

No ranking by chips won: the class sees how well it reads the rules, not who gambled best.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Sum
from django.utils.translation import gettext as _

from baccarat import Coup, Hand, all_bets
from classtable.models import ClassBet, ClassCall, ClassPlay, ClassRound, ClassSeat, ClassTable
from table import coach
from table.bets import bet_name, main_bet_keys
from table.explain import HAND_NAMES, held_back, step_sentences
from table.presenters import CardView, card_view, roads_view
from table.presenters.felt import short_name
from table.selectors import ShoeCoup

#: The phases a page is drawn at (the poll's ETag names it: a change of phase redraws the felt's form).
NONE, BETTING, DEALING, SETTLED, RETURNED, ENDED = (
    "none",
    "betting",
    "dealing",
    "settled",
    "returned",
    "ended",
)
#: The plays whose stakes are on the felt.
STAKED = [ClassPlay.State.CONFIRMED, ClassPlay.State.SETTLED]


@dataclass(frozen=True)
class SpotCount:
    kind: str
    label: str
    learners: int
    chips: Decimal
    #: The name the felt prints on the spot (``Lion Bonus · Banker``), short enough for the projector's
    #: column; ``label`` is the whole name, for screen readers and the title.
    short: str = ""


@dataclass(frozen=True)
class Decision:
    """A closed draw decision: the question, the right call, and how the class called it."""

    key: str
    prompt: str
    right: str
    right_text: str
    draws: int
    stands: int

    @property
    def called(self) -> int:
        return self.draws + self.stands

    @property
    def called_right(self) -> int:
        return self.draws if self.right == coach.DRAWS else self.stands


@dataclass
class Board:
    table: ClassTable
    round: ClassRound | None
    coup: Coup | None
    player: list[CardView] = field(default_factory=list)
    banker: list[CardView] = field(default_factory=list)
    #: The sentences of each card dealt, in order.
    lines: list[list[str]] = field(default_factory=list)
    question: coach.Question | None = None

    @property
    def phase(self) -> str:
        if self.table.ended():
            return ENDED
        if self.round is None:
            return NONE
        return str(self.round.state)

    @property
    def round_number(self) -> int:
        return self.round.number if self.round is not None else 0

    @property
    def betting(self) -> bool:
        return self.phase == BETTING

    @property
    def dealing(self) -> bool:
        return self.phase == DEALING

    @property
    def settled(self) -> bool:
        return self.phase == SETTLED

    @property
    def next_index(self) -> int:
        return self.coup.cards_dealt if self.coup is not None else 0

    @property
    def next_hand(self) -> str:
        if self.coup is None:
            return str(HAND_NAMES[Hand.PLAYER])
        return str(HAND_NAMES[self.coup.next_hand]) if self.coup.next_hand is not None else ""

    @property
    def coup_over(self) -> bool:
        return self.coup is not None and self.coup.is_over

    @property
    def can_deal(self) -> bool:
        return self.dealing and self.question is None and not self.coup_over

    @property
    def hand_rows(self) -> list[tuple[str, str, list[CardView], int | None]]:
        coup = self.coup
        return [
            ("player", str(HAND_NAMES[Hand.PLAYER]), self.player, coup.player_total if coup else None),
            ("banker", str(HAND_NAMES[Hand.BANKER]), self.banker, coup.banker_total if coup else None),
        ]

    @property
    def latest(self) -> list[str]:
        return self.lines[-1] if self.lines else []

    @property
    def verdict(self) -> str:
        """Who won, once the round is settled."""
        if not self.settled or self.round is None:
            return ""
        high = max(self.round.player_total or 0, self.round.banker_total or 0)
        low = min(self.round.player_total or 0, self.round.banker_total or 0)
        if self.round.winner == ClassRound.Winner.TIE:
            return _("Tie: both hands have %(total)s") % {"total": high}
        if self.round.winner == ClassRound.Winner.PLAYER:
            return _("Player wins, %(high)s to %(low)s") % {"high": high, "low": low}
        return _("Banker wins, %(high)s to %(low)s") % {"high": high, "low": low}

    # --- The class (reads, made when a template asks) ---------------------------------------------

    def seated(self) -> list[ClassSeat]:
        """The learners at the table now, in the order they sat down."""
        return list(self.table.seats.filter(left_at__isnull=True).select_related("user"))

    def spot_counts(self) -> list[SpotCount]:
        """How many learners staked each spot of this round, and how many chips (confirmed bets): the main
        spots always, then each side bet that has chips on it, in registry order."""
        if self.round is None:
            return []
        rows = {
            row["kind"]: row
            for row in ClassBet.objects.filter(play__round=self.round, play__state__in=STAKED)
            .values("kind")
            .annotate(learners=Count("play", distinct=True), chips=Sum("amount"))
        }
        kinds = [
            *main_bet_keys(),
            *(spec.key for spec in all_bets() if spec.is_side_bet and spec.key in rows),
        ]
        return [
            SpotCount(
                kind,
                bet_name(kind),
                rows.get(kind, {}).get("learners", 0),
                rows.get(kind, {}).get("chips") or Decimal(0),
                short_name(kind, bet_name(kind)),
            )
            for kind in kinds
        ]

    def confirmed_count(self) -> int:
        if self.round is None:
            return 0
        return self.round.plays.filter(state__in=STAKED).count()

    def decisions(self) -> list[Decision]:
        """The round's closed draw decisions, each with the class's split (shown only once closed)."""
        if self.round is None or self.coup is None or not self.round.decisions:
            return []
        counts = {
            (row["question"], row["answer"]): row["n"]
            for row in ClassCall.objects.filter(round=self.round)
            .values("question", "answer")
            .annotate(n=Count("pk"))
        }
        found = []
        for key in (coach.PLAYER_DRAW, coach.BANKER_DRAW):
            closed = self.round.decisions.get(key)
            if closed is None:
                continue
            right = closed.get("right", "") if isinstance(closed, dict) else str(closed)
            found.append(
                Decision(
                    key=key,
                    prompt=coach.draw_question(self.coup, key).prompt,
                    right=right,
                    right_text=str(coach.ANSWER_LABELS.get(right, right)),
                    draws=counts.get((key, coach.DRAWS), 0),
                    stands=counts.get((key, coach.STANDS), 0),
                )
            )
        return found

    def open_calls(self) -> tuple[int, list[str]]:
        """How many have called the open decision, and the names of the seated learners who have not."""
        if self.round is None or self.question is None:
            return 0, []
        called = set(
            ClassCall.objects.filter(round=self.round, question=self.question.key).values_list(
                "user_id", flat=True
            )
        )
        waiting = [seat.user.get_username() for seat in self.callers() if seat.user_id not in called]
        return len(called), waiting

    def callers(self) -> list[ClassSeat]:
        """Those asked to call this round's draws: the learners seated before its bets closed."""
        seats = self.seated()
        if self.round is None or self.round.bets_closed_at is None:
            return seats
        return [seat for seat in seats if seat.joined_at <= self.round.bets_closed_at]

    def roads(self):
        rows = (
            ClassRound.objects.filter(
                table=self.table, shoe_number=self.table.shoe_number, state=ClassRound.State.SETTLED
            )
            .order_by("number")
            .values_list("number", "winner", "player_total", "banker_total", "cards")
        )
        return roads_view([ShoeCoup(*row) for row in rows])


def open_question(table: ClassTable, round: ClassRound | None, coup: Coup | None) -> coach.Question | None:
    """The draw decision the class is calling now (``None``: none, or the table does not call)."""
    if round is None or coup is None or round.state != ClassRound.State.DEALING:
        return None
    if not table.calls_draws:
        return None
    question = coach.pending(coup, round.decisions)
    if question is None or question.key == coach.SETTLEMENT:
        return None
    return question


def board_view(table: ClassTable, round: ClassRound | None = None) -> Board:
    """The table's current round (open, or the last one), with its coup replayed."""
    if round is None:
        round = table.rounds.order_by("-number").first()
    coup = Coup.replay(round.card_tokens) if round is not None and round.cards else None
    board = Board(table=table, round=round, coup=coup, question=open_question(table, round, coup))
    if coup is not None:
        board.player = [card_view(card) for card in coup.player]
        board.banker = [card_view(card) for card in coup.banker]
        board.lines = [step_sentences(step) for step in coup.steps]
        if board.question is not None:  # the class is calling it: the answer waits for the close
            board.lines = held_back(board.lines)
    return board
