"""One exercise question: what it asks, how it is answered, its right answer and the rule that decides.

A ``Question`` is made in the active language (every text is a ``str`` by
then) and kept on the server by ``lessons.questions`` until it is answered
(the page gets only its nonce). What is stored, in the session or the
database, is ``as_data()``: the plain JSON dict questions were always kept as,
so questions stored before this class existed read back with ``from_data()``.

Fields: ``kind`` (the exercise), ``prompt``, ``form`` ("choice" or
"numbers"), ``choices`` ([value, label] pairs, for a choice) or ``fields``
([name, label] pairs, for numbers), ``answer`` (a choice value, or
"|"-joined amounts), ``why`` (the rule), ``shown`` (the right answer in
words), and optional ``cards`` (tokens to draw) and ``road`` (a Big Road's
columns of [winner, ties] cells).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

CHOICE, NUMBERS = "choice", "numbers"

Pair = tuple[str, str]
Road = tuple[tuple[tuple[str, int], ...], ...]


def as_pairs(items: Iterable[Sequence[str]]) -> tuple[Pair, ...]:
    return tuple((str(value), str(label)) for value, label in items)


def as_road(columns: Iterable[Iterable[Sequence[Any]]]) -> Road:
    return tuple(tuple((str(cell[0]), int(cell[1])) for cell in column) for column in columns)


@dataclass(frozen=True)
class Question:
    kind: str
    prompt: str
    form: str
    answer: str
    why: str
    shown: str
    #: A choice question's [value, label] pairs; a numbers question's [name, label] fields.
    choices: tuple[Pair, ...] = ()
    fields: tuple[Pair, ...] = ()
    cards: tuple[str, ...] = ()
    road: Road | None = None

    def as_data(self) -> dict[str, Any]:
        """The question as it is stored (JSON): lists, and only the keys its form uses."""
        data: dict[str, Any] = {"kind": self.kind, "prompt": self.prompt, "form": self.form}
        if self.form == CHOICE:
            data["choices"] = [list(pair) for pair in self.choices]
        else:
            data["fields"] = [list(pair) for pair in self.fields]
        data |= {"answer": self.answer, "why": self.why, "shown": self.shown}
        if self.cards:
            data["cards"] = list(self.cards)
        if self.road is not None:
            data["road"] = [[list(cell) for cell in column] for column in self.road]
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Question:
        """A stored question back (keys it does not know, such as ``lesson``, are left aside).

        :raises KeyError: if a field every question has is missing.
        """
        road = data.get("road")
        return cls(
            kind=str(data["kind"]),
            prompt=str(data["prompt"]),
            form=str(data["form"]),
            answer=str(data["answer"]),
            why=str(data["why"]),
            shown=str(data["shown"]),
            choices=as_pairs(data.get("choices", ())),
            fields=as_pairs(data.get("fields", ())),
            cards=tuple(str(token) for token in data.get("cards", ())),
            road=None if road is None else as_road(road),
        )
