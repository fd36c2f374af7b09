"""Lesson 9's exercise: house edges, runs, the six rule, Tie's odds, the variants' words."""

from __future__ import annotations

import random

from django.utils.translation import gettext as _

from baccarat import (
    BetKind,
)
from lessons import house_edge
from lessons.exercises.helpers import (
    _choice,
    _edges,
    _kind_name,
)
from lessons.exercises.lion import generate_lion
from lessons.exercises.question import Question
from table.explain import (
    percent_sign,
    percent_text,
)


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


def generate_house_edge(rng: random.Random) -> Question:
    pick = rng.randrange(8)
    if pick < 4:
        return (lowest_edge_question, streak_question, six_question, tie_question)[pick]()
    if pick < 6:
        return generate_lion(rng)
    if pick == 6 and rng.randrange(2):
        return tie_nine_question()
    if pick == 6:
        return convention_question(rng.choice(["player", "banker"]))
    return german_words_question(rng.choice(["battuta", "egalite"]))
