"""The course's exercises: scripted questions first, then generated ones, graded with the rule that decides.

Design overview: an exercise kind is a list of scripted questions (the cases
of seed 004, in order) and a generator of new ones. A question is a plain
dict, signed into the form by ``lessons.questions``; it carries its own right
answer and the sentence of the rule that decides, both computed by the rules
engine (never typed in), so grading needs no second source of truth.

Question fields: ``kind``, ``prompt``, ``form`` ("choice" or "numbers"),
``choices`` ([value, label] pairs) or ``fields`` ([name, label] pairs),
``answer`` (a choice value, or "|"-joined amounts), ``why`` (the rule),
``shown`` (the right answer in words), and optional ``cards`` (tokens to draw).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from table.engine import (
    STANDARD,
    Bet,
    BetKind,
    Card,
    Coup,
    Outcome,
    Rank,
    Suit,
    Winner,
    banker_draws,
    odds_for_decks,
    player_draws,
    settle,
)
from table.engine.rules import is_natural
from table.explain import card_name

Question = dict[str, Any]
CENT = Decimal("0.01")
RESULT_CHOICES = [["player", "Player wins"], ["banker", "Banker wins"], ["tie", "Tie"]]
TOTAL_CHOICES = [[str(value), str(value)] for value in range(10)]
DRAW_CHOICES = [["draws", "Draws"], ["stands", "Stands"]]
YES_NO = [["yes", "Yes, someone draws"], ["no", "No, nobody draws"]]
KIND_NAMES = {"player": "Player", "banker": "Banker", "tie": "Tie"}


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
    shown = ", ".join(f"{label}: {amount}" for (_, label), amount in zip(fields, answers, strict=True))
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
    why = (
        f"Player {player}, Banker {banker}: equal totals are a tie."
        if winner == "tie"
        else f"Player {player}, Banker {banker}: the total closer to 9 wins, so {KIND_NAMES[winner]} wins."
    )
    return _choice(
        "results",
        f"Player ends on {player} and Banker on {banker}. What is the result?",
        RESULT_CHOICES,
        winner,
        why,
    )


# --- 2. Card values ------------------------------------------------------------


def card_value_question(token: str) -> Question:
    card = Card.parse(token)
    why = (
        f"The {card_name(card)} counts {card.points}: an ace counts 1, two to nine count their number, "
        "ten, jack, queen and king count 0, and the suit never matters."
    )
    return _choice(
        "card-values",
        f"What does the {card_name(card)} count in baccarat?",
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
    why = f"{' + '.join(map(str, points))} = {total}; keep only the last digit: {total % 10}."
    return _choice(
        "counting", "What is this hand's total?", TOTAL_CHOICES, str(total % 10), why, cards=tokens
    )


# --- 4. Stake ------------------------------------------------------------------


def stake_question(start: Decimal, stakes: Mapping[str, int]) -> Question:
    committed = Decimal(sum(stakes.values()))
    bets = " and ".join(f"{amount} on {KIND_NAMES[kind]}" for kind, amount in stakes.items())
    why = (
        f"Confirming moves {committed} chips from your balance to the table: {start} − {committed} = "
        f"{start - committed} left in your balance, {committed} committed until the coup is settled."
    )
    return _numbers(
        "stake",
        f"Your balance is {start} chips. You bet {bets} and confirm. What do you have now?",
        [["balance", "Balance"], ["committed", "Committed"]],
        [start - committed, committed],
        why,
    )


# --- 5. Naturals ---------------------------------------------------------------


def natural_question(tokens: list[str]) -> Question:
    """Four cards in dealing order (P, B, P, B): does anyone draw a third card?"""
    cards = [Card.parse(token) for token in tokens]
    coup = Coup()
    for card in cards:
        coup.deal(card)
    player, banker = coup.player_total, coup.banker_total
    if is_natural(player) or is_natural(banker):
        who = " and ".join(
            name for name, total in (("Player", player), ("Banker", banker)) if is_natural(total)
        )
        answer, why = (
            "no",
            f"{who} has a natural (8 or 9 with two cards): nobody draws, whatever the other total.",
        )
    elif player_draws(player):
        answer, why = "yes", f"No natural, and Player has {player}: on 0 to 5 Player draws."
    elif banker_draws(banker, None):
        answer, why = (
            "yes",
            f"No natural; Player stands on {player}, and Banker has {banker}: on 0 to 5 Banker draws.",
        )
    else:
        answer, why = (
            "no",
            f"No natural; Player stands on {player} and Banker stands on {banker}: nobody draws.",
        )
    return _choice(
        "naturals",
        f"Player holds {player} and Banker holds {banker} after four cards. Does anyone draw a third card?",
        YES_NO,
        answer,
        why,
        cards=tokens,
    )


# --- 6. Settlement -------------------------------------------------------------


def settlement_question(
    kind: str, amount: int, outcome: Outcome, start: Decimal = Decimal("100")
) -> Question:
    """Standard payouts only (never the no-commission table in these lessons)."""
    [result] = settle([Bet(BetKind(kind), Decimal(amount))], outcome, STANDARD)
    after_confirm = start - amount
    final = after_confirm + result.returned
    hand = "It is a tie" if outcome.winner is Winner.TIE else f"{KIND_NAMES[outcome.winner.value]} wins"
    prompt = (
        f"You start with {start} chips and confirm {amount} on {KIND_NAMES[kind]} "
        f"(balance {after_confirm}). {hand}, Player {outcome.player_total} to Banker "
        f"{outcome.banker_total}. What is your balance now?"
    )
    if result.result.value == "lost":
        why = f"The bet lost: nothing comes back, so the balance stays at {after_confirm}."
    elif result.result.value == "push":
        why = f"A tie gives Player and Banker bets back: {after_confirm} + {amount} = {final}."
    else:
        parts = f"{result.stake_returned} stake back + {result.winnings} winnings"
        if result.commission:
            parts += f" − {result.commission} commission (5% of the winnings)"
        why = f"{parts} = {result.returned}; {after_confirm} + {result.returned} = {final}."
    return _numbers("settlement", prompt, [["balance", "Balance"]], [final], why)


def _outcome(winner: str, player: int, banker: int) -> Outcome:
    return Outcome(Winner(winner), player, banker, False, 5)


# --- 7. Drawing ----------------------------------------------------------------


def player_rule_question(total: int) -> Question:
    draws = player_draws(total)
    why = f"Player has {total}: on 0 to 5 Player draws, on 6 or 7 Player stands."
    return _choice(
        "drawing",
        f"No natural. Player has {total} with two cards. Does Player draw?",
        DRAW_CHOICES,
        "draws" if draws else "stands",
        why,
    )


def banker_stood_question(total: int) -> Question:
    draws = banker_draws(total, None)
    why = f"Player stood, so Banker ({total}) follows the simple rule: draw on 0 to 5, stand on 6 or 7."
    return _choice(
        "drawing",
        f"No natural. Player stood. Banker has {total}. Does Banker draw?",
        DRAW_CHOICES,
        "draws" if draws else "stands",
        why,
    )


def new_total_question(player: int, third: int) -> Question:
    total = (player + third) % 10
    why = f"{player} + {third} = {player + third}; keep the last digit: {total}."
    return _choice(
        "drawing",
        f"Player has {player} and draws a card worth {third}. What is Player's new total?",
        TOTAL_CHOICES,
        str(total),
        why,
    )


# --- 8. Banker table -----------------------------------------------------------


def banker_table_question(total: int, third: int) -> Question:
    draws = banker_draws(total, third)
    rule = {
        0: "on 0 to 2 Banker always draws",
        1: "on 0 to 2 Banker always draws",
        2: "on 0 to 2 Banker always draws",
        3: "on 3 Banker draws unless the third card is an 8",
        4: "on 4 Banker draws when the third card is 2 to 7",
        5: "on 5 Banker draws when it is 4 to 7",
        6: "on 6 Banker draws when it is 6 or 7",
        7: "on 7 Banker always stands",
    }[total]
    why = f"Player drew a card worth {third}; {rule}, so Banker {'draws' if draws else 'stands'}."
    return _choice(
        "banker-table",
        f"Player drew a third card worth {third}. Banker has {total}. Does Banker draw?",
        DRAW_CHOICES,
        "draws" if draws else "stands",
        why,
    )


# --- 9. House edge -------------------------------------------------------------


def _edges() -> Mapping[BetKind, Any]:
    return odds_for_decks(8, STANDARD).house_edge


def lowest_edge_question() -> Question:
    edges = _edges()
    kinds = [BetKind.PLAYER, BetKind.BANKER, BetKind.TIE]
    best = min(kinds, key=lambda kind: edges[kind])
    figures = ", ".join(f"{KIND_NAMES[k.value]} {float(edges[k]) * 100:.4f} %" for k in kinds)
    return _choice(
        "house-edge",
        "On the standard eight-deck table, which bet has the lowest house edge?",
        [["player", "Player"], ["banker", "Banker"], ["tie", "Tie"]],
        best.value,
        f"The exact edges are {figures}: Banker loses least on average, even after commission.",
    )


def streak_question() -> Question:
    return _choice(
        "house-edge",
        "Banker has won three coups in a row. How likely is Banker to win the next one?",
        [
            ["more", "More likely than usual"],
            ["same", "About as likely as always"],
            ["less", "Less likely than usual"],
        ],
        "same",
        "The cards left in the shoe do not know what came before: a run changes nothing about the next "
        "coup, and simulations show Banker winning after a run about as often as ever.",
    )


def six_question() -> Question:
    return _choice(
        "house-edge",
        "Why does a Banker win on six pay only half at the no-commission table?",
        [
            ["edge", "Without it, the Banker bet would favour the player"],
            ["luck", "Six is an unlucky number"],
            ["rare", "Banker rarely wins on six"],
        ],
        "edge",
        "Banker wins a little more often than Player; paying every Banker win in full would give the "
        "bettor the edge. Halving the six wins takes that back instead of a 5% commission.",
    )


def tie_question() -> Question:
    edges = _edges()
    tie, player = float(edges[BetKind.TIE]) * 100, float(edges[BetKind.PLAYER]) * 100
    return _choice(
        "house-edge",
        "Tie pays 8 to 1. Does that make it a better bet than Player?",
        [["no", "No: its house edge is far larger"], ["yes", "Yes: it pays eight times as much"]],
        "no",
        f"A tie comes up in under one coup in ten, so 8 to 1 is not enough: the Tie edge is {tie:.4f} % "
        f"against {player:.4f} % for Player.",
    )


# --- The registry --------------------------------------------------------------

_SUITS = list(Suit)
_RANKS = list(Rank)


def _token(rng: random.Random) -> str:
    return f"{rng.choice(_RANKS).value}{rng.choice(_SUITS).value}"


def _generate_results(rng: random.Random) -> Question:
    return results_question(rng.randrange(10), rng.randrange(10))


def _generate_counting(rng: random.Random) -> Question:
    return counting_question([_token(rng) for _ in range(rng.choice((2, 2, 3)))])


def _generate_stake(rng: random.Random) -> Question:
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
    return settlement_question(kind, amount, _outcome(winner, player, banker))


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
    return rng.choice((lowest_edge_question, streak_question, six_question, tie_question))()


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
    "stake": ([lambda: stake_question(Decimal(100), {"player": 10})], _generate_stake),
    "naturals": (
        [
            lambda: natural_question(["4S", "2H", "4D", "3C"]),
            lambda: natural_question(["5H", "3S", "KC", "JD"]),
        ],
        _generate_natural,
    ),
    "settlement": (
        [
            lambda: settlement_question("player", 10, Outcome(Winner.PLAYER, 8, 5, True, 4)),
            lambda: settlement_question("player", 10, Outcome(Winner.BANKER, 5, 8, True, 4)),
            lambda: settlement_question("player", 10, Outcome(Winner.TIE, 3, 3, False, 5)),
            lambda: settlement_question("tie", 10, Outcome(Winner.TIE, 3, 3, False, 5)),
            lambda: settlement_question("banker", 10, Outcome(Winner.BANKER, 5, 8, True, 4)),
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
    "house-edge": ([lowest_edge_question, streak_question, six_question], _generate_house_edge),
}


def question_for(kind: str, index: int, rng: random.Random | None = None) -> Question:
    """The learner's next question: the ``index``-th scripted one, then generated ones."""
    scripted, generate = EXERCISES[kind]
    if index < len(scripted):
        return scripted[index]()
    return generate(rng or random.Random())


class BadAnswer(ValueError):
    """The answer is missing or not of the question's form."""


def normalise(question: Question, data: Mapping[str, str]) -> str:
    """The posted answer in the question's own form ("draws", "109.50", "90.00|10.00").

    :raises BadAnswer: if it is missing, not one of the choices, or not an amount.
    """
    if question["form"] == "choice":
        answer = str(data.get("answer", "")).strip()
        if answer not in {value for value, _ in question["choices"]}:
            raise BadAnswer(answer)
        return answer
    amounts = []
    for name, _ in question["fields"]:
        text = str(data.get(f"answer_{name}", "")).strip().replace(",", ".")
        try:
            amount = Decimal(text)
        except InvalidOperation:
            raise BadAnswer(text) from None
        if not amount.is_finite() or abs(amount) >= 10**9:
            raise BadAnswer(text)
        amounts.append(str(amount.quantize(CENT)))
    return "|".join(amounts)
