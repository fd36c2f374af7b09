"""The course's exercises: scripted questions first, then generated ones, graded with the rule that decides.

Design overview: an exercise kind is a list of scripted questions (the cases
of seed 004, in order) and a generator of new ones. A question is a plain
dict, kept on the server by ``lessons.questions`` until it is answered (the
page gets only its nonce); it carries its own right answer and the sentence of
the rule that decides, both computed by the rules engine (never typed in), so
grading needs no second source of truth.

Question fields: ``kind``, ``prompt``, ``form`` ("choice" or "numbers"),
``choices`` ([value, label] pairs) or ``fields`` ([name, label] pairs),
``answer`` (a choice value, or "|"-joined amounts), ``why`` (the rule),
``shown`` (the right answer in words), and optional ``cards`` (tokens to draw).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from baccarat import (
    CENT,
    STANDARD,
    AmbiguousAmountError,
    Bet,
    BetKind,
    Card,
    Coup,
    InvalidAmountError,
    Outcome,
    Rank,
    Suit,
    Winner,
    banker_draws,
    big_road,
    martingale_stake,
    odds_for_decks,
    play_coup,
    player_draws,
    settle,
)
from baccarat.rules import is_natural
from lessons import house_edge
from lessons.figures import example_outcome
from table.explain import (
    ambiguous_message,
    amount_text,
    card_name,
    chips_text,
    percent_sign,
    percent_text,
    typed_amount,
)
from table.presets import STANDARD_TABLE

Question = dict[str, Any]
TOTAL_CHOICES = [[str(value), str(value)] for value in range(10)]


# The words of a question are put in the active language when the question is
# made: a question is kept (as JSON) as plain text, so every label below is a
# ``str`` by then. Amounts and percentages in the words follow the locale;
# the ``answer`` stays a machine value ("draws", "109.50"). Balances and the
# amounts reckoned with them always show two decimals ("Balance: 90.00"), as
# the table shows a balance; a stake named in a question is a whole number of
# chips ("10 on Player").


def _kind_name(kind: str) -> str:
    """The name of a main bet (``player``, ``banker``, ``tie``)."""
    return {
        "player": pgettext("hand", "Player"),
        "banker": pgettext("hand", "Banker"),
        "tie": _("Tie"),
    }[kind]


def _result_choices() -> list[list[str]]:
    return [["player", _("Player wins")], ["banker", _("Banker wins")], ["tie", _("Tie")]]


def _draw_choices() -> list[list[str]]:
    return [["draws", _("Draws")], ["stands", _("Stands")]]


def _natural_choices() -> list[list[str]]:
    return [
        ["yes", _("Yes: there is a natural, so nobody draws")],
        ["no", _("No: the coup goes on to the drawing rules")],
    ]


def _amount(value: Decimal | int) -> str:
    """A balance or a reckoned amount: always two decimals, the locale's separator (``90.00``)."""
    return amount_text(value)


def _stake(value: Decimal | int) -> str:
    """A stake as a question names it: its own decimals (``10``), the locale's separator."""
    return amount_text(value, decimal_pos=None)


def _choice(
    kind: str, prompt: str, choices: list[list[str]], answer: str, why: str, **extra: Any
) -> Question:
    shown = next(label for value, label in choices if value == answer)
    return {
        "kind": kind,
        "prompt": prompt,
        "form": "choice",
        "choices": choices,
        "answer": answer,
        "why": why,
        "shown": shown,
        **extra,
    }


def _numbers(
    kind: str, prompt: str, fields: list[list[str]], answers: list[Decimal], why: str, **extra: Any
) -> Question:
    shown = ", ".join(
        f"{label}: {_amount(amount)}" for (_name, label), amount in zip(fields, answers, strict=True)
    )
    return {
        "kind": kind,
        "prompt": prompt,
        "form": "numbers",
        "fields": fields,
        "answer": "|".join(str(amount.quantize(CENT)) for amount in answers),
        "why": why,
        "shown": shown,
        **extra,
    }


# --- 1. Results ----------------------------------------------------------------


def results_question(player: int, banker: int) -> Question:
    winner = "player" if player > banker else "banker" if banker > player else "tie"
    totals = {"player": player, "banker": banker}
    if winner == "tie":
        why = _("Player %(player)s, Banker %(banker)s: equal totals are a tie.") % totals
    elif winner == "player":
        why = _("Player %(player)s, Banker %(banker)s: the total closer to 9 wins, so Player wins.") % totals
    else:
        why = _("Player %(player)s, Banker %(banker)s: the total closer to 9 wins, so Banker wins.") % totals
    return _choice(
        "results",
        _("Player ends on %(player)s and Banker on %(banker)s. What is the result?") % totals,
        _result_choices(),
        winner,
        why,
    )


# --- 2. Card values ------------------------------------------------------------


def card_value_question(token: str) -> Question:
    card = Card.parse(token)
    figures = {"card": card_name(card), "points": card.points}
    why = (
        _(
            "The %(card)s counts %(points)s: an ace counts 1, two to nine count their number, "
            "ten, jack, queen and king count 0, and the suit never matters."
        )
        % figures
    )
    return _choice(
        "card-values",
        _("What does the %(card)s count in baccarat?") % figures,
        TOTAL_CHOICES,
        str(card.points),
        why,
        cards=[card.token],
    )


# --- 3. Counting ---------------------------------------------------------------


def counting_question(tokens: list[str]) -> Question:
    cards = [Card.parse(token) for token in tokens]
    points = [card.points for card in cards]
    total = sum(points)
    why = _("%(sum)s = %(total)s; keep only the last digit: %(digit)s.") % {
        "sum": " + ".join(map(str, points)),
        "total": total,
        "digit": total % 10,
    }
    return _choice(
        "counting", _("What is this hand's total?"), TOTAL_CHOICES, str(total % 10), why, cards=tokens
    )


# --- 4. Stake ------------------------------------------------------------------


def _bets_text(stakes: Mapping[str, int]) -> str:
    """``10 on Player`` or ``10 on Player and 5 on Tie``."""
    phrases = [
        _("%(amount)s on %(bet)s") % {"amount": _stake(amount), "bet": _kind_name(kind)}
        for kind, amount in stakes.items()
    ]
    text = phrases[0]
    for phrase in phrases[1:]:
        text = _("%(first)s and %(second)s") % {"first": text, "second": phrase}
    return text


def stake_question(start: Decimal, stakes: Mapping[str, int]) -> Question:
    committed = Decimal(sum(stakes.values()))
    figures = {"start": _amount(start), "committed": _amount(committed), "left": _amount(start - committed)}
    why = (
        _(
            "Confirming moves %(committed)s chips from your balance to the table: "
            "%(start)s − %(committed)s = %(left)s left in your balance, "
            "%(committed)s committed until the coup is settled."
        )
        % figures
    )
    return _numbers(
        "stake",
        _("Your balance is %(start)s chips. You bet %(bets)s and confirm. What do you have now?")
        % {"start": _amount(start), "bets": _bets_text(stakes)},
        [["balance", _("Balance")], ["committed", _("Committed")]],
        [start - committed, committed],
        why,
    )


def limit_question(kind: str, amount: int) -> Question:
    """Does a stake of ``amount`` on ``kind`` fit the standard table's limits?"""
    table = STANDARD_TABLE
    fits = table.min_bet <= amount <= table.max_bet
    figures = {
        "amount": _amount(amount),
        "bet": _kind_name(kind),
        "min": chips_text(table.min_bet),
        "max": chips_text(table.max_bet),
    }
    if fits:
        why = _("%(amount)s is within %(min)s to %(max)s chips, so the stake is accepted.") % figures
    elif amount < table.min_bet:
        why = _("%(amount)s is below the minimum of %(min)s chips, so the stake is refused.") % figures
    else:
        why = _("%(amount)s is above the maximum of %(max)s chips, so the stake is refused.") % figures
    return _choice(
        "stake",
        _(
            "This table takes %(min)s to %(max)s chips on each of Player, Banker and Tie. "
            "Can you confirm %(amount)s on %(bet)s?"
        )
        % figures,
        [["yes", _("Yes, the stake fits")], ["no", _("No, it is refused")]],
        "yes" if fits else "no",
        why,
    )


# --- 5. Naturals ---------------------------------------------------------------


def natural_question(tokens: list[str]) -> Question:
    """Four cards in dealing order (P, B, P, B): is there a natural?

    Only lesson 5's rule decides: a natural (8 or 9 with two cards) in either
    hand means nobody draws; without one the coup goes on to the drawing rules
    of lessons 7 and 8, which this question does not ask about.
    """
    coup = Coup.replay(tokens)
    player, banker = coup.player_total, coup.banker_total
    totals = {"player": player, "banker": banker}
    if is_natural(player) and is_natural(banker):
        why = _(
            "Player and Banker have a natural (8 or 9 with two cards): "
            "nobody draws, whatever the other total."
        )
    elif is_natural(player):
        why = _("Player has a natural (8 or 9 with two cards): nobody draws, whatever the other total.")
    elif is_natural(banker):
        why = _("Banker has a natural (8 or 9 with two cards): nobody draws, whatever the other total.")
    else:
        why = (
            _(
                "Player has %(player)s and Banker has %(banker)s: neither is 8 or 9, so there is no natural "
                "and the drawing rules decide what happens next."
            )
            % totals
        )
    return _choice(
        "naturals",
        _("Player holds %(player)s and Banker holds %(banker)s after four cards. Is there a natural?")
        % totals,
        _natural_choices(),
        "yes" if is_natural(player) or is_natural(banker) else "no",
        why,
        cards=tokens,
    )


# --- 6. Settlement -------------------------------------------------------------


def _settlement_prompt(
    kind: str, amount: int, outcome: Outcome, start: Decimal, after_confirm: Decimal
) -> str:
    figures = {
        "start": _amount(start),
        "amount": _stake(amount),
        "bet": _kind_name(kind),
        "balance": _amount(after_confirm),
        "player": outcome.player_total,
        "banker": outcome.banker_total,
    }
    if outcome.winner is Winner.TIE:
        text = _(
            "You start with %(start)s chips and confirm %(amount)s on %(bet)s (balance %(balance)s). "
            "It is a tie, Player %(player)s to Banker %(banker)s. What is your balance now?"
        )
    elif outcome.winner is Winner.PLAYER:
        text = _(
            "You start with %(start)s chips and confirm %(amount)s on %(bet)s (balance %(balance)s). "
            "Player wins, Player %(player)s to Banker %(banker)s. What is your balance now?"
        )
    else:
        text = _(
            "You start with %(start)s chips and confirm %(amount)s on %(bet)s (balance %(balance)s). "
            "Banker wins, Player %(player)s to Banker %(banker)s. What is your balance now?"
        )
    return text % figures


def settlement_question(
    kind: str, amount: int, outcome: Outcome, start: Decimal = Decimal("100")
) -> Question:
    """Standard payouts only (never the no-commission table in these lessons)."""
    [result] = settle([Bet(BetKind(kind), Decimal(amount))], outcome, STANDARD)
    after_confirm = start - amount
    final = after_confirm + result.returned
    figures = {
        "balance": _amount(after_confirm),
        "amount": _amount(amount),
        "final": _amount(final),
        "stake": _amount(result.stake_returned),
        "winnings": _amount(result.winnings),
        "commission": _amount(result.commission),
        "returned": _amount(result.returned),
    }
    if result.result.value == "lost":
        why = _("The bet lost: nothing comes back, so the balance stays at %(balance)s.") % figures
    elif result.result.value == "push":
        why = _("A tie gives Player and Banker bets back: %(balance)s + %(amount)s = %(final)s.") % figures
    elif result.commission:
        why = (
            _(
                "%(stake)s stake back + %(winnings)s winnings − %(commission)s commission "
                "(5%% of the winnings) = %(returned)s; %(balance)s + %(returned)s = %(final)s."
            )
            % figures
        )
    else:
        why = (
            _(
                "%(stake)s stake back + %(winnings)s winnings = %(returned)s; "
                "%(balance)s + %(returned)s = %(final)s."
            )
            % figures
        )
    prompt = _settlement_prompt(kind, amount, outcome, start, after_confirm)
    return _numbers("settlement", prompt, [["balance", _("Balance")]], [final], why)


def _result_sentence(outcome: Outcome) -> str:
    totals = {"player": outcome.player_total, "banker": outcome.banker_total}
    if outcome.winner is Winner.TIE:
        return _("It is a tie, Player %(player)s to Banker %(banker)s.") % totals
    if outcome.winner is Winner.PLAYER:
        return _("Player wins, Player %(player)s to Banker %(banker)s.") % totals
    return _("Banker wins, Player %(player)s to Banker %(banker)s.") % totals


def spots_question(stakes: Mapping[str, int], outcome: Outcome, start: Decimal = Decimal("100")) -> Question:
    """Stakes on several spots of one coup (Player and Banker together, say), standard payouts."""
    bets = [Bet(BetKind(kind), Decimal(amount)) for kind, amount in stakes.items()]
    results = settle(bets, outcome, STANDARD)
    committed = Decimal(sum(stakes.values()))
    after_confirm = start - committed
    returned = sum((result.returned for result in results), Decimal(0))
    final = after_confirm + returned
    parts = "; ".join(
        _("%(amount)s on %(bet)s brings back %(returned)s")
        % {
            "amount": chips_text(result.bet.amount),
            "bet": _kind_name(result.bet.kind.value),
            "returned": _amount(result.returned),
        }
        for result in results
    )
    net = returned - committed
    net_text = _amount(abs(net))
    net_text = f"−{net_text}" if net < 0 else f"+{net_text}" if net > 0 else net_text
    why = _(
        "Each stake is settled on its own: %(parts)s. %(balance)s + %(returned)s = %(final)s, "
        "a net result of %(net)s for the coup."
    ) % {
        "parts": parts,
        "balance": _amount(after_confirm),
        "returned": _amount(returned),
        "final": _amount(final),
        "net": net_text,
    }
    prompt = _(
        "You start with %(start)s chips and confirm %(bets)s (balance %(balance)s). %(result)s "
        "What is your balance now?"
    ) % {
        "start": _amount(start),
        "bets": _bets_text(stakes),
        "balance": _amount(after_confirm),
        "result": _result_sentence(outcome),
    }
    return _numbers("settlement", prompt, [["balance", _("Balance")]], [final], why)


def _outcome(winner: str, player: int, banker: int) -> Outcome:
    """A coup Player drew a third card in and Banker did not (``winner`` is implied by the totals)."""
    return Outcome(player_total=player, banker_total=banker, player_count=3, banker_count=2, natural=False)


def _natural(player: int, banker: int) -> Outcome:
    """A coup ended by a natural after four cards."""
    return Outcome(player_total=player, banker_total=banker, player_count=2, banker_count=2, natural=True)


# --- 7. Drawing ----------------------------------------------------------------


def player_rule_question(total: int) -> Question:
    draws = player_draws(total)
    why = _("Player has %(total)s: on 0 to 5 Player draws, on 6 or 7 Player stands.") % {"total": total}
    return _choice(
        "drawing",
        _("No natural. Player has %(total)s with two cards. Does Player draw?") % {"total": total},
        _draw_choices(),
        "draws" if draws else "stands",
        why,
    )


def banker_stood_question(total: int) -> Question:
    draws = banker_draws(total, None)
    why = banker_rule_why(total, None)
    return _choice(
        "drawing",
        _("No natural. Player stood. Banker has %(total)s. Does Banker draw?") % {"total": total},
        _draw_choices(),
        "draws" if draws else "stands",
        why,
    )


def new_total_question(player: int, third: int) -> Question:
    total = (player + third) % 10
    why = _("%(player)s + %(third)s = %(sum)s; keep the last digit: %(total)s.") % {
        "player": player,
        "third": third,
        "sum": player + third,
        "total": total,
    }
    return _choice(
        "drawing",
        _("Player has %(player)s and draws a card worth %(third)s. What is Player's new total?")
        % {"player": player, "third": third},
        TOTAL_CHOICES,
        str(total),
        why,
    )


# --- 8. Banker table -----------------------------------------------------------

#: Why Banker draws or stands, by Banker's total and the decision: whole sentences,
#: so a translation keeps the rule and its conclusion together.
_BANKER_TABLE_WHY = {
    (0, True): gettext_lazy(
        "Player drew a card worth %(third)s; on 0 to 2 Banker always draws, so Banker draws."
    ),
    (1, True): gettext_lazy(
        "Player drew a card worth %(third)s; on 0 to 2 Banker always draws, so Banker draws."
    ),
    (2, True): gettext_lazy(
        "Player drew a card worth %(third)s; on 0 to 2 Banker always draws, so Banker draws."
    ),
    (3, True): gettext_lazy(
        "Player drew a card worth %(third)s; on 3 Banker draws unless the third card is an 8, "
        "so Banker draws."
    ),
    (3, False): gettext_lazy(
        "Player drew a card worth %(third)s; on 3 Banker draws unless the third card is an 8, "
        "so Banker stands."
    ),
    (4, True): gettext_lazy(
        "Player drew a card worth %(third)s; on 4 Banker draws when the third card is 2 to 7, "
        "so Banker draws."
    ),
    (4, False): gettext_lazy(
        "Player drew a card worth %(third)s; on 4 Banker draws when the third card is 2 to 7, "
        "so Banker stands."
    ),
    (5, True): gettext_lazy(
        "Player drew a card worth %(third)s; on 5 Banker draws when it is 4 to 7, so Banker draws."
    ),
    (5, False): gettext_lazy(
        "Player drew a card worth %(third)s; on 5 Banker draws when it is 4 to 7, so Banker stands."
    ),
    (6, True): gettext_lazy(
        "Player drew a card worth %(third)s; on 6 Banker draws when it is 6 or 7, so Banker draws."
    ),
    (6, False): gettext_lazy(
        "Player drew a card worth %(third)s; on 6 Banker draws when it is 6 or 7, so Banker stands."
    ),
    (7, False): gettext_lazy(
        "Player drew a card worth %(third)s; on 7 Banker always stands, so Banker stands."
    ),
}


def banker_rule_why(total: int, third: int | None) -> str:
    """Why Banker on ``total`` draws or stands, with the rule spelt out (``third`` ``None``: Player stood).

    Lesson 8's exercise and the drill's feedback explain a cell with these sentences.
    """
    if third is None:
        return _(
            "Player stood, so Banker (%(total)s) follows the simple rule: draw on 0 to 5, stand on 6 or 7."
        ) % {"total": total}
    return _BANKER_TABLE_WHY[total, banker_draws(total, third)] % {"third": third}


def banker_table_question(total: int, third: int) -> Question:
    draws = banker_draws(total, third)
    why = banker_rule_why(total, third)
    return _choice(
        "banker-table",
        _("Player drew a third card worth %(third)s. Banker has %(total)s. Does Banker draw?")
        % {"third": third, "total": total},
        _draw_choices(),
        "draws" if draws else "stands",
        why,
    )


# --- 9. House edge -------------------------------------------------------------


def _edges() -> Mapping[str, Any]:
    return odds_for_decks(8, STANDARD).house_edge


def lowest_edge_question() -> Question:
    edges = _edges()
    kinds = [BetKind.PLAYER, BetKind.BANKER, BetKind.TIE]
    best = min(kinds, key=lambda kind: edges[kind])
    figures = ", ".join(
        _("%(bet)s %(edge)s")
        % {"bet": _kind_name(k.value), "edge": percent_sign(percent_text(float(edges[k]) * 100))}
        for k in kinds
    )
    return _choice(
        "house-edge",
        _("On the standard eight-deck table, which bet has the lowest house edge?"),
        [["player", _kind_name("player")], ["banker", _kind_name("banker")], ["tie", _kind_name("tie")]],
        best.value,
        _("The exact edges are %(edges)s: Banker loses least on average, even after commission.")
        % {"edges": figures},
    )


def streak_question() -> Question:
    return _choice(
        "house-edge",
        _("Banker has won three coups in a row. How likely is Banker to win the next one?"),
        [
            ["more", _("More likely than usual")],
            ["same", _("About as likely as always")],
            ["less", _("Less likely than usual")],
        ],
        "same",
        _(
            "A run is no pattern the next coup follows: the cards already dealt shift the odds of the next "
            "coup only slightly, typically by hundredths of a percent, and simulations show Banker winning "
            "after a run about as often as ever."
        ),
    )


def six_question() -> Question:
    return _choice(
        "house-edge",
        _("Why does a Banker win on six pay only half at the no-commission table?"),
        [
            ["edge", _("Without it, Banker bets would win chips from the house on average")],
            ["luck", _("Six is an unlucky number")],
            ["rare", _("Banker rarely wins on six")],
        ],
        "edge",
        _(
            "Banker wins a little more often than Player; paying every Banker win in full would give the "
            "bettor the edge. Halving the six wins takes that back instead of a %(commission)s%% commission."
        )
        % {"commission": 5},
    )


def tie_question() -> Question:
    edges = _edges()
    tie, player = float(edges[BetKind.TIE]) * 100, float(edges[BetKind.PLAYER]) * 100
    return _choice(
        "house-edge",
        _("Tie pays 8 to 1. Does that make it a better bet than Player?"),
        [["no", _("No: its house edge is far larger")], ["yes", _("Yes: it pays eight times as much")]],
        "no",
        _(
            "A tie comes up in under one coup in ten, so 8 to 1 is not enough: the Tie edge is %(tie)s "
            "against %(player)s for Player."
        )
        % {"tie": percent_sign(percent_text(tie)), "player": percent_sign(percent_text(player))},
    )


def _side_name(side: str) -> str:
    return _kind_name(side)


def lion_question(side: str, amount: int, outcome: Outcome) -> Question:
    """A Lion Bonus on ``side`` (``player`` or ``banker``), the only stake; what comes back?"""
    kind = BetKind.LION_PLAYER if side == "player" else BetKind.LION_BANKER
    [result] = settle([Bet(kind, Decimal(amount))], outcome, STANDARD)
    totals = {"player": outcome.player_total, "banker": outcome.banker_total}
    if outcome.natural and outcome.winner is Winner.TIE:
        how = _("Both hands have a natural and tie, Player %(player)s to Banker %(banker)s.") % totals
    elif outcome.natural and outcome.winner is Winner.PLAYER:
        how = _("Player wins with a natural, Player %(player)s to Banker %(banker)s.") % totals
    elif outcome.natural:
        how = _("Banker wins with a natural, Player %(player)s to Banker %(banker)s.") % totals
    elif outcome.winner is Winner.TIE:
        how = _("No natural; it is a tie, Player %(player)s to Banker %(banker)s.") % totals
    elif outcome.winner is Winner.PLAYER:
        how = _("No natural; Player wins, Player %(player)s to Banker %(banker)s.") % totals
    else:
        how = _("No natural; Banker wins, Player %(player)s to Banker %(banker)s.") % totals
    figures = {
        "side": _side_name(side),
        "amount": _amount(amount),
        "winnings": _amount(result.winnings),
        "returned": _amount(result.returned),
        "margin": outcome.margin,
    }
    if result.result.value == "push":
        why = _("A tie between naturals gives the Lion Bonus stake back: %(returned)s.") % figures
    elif result.result.value == "lost":
        why = (
            _(
                "A Lion Bonus on %(side)s wins only when %(side)s wins with a natural, or without one "
                "by 4 points or more. Not this time: the stake is lost and nothing comes back."
            )
            % figures
        )
    elif outcome.natural:
        why = _(
            "%(side)s won with a natural, which pays %(pays)s: %(winnings)s in winnings plus the "
            "%(amount)s staked = %(returned)s."
        ) % (figures | {"pays": house_edge.ratio_text(STANDARD.lion_natural_pays)})
    else:
        why = _(
            "%(side)s won by %(margin)s points without a natural, which pays %(pays)s: "
            "%(winnings)s in winnings plus the %(amount)s staked = %(returned)s."
        ) % (figures | {"pays": house_edge.ratio_text(STANDARD.lion_margin_pays[outcome.margin])})
    return _numbers(
        "house-edge",
        _("You stake %(amount)s on the Lion Bonus on %(side)s, your only stake. %(how)s What comes back?")
        % (figures | {"how": how}),
        [["returned", _("Comes back")]],
        [result.returned],
        why,
    )


# --- 10. Scoreboards and betting systems ----------------------------------------

#: Martingale questions: the table of lesson 10 (limits 5 to 500).
SYSTEM_BASE, SYSTEM_MAXIMUM = 5, 500


def road_cells(winners: Sequence[Winner]) -> list[list[list[Any]]]:
    """The Big Road of these winners as columns of ``[winner, ties]`` cells (``["", 0]`` where empty)."""
    grid = big_road(winners).grid()
    return [[[cell.winner.value, cell.ties] if cell else ["", 0] for cell in column] for column in grid]


#: The longest runs a road question offers at least (1 to 8); a longer run adds choices in fours.
ROAD_CHOICES = 8


def road_choices(length: int) -> list[list[str]]:
    """The run lengths offered: 1 to 8, or up to the next multiple of 4 above a longer run.

    A longer run is rare (a 24-coup road can hold one), and it must be among the choices;
    rounding up to a multiple of 4 keeps it from always being the last one offered.
    """
    top = ROAD_CHOICES if length <= ROAD_CHOICES else 4 * (length // 4 + 1)
    return [[str(value), str(value)] for value in range(1, top + 1)]


def road_question(winners: list[str]) -> Question:
    """A Big Road drawn from these winners ("player", "banker", "tie"): how long is its longest run?"""
    road = big_road([Winner(winner) for winner in winners])
    side, length = road.longest_run or (Winner.BANKER, 0)
    cells = road_cells([Winner(winner) for winner in winners])
    figures = {"side": _kind_name(side.value), "length": length}
    return _choice(
        "systems",
        _("Read this Big Road. How many wins in a row make its longest run?"),
        road_choices(length),
        str(length),
        _(
            "Each column is one unbroken run of one side; the longest column (its tail included) "
            "is %(side)s, %(length)s in a row. Ties add no cell."
        )
        % figures,
        road=cells,
    )


def martingale_question(losses: int, base: int = SYSTEM_BASE) -> Question:
    """After ``losses`` losses in a row: the chips lost so far, and Martingale's next stake."""
    lost = sum(martingale_stake(base, step) for step in range(losses))
    stake = martingale_stake(base, losses)
    figures = {
        "base": _amount(base),
        "losses": losses,
        "lost": _amount(lost),
        "stake": _amount(stake),
        "stakes": " + ".join(_amount(martingale_stake(base, step)) for step in range(losses)),
    }
    return _numbers(
        "systems",
        ngettext(
            "You play Martingale on Player, starting with %(base)s chips, and lose %(losses)s coup. "
            "How much have you lost so far, and what does Martingale stake next?",
            "You play Martingale on Player, starting with %(base)s chips, and lose %(losses)s coups "
            "in a row. How much have you lost so far, and what does Martingale stake next?",
            losses,
        )
        % figures,
        [["lost", _("Lost so far")], ["stake", _("Next stake")]],
        [Decimal(lost), Decimal(stake)],
        _(
            "Martingale doubles the stake after each loss: %(stakes)s = %(lost)s lost, and the next stake "
            "is %(stake)s, which would win back %(lost)s plus the first stake of %(base)s."
        )
        % figures,
    )


def table_limit_question(losses: int, maximum: int = SYSTEM_MAXIMUM, base: int = SYSTEM_BASE) -> Question:
    """After ``losses`` losses in a row, does the table maximum allow Martingale's next stake?"""
    stake = martingale_stake(base, losses)
    allowed = stake <= maximum
    figures = {"base": _amount(base), "losses": losses, "stake": _amount(stake), "maximum": _amount(maximum)}
    if allowed:
        why = (
            _("After %(losses)s losses Martingale needs %(stake)s, within the maximum of %(maximum)s.")
            % figures
        )
    else:
        why = (
            _(
                "After %(losses)s losses Martingale needs %(stake)s, above the maximum of %(maximum)s: "
                "the progression ends here and its losses stay lost."
            )
            % figures
        )
    return _choice(
        "systems",
        _(
            "The table takes stakes from %(base)s to %(maximum)s chips. Martingale started at %(base)s and "
            "has lost %(losses)s coups in a row. Can you place the next stake?"
        )
        % figures,
        [["yes", _("Yes, it is within the limits")], ["no", _("No, it is above the table maximum")]],
        "yes" if allowed else "no",
        why,
    )


def tie_nine_question() -> Question:
    figures = house_edge.tie_nine()
    edges = _edges()
    texts = {
        "nine": percent_sign(percent_text(float(figures["edge"]) * 100)),
        "eight": percent_sign(percent_text(float(figures["standard_edge"]) * 100)),
        "banker": percent_sign(percent_text(float(edges[BetKind.BANKER]) * 100)),
    }
    return _choice(
        "house-edge",
        _("An 8-deck table pays Tie %(nine)s instead of %(eight)s. What is the house edge of Tie there?")
        % {"nine": figures["pays"], "eight": figures["standard_pays"]},
        [[value, text] for value, text in texts.items()],
        "nine",
        _(
            "One more chip of winnings on every tie lowers the Tie edge from %(eight)s to %(nine)s: "
            "better, but still far above the %(banker)s of Banker."
        )
        % texts,
    )


def convention_question(side: str) -> Question:
    figures = house_edge.conventions()
    texts = {
        "bet": _kind_name(side),
        "pushes": percent_sign(percent_text(float(figures[side]) * 100, 2)),
        "excluded": percent_sign(percent_text(float(figures[f"{side}_without_ties"]) * 100, 2)),
    }
    return _choice(
        "house-edge",
        _(
            "A book gives the house edge of %(bet)s as %(excluded)s; this course gives %(pushes)s. "
            "Which is right?"
        )
        % texts,
        [
            ["both", _("Both: the book leaves the ties out")],
            ["book", _("Only the book")],
            ["course", _("Only the course")],
        ],
        "both",
        _(
            "Both describe the same average loss. %(pushes)s is per bet placed, a bet returned on a tie "
            "counting as zero; %(excluded)s is per bet won or lost, with the ties left out."
        )
        % texts,
    )


def german_words_question(word: str) -> Question:
    """``battuta`` or ``egalite``: the German casino variant's words."""
    if word == "battuta":
        shown, answer = "Battuta", "natural"
        why = _("Battuta is the variant's word for a natural: 8 or 9 with the first two cards ends the coup.")
    else:
        shown, answer = "Égalité", "tie"
        why = _("Égalité is French for equality: the variant's name for a tie, and for the Tie bet.")
    return _choice(
        "house-edge",
        _("In the German casino variant, what does “%(word)s” mean?") % {"word": shown},
        [
            ["natural", _("A natural (8 or 9 with two cards)")],
            ["tie", _("A tie")],
            ["face-down", _("A card dealt face down")],
        ],
        answer,
        why,
    )


#: The Lion Bonus questions made up after the scripted ones: how the coup ends, drawn evenly.
_LION_CASES = ("natural win", "natural tie", "wide win", "narrow win", "other")


def _lion_case(outcome: Outcome, side: Winner) -> str:
    if outcome.natural:
        return "natural tie" if outcome.winner is Winner.TIE else "natural win"
    if outcome.winner is side:
        return "wide win" if outcome.margin >= min(STANDARD.lion_margin_pays) else "narrow win"
    return "other"


def _generate_lion(rng: random.Random) -> Question:
    """A Lion Bonus question on a coup dealt from random cards, its kind of ending drawn evenly first."""
    side = rng.choice(["player", "banker"])
    wanted = rng.choice(_LION_CASES)
    for _attempt in range(500):
        outcome = play_coup(Card.parse(_token(rng)) for _ in range(6))
        if _lion_case(outcome, Winner(side)) == wanted:
            break
    return lion_question(side, rng.choice((10, 20, 25, 50)), outcome)


def system_loss_question(system: str, staked: int) -> Question:
    """What a system does to the expected loss on ``staked`` chips staked on Player: nothing."""
    edge = _edges()[BetKind.PLAYER]
    loss = (Decimal(staked) * Decimal(edge.numerator) / Decimal(edge.denominator)).quantize(CENT)
    names = {"martingale": "Martingale", "1-3-2-6": "1-3-2-6"}
    if system == "martingale":
        why = _(
            "Every chip staked on Player loses %(edge)s on average, whatever came before, so "
            "%(staked)s chips staked lose about %(loss)s with any system. Martingale changes only how the "
            "results spread: many small wins and a few large losses."
        )
    else:
        why = _(
            "Every chip staked on Player loses %(edge)s on average, whatever came before, so "
            "%(staked)s chips staked lose about %(loss)s with any system. 1-3-2-6 changes only how the "
            "results spread: many small losses and a few larger wins."
        )
    figures = {
        "system": names[system],
        "staked": number_format(staked, decimal_pos=0, force_grouping=True),
        "loss": _amount(loss),
        "edge": percent_sign(percent_text(float(edge) * 100)),
    }
    return _choice(
        "systems",
        _(
            "Over an evening you stake %(staked)s chips in all on Player, following %(system)s. "
            "On average, what do these bets lose?"
        )
        % figures,
        [
            ["same", _("About %(loss)s chips, the same as flat bets of the same total") % figures],
            ["none", _("Nothing: the system wins every loss back")],
            ["less", _("Less than flat bets, because the stakes follow the results")],
        ],
        "same",
        why % figures,
    )


_ROAD_SIDES = ("player", "banker", "tie")


def _generate_systems(rng: random.Random) -> Question:
    pick = rng.randrange(4)
    if pick == 0:
        chances = odds_for_decks(8, STANDARD).probabilities  # a generated road is as likely as a real one
        weights = [float(chances[Winner(side)]) for side in _ROAD_SIDES]
        return road_question(rng.choices(_ROAD_SIDES, weights=weights, k=rng.randrange(12, 25)))
    if pick == 1:
        return martingale_question(rng.randrange(1, 8))
    if pick == 2:
        return table_limit_question(rng.randrange(3, 10))
    return system_loss_question(rng.choice(["martingale", "1-3-2-6"]), rng.choice((500, 1000, 2000, 5000)))


#: The scripted first road, by first letters (Player, Banker, Tie).
_FIRST_ROAD = "PBBPPPTBPBBBBBTPPB"
_LETTERS = {"P": "player", "B": "banker", "T": "tie"}


# --- The registry --------------------------------------------------------------

_SUITS = list(Suit)
_RANKS = list(Rank)


def _token(rng: random.Random) -> str:
    return f"{rng.choice(_RANKS).value}{rng.choice(_SUITS).value}"


def _generate_results(rng: random.Random) -> Question:
    return results_question(rng.randrange(10), rng.randrange(10))


def _generate_counting(rng: random.Random) -> Question:
    """One hand of a coup the engine deals from random cards: two cards, or (one time in three) three.

    Dealing the whole coup means a hand gets a third card only where the
    drawing rules give it one (never on a two-card 7, 8 or 9).
    """
    three = rng.randrange(3) == 0
    while True:
        coup = Coup.from_cards(Card.parse(_token(rng)) for _ in itertools.count())
        hands = [cards for cards in (coup.player, coup.banker) if (len(cards) == 3) == three]
        if hands:
            return counting_question([card.token for card in rng.choice(hands)])


def _generate_stake(rng: random.Random) -> Question:
    if rng.randrange(4) == 0:
        return limit_question(rng.choice(["player", "banker", "tie"]), rng.choice((1, 5, 50, 100, 150, 200)))
    kinds = rng.sample(["player", "banker", "tie"], rng.choice((1, 1, 2)))
    return stake_question(
        Decimal(rng.choice((100, 90, 110, 150, 80))), {k: rng.choice((5, 10, 15, 20)) for k in kinds}
    )


def _generate_natural(rng: random.Random) -> Question:
    return natural_question([_token(rng) for _ in range(4)])


def _generate_settlement(rng: random.Random) -> Question:
    kind = rng.choice(["player", "banker", "tie"])
    amount = rng.choice((5, 10, 20, 25, 50))
    winner = rng.choice(["player", "banker", "banker", "tie"])
    low, high = sorted(rng.sample(range(10), 2))
    player, banker = {"player": (high, low), "banker": (low, high), "tie": (low, low)}[winner]
    outcome = _outcome(winner, player, banker)
    if rng.randrange(3) == 0:
        pair = rng.choice((("player", "banker"), ("player", "banker"), ("banker", "tie"), ("player", "tie")))
        return spots_question({kind: rng.choice((5, 10, 20, 25)) for kind in pair}, outcome)
    return settlement_question(kind, amount, outcome)


def _generate_drawing(rng: random.Random) -> Question:
    pick = rng.randrange(3)
    if pick == 0:
        return player_rule_question(rng.randrange(8))
    if pick == 1:
        return banker_stood_question(rng.randrange(8))
    return new_total_question(rng.randrange(6), rng.randrange(10))


def _generate_banker_table(rng: random.Random) -> Question:
    """Any cell of the table: one of the ten third-card values, or Player stood."""
    third = rng.randrange(11)
    if third == 10:
        return banker_stood_question(rng.randrange(8)) | {"kind": "banker-table"}
    return banker_table_question(rng.randrange(8), third)


def _generate_house_edge(rng: random.Random) -> Question:
    pick = rng.randrange(8)
    if pick < 4:
        return (lowest_edge_question, streak_question, six_question, tie_question)[pick]()
    if pick < 6:
        return _generate_lion(rng)
    if pick == 6 and rng.randrange(2):
        return tie_nine_question()
    if pick == 6:
        return convention_question(rng.choice(["player", "banker"]))
    return german_words_question(rng.choice(["battuta", "egalite"]))


EXERCISES: dict[str, tuple[list[Callable[[], Question]], Callable[[random.Random], Question]]] = {
    "results": (
        [lambda: results_question(8, 5), lambda: results_question(5, 8), lambda: results_question(3, 3)],
        _generate_results,
    ),
    "card-values": (
        [
            lambda: card_value_question("KH"),
            lambda: card_value_question("AS"),
            lambda: card_value_question("7C"),
        ],
        lambda rng: card_value_question(_token(rng)),
    ),
    "counting": (
        [
            lambda: counting_question(["7H", "8C"]),
            lambda: counting_question(["4S", "4D"]),
            lambda: counting_question(["9D", "6S"]),
        ],
        _generate_counting,
    ),
    "stake": (
        [
            lambda: stake_question(Decimal(100), {"player": 10}),
            lambda: stake_question(Decimal(100), {"player": 10, "banker": 10}),
            lambda: limit_question("banker", 150),
        ],
        _generate_stake,
    ),
    "naturals": (
        [
            lambda: natural_question(["4S", "2H", "4D", "3C"]),
            lambda: natural_question(["5H", "3S", "KC", "JD"]),
        ],
        _generate_natural,
    ),
    "settlement": (
        [
            lambda: settlement_question("player", 10, _natural(8, 5)),
            lambda: settlement_question("player", 10, _natural(5, 8)),
            lambda: settlement_question("player", 10, _outcome("tie", 3, 3)),
            lambda: settlement_question("tie", 10, _outcome("tie", 3, 3)),
            lambda: settlement_question("banker", 10, _natural(5, 8)),
            # After the five cases of seed 004: lesson 6's two-spot example.
            lambda: spots_question({"player": 10, "banker": 10}, _natural(5, 8)),
        ],
        _generate_settlement,
    ),
    "drawing": (
        [lambda: player_rule_question(5), lambda: new_total_question(5, 8), lambda: banker_stood_question(6)],
        _generate_drawing,
    ),
    "banker-table": (
        [
            lambda: banker_table_question(4, 2),
            lambda: banker_table_question(4, 8),
            lambda: banker_table_question(3, 8),
        ],
        _generate_banker_table,
    ),
    "house-edge": (
        [
            lowest_edge_question,
            streak_question,
            six_question,
            # After the three the lesson asks for: the Lion Bonus example's coup, then the other additions.
            lambda: lion_question("banker", 10, example_outcome("house-edge", "lion-bonus")),
            tie_nine_question,
            lambda: convention_question("banker"),
            lambda: german_words_question("battuta"),
        ],
        _generate_house_edge,
    ),
    "systems": (
        [
            lambda: road_question([_LETTERS[letter] for letter in _FIRST_ROAD]),
            lambda: martingale_question(3),
            lambda: table_limit_question(7),
            lambda: system_loss_question("martingale", 2000),
        ],
        _generate_systems,
    ),
}


def question_for(kind: str, index: int, rng: random.Random) -> Question:
    """The learner's next question: the ``index``-th scripted one, then generated ones drawn with ``rng``."""
    scripted, generate = EXERCISES[kind]
    if index < len(scripted):
        return scripted[index]()
    return generate(rng)


class BadAnswer(ValueError):
    """The answer is missing or not of the question's form; ``message``, if any, says why to the learner."""

    def __init__(self, text: str, message: str = "") -> None:
        super().__init__(text)
        self.message = message


def normalise(question: Question, data: Mapping[str, str]) -> str:
    """The posted answer in the question's own form ("draws", "109.50", "90.00|10.00").

    Amounts are read in the active language's way of writing numbers (``typed_amount``).

    :raises BadAnswer: if it is missing, not one of the choices, not an amount, or reads two ways.
    """
    if question["form"] == "choice":
        answer = str(data.get("answer", "")).strip()
        if answer not in {value for value, _label in question["choices"]}:
            raise BadAnswer(answer)
        return answer
    amounts = []
    for name, _label in question["fields"]:
        text = str(data.get(f"answer_{name}", ""))
        try:
            amount = typed_amount(text)
        except AmbiguousAmountError as error:
            raise BadAnswer(text, ambiguous_message(text, error)) from None
        except InvalidAmountError:
            raise BadAnswer(text) from None
        if abs(amount) >= 10**9:
            raise BadAnswer(text)
        amounts.append(str(amount.quantize(CENT)))
    return "|".join(amounts)
