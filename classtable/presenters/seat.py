"""One learner at a class table: their felt (as the practice table draws it), their calls and result.

``SeatFelt`` has the attributes ``templates/table/partials/_spots.html`` reads from the practice table's
``TableView``, so the class table's betting spots are the practice table's own: a draft of chips, then
Confirm, with the side bets the class table's preset offers and the class shows behind the same disclosure.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property

from django.urls import reverse
from django.utils.translation import gettext as _

from classtable.models import ClassBet, ClassCall, ClassPlay, ClassSeat
from classtable.presenters.board import BETTING, Board
from table import coach
from table.amounts import chips_text
from table.bets import bet_name, class_side_bets, is_registered, main_bet_keys
from table.presenters import ChipView, SpotView, chip_view
from table.presenters.felt import one_side_notes, side_terms, spot_view
from table.presets import CHIPS, DEFAULT_CHIP, Preset

PANEL_ID = "ct-panel"
#: A play in these states has no stakes on the felt (a draft moves no chip).
STAKELESS = (ClassPlay.State.DRAFT, ClassPlay.State.DROPPED)
#: The cards dealt before the first draw decision can be asked (``table.coach.pending``).
FIRST_DECISION = 4


@dataclass
class SeatFelt:
    """The spots of one learner's felt: a form while the round takes bets, their stakes after."""

    table: Preset
    urls: dict[str, str]
    next_number: int
    placing: bool
    amounts: dict[str, Decimal]
    chip: Decimal = DEFAULT_CHIP
    entered: dict[str, str] | None = None
    panel_id: str = PANEL_ID
    can_reset: bool = False
    can_undo: bool = False
    can_repeat: bool = False
    #: The side bets offered here (``table.bets.class_side_bets``: the preset's that the class shows).
    side_bet_keys: tuple[str, ...] = ()

    @property
    def spots(self) -> list[SpotView]:
        kinds = [*main_bet_keys(), *self.side_bet_keys]
        kinds += [kind for kind in self.amounts if kind not in kinds and is_registered(kind)]
        labels = {kind: bet_name(kind) for kind in kinds}
        entered = self.entered or {}
        chip = chips_text(self.chip)
        return [
            spot_view(kind, self.table, labels, self.amounts.get(kind), entered.get(kind), chip)
            for kind in kinds
        ]

    @property
    def side_terms(self) -> list[tuple[str, str, tuple[tuple[str, str], ...]]]:
        """The side bets' terms once per family, printed beside their spots (``felt.side_terms``)."""
        return side_terms(self.spots)

    @property
    def one_side_notes(self) -> list[str]:
        """A sentence for each offered family that goes on one hand at a time (``felt.one_side_notes``)."""
        return one_side_notes(self.side_bet_keys)

    @property
    def has_side_bets(self) -> bool:
        """Side-bet spots are on the felt (the layout makes room for them)."""
        return bool(self.side_bet_keys)

    @property
    def rack(self) -> list[ChipView]:
        return [chip_view(value, selected=value == self.chip) for value in CHIPS]


@dataclass(frozen=True)
class MyCall:
    key: str
    prompt: str
    answer: str
    correct: bool
    #: The decision is closed: the call is graded in the open (before, only "you called draws").
    closed: bool


@dataclass
class SeatView:
    board: Board
    seat: ClassSeat | None
    play: ClassPlay | None
    balance: Decimal
    chip: Decimal = DEFAULT_CHIP
    entered: dict[str, str] | None = None
    calls: dict[str, ClassCall] = field(default_factory=dict)

    @cached_property
    def bets(self) -> list[ClassBet]:
        """The confirmed stakes, read only when a template shows them (the felt, the result): a poll
        for a dealt card shows the sum, which the play itself holds (``committed``)."""
        if self.play is None or self.play.state in STAKELESS:
            return []
        return list(self.play.bets.order_by("pk"))

    @property
    def panel_id(self) -> str:
        return PANEL_ID

    @property
    def seated(self) -> bool:
        return self.seat is not None and self.seat.present

    @property
    def late(self) -> bool:
        """Sat down after this round's bets closed: plays from the next round."""
        round = self.board.round
        return (
            self.seated
            and round is not None
            and round.bets_closed_at is not None
            and self.seat is not None
            and self.seat.joined_at > round.bets_closed_at
        )

    @property
    def confirmed(self) -> bool:
        return self.play is not None and self.play.state in (
            ClassPlay.State.CONFIRMED,
            ClassPlay.State.SETTLED,
        )

    @property
    def placing(self) -> bool:
        return self.seated and self.board.phase == BETTING and not self.confirmed

    @property
    def phase_key(self) -> str:
        """The board's phase and this learner's part in it (the poll's ETag names it)."""
        own = str(self.play.state) if self.play is not None else "none"
        return f"{self.board.phase}_{own}_{'s' if self.seated else 'v'}"

    @property
    def felt(self) -> SeatFelt:
        table_id = self.board.table.pk
        if self.placing:
            draft = self.play.draft if self.play is not None else {}
            amounts = {kind: Decimal(str(amount)) for kind, amount in (draft or {}).items()}
        else:
            amounts = {bet.kind: bet.amount for bet in self.bets}
        preset = self.board.table.table
        return SeatFelt(
            table=preset,
            urls={
                "draft": reverse("classtable:draft", args=[table_id]),
                "confirm": reverse("classtable:confirm", args=[table_id]),
            },
            next_number=self.board.round_number,
            placing=self.placing,
            amounts=amounts,
            chip=self.chip,
            entered=self.entered,
            side_bet_keys=class_side_bets(self.board.table.classroom, preset),
            can_undo=self.placing and self.play is not None and bool(self.play.chips),
            # from the second round on (a learner who has not played one yet is told so)
            can_repeat=self.placing and self.board.round_number > 1,
        )

    @property
    def can_call(self) -> bool:
        question = self.board.question
        return self.seated and not self.late and question is not None and question.key not in self.calls

    @property
    def my_calls(self) -> list[MyCall]:
        """This learner's calls on the round, in the order asked; graded once their decision closed."""
        if self.board.coup is None:
            return []
        decisions = self.board.round.decisions if self.board.round is not None else {}
        shown = []
        for key in (coach.PLAYER_DRAW, coach.BANKER_DRAW):
            call = self.calls.get(key)
            if call is None:
                continue
            shown.append(
                MyCall(
                    key=key,
                    prompt=coach.draw_question(self.board.coup, key).prompt,
                    answer=str(coach.ANSWER_LABELS.get(call.answer, call.answer)),
                    correct=call.correct,
                    closed=key in decisions,
                )
            )
        return shown

    @property
    def result_lines(self) -> list[str]:
        """Each bet's outcome, once the round is settled."""
        if not self.board.settled:
            return []
        lines = []
        for bet in self.bets:
            figures = {
                "bet": bet_name(bet.kind),
                "amount": chips_text(bet.amount),
                "back": chips_text(bet.returned_total),
            }
            if bet.result == ClassBet.Result.WON:
                lines.append(_("%(bet)s won: %(amount)s staked, %(back)s chips come back.") % figures)
            elif bet.result == ClassBet.Result.PUSH:
                lines.append(_("%(bet)s is returned: the %(amount)s chips staked come back.") % figures)
            else:
                lines.append(_("%(bet)s lost: the %(amount)s chips staked stay with the table.") % figures)
        return lines

    @property
    def net(self) -> Decimal | None:
        if not self.board.settled or self.play is None or not self.bets:
            return None
        return sum((bet.returned_total for bet in self.bets), Decimal(0)) - sum(
            (bet.amount for bet in self.bets), Decimal(0)
        )

    @property
    def net_text(self) -> str:
        return chips_text(self.net, signed=True) if self.net is not None else ""

    @property
    def balance_text(self) -> str:
        return chips_text(self.balance)

    @property
    def staked_text(self) -> str:
        """The chips in play this round (confirmed, not yet settled): ``committed``, the sum of the
        stakes."""
        if self.play is None or self.board.settled or self.play.state in STAKELESS or not self.play.committed:
            return ""
        return chips_text(self.play.committed)


def seat_view(
    board: Board,
    user,
    *,
    chip: Decimal = DEFAULT_CHIP,
    entered: dict[str, str] | None = None,
    balance: Decimal | None = None,
) -> SeatView:
    """What ``user`` sees at the table: their seat, their play and calls in the current round.

    Their own rows only, in as few queries as the round allows: the play with its seat (one query when
    they play the round, the seat alone otherwise); the stakes only when a template shows them
    (``SeatView.bets``); the calls only at a table whose class calls the draws, once the fourth card is out
    (no decision comes before it).
    """
    round = board.round
    play = None
    if round is not None:
        play = (
            ClassPlay.objects.filter(round=round, class_seat__table=board.table, class_seat__user=user)
            .select_related("class_seat__seat")
            .first()
        )
    seat = play.class_seat if play is not None else None
    if seat is None:
        seat = board.table.seats.filter(user=user).select_related("seat").first()
    if play is not None:
        play.round = round
    calls: dict[str, ClassCall] = {}
    if seat is not None and board.table.calls_draws and board.next_index >= FIRST_DECISION:
        calls = {call.question: call for call in round.calls.filter(user=user)}
    if balance is None:
        balance = seat.seat.balance if seat is not None else Decimal(0)
    return SeatView(
        board=board, seat=seat, play=play, balance=balance, chip=chip, entered=entered, calls=calls
    )
