"""Calling the hand as dealers do: the right call for a coup and plausible wrong ones.

Design overview: a croupier calls twice a round. After the first four cards, the *opening
call*: both totals and what happens next ("Player shows 5, Banker 3, Player draws"; a natural
and a stand are called the same way). After the last card, the *result call*, the winning hand
first and its total first ("Banker wins, 7 over 5"; "Tie, 6 all"), never "you win". A call is a
``CallOption``: a ``CallKey`` and the two totals it speaks of, so the web layer translates the
phrase from the key and the figures (``CallOption.params``); ``code`` is a short stable string
the page posts back. ``english`` is the English wording, for tests and logs.

The options shown are the right call and up to three plausible wrong ones (the other actions on
the same totals, the totals swapped, the loser's total first, a total off by one), in an order
drawn from a seeded ``random.Random``. Grading compares the chosen option with the right one.

>>> right = opening_call(5, 3)
>>> right.english, right.code
('Player shows 5, Banker 3, Player draws', 'player_draws:5:3')
>>> result_call(5, 7).english
'Banker wins, 7 over 5'
>>> result_call(6, 6).english
'Tie, 6 all'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum, unique

from baccarat.errors import EngineError
from baccarat.rules import banker_draws, is_natural, player_draws

__all__ = ["CallKey", "CallOption", "CallStage", "call_options", "opening_call", "result_call"]


@unique
class CallStage(StrEnum):
    """When the call is made."""

    #: After the first four cards: the totals and the action.
    OPENING = "opening"
    #: After the last card: the result.
    RESULT = "result"


@unique
class CallKey(StrEnum):
    """What a call says; the values are stable ids (the app's phrases are keyed by them)."""

    #: "Player shows 8, Banker 5, a natural": no more cards.
    NATURAL = "natural"
    #: "Player shows 5, Banker 3, Player draws".
    PLAYER_DRAWS = "player_draws"
    #: "Player shows 6, Banker 3, Player stands, Banker draws".
    BANKER_DRAWS = "banker_draws"
    #: "Player shows 7, Banker 6, both stand".
    BOTH_STAND = "both_stand"
    #: "Player wins, 7 over 5" (the winning total first).
    PLAYER_WINS = "player_wins"
    #: "Banker wins, 7 over 5".
    BANKER_WINS = "banker_wins"
    #: "Tie, 6 all".
    TIE = "tie"

    @property
    def stage(self) -> CallStage:
        """Whether this is an opening or a result call."""
        return CallStage.RESULT if self in _RESULT_KEYS else CallStage.OPENING


_RESULT_KEYS = frozenset({CallKey.PLAYER_WINS, CallKey.BANKER_WINS, CallKey.TIE})
_OPENING_KEYS = (CallKey.NATURAL, CallKey.PLAYER_DRAWS, CallKey.BANKER_DRAWS, CallKey.BOTH_STAND)
_OPENING_ACTION = {
    CallKey.NATURAL: "a natural",
    CallKey.PLAYER_DRAWS: "Player draws",
    CallKey.BANKER_DRAWS: "Player stands, Banker draws",
    CallKey.BOTH_STAND: "both stand",
}


@dataclass(frozen=True, slots=True)
class CallOption:
    """One call: what it says (``key``) and the totals it names.

    For an opening call ``first`` is Player's total and ``second`` Banker's. For a result call
    ``first`` is the total spoken first and ``second`` the other ("7 over 5": 7, 5); for a tie
    both are the tied total. A wrong option may say something impossible ("Banker wins, 5 over
    7"): that is what makes it wrong.

    :raises EngineError: if a total is not 0 to 9.
    """

    key: CallKey
    first: int
    second: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", CallKey(self.key))
        if not (0 <= self.first <= 9 and 0 <= self.second <= 9):
            raise EngineError(f"A call names totals of 0 to 9, not {self.first} and {self.second}.")

    @property
    def stage(self) -> CallStage:
        """Opening or result."""
        return self.key.stage

    @property
    def params(self) -> dict[str, int]:
        """The figures the phrase needs, by name: ``player``/``banker`` (opening), ``winner``/``loser``
        (a win, in the order spoken) or ``total`` (a tie)."""
        if self.key is CallKey.TIE:
            return {"total": self.first}
        if self.stage is CallStage.RESULT:
            return {"winner": self.first, "loser": self.second}
        return {"player": self.first, "banker": self.second}

    @property
    def code(self) -> str:
        """A short stable string for this option, e.g. ``"banker_wins:7:5"``."""
        return f"{self.key.value}:{self.first}:{self.second}"

    @classmethod
    def from_code(cls, code: str) -> CallOption:
        """The option ``code`` names.

        >>> CallOption.from_code("tie:6:6").english
        'Tie, 6 all'

        :raises EngineError: if the code names no call.
        """
        try:
            key, first, second = str(code).split(":")
            return cls(CallKey(key), int(first), int(second))
        except ValueError:
            raise EngineError(f"{code!r} is not a call.") from None

    @property
    def english(self) -> str:
        """The call in English, as a dealer says it."""
        if self.key is CallKey.TIE:
            return f"Tie, {self.first} all"
        if self.key is CallKey.PLAYER_WINS:
            return f"Player wins, {self.first} over {self.second}"
        if self.key is CallKey.BANKER_WINS:
            return f"Banker wins, {self.first} over {self.second}"
        return f"Player shows {self.first}, Banker {self.second}, {_OPENING_ACTION[self.key]}"


def _opening_key(player: int, banker: int) -> CallKey:
    if is_natural(player) or is_natural(banker):
        return CallKey.NATURAL
    if player_draws(player):
        return CallKey.PLAYER_DRAWS
    return CallKey.BANKER_DRAWS if banker_draws(banker, None) else CallKey.BOTH_STAND


def opening_call(player: int, banker: int) -> CallOption:
    """The right call after the first four cards, on these two-card totals.

    >>> opening_call(7, 6).english, opening_call(3, 9).key
    ('Player shows 7, Banker 6, both stand', <CallKey.NATURAL: 'natural'>)
    """
    return CallOption(_opening_key(player, banker), player, banker)


def result_call(player: int, banker: int) -> CallOption:
    """The right call of the result on these final totals: the winner and its total first."""
    if player == banker:
        return CallOption(CallKey.TIE, player, banker)
    if player > banker:
        return CallOption(CallKey.PLAYER_WINS, player, banker)
    return CallOption(CallKey.BANKER_WINS, banker, player)


def _nudge(total: int, rng: random.Random) -> int:
    return (total + rng.choice((1, -1))) % 10


def _wrong_options(right: CallOption, rng: random.Random) -> list[CallOption]:
    first, second = right.first, right.second
    if right.stage is CallStage.OPENING:
        wrong = [CallOption(key, first, second) for key in _OPENING_KEYS if key is not right.key]
        if first != second:
            wrong.append(CallOption(right.key, second, first))
        wrong.append(CallOption(right.key, _nudge(first, rng), second))
        return wrong
    if right.key is CallKey.TIE:
        nudged = _nudge(first, rng)
        return [
            CallOption(CallKey.TIE, nudged, nudged),
            CallOption(CallKey.PLAYER_WINS, first, (first + 9) % 10),
            CallOption(CallKey.BANKER_WINS, first, (first + 9) % 10),
        ]
    other = CallKey.BANKER_WINS if right.key is CallKey.PLAYER_WINS else CallKey.PLAYER_WINS
    return [
        CallOption(other, first, second),
        CallOption(right.key, second, first),
        CallOption(CallKey.TIE, first, first),
        CallOption(right.key, _nudge(first, rng), second),
    ]


def call_options(right: CallOption, rng: random.Random, *, count: int = 4) -> tuple[CallOption, ...]:
    """Up to ``count`` distinct options (2 to 5; a tie has four at most): the right call and plausible
    wrong ones, shuffled by ``rng``.

    >>> options = call_options(result_call(5, 7), random.Random(1))
    >>> len(options), result_call(5, 7) in options, len(set(options))
    (4, True, 4)

    :raises EngineError: if ``count`` is not 2 to 5.
    """
    if not 2 <= count <= 5:
        raise EngineError(f"A call is chosen from 2 to 5 options, not {count}.")
    wrong: list[CallOption] = []
    for option in _wrong_options(right, rng):
        if option != right and option not in wrong:
            wrong.append(option)
    rng.shuffle(wrong)
    options = [right, *wrong[: count - 1]]
    rng.shuffle(options)
    return tuple(options)
