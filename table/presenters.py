"""What the table panel shows (its view model), built from a seat and its round.

Design overview: ``table_view`` reads the round (``table.selectors``), replays
its coup through the engine and gathers what the templates need: cards with
their names, totals, the sentences of each decision, the highlighted cell of
the Banker table, the forms' URLs. Markup is made by templates only; the
Banker table, the same on every card but for its highlight and language, is
rendered from its template once per variant and process (``banker_table_html``).
Nothing undealt is ever read here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from table import coach
from table.engine import BANKER_TABLE, Card, Coup, Hand, Reason, Shoe
from table.explain import HAND_NAMES, SUIT_SYMBOLS, amount_text, bet_sentence, card_name, step_sentences
from table.models import Round, RoundBet, Seat
from table.presets import PRESETS, Preset
from table.selectors import latest_round


@dataclass
class CardView:
    token: str
    name: str
    rank: str
    symbol: str
    red: bool


@dataclass
class TableView:
    """What the table panel shows."""

    seat: Seat
    table: Preset
    round: Round | None
    bets: list[RoundBet]
    coup: Coup | None
    next_number: int
    committed: Decimal
    player: list[CardView] = field(default_factory=list)
    banker: list[CardView] = field(default_factory=list)
    narration: list[list[str]] = field(default_factory=list)
    banker_row: int | None = None
    banker_column: int | None = None
    cards_left: int | None = None
    can_reset: bool = False
    #: Where the panel's forms post, and the element they swap: the table's, or a lesson example's.
    urls: dict[str, str] = field(default_factory=dict)
    panel_id: str = "table-panel"
    lion: bool = True
    #: A lesson example is one coup: no betting form for a next round once it is settled.
    one_round: bool = False

    @property
    def banker_table(self) -> str:
        return banker_table_html(self.banker_row, self.banker_column)

    @property
    def question(self) -> coach.Question | None:
        """The coach's pending question, when coach mode is on."""
        if not self.seat.coach_mode or self.round is None or self.round.state == Round.State.BETTING:
            return None
        return coach.pending(self.coup, self.round.calls)

    @property
    def asks_settlement(self) -> bool:
        question = self.question
        return question is not None and question.key == coach.SETTLEMENT

    @property
    def asks_draw(self) -> bool:
        """A draws/stands call is pending: the page must not show the rules' answer yet."""
        question = self.question
        return question is not None and question.key != coach.SETTLEMENT

    @property
    def hides_result(self) -> bool:
        """The coup is settled but a call is pending: balance and bet results wait for it."""
        return self.settled and self.question is not None

    @property
    def shown_narration(self) -> list[list[str]]:
        """The sentences so far; while a draw call is pending, the last card's decisions are held back."""
        if not self.asks_draw or not self.narration:
            return self.narration
        return [*self.narration[:-1], self.narration[-1][:1]]

    @property
    def shown_latest(self) -> list[str]:
        shown = self.shown_narration
        return shown[-1] if shown else []

    @property
    def feedback(self) -> list[dict]:
        """This round's graded calls, in the order they were asked."""
        if self.round is None:
            return []
        calls = self.round.calls
        items = [calls[key] | {"key": key} for key in (coach.PLAYER_DRAW, coach.BANKER_DRAW) if key in calls]
        if coach.SETTLEMENT in calls:
            call = calls[coach.SETTLEMENT]
            items.append(
                {
                    "key": coach.SETTLEMENT,
                    "correct": call["correct"],
                    "prompt": _("What does each bet return?"),
                    "answer": ", ".join(
                        f"{bet.get_kind_display()} {_answer_text(call['answers'].get(bet.kind))}"
                        for bet in self.bets
                    ),
                    "rule": " ".join(bet_sentence(bet) for bet in self.bets),
                }
            )
        return items

    @property
    def bet_sentences(self) -> list[str]:
        return [bet_sentence(bet) for bet in self.bets]

    @property
    def betting(self) -> bool:
        if self.round is None or self.round.state == Round.State.BETTING:
            return True
        return self.round.state == Round.State.SETTLED and not self.one_round

    @property
    def dealing(self) -> bool:
        return self.round is not None and self.round.state == Round.State.DEALING

    @property
    def settled(self) -> bool:
        return self.round is not None and self.round.state == Round.State.SETTLED

    @property
    def next_index(self) -> int:
        return self.coup.cards_dealt if self.coup is not None else 0

    @property
    def next_hand(self) -> str:
        if self.coup is None:
            return str(HAND_NAMES[Hand.PLAYER])  # every coup starts with Player's first card
        if self.coup.next_hand is None:
            return ""
        return str(HAND_NAMES[self.coup.next_hand])

    def _spots(self, kinds: tuple[str, ...]) -> list[tuple[str, str | Promise, str]]:
        """(kind, label, pre-filled amount): the draft, or the last round's bets to bet again."""
        amounts = {bet.kind: f"{bet.amount:.0f}" for bet in self.bets}
        labels = dict(RoundBet.Kind.choices)
        return [(kind, labels[kind], amounts.get(kind, "")) for kind in kinds]

    @property
    def main_spots(self) -> list[tuple[str, str | Promise, str]]:
        return self._spots(("player", "banker", "tie"))

    @property
    def lion_spots(self) -> list[tuple[str, str | Promise, str]]:
        return self._spots(("lion_player", "lion_banker")) if self.lion else []

    @property
    def presets(self) -> list[Preset]:
        return list(PRESETS.values())

    @property
    def hand_rows(self) -> list[tuple[str, list[CardView], int]]:
        assert self.coup is not None
        return [
            (str(HAND_NAMES[Hand.PLAYER]), self.player, self.coup.player_total),
            (str(HAND_NAMES[Hand.BANKER]), self.banker, self.coup.banker_total),
        ]

    @property
    def margin(self) -> int:
        assert self.round is not None and self.round.player_total is not None
        return abs(self.round.player_total - (self.round.banker_total or 0))


def _answer_text(answer: str | None) -> str:
    """A learner's settlement answer as stored ("19.50"), in the active locale; ``?`` if missing."""
    if answer is None:
        return "?"
    try:
        return amount_text(Decimal(answer))
    except ArithmeticError:
        return answer


def card_view(card: Card) -> CardView:
    return CardView(
        token=card.token,
        name=card_name(card),
        rank=card.rank.value,
        symbol=SUIT_SYMBOLS[card.suit] if card.suit else "",
        red=bool(card.suit and card.suit.is_red),
    )


TABLE_URLS = {
    "confirm": "table:round-confirm",
    "draft": "table:round-draft",
    "deal": "table:round-deal",
    "call": "table:round-call",
}


def table_view(
    seat: Seat,
    round: Round | None = None,
    *,
    urls: dict[str, str] | None = None,
    panel_id: str = "table-panel",
    lion: bool = True,
    one_round: bool = False,
) -> TableView:
    """The current round (open, or the last one settled) with its coup replayed.

    ``round`` may be passed when the caller has just loaded it (a service's result).
    """
    if round is None:
        round = latest_round(seat)
    bets = list(round.bets.all()) if round is not None else []
    coup = Coup.replay(round.card_tokens) if round is not None and round.cards else None
    if round is None:
        next_number = 1
    else:
        next_number = round.number + 1 if round.state == Round.State.SETTLED else round.number
    view = TableView(
        seat=seat,
        table=PRESETS[seat.preset],
        round=round,
        bets=bets,
        coup=coup,
        next_number=next_number,
        committed=round.committed
        if round is not None and round.state == Round.State.DEALING
        else Decimal("0.00"),
        can_reset=seat.balance < PRESETS[seat.preset].min_bet
        and not (round is not None and round.state == Round.State.DEALING),
        urls=urls if urls is not None else {key: reverse(name) for key, name in TABLE_URLS.items()},
        panel_id=panel_id,
        lion=lion,
        one_round=one_round,
    )
    if seat.shoe_state:
        view.cards_left = Shoe.remaining_in(seat.shoe_state)  # the service has already parsed it
    if coup is not None:
        view.player = [card_view(card) for card in coup.player]
        view.banker = [card_view(card) for card in coup.banker]
        view.narration = [step_sentences(step) for step in coup.steps]
        last = coup.steps[-1]
        if {Reason.BANKER_DRAWS_TABLE, Reason.BANKER_STANDS_TABLE} & set(last.reasons):
            view.banker_row = int(last.params["banker_total_before_draw"] or 0)
            view.banker_column = int(last.params["player_third"] or 0)
    return view


def banker_table_rows() -> list[dict]:
    """The Banker table for display: for each total, the third-card values on which Banker draws."""
    return [
        {"total": total, "draws": [value in BANKER_TABLE[total] for value in range(10)]} for total in range(8)
    ]


def banker_table_html(row: int | None, column: int | None) -> str:
    """The rendered Banker table with one cell highlighted (or none), in the active language."""
    return _banker_table_html(row, column, get_language())


@lru_cache(maxsize=512)
def _banker_table_html(row: int | None, column: int | None, language: str | None) -> str:
    """The table is the same on every card but for the highlight and the language, so each of its
    81 variants is rendered once per process and language instead of on every deal.
    """
    view = {"banker_row": row, "banker_column": column}
    return render_to_string(
        "table/partials/_banker_table.html", {"view": view, "banker_rows": banker_table_rows()}
    )
