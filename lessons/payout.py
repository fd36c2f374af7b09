"""The timed payout drill: questions on real bets, graded by the engine's settlement, with the working.

Design overview:

- A question is a finished coup at one of the two tables, some bets on it,
  and the amounts asked for. Everything the right answer depends on (the
  table, the winner, both totals, whether it was a natural, the bets) is kept
  with the question on the server (``lessons.questions``); the page carries
  only its nonce. The right amounts are never stored as the truth: they are
  worked out again by ``baccarat.settle`` when the answer is graded, so
  the drill and the practice table cannot disagree.
- "Paid" means what the dealer puts down beside the stake: the winnings less
  any commission. The stake itself stays where it is (a lost bet's stake is
  taken, and 0 is paid). Every question and every working says so.
- The commission on a Banker win at the standard table is 5 %, worked the way
  dealers do it: 10 % of the stake, then half of that.
- Questions come from an injected ``random.Random`` (seeded in tests).
- Time is measured on the server: the question's ``created_at`` is when it was
  issued; the answer's time is the moment it arrives minus that. An answer
  under ``PAYOUT_FLOOR_SECONDS`` (faster than a person can read and type; see
  ``progress.models``) is recorded as too fast and ends the run.
- A question shown is answered or counts as missed: at most one waits per
  learner. Issuing the next one (a reload, a new question, a refused token)
  and any other page of the site (``lessons.middleware``) first end the one
  waiting (``payout_questions_end``): it is recorded as skipped, a wrong
  answer, and the run starts again. So no question can be passed over, and a
  run is 20 questions in a row as they came.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from baccarat import (
    CENT,
    AmbiguousAmountError,
    Bet,
    BetKind,
    BetResult,
    InvalidAmountError,
    Outcome,
    PayoutSet,
    Result,
    Winner,
    settle,
)
from common.errors import AppError
from lessons import questions
from progress.models import PayoutAnswer, PayoutRecord
from progress.services import (
    PayoutAnswerReplayed,
    payout_answer_record,
    payout_learner_lock,
    payout_skip_record,
)
from table.amounts import ambiguous_message, amount_text, chips_text, typed_amount
from table.explain import commission_text, ratio_text
from table.presets import PRESETS

KIND_PREFIX = "payout-"
BANKER, TIE, SIX, LION, SEVERAL = "banker", "tie", "six", "lion", "several"
KINDS = (BANKER, TIE, SIX, LION, SEVERAL)
PAID, COMMISSION = "paid", "commission"

TOKEN_MISSING = gettext_lazy("This answer came without its question. Here is a new question to answer.")
TOKEN_BAD = gettext_lazy(
    "This question could not be read: it was changed, it has expired or it was set for someone else. "
    "Nothing was counted; here is a new question."
)
ALREADY_ANSWERED = gettext_lazy(
    "This question was already answered, and it counts only once. Here is a new question."
)
AMOUNT_MISSING = gettext_lazy("Type an amount in every box (0 if nothing is paid). Nothing was counted yet.")
AMOUNT_BAD = gettext_lazy(
    "“%(text)s” is not an amount of chips: type a number such as 171 or 171.50. Nothing was counted yet."
)
AMOUNT_AMBIGUOUS = gettext_lazy(
    "“%(text)s” can be read two ways (%(first)s or %(second)s). Here “%(decimal)s” marks the "
    "decimals and “%(group)s” the thousands, as in %(example)s. Nothing was counted yet."
)
AMOUNT_NEGATIVE = gettext_lazy(
    "Amounts paid are never negative: type 0 when nothing is paid. Nothing was counted yet."
)
AMOUNT_CENTS = gettext_lazy("Amounts have at most two decimal places. Nothing was counted yet.")
SKIPPED = gettext_lazy(
    "The last question was left without an answer: it counts as a wrong answer, and the run starts again."
)
SKIPPED_BEFORE = gettext_lazy(
    "This question was left without an answer (the page was reloaded or left, or a new question was "
    "asked for), so it already counted as a wrong answer. Here is the question waiting now."
)


class PayoutError(AppError):
    """An answer the payout drill refuses: ``message`` for the learner, ``status`` for the response."""


class AlreadyAnswered(PayoutError):
    """The question's nonce is already recorded: a replayed or doubled answer (``answer`` is the first)."""

    def __init__(self, answer: PayoutAnswer) -> None:
        super().__init__(ALREADY_ANSWERED, status=409)
        self.answer = answer


# --- Making questions -------------------------------------------------------------------------


#: Stakes stay within the practice table's own limits, those of every table (issue 26): 5 to 100 on
#: Player, Banker and Tie, 10 to 50 on a Lion Bonus.
MAIN_STAKES = (int(max(p.min_bet for p in PRESETS.values())), int(min(p.max_bet for p in PRESETS.values())))
LION_STAKES = (int(max(p.lion_min for p in PRESETS.values())), int(min(p.lion_max for p in PRESETS.values())))


def _stake(rng: random.Random, low: int, high: int) -> Decimal:
    """A stake in whole chips, a multiple of 5 from ``low`` to ``high``."""
    return Decimal(rng.randrange(low, high + 1, 5))


def _win(rng: random.Random, winner: Winner, *, total: int | None = None, margin: int | None = None) -> dict:
    """A finished coup won by ``winner`` (a tie when ``winner`` is TIE), as the question keeps it."""
    if winner is Winner.TIE:
        both = rng.randrange(10)
        return {"winner": "tie", "player": both, "banker": both, "natural": both >= 8 and rng.random() < 0.5}
    if margin is not None:
        high = rng.randrange(max(margin, 1), 10)
        low = high - margin
    else:
        high = total if total is not None else rng.randrange(1, 10)
        low = rng.randrange(high)
    natural = high >= 8 and rng.random() < 0.4 if margin is None else False
    player, banker = (high, low) if winner is Winner.PLAYER else (low, high)
    return {"winner": winner.value, "player": player, "banker": banker, "natural": natural}


def _question(kind: str, table: PayoutSet, coup: dict, bets: list[tuple[BetKind, Decimal]], ask) -> dict:
    return {
        "kind": KIND_PREFIX + kind,
        "table": table.name,
        **coup,
        "bets": [[bet.value, str(amount)] for bet, amount in bets],
        "ask": [[bet.value, what] for bet, what in ask],
    }


def make_question(rng: random.Random, kind: str | None = None) -> dict[str, Any]:
    """A new payout question of ``kind`` (any kind when ``None``), as it is kept on the server."""
    kind = kind or rng.choice(KINDS)
    if kind == BANKER:
        stake = _stake(rng, *MAIN_STAKES)
        coup = _win(rng, Winner.BANKER)
        ask = [(BetKind.BANKER, PAID), (BetKind.BANKER, COMMISSION)]
        return _question(kind, PayoutSet.STANDARD, coup, [(BetKind.BANKER, stake)], ask)
    if kind == TIE:
        table = rng.choice((PayoutSet.STANDARD, PayoutSet.NO_COMMISSION))
        stake = _stake(rng, *MAIN_STAKES)
        return _question(kind, table, _win(rng, Winner.TIE), [(BetKind.TIE, stake)], [(BetKind.TIE, PAID)])
    if kind == SIX:
        total = 6 if rng.random() < 0.7 else rng.choice([1, 2, 3, 4, 5, 7, 8, 9])
        coup = _win(rng, Winner.BANKER, total=total)
        stake = _stake(rng, *MAIN_STAKES)
        bets = [(BetKind.BANKER, stake)]
        return _question(kind, PayoutSet.NO_COMMISSION, coup, bets, [(BetKind.BANKER, PAID)])
    if kind == LION:
        table = rng.choice((PayoutSet.STANDARD, PayoutSet.NO_COMMISSION))
        bet = rng.choice((BetKind.LION_PLAYER, BetKind.LION_BANKER))
        side = Winner.PLAYER if bet is BetKind.LION_PLAYER else Winner.BANKER
        other = Winner.BANKER if side is Winner.PLAYER else Winner.PLAYER
        chance = rng.random()
        if chance < 0.2:
            coup = _win(rng, side, total=rng.choice((8, 9)))
            coup["natural"] = True
        elif chance < 0.9:
            coup = _win(rng, side, margin=rng.randrange(1, 10))
        else:
            coup = _win(rng, other)
        return _question(kind, table, coup, [(bet, _stake(rng, *LION_STAKES))], [(bet, PAID)])
    if kind == SEVERAL:
        table = rng.choice((PayoutSet.STANDARD, PayoutSet.NO_COMMISSION))
        spots = rng.sample([BetKind.PLAYER, BetKind.BANKER, BetKind.TIE], rng.choice((2, 2, 3)))
        if rng.random() < 0.3:
            spots.append(rng.choice((BetKind.LION_PLAYER, BetKind.LION_BANKER)))
        winner = rng.choice((Winner.PLAYER, Winner.BANKER, Winner.BANKER, Winner.TIE))
        coup = _win(rng, winner)
        spots.sort(key=list(BetKind).index)
        bets = [
            (spot, _stake(rng, *LION_STAKES) if spot.is_lion else _stake(rng, *MAIN_STAKES)) for spot in spots
        ]
        return _question(kind, table, coup, bets, [(spot, PAID) for spot in spots])
    raise ValueError(f"{kind!r} is not a payout question kind.")


# --- Reading a kept question back, and its right answers from the engine ----------------------


@dataclass(frozen=True)
class Field:
    """One amount asked for: the bet it is about, ``paid`` or ``commission``, and its form name."""

    bet: BetKind
    what: str

    @property
    def name(self) -> str:
        return f"{self.bet.value}-{self.what}"


@dataclass(frozen=True)
class PayoutQuestion:
    """A kept payout question, checked and typed."""

    kind: str
    table: PayoutSet
    outcome: Outcome
    bets: tuple[Bet, ...]
    fields: tuple[Field, ...]

    def results(self) -> dict[BetKind, BetResult]:
        """What each bet returns, by the engine's settlement."""
        return {result.bet.kind: result for result in settle(self.bets, self.outcome, self.table)}

    def expected(self) -> dict[str, Decimal]:
        """The right amount of every field, by form name."""
        results = self.results()
        return {field.name: field_amount(results[field.bet], field.what) for field in self.fields}


def field_amount(result: BetResult, what: str) -> Decimal:
    """``paid``: what the dealer puts beside the stake (winnings less commission); or the commission."""
    if what == COMMISSION:
        return result.commission
    return result.winnings - result.commission


def read_question(data: Mapping[str, Any]) -> PayoutQuestion:
    """The typed question kept as ``data``.

    :raises PayoutError: ``TOKEN_BAD`` if it is not a payout question the engine can settle.
    """
    try:
        kind = str(data["kind"])
        if not kind.startswith(KIND_PREFIX) or kind.removeprefix(KIND_PREFIX) not in KINDS:
            raise ValueError(kind)
        player, banker = data["player"], data["banker"]
        if type(player) is not int or type(banker) is not int or not (0 <= player <= 9 and 0 <= banker <= 9):
            raise ValueError("totals")
        outcome = Outcome(
            Winner(data["winner"]), player, banker, bool(data["natural"]), 4 if data["natural"] else 5
        )
        bets = tuple(Bet(BetKind(kind_), Decimal(str(amount))) for kind_, amount in data["bets"])
        fields = tuple(Field(BetKind(bet), what) for bet, what in data["ask"])
        if not fields or any(field.what not in (PAID, COMMISSION) for field in fields):
            raise ValueError("fields")
        if {field.bet for field in fields} - {bet.kind for bet in bets}:
            raise ValueError("field without a bet")
        question = PayoutQuestion(kind, PayoutSet.named(str(data["table"])), outcome, bets, fields)
        question.expected()  # the engine accepts the bets
    except (KeyError, TypeError, ValueError, ArithmeticError):
        raise PayoutError(TOKEN_BAD) from None
    return question


# --- Words -------------------------------------------------------------------------------------


def bet_name(kind: BetKind) -> str:
    """The name of a betting spot, as the drill's sentences use it."""
    return {
        BetKind.PLAYER: pgettext("betting spot", "Player"),
        BetKind.BANKER: pgettext("betting spot", "Banker"),
        BetKind.TIE: pgettext("betting spot", "Tie"),
        BetKind.LION_PLAYER: pgettext("betting spot", "Lion Bonus on Player"),
        BetKind.LION_BANKER: pgettext("betting spot", "Lion Bonus on Banker"),
    }[kind]


def chips(value: Decimal) -> str:
    """An amount as the drill writes it: whole chips without decimals, otherwise with cents.

    In the active locale, grouped (``1,350.50``; ``1.350,50`` in German).
    """
    return chips_text(value, grouping=True)


def table_text(table: PayoutSet) -> str:
    if table.banker_six_pays is not None:
        return _("No-commission table: Banker pays 1:1, but a Banker win with six pays %(ratio)s.") % {
            "ratio": ratio_text(table.banker_six_pays)
        }
    return _("Standard table: Banker pays 1:1 less %(rate)s%% commission.") % {"rate": commission_text(table)}


def outcome_text(outcome: Outcome) -> str:
    """``Banker wins 7 to 4 (no natural).``: the winner's total first."""
    if outcome.winner is Winner.TIE:
        figures = {"total": outcome.player_total}
        if outcome.natural:
            return _("Tie, %(total)s to %(total)s, with naturals.") % figures
        return _("Tie, %(total)s to %(total)s.") % figures
    player_won = outcome.winner is Winner.PLAYER
    figures = {
        "won": outcome.player_total if player_won else outcome.banker_total,
        "lost": outcome.banker_total if player_won else outcome.player_total,
    }
    if player_won and outcome.natural:
        return _("Player wins %(won)s to %(lost)s with a natural.") % figures
    if player_won:
        return _("Player wins %(won)s to %(lost)s (no natural).") % figures
    if outcome.natural:
        return _("Banker wins %(won)s to %(lost)s with a natural.") % figures
    return _("Banker wins %(won)s to %(lost)s (no natural).") % figures


def bets_text(bets: tuple[Bet, ...]) -> str:
    parts = [
        _("%(spot)s %(amount)s") % {"amount": chips(bet.amount), "spot": bet_name(bet.kind)} for bet in bets
    ]
    return _("Bets: %(bets)s.") % {"bets": ", ".join(parts)}


def field_label(field: Field) -> str:
    figures = {"spot": bet_name(field.bet)}
    if field.what == COMMISSION:
        return _("Commission on %(spot)s") % figures
    return _("Paid on %(spot)s") % figures


def working(question: PayoutQuestion, result: BetResult) -> str:
    """How the amounts of one bet are worked out, in the words a dealer would use."""
    bet, kind, outcome, table = result.bet, result.bet.kind, question.outcome, question.table
    figures = {
        "spot": bet_name(kind),
        "stake": chips(bet.amount),
        "winnings": chips(result.winnings),
        "commission": chips(result.commission),
        "paid": chips(result.winnings - result.commission),
        "tenth": chips((bet.amount / 10).quantize(CENT)),
        "margin": outcome.margin,
        "total": outcome.banker_total,
    }
    if result.result is Result.PUSH:
        if kind.is_lion:
            return (
                _("%(spot)s: a tie of naturals returns the bet: 0 is paid and the %(stake)s stay.") % figures
            )
        return (
            _("%(spot)s: a tie returns bets on Player and Banker: 0 is paid and the %(stake)s stay.")
            % figures
        )
    if result.result is Result.LOST:
        side = Winner.PLAYER if kind is BetKind.LION_PLAYER else Winner.BANKER
        if kind.is_lion and outcome.winner is side:
            return (
                _(
                    "%(spot)s: the hand won by only %(margin)s without a natural, and the Lion Bonus pays "
                    "on a natural or a win by 4 or more: it loses, 0 is paid and the dealer "
                    "takes the %(stake)s."
                )
                % figures
            )
        return _("%(spot)s loses: 0 is paid and the dealer takes the %(stake)s.") % figures
    if result.commission:
        return (
            _(
                "%(spot)s wins at 1:1: %(winnings)s. Commission: 10%% of %(stake)s is %(tenth)s, half of "
                "that is %(commission)s. Paid: %(winnings)s − %(commission)s = %(paid)s, beside the stake."
            )
            % figures
        )
    win_ratio = result.winnings / bet.amount
    figures["ratio"] = ratio_text(win_ratio.normalize())
    if kind is BetKind.BANKER and table.banker_six_pays is not None and outcome.banker_total == 6:
        return (
            _(
                "%(spot)s wins with six at the no-commission table: pays 1:2, half the stake: "
                "%(stake)s ÷ 2 = %(paid)s."
            )
            % figures
        )
    if kind is BetKind.BANKER and table.banker_six_pays is not None:
        return (
            _(
                "%(spot)s wins with %(total)s, not six, at the no-commission table: pays 1:1 with no "
                "commission: %(paid)s."
            )
            % figures
        )
    if kind.is_lion and outcome.natural:
        return _("%(spot)s: won with a natural, the Lion Bonus pays 1:1: %(paid)s.") % figures
    if kind.is_lion:
        figures["times"] = chips(win_ratio)
        return (
            _(
                "%(spot)s: won by %(margin)s without a natural, the Lion Bonus pays %(ratio)s: "
                "%(stake)s × %(times)s = %(paid)s."
            )
            % figures
        )
    if kind is BetKind.TIE:
        figures["back"] = chips(bet.amount + result.winnings)
        return (
            _("%(spot)s pays 8:1: %(stake)s × 8 = %(paid)s paid beside the stake (%(back)s with the stake).")
            % figures
        )
    return _("%(spot)s wins at 1:1: %(paid)s paid beside the stake.") % figures


# --- Answers -------------------------------------------------------------------------------------


def parse_typed_amount(text: str) -> Decimal:
    """An amount as a learner types it, in the active language's way of writing numbers.

    ``171``, ``171.00`` and ``171,00`` are all 171; with thousands, the
    language's grouping is read (``1,500`` in English, ``1.500`` in German and
    Indonesian), by the one reader of typed amounts (``typed_amount``).

    :raises PayoutError: (400) if the text is empty, not an amount, ambiguous, negative or finer than cents.
    """
    if not (text or "").strip():
        raise PayoutError(AMOUNT_MISSING)
    try:
        amount = typed_amount(text)
    except AmbiguousAmountError as error:
        raise PayoutError(ambiguous_message(text, error, AMOUNT_AMBIGUOUS)) from None
    except InvalidAmountError:
        raise PayoutError(AMOUNT_BAD % {"text": text.strip()[:40]}) from None
    if amount < 0:
        raise PayoutError(AMOUNT_NEGATIVE)
    if amount != amount.quantize(CENT):
        raise PayoutError(AMOUNT_CENTS)
    return amount.quantize(CENT)


def parse_answers(question: PayoutQuestion, data: Mapping[str, str]) -> dict[str, Decimal]:
    """The amount typed for each field of the question.

    :raises PayoutError: for the first field that is missing or not an amount.
    """
    return {field.name: parse_typed_amount(data.get(field.name, "")) for field in question.fields}


@dataclass(frozen=True)
class FieldVerdict:
    label: str
    given: Decimal
    expected: Decimal

    @property
    def correct(self) -> bool:
        return self.given == self.expected

    @property
    def given_text(self) -> str:
        return chips(self.given)

    @property
    def expected_text(self) -> str:
        return chips(self.expected)


@dataclass(frozen=True)
class Feedback:
    """How the last answer went: each amount, the working, and the time."""

    question: PayoutQuestion
    given: dict[str, Decimal]
    seconds: Decimal
    fast: bool
    record: PayoutRecord
    too_fast: bool = False

    @property
    def correct(self) -> bool:
        return all(verdict.correct for verdict in self.verdicts)

    @property
    def verdicts(self) -> list[FieldVerdict]:
        expected = self.question.expected()
        return [
            FieldVerdict(field_label(field), self.given[field.name], expected[field.name])
            for field in self.question.fields
        ]

    @property
    def workings(self) -> list[str]:
        results = self.question.results()
        return [working(self.question, results[bet.kind]) for bet in self.question.bets]

    @property
    def prompt(self) -> list[str]:
        return prompt_lines(self.question)

    @property
    def seconds_text(self) -> str:
        return amount_text(self.seconds, decimal_pos=1)


def prompt_lines(question: PayoutQuestion) -> list[str]:
    return [table_text(question.table), outcome_text(question.outcome), bets_text(question.bets)]


def feedback_for(answer: PayoutAnswer, record: PayoutRecord) -> Feedback:
    """The feedback of an answer already recorded (shown again for a replayed answer)."""
    question = read_question(answer.question)
    given = {name: Decimal(value) for name, value in answer.answer.items()}
    return Feedback(question, given, answer.seconds, answer.fast, record, answer.too_fast)


# --- Services ------------------------------------------------------------------------------------


PLACE = questions.Place.PAYOUT


def payout_question_issue(*, user, question: dict[str, Any]) -> str:
    """Keep the question for the learner (its ``created_at`` is when the clock starts); returns its token.

    The question waiting before it, if any, is ended first: counted as skipped.
    """
    return payout_question_ask(user=user, question=question)[0]


@transaction.atomic
def payout_question_ask(*, user, question: dict[str, Any]) -> tuple[str, int]:
    """``payout_question_issue``, also saying how many waiting questions it ended as skipped.

    The waiting question is ended and the new one issued in one transaction under the lock on the
    learner's row: two requests at once cannot leave two questions waiting.
    """
    payout_learner_lock(user=user)
    skipped = payout_questions_end(user=user)
    return questions.question_issue(user=user, question=question, place=PLACE), skipped


@transaction.atomic
def payout_question_again(*, user, new: Callable[[], dict[str, Any]]) -> tuple[PayoutQuestion, str, int]:
    """The question waiting for this learner and its token, else a ``new()`` one issued (after a doubled
    answer: a new one would end the one on screen as skipped). Also how many it ended as skipped.

    Looked for under the lock, so a doubled request that finished first is seen here.
    """
    payout_learner_lock(user=user)
    waiting = payout_question_waiting(user=user)
    if waiting is not None:
        return waiting[0], waiting[1], 0
    question = new()
    token, skipped = payout_question_ask(user=user, question=question)
    return read_question(question), token, skipped


@transaction.atomic
def payout_answer_and_ask(
    *, user, token: str, data: Mapping[str, str], new: Callable[[], dict[str, Any]]
) -> tuple[Feedback, dict[str, Any], str]:
    """``payout_answer_grade``, then a ``new()`` question issued as the next one (returned with its
    token), in one transaction under the lock: a doubled answer waits for both and finds the next
    question waiting (``payout_question_again``).
    """
    payout_learner_lock(user=user)
    feedback = payout_answer_grade(user=user, token=token, data=data)
    question = new()
    return feedback, question, payout_question_ask(user=user, question=question)[0]


def payout_questions_end(*, user) -> int:
    """Count the learner's newest waiting payout question as skipped (a wrong answer), and forget it.

    Older ones waiting (from before each place kept its own questions, when a reload left one more
    each time) were never all on screen: they are forgotten without being counted. Returns how many
    were counted (one at most, but for a question answered meanwhile: none). One query when none is
    waiting, the usual case on every other page.
    """
    if not questions.questions_waiting(user=user, place=PLACE):
        return 0
    with transaction.atomic():
        payout_learner_lock(user=user)
        waiting = questions.questions_waiting(user=user, place=PLACE)  # again, under the lock
        if not waiting:
            return 0
        *older, newest = waiting
        for issued in older:
            questions.question_discard(user=user, nonce=issued.nonce)
        try:
            kept = questions_data(read_question(newest.question))
        except PayoutError:  # not a question the engine can settle: recorded as it was kept
            kept = newest.question
        counted = payout_skip_record(
            user=user,
            nonce=newest.nonce,
            kind=str(kept.get("kind", ""))[:30],
            question=kept,
            issued_at=newest.created_at,
        )
        questions.question_discard(user=user, nonce=newest.nonce)
    return int(counted)


def payout_question_waiting(*, user) -> tuple[PayoutQuestion, str] | None:
    """The payout question waiting for this learner and its token (shown again after a doubled answer)."""
    waiting = questions.questions_waiting(user=user, place=PLACE)
    if not waiting or waiting[-1].created_at < timezone.now() - questions.MAX_AGE:
        return None
    try:
        return read_question(waiting[-1].question), waiting[-1].nonce
    except PayoutError:
        return None


def payout_question_find(*, user, token: str) -> tuple[PayoutQuestion, datetime]:
    """The payout question waiting for this learner under this token, and when it was issued.

    :raises AlreadyAnswered: if the learner already answered it.
    :raises PayoutError: ``TOKEN_BAD`` for anything else.
    """
    first = PayoutAnswer.objects.filter(user=user, nonce=token).first() if isinstance(token, str) else None
    if first is not None:
        raise AlreadyAnswered(first)
    try:
        issued = questions.question_find(user=user, token=token, place=PLACE)
    except (questions.Answered, questions.BadToken):
        raise PayoutError(TOKEN_BAD) from None
    return read_question(issued.question), issued.created_at


@transaction.atomic
def payout_answer_grade(*, user, token: str, data: Mapping[str, str]) -> Feedback:
    """Grade the typed amounts against the engine's settlement, record them once, and forget the question.

    :raises AlreadyAnswered: if this question was answered before (nothing is counted twice).
    :raises PayoutError: for a bad token (``TOKEN_BAD``) or an amount that cannot be read (nothing counted).
    """
    question, issued_at = payout_question_find(user=user, token=token)
    given = parse_answers(question, data)
    expected = question.expected()
    correct = all(given[name] == expected[name] for name in expected)
    try:
        saved, record = payout_answer_record(
            user=user,
            nonce=token,
            kind=question.kind,
            question=questions_data(question),
            answer={name: str(value) for name, value in given.items()},
            correct=correct,
            issued_at=issued_at,
        )
    except PayoutAnswerReplayed as replay:
        raise AlreadyAnswered(replay.answer) from None
    questions.question_discard(user=user, nonce=token)
    return Feedback(question, given, saved.seconds, saved.fast, record, saved.too_fast)


def questions_data(question: PayoutQuestion) -> dict[str, Any]:
    """The question as it is kept and recorded, with its right amounts for whoever reads the record."""
    outcome = question.outcome
    return {
        "kind": question.kind,
        "table": question.table.name,
        "winner": outcome.winner.value,
        "player": outcome.player_total,
        "banker": outcome.banker_total,
        "natural": outcome.natural,
        "bets": [[bet.kind.value, str(bet.amount)] for bet in question.bets],
        "ask": [[field.bet.value, field.what] for field in question.fields],
        "expected": {name: str(value) for name, value in question.expected().items()},
    }
