"""What the dealer-mode page shows: the layout in stacks, the cards, the choices of the moment, the
verdict on the last action with the rule it broke, the commission box and the round's time.

Everything is read from the round and its session (nothing undealt: the shoe stays on the server).
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from baccarat import Card, Coup
from dealer import procedure
from dealer.models import DealerRound, DealerSession
from dealer.selectors import session_played
from dealer.services.rounds import call_choices, done_ids, is_box, marked_seats, marks_owed, round_dues
from progress.models import DEALER_ERROR_LABELS
from table.amounts import chips_text
from table.bets import bet_name
from table.presenters.felt import card_view
from table.presets import PRESETS

#: The rules and procedures an error breaks, as the verdict says them.
RULE_ORDER = gettext_lazy(
    "Cards come out Player, Banker, Player, Banker; Player's third card is decided before Banker's."
)
RULE_DRAW = gettext_lazy(
    "The third-card rule: Player draws on 0-5 and stands on 6-7; Banker draws by the Banker table; a"
    " natural 8 or 9 ends the deal."
)
RULE_TAKE_PAY = gettext_lazy(
    "Take the losing bets first, from seat 1 on your right to the left, then pay the winners in the "
    "same order, side bets after the main bets."
)
RULE_COMMISSION_PAY = gettext_lazy(
    "Banker wins pay 1:1 less commission: %(bet)s is paid %(right)s, not %(typed)s (at this table "
    "commission is %(how)s)."
)
#: Chips the learner may build a payout from, biggest first (the quarter for commission change).
PAY_CHIPS = ("100", "25", "5", "1", "0.25")


def hand_name(hand: str) -> str:
    return {"player": pgettext("hand", "Player"), "banker": pgettext("hand", "Banker")}.get(hand, _("Stand"))


def call_text(option: procedure.CallOption) -> str:
    """A call as a croupier says it, winner's total first."""
    if option.winner == "tie":
        return _("Tie, %(total)s all") % {"total": option.high}
    if option.winner == "player":
        return _("Player wins, %(high)s over %(low)s") % {"high": option.high, "low": option.low}
    return _("Banker wins, %(high)s over %(low)s") % {"high": option.high, "low": option.low}


def bet_text(seat: int, kind: str) -> str:
    return _("seat %(seat)s, %(bet)s") % {"seat": seat, "bet": bet_name(kind)}


def verdict(round: DealerRound) -> dict | None:
    """The last action: right or the error, with the rule or procedure it broke and the right action."""
    if not round.actions:
        return None
    entry = round.actions[-1]
    kind = entry.get("error")
    lines: list[str] = []
    if kind in ("order", "draw"):
        right = entry.get("right", "")
        if kind == "order":
            lines.append(str(RULE_ORDER))
        else:
            lines.append(str(RULE_DRAW))
        lines.append(_("The right action was: %(action)s.") % {"action": hand_name(right)})
    elif kind == "call":
        option = procedure.CallOption.from_code(entry.get("right", ""))
        lines.append(_("Call the winner first, with the winner's total first."))
        if option:
            lines.append(_("The right call was: %(call)s.") % {"call": call_text(option)})
    elif kind == "take_pay_order":
        lines.append(str(RULE_TAKE_PAY))
        lines.append(_("Next was %(bet)s.") % {"bet": bet_text(entry["next_seat"], entry["next_kind"])})
    elif kind == "payout" and entry.get("right_action"):
        what = {
            "take": _("%(bet)s lost: it is taken, not paid."),
            "pay": _("%(bet)s won: it is paid, not taken."),
            "push": _("%(bet)s pushes: it stays where it is, neither taken nor paid."),
        }
        if entry["right_action"] != entry["do"]:
            lines.append(what[entry["right_action"]] % {"bet": bet_text(entry["seat"], entry["kind"])})
        else:
            lines.append(
                _("%(bet)s is paid %(right)s, not %(typed)s.")
                % {
                    "bet": bet_text(entry["seat"], entry["kind"]),
                    "right": chips_text(Decimal(entry["right"])),
                    "typed": chips_text(Decimal(entry["typed"])),
                }
            )
    elif kind == "commission":
        if entry["do"] == "pay":
            lines.append(
                str(RULE_COMMISSION_PAY)
                % {
                    "bet": bet_text(entry["seat"], entry["kind"]),
                    "right": chips_text(Decimal(entry["right"])),
                    "typed": chips_text(Decimal(entry["typed"])),
                    "how": _("marked in the box") if is_box(round.session) else _("taken from the payout"),
                }
            )
        else:
            lines.append(
                _("Seat %(seat)s owes %(right)s in the commission box, not %(typed)s.")
                % {
                    "seat": entry["seat"],
                    "right": chips_text(Decimal(entry["right"])),
                    "typed": chips_text(Decimal(entry["typed"])),
                }
            )
        if round.session.house_rounding:
            lines.append(
                _("House rounding: a bet of 1-5 owes 0.25, 6-10 owes 0.50, 11-15 owes 0.75, and so on.")
            )
    return {
        "error": bool(kind),
        "kind": str(DEALER_ERROR_LABELS[kind]) if kind else "",
        "lines": lines,
        "too_fast": bool(entry.get("too_fast")),
    }


def table_view(round: DealerRound) -> dict:
    """The page's context for ``round``."""
    session: DealerSession = round.session
    preset = PRESETS[session.preset]
    dues = {due.id: due for due in round_dues(round)} if round.phase not in ("deal", "call") else {}
    done = done_ids(round)
    seats = []
    for seat in range(1, session.seats + 1):
        bets = []
        for bet in round.layout:
            if bet["seat"] != seat:
                continue
            due = dues.get(bet["id"])
            state = ""
            if due is not None:
                state = "push" if due.action == procedure.PUSH else ("done" if due.id in done else "open")
            taken = any(
                e.get("bet") == bet["id"] and e.get("do") == "take" and e.get("done") for e in round.actions
            )
            bets.append(
                {
                    "id": bet["id"],
                    "name": bet_name(bet["kind"]),
                    "amount": chips_text(Decimal(bet["amount"])),
                    "chips": [{"value": value, "count": count} for value, count in bet["chips"]],
                    "state": state,
                    "taken": taken,
                }
            )
        seats.append(
            {"number": seat, "bets": bets, "box": chips_text(Decimal(session.box.get(str(seat), "0")))}
        )
    cards = round.card_tokens
    player, banker = _hands(cards)
    played = session_played(session)
    return {
        "session": session,
        "round": round,
        "table": preset,
        "box_mode": is_box(session),
        "seats": seats,
        "player_cards": [card_view(Card.parse(token)) for token in player],
        "banker_cards": [card_view(Card.parse(token)) for token in banker],
        "options": [{"code": option.code, "text": call_text(option)} for option in call_choices(round)]
        if round.phase == "call"
        else [],
        "verdict": verdict(round),
        "collect": [{"seat": seat, "amount": amount} for seat, amount in round.collect.items()],
        "marks_open": sorted(
            seat
            for seat, owed in marks_owed(round).items()
            if marked_seats(round).get(seat, Decimal(0)) < owed
        ),
        "pay_chips": PAY_CHIPS,
        "errors": [{"name": DEALER_ERROR_LABELS[k], "count": v} for k, v in round.errors.items()],
        "seconds": None if round.duration_ms is None else f"{round.duration_ms / 1000:.1f}",
        "within": round.duration_ms is not None and round.duration_ms <= session.standard_seconds * 1000,
        "played": played,
        "done_url": session.done_url if played else "",
    }


def _hands(cards: list[str]) -> tuple[list[str], list[str]]:
    """Which dealt card went to which hand, in dealing order (the engine's coup decides)."""
    coup = Coup.replay(cards)
    return [str(card) for card in coup.player], [str(card) for card in coup.banker]
