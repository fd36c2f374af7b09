"""A finished session's shoe as a worked example: the member steps through its rounds one card at a time.

The position is in the URL (``?round=2&card=3``): a step is a GET that writes nothing, any step can be
bookmarked or sent again, and "Start again" is the round's first card. The rounds' cards come from
``classtable.selectors.session_replay`` (only an ended session's, only what was dealt).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from baccarat import Coup, Hand
from table.explain import HAND_NAMES, step_sentences
from table.presenters import CardView, card_view


@dataclass
class ReplayView:
    rounds: list[list[str]]
    number: int  # 1-based round of the session's dealt rounds
    shown: int  # cards shown of that round
    player: list[CardView] = field(default_factory=list)
    banker: list[CardView] = field(default_factory=list)
    lines: list[list[str]] = field(default_factory=list)
    verdict: str = ""
    totals: tuple[int | None, int | None] = (None, None)

    #: What the shared hands partial asks of a live board: a replay takes no bets and asks no calls.
    betting = False
    dealing = False
    question = None

    @property
    def latest(self) -> list[str]:
        return self.lines[-1] if self.lines else []

    @property
    def cards(self) -> int:
        return len(self.rounds[self.number - 1]) if self.rounds else 0

    @property
    def has_next_card(self) -> bool:
        return self.shown < self.cards

    @property
    def has_next_round(self) -> bool:
        return self.number < len(self.rounds)

    @property
    def next_hand(self) -> str:
        tokens = self.rounds[self.number - 1][: self.shown]
        coup = Coup.replay(tokens) if tokens else None
        hand = Hand.PLAYER if coup is None else coup.next_hand
        return str(HAND_NAMES[hand]) if hand is not None else ""

    @property
    def hand_rows(self) -> list[tuple[str, str, list[CardView], int | None]]:
        return [
            ("player", str(HAND_NAMES[Hand.PLAYER]), self.player, self.totals[0]),
            ("banker", str(HAND_NAMES[Hand.BANKER]), self.banker, self.totals[1]),
        ]


def _number(text: str | None, low: int, high: int, default: int) -> int:
    """A position from the query string, kept within the session (junk: the default)."""
    if text is None or not text.isdigit() or len(text) > 4:
        return default
    return min(max(int(text), low), high)


def replay_view(rounds: list[list[str]], round_text: str | None, card_text: str | None) -> ReplayView:
    number = _number(round_text, 1, max(len(rounds), 1), 1)
    tokens = rounds[number - 1] if rounds else []
    shown = _number(card_text, 0, len(tokens), 0)
    view = ReplayView(rounds=rounds, number=number, shown=shown)
    if shown:
        coup = Coup.replay(tokens[:shown])
        view.player = [card_view(card) for card in coup.player]
        view.banker = [card_view(card) for card in coup.banker]
        if view.player or view.banker:
            last = view.player if coup.steps[-1].hand is Hand.PLAYER else view.banker
            last[-1].fresh = True
        view.lines = [step_sentences(step) for step in coup.steps]
        view.totals = (coup.player_total, coup.banker_total)
        outcome = coup.outcome
        if outcome is not None:
            player, banker = outcome.player_total, outcome.banker_total
            high, low = max(player, banker), min(player, banker)
            if player == banker:
                view.verdict = _("Tie: both hands have %(total)s") % {"total": high}
            elif player > banker:
                view.verdict = _("Player wins, %(high)s to %(low)s") % {"high": high, "low": low}
            else:
                view.verdict = _("Banker wins, %(high)s to %(low)s") % {"high": high, "low": low}
    return view
