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

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cached_property

from django.template.loader import render_to_string
from django.urls import get_script_prefix
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from baccarat import (
    CENT,
    Burn,
    Coup,
    Hand,
    Reason,
    Shoe,
    Step,
)
from table import coach
from table.amounts import chips_text
from table.bets import bet_name, is_registered, main_bet_keys
from table.explain import HAND_NAMES, bet_sentence, card_name, held_back, step_sentences
from table.models import Round, RoundBet, Seat
from table.presenters.banker_table import banker_table_html, banker_table_rows
from table.presenters.felt import (
    CardView,
    ChipView,
    SpotView,
    answer_text,
    card_view,
    chip_view,
    one_side_notes,
    side_terms,
    spot_view,
    table_urls,
)
from table.presets import CHIPS, DEFAULT_CHIP, PRESETS, Preset
from table.selectors import SeatChoices, latest_round, seat_choices


@dataclass
class TableView:
    """What the table panel shows."""

    seat: Seat
    table: Preset
    round: Round | None
    bets: list[RoundBet]
    coup: Coup | None
    next_number: int
    player: list[CardView] = field(default_factory=list)
    banker: list[CardView] = field(default_factory=list)
    narration: list[list[str]] = field(default_factory=list)
    banker_row: int | None = None
    banker_column: int | None = None
    #: The row the card before decided, which this card (Banker's third) leaves plain again.
    banker_row_before: int | None = None
    cards_left: int | None = None
    #: The burn that opened the shoe, shown with the shoe's first coup (the practice table only).
    burn: Burn | None = None
    #: The cut card has come out (the coup in play is the shoe's last), and did with the card just dealt.
    cut_card_out: bool = False
    cut_card_just_out: bool = False
    can_reset: bool = False
    #: Where the panel's forms post, and the element they swap: the table's, or a lesson example's.
    urls: Mapping[str, str] = field(default_factory=dict)
    panel_id: str = "table-panel"
    #: The felt has side-bet spots (those the seat's table and class offer); a lesson example's has none.
    side_bets: bool = True
    #: A lesson example is one coup: no betting form for a next round once it is settled.
    one_round: bool = False
    #: The rack's chip in use, and the stake fields as the learner typed them (after a refusal).
    chip: Decimal = DEFAULT_CHIP
    entered: dict[str, str] | None = None
    #: A lesson example that only shows a coup has no betting spots on its felt.
    stakes: bool = True
    #: The table answers a deal with the regions that changed (its Deal button targets the dealer's line).
    fragments: bool = False

    @property
    def banker_table(self) -> str:
        return banker_table_html(self.banker_row, self.banker_column, row_ids=self.fragments)

    def banker_row_html(self) -> str:
        """The Banker table's row this card changed, to swap out of band: the row it decided, or the
        row the card before decided, plain again; empty when neither."""
        total = self.banker_row if self.banker_row is not None else self.banker_row_before
        if total is None or self.asks_draw:
            return ""
        row = banker_table_rows()[total]
        view = {"banker_row": self.banker_row, "banker_column": self.banker_column}
        return render_to_string(
            "table/partials/_banker_table.html#bt-row",
            {"view": view, "row": row, "row_ids": True, "oob": True},
        )

    @property
    def question(self) -> coach.Question | None:
        """The coach's pending question, when coach mode is on."""
        if self.round is None or not self.round.coached or self.round.state == Round.State.BETTING:
            return None
        return coach.pending(self.coup, self.round.calls)

    @property
    def veiled(self) -> bool:
        """The coup is over on the server but a draw call on it is pending: until the call is made the
        round is shown as one still being dealt, since its end (the settled round, the next bets, a
        restart, the scoreboards) would give the answer away."""
        return self.round is not None and self.round.state == Round.State.SETTLED and self.asks_draw

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
    def shows_bet_results(self) -> bool:
        """The coup is settled, no call is pending, and bets were placed: each bet's result can be told."""
        return self.settled and not self.hides_result and bool(self.bets)

    @property
    def burn_card(self) -> CardView | None:
        return card_view(self.burn.turned) if self.burn is not None else None

    @property
    def burn_sentence(self) -> str:
        """The burn in one sentence (empty when there is none to show)."""
        if self.burn is None:
            return ""
        return ngettext(
            "The burn: the first card was turned face up, %(card)s, so %(count)s card goes out face "
            "down, unseen.",
            "The burn: the first card was turned face up, %(card)s, so %(count)s cards go out face "
            "down, unseen.",
            self.burn.burned,
        ) % {"card": card_name(self.burn.turned), "count": self.burn.burned}

    @property
    def shown_narration(self) -> list[list[str]]:
        """The sentences so far; while a draw call is pending, the last card's decisions are held back."""
        return held_back(self.narration) if self.asks_draw else self.narration

    @property
    def shown_latest(self) -> list[str]:
        shown = self.shown_narration
        return shown[-1] if shown else []

    @property
    def latest_lines(self) -> list[tuple[str, str]]:
        """The last card's sentences with their part: ``received`` (where the card went), ``decision``,
        and ``over`` (who won, which the result banner says too)."""
        lines = [(sentence, "decision") for sentence in self.shown_latest]
        if lines:
            lines[0] = (lines[0][0], "received")
            if self.settled and len(lines) > 1:
                lines[-1] = (lines[-1][0], "over")
        return lines

    @property
    def feedback(self) -> list[dict]:
        """This round's graded calls, in the order they were asked."""
        if self.round is None:
            return []
        calls = self.round.calls
        items = []
        for key in (coach.PLAYER_DRAW, coach.BANKER_DRAW):
            if key in calls and self.coup is not None:
                # The question and its rule are put again from the cards, in the reader's language.
                question = coach.draw_question(self.coup, key)
                _correct, rule = coach.grade_draw(question, calls[key]["answer"])
                items.append(
                    {
                        "key": key,
                        "correct": calls[key]["correct"],
                        "prompt": question.prompt,
                        "answer": coach.ANSWER_LABELS.get(calls[key]["answer"], ""),
                        "rule": rule,
                    }
                )
        if coach.SETTLEMENT in calls:
            call = calls[coach.SETTLEMENT]
            items.append(
                {
                    "key": coach.SETTLEMENT,
                    "correct": call["correct"],
                    "prompt": _("What does each bet return?"),
                    "answer": ", ".join(
                        f"{bet.get_kind_display()} {answer_text(call['answers'].get(bet.kind))}"
                        for bet in self.bets
                    ),
                    "rule": " ".join(self.bet_sentences),
                }
            )
        return items

    @property
    def bet_sentences(self) -> list[str]:
        assert self.round is not None
        return [bet_sentence(bet, self.round) for bet in self.bets]

    @property
    def in_play(self) -> Decimal | None:
        """The chips staked on the round in play, also while a call waits on a coup that is already
        over (showing none then would tell that it is over); ``None`` between rounds."""
        if self.round is not None and (self.dealing or self.hides_result):
            return self.round.committed
        return None

    @property
    def balance(self) -> Decimal:
        """The balance shown: while the coup is veiled, as it stood before the settlement (the same as
        on a coup still dealt)."""
        if self.veiled:
            assert self.round is not None
            return (self.seat.balance - self.round.returned).quantize(CENT)
        return self.seat.balance

    @property
    def betting(self) -> bool:
        """The next round's bets and table can be chosen (not while a coach question is pending)."""
        if self.round is None or self.round.state == Round.State.BETTING:
            return True
        return self.settled and not self.one_round and self.question is None

    @property
    def dealing(self) -> bool:
        """The coup is being dealt, or looks so while it is veiled."""
        return self.round is not None and (self.round.state == Round.State.DEALING or self.veiled)

    @property
    def settled(self) -> bool:
        """The coup is over and can be shown so (not while it is veiled)."""
        return self.round is not None and self.round.state == Round.State.SETTLED and not self.veiled

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

    @cached_property
    def side_bet_keys(self) -> tuple[str, ...]:
        """The side bets offered here, in registry order (read once per view, and only when shown)."""
        return self.choices.side_bets if self.side_bets else ()

    @cached_property
    def choices(self) -> SeatChoices:
        """The side bets and tables the learner's class lets them choose (one query, when first needed)."""
        return seat_choices(self.seat)

    @property
    def spots(self) -> list[SpotView]:
        """The felt's betting spots: the draft's stakes while betting, the confirmed bets while dealing.

        Once a round is settled the spots are the next round's, empty until chips go on them. A
        confirmed side bet keeps its spot while its coup is dealt.
        """
        next_round = self.settled and self.placing
        if next_round:
            amounts: dict[str, Decimal] = {}
        elif self.dealing and self.round is not None and self.round.stakes:
            amounts = {kind: Decimal(amount) for kind, amount in self.round.stakes.items()}
        else:
            amounts = {bet.kind: bet.amount for bet in self.bets}
        kinds = [*main_bet_keys(), *self.side_bet_keys]
        kinds += [kind for kind in amounts if kind not in kinds and is_registered(kind)]
        labels = {kind: bet_name(kind) for kind in kinds}
        entered = self.entered or {}
        chip = chips_text(self.chip)
        return [
            spot_view(kind, self.table, labels, amounts.get(kind), entered.get(kind), chip) for kind in kinds
        ]

    @property
    def side_terms(self) -> list[tuple[str, str, tuple[tuple[str, str], ...]]]:
        """The side bets' terms once per family (``felt.side_terms``)."""
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
    def placing(self) -> bool:
        """The learner is placing bets: the spots are a form."""
        return self.betting

    @property
    def rack(self) -> list[ChipView]:
        return [chip_view(value, selected=value == self.chip) for value in CHIPS]

    @property
    def can_undo(self) -> bool:
        return self.round is not None and self.round.state == Round.State.BETTING and bool(self.round.chips)

    @property
    def can_repeat(self) -> bool:
        """A table round after the first can repeat the last bets (every settled table round had one)."""
        return not self.one_round and self.next_number > 1

    @property
    def verdict_totals(self) -> tuple[int, int]:
        """The final totals, the winner's first."""
        assert self.round is not None
        player, banker = self.round.player_total or 0, self.round.banker_total or 0
        return (banker, player) if self.round.winner == "banker" else (player, banker)

    @property
    def net(self) -> Decimal:
        """What the settled round won or lost the learner, all bets together."""
        assert self.round is not None
        return self.round.returned - self.round.committed

    @property
    def balance_text(self) -> str:
        """The balance as the results page writes it: grouped the language's way (``99,332.75``)."""
        return chips_text(self.balance, 2, grouping=True)

    @property
    def net_text(self) -> str:
        return chips_text(self.net, 2, signed=True) if self.net else "±" + chips_text(self.net, 2)

    @cached_property
    def presets(self) -> list[Preset]:
        """The tables the learner may choose for the next shoe (their class's, or the defaults)."""
        return [PRESETS[key] for key in self.choices.presets]

    @property
    def hand_rows(self) -> list[tuple[str, str, list[CardView], int | None]]:
        """(kind, name, cards, total) of both hands; no cards and no total before the first card."""
        coup = self.coup
        return [
            ("player", str(HAND_NAMES[Hand.PLAYER]), self.player, coup.player_total if coup else None),
            ("banker", str(HAND_NAMES[Hand.BANKER]), self.banker, coup.banker_total if coup else None),
        ]


def table_view(
    seat: Seat,
    round: Round | None = None,
    *,
    urls: Mapping[str, str] | None = None,
    panel_id: str = "table-panel",
    side_bets: bool = True,
    one_round: bool = False,
    chip: Decimal = DEFAULT_CHIP,
    entered: dict[str, str] | None = None,
    stakes: bool = True,
    fragments: bool = False,
) -> TableView:
    """The current round (open, or the last one settled) with its coup replayed.

    ``round`` may be passed when the caller has just loaded it (a service's result).
    """
    if round is None:
        round = latest_round(seat)
    # While the coup is dealt the felt needs only the stakes, kept on the round at confirm; the bets
    # themselves (results, payouts) are read once it is settled, or while they are a draft.
    dealing = round is not None and round.state == Round.State.DEALING and bool(round.stakes)
    # A round that is not stored (a visitor's worked example, kept in the session) has no bets.
    bets = list(round.bets.all()) if round is not None and round.pk is not None and not dealing else []
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
        urls=urls if urls is not None else table_urls(get_script_prefix()),
        panel_id=panel_id,
        side_bets=side_bets,
        one_round=one_round,
        chip=chip,
        entered=entered,
        stakes=stakes,
        fragments=fragments,
    )
    # No restart while a round is in play or a call waits (it would tell a lost coup).
    view.can_reset = seat.balance < view.table.min_bet and not view.dealing and view.question is None
    if seat.shoe_state:
        facts = Shoe.facts_in(seat.shoe_state)  # read from the dump's head: the service has parsed it
        view.cards_left = facts.cards_left
        if seat.kind == Seat.Kind.TABLE and round is not None and round.shoe_number == seat.shoe_number:
            # Lesson seats deal arranged shoes: no burn, and their cut card is only the end of the cards.
            view.cut_card_out = facts.cut_card_out and round.state != Round.State.BETTING
            view.cut_card_just_out = facts.cut_card_just_out and round.state != Round.State.BETTING
            if round.new_shoe and view.dealing:
                view.burn = facts.burn
    if coup is not None:
        view.player = [card_view(card) for card in coup.player]
        view.banker = [card_view(card) for card in coup.banker]
        view.narration = [step_sentences(step) for step in coup.steps]
        last = coup.steps[-1]
        newest = view.player if last.hand is Hand.PLAYER else view.banker
        newest[-1] = replace(newest[-1], fresh=True)
        # While a draw call waits, the Banker table highlights nothing: its cell is the answer.
        if not view.asks_draw and _decided_by_the_table(last):
            view.banker_row = last.banker_total_before_draw
            view.banker_column = last.player_third
        elif len(coup.steps) > 1 and _decided_by_the_table(before := coup.steps[-2]):
            view.banker_row_before = before.banker_total_before_draw
    return view


def _decided_by_the_table(step: Step) -> bool:
    return bool({Reason.BANKER_DRAWS_TABLE, Reason.BANKER_STANDS_TABLE} & set(step.reasons))
