"""What the dealer-mode page shows: the layout in stacks, the cards, the choices of the moment, the
verdict on the last action with the rule it broke and the right action, the box and the round's time.

Everything is read from the round, its session and the engine's replay of it (nothing undealt: the
shoe stays on the server). The engine's structured calls (``CallKey`` and totals) and rules
(``Rule``) are put into words here, in the active language.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from baccarat import Card
from baccarat.dealer import CallKey, CallOption, Layout, Rule, action_from_dict
from dealer.engine import engine_round, options_rng
from dealer.models import DealerRound, DealerSession
from dealer.selectors import session_played
from dealer.services.rounds import box_of, uses_box
from progress.models import DEALER_ERROR_LABELS
from table.amounts import chips_text
from table.bets import bet_name
from table.presenters.felt import card_view
from table.presets import PRESETS

#: Chips the learner may build a payout from, biggest first (the quarter for commission change).
PAY_CHIPS = ("100", "25", "5", "1", "0.25")

#: Each call the engine can ask for, as a croupier says it (figures from ``CallOption.params``).
CALL_PHRASES = {
    CallKey.NATURAL: gettext_lazy("Player shows %(player)s, Banker %(banker)s, a natural"),
    CallKey.PLAYER_DRAWS: gettext_lazy("Player shows %(player)s, Banker %(banker)s, Player draws"),
    CallKey.BANKER_DRAWS: gettext_lazy(
        "Player shows %(player)s, Banker %(banker)s, Player stands, Banker draws"
    ),
    CallKey.BOTH_STAND: gettext_lazy("Player shows %(player)s, Banker %(banker)s, both stand"),
    CallKey.PLAYER_WINS: gettext_lazy("Player wins, %(winner)s over %(loser)s"),
    CallKey.BANKER_WINS: gettext_lazy("Banker wins, %(winner)s over %(loser)s"),
    CallKey.TIE: gettext_lazy("Tie, %(total)s all"),
}

#: The rule or procedure each error broke, in words.
RULE_TEXTS = {
    Rule.DEAL_ORDER: gettext_lazy("The first four cards go Player, Banker, Player, Banker."),
    Rule.PLAYER_THIRD_FIRST: gettext_lazy("Player's third card comes before Banker's."),
    Rule.NATURAL_STANDS: gettext_lazy("A natural (8 or 9 on two cards): both hands stand."),
    Rule.PLAYER_DRAWS: gettext_lazy("Player draws on 0 to 5."),
    Rule.PLAYER_STANDS: gettext_lazy("Player stands on 6 or 7."),
    Rule.BANKER_PLAYER_STOOD: gettext_lazy("Player stood: Banker draws on 0 to 5 and stands on 6 or 7."),
    Rule.BANKER_TABLE: gettext_lazy(
        "Player drew: Banker draws by the Banker table (its total against Player's third card)."
    ),
    Rule.COUP_OVER: gettext_lazy(
        "A hand never takes more than three cards; after the last card nobody draws."
    ),
    Rule.CALL_OPENING: gettext_lazy(
        "After the first four cards, call both totals and the action before any third card."
    ),
    Rule.CALL_RESULT: gettext_lazy(
        "After the last card, call the result before taking and paying, the winner's total first."
    ),
    Rule.SETTLE_AFTER_CALL: gettext_lazy(
        "Bets are taken and paid only after the last card and the result call."
    ),
    Rule.TAKE_BEFORE_PAY: gettext_lazy("Take every losing bet before paying any winner."),
    Rule.RIGHT_TO_LEFT: gettext_lazy("Take and pay from your right to your left, seat 1 first."),
    Rule.MAIN_BEFORE_SIDE: gettext_lazy("Side bets are settled after the main bets."),
    Rule.ALREADY_SETTLED: gettext_lazy("That bet is already settled."),
    Rule.NO_BET: gettext_lazy("There is no bet on that spot."),
    Rule.PUSH_STAYS: gettext_lazy("A bet that pushes stays where it is: neither taken nor paid."),
    Rule.BET_WON: gettext_lazy("A winning bet is paid, not taken."),
    Rule.BET_LOST: gettext_lazy("A losing bet is taken, not paid."),
    Rule.PAYOUT_RATIO: gettext_lazy("The payout is the stake times the bet's ratio."),
    Rule.COMMISSION_TAKEN: gettext_lazy(
        "This table takes the commission from each Banker payout (100 is paid 95)."
    ),
    Rule.COMMISSION_MARKED: gettext_lazy(
        "This table pays Banker in full and marks the commission in the box."
    ),
    Rule.COMMISSION_AMOUNT: gettext_lazy(
        "The commission is 5 % of the winnings (with house rounding: a quarter for every 5 chips started)."
    ),
    Rule.NO_COMMISSION_DUE: gettext_lazy("No commission is due here."),
    Rule.MARK_AFTER_PAY: gettext_lazy(
        "Mark a Banker win's commission right after paying it, before the next bet."
    ),
    Rule.BOX_OWED: gettext_lazy("Collect what the box says the seat owes."),
    Rule.ROUND_OVER: gettext_lazy("The round is over: every bet is settled."),
}


def call_text(option: CallOption) -> str:
    return str(CALL_PHRASES[option.key]) % option.params


def bet_text(seat: int, key: str) -> str:
    return _("seat %(seat)s, %(bet)s") % {"seat": seat, "bet": bet_name(key)}


def action_text(data: dict | None) -> str:
    """An action of the engine in words (the right action shown after an error)."""
    if not data:
        return ""
    action = action_from_dict(data)
    kind = data["action"]
    if kind == "deal":
        hand = pgettext("hand", "Player") if data["hand"] == "player" else pgettext("hand", "Banker")
        return _("a card to %(hand)s") % {"hand": hand}
    if kind == "stand":
        return _("no more cards")
    if kind == "call":
        return _("the call “%(call)s”") % {"call": call_text(action.option)}  # type: ignore[union-attr]
    if kind == "take":
        return _("take %(bet)s") % {"bet": bet_text(data["seat"], data["bet"])}
    if kind == "pay":
        return _("pay %(bet)s %(amount)s") % {
            "bet": bet_text(data["seat"], data["bet"]),
            "amount": chips_text(Decimal(data["amount"])),
        }
    if kind == "mark":
        return _("mark %(amount)s for seat %(seat)s in the box") % {
            "amount": chips_text(Decimal(data["amount"])),
            "seat": data["seat"],
        }
    return _("collect %(amount)s from seat %(seat)s") % {
        "amount": chips_text(Decimal(data["amount"])),
        "seat": data["seat"],
    }


def verdict(round: DealerRound) -> dict | None:
    """The last action: right, or the error with the rule it broke and the right action."""
    if not round.actions:
        return None
    entry = round.actions[-1]
    lines = []
    if entry.get("error"):
        if entry.get("rule"):
            lines.append(str(RULE_TEXTS[Rule(entry["rule"])]))
        if entry.get("right"):
            lines.append(_("The right action: %(action)s.") % {"action": action_text(entry["right"])})
    return {
        "error": bool(entry.get("error")),
        "kind": str(DEALER_ERROR_LABELS[entry["error"]]) if entry.get("error") else "",
        "lines": lines,
        "too_fast": bool(entry.get("too_fast")),
    }


def _settled_bets(round: DealerRound) -> dict[str, str]:
    done = {}
    for entry in round.actions:
        action = entry["action"]
        if entry.get("ok") and action["action"] in ("take", "pay"):
            done[f"{action['seat']}-{action['bet']}"] = action["action"]
    return done


def table_view(round: DealerRound) -> dict:
    """The page's context for ``round``."""
    session: DealerSession = round.session
    engine = engine_round(round)
    layout = Layout.from_dict(round.layout)
    pushes = {f"{item.seat}-{item.bet.key}" for item in engine.items if item.step == -1}
    done = _settled_bets(round)
    box = (
        box_of(session) if round.phase in (DealerRound.Phase.COLLECT, DealerRound.Phase.DONE) else engine.box
    )
    settling = round.phase == DealerRound.Phase.SETTLE
    seats = []
    for seat in layout.seats:
        bets = []
        for bet in seat.bets:
            ident = f"{seat.seat}-{bet.key}"
            state = "push" if ident in pushes else "done" if ident in done else "open" if settling else ""
            chips: dict[Decimal, int] = {}
            for chip in bet.chips:
                chips[chip] = chips.get(chip, 0) + 1
            bets.append(
                {
                    "id": ident,
                    "name": bet_name(bet.key),
                    "amount": chips_text(bet.amount),
                    "chips": [{"value": value, "count": count} for value, count in chips.items()],
                    "state": state,
                    "taken": done.get(ident) == "take",
                }
            )
        seats.append({"number": seat.seat, "bets": bets, "box": chips_text(box.owed(seat.seat))})
    options = engine.call_options(options_rng(round)) if round.phase == DealerRound.Phase.CALL else ()
    played = session_played(session)
    standard_ms = session.standard_seconds * 1000
    return {
        "session": session,
        "round": round,
        "table": PRESETS[session.preset],
        "box_mode": uses_box(session),
        "seats": seats,
        "player_cards": [card_view(Card.parse(str(card))) for card in engine.coup.player],
        "banker_cards": [card_view(Card.parse(str(card))) for card in engine.coup.banker],
        "options": [{"code": option.code, "text": call_text(option)} for option in options],
        "verdict": verdict(round),
        "collect": [{"seat": seat, "amount": amount} for seat, amount in round.collect.items()],
        "mark_seats": [seat.seat for seat in layout.seats],
        "pay_chips": PAY_CHIPS,
        "errors": [
            {"name": DEALER_ERROR_LABELS[kind], "count": count} for kind, count in round.errors.items()
        ],
        "seconds": None if round.duration_ms is None else f"{round.duration_ms / 1000:.1f}",
        "within": round.duration_ms is not None and round.duration_ms <= standard_ms,
        "played": played,
        "done_url": session.done_url if played else "",
    }
