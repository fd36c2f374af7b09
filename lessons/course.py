"""The course: lesson identity, order, worked examples and exercises, as data.

Design overview: what a lesson *says* lives in its template
(``templates/lessons/content/<slug>.html``, so it can be translated); what a
lesson *is* lives here: its stable slug, its place in the course, the shoes
its worked examples deal from (arranged in advance), the exercise it asks and
how many right answers complete it. ``load_lessons`` copies identity and
order into the database, where progress is kept against the slug. Titles and
summaries are lazy translations: pages show them in the learner's language
(the database keeps the English title).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Example:
    """A worked example: a coup dealt one card per click from cards arranged in advance."""

    key: str
    cards: tuple[str, ...]
    #: Whether the learner stakes sandbox chips on it first (100 per attempt).
    stakes: bool = False


@dataclass(frozen=True)
class LessonSpec:
    slug: str
    number: int
    title: str | Promise
    summary: str | Promise
    exercise: str
    #: Right answers that complete the lesson.
    required: int = 3
    examples: tuple[Example, ...] = ()


def _cards(text: str) -> tuple[str, ...]:
    return tuple(text.split())


COURSE: tuple[LessonSpec, ...] = (
    LessonSpec(
        "hands-and-results",
        1,
        _("Player and Banker are just names"),
        _("Two hands, three possible results, and what a teaching bet is."),
        exercise="results",
        examples=(Example("first-coup", _cards("2 K 5 8")),),
    ),
    LessonSpec(
        "cards-and-suits",
        2,
        _("Cards and suits"),
        _("Four suits, 13 ranks, 52 cards a deck, 416 in eight decks, and what each card counts."),
        exercise="card-values",
        examples=(Example("suits-do-not-matter", _cards("7C 7H 10S KD")),),
    ),
    LessonSpec(
        "counting-totals",
        3,
        _("Counting a hand: 4 plus 4"),
        _("Add the cards and keep the last digit; the deal order Player, Banker, Player, Banker."),
        exercise="counting",
        examples=(Example("four-plus-four", _cards("4S 2H 4D 3C")),),
    ),
    LessonSpec(
        "first-stake",
        4,
        _("Your first stake: 100 becomes 90"),
        _("A draft until you confirm; after confirming, the stake is committed and cannot change."),
        exercise="stake",
        examples=(Example("stake-on-player", _cards("4S 2H 4D 3C"), stakes=True),),
    ),
    LessonSpec(
        "naturals",
        5,
        _("Naturals: why no more cards come"),
        _("An 8 or 9 with two cards ends the coup; the hand result is not the bet result."),
        exercise="naturals",
        examples=(Example("natural-eight", _cards("4S 2H 4D 3C")),),
    ),
    LessonSpec(
        "settlement",
        6,
        _("Settlement: getting 20 back is not a profit of 20"),
        # xgettext:no-python-format
        _("Player 1:1, Banker 1:1 less 5% commission, Tie 8:1, and stakes returned on a tie."),
        exercise="settlement",
        required=5,
        examples=(
            Example("player-wins", _cards("4S 2H 4D 3C"), stakes=True),
            Example("banker-wins", _cards("2C 4H 3S 4D"), stakes=True),
            Example("a-tie", _cards("5H 3S KC JD 8H"), stakes=True),
            Example("both-spots", _cards("2C 4H 3S 4D"), stakes=True),
        ),
    ),
    LessonSpec(
        "drawing",
        7,
        _("Drawing without a natural"),
        _("Player draws on 0-5; Banker looks at the value of Player's third card."),
        exercise="drawing",
        examples=(Example("five-draws-eight", _cards("5H 3S KC JD 8H")),),
    ),
    LessonSpec(
        "banker-table",
        8,
        _("The Banker table, looked up in order"),
        _("Natural first, then Player, then Banker: the full drawing table."),
        exercise="banker-table",
        required=4,
        examples=(Example("banker-four-draws", _cards("3D 4C 2S KH 2C 5S")),),
    ),
    LessonSpec(
        "house-edge",
        9,
        _("The house edge, and why streaks predict nothing"),
        _("Every bet loses a little on average; the exact edges, the Banker six, and your own results."),
        exercise="house-edge",
        # Banker wins 7 to 0 after a third card: the Lion Bonus line for a margin of 7.
        examples=(Example("lion-bonus", _cards("KS 4H QD 3C JH")),),
    ),
    LessonSpec(
        "side-bets-and-tables",
        10,
        _("Side bets and other tables"),
        _(
            "Pairs, Dragon 7, Panda 8 and the Lion Bonus: what they pay and what they cost; "
            "the standard, no-commission and EZ tables."
        ),
        exercise="side-bets",
        # Player stands on a pair of threes (6); Banker draws from 5 to 7 and wins with three cards.
        examples=(Example("ez-three-card-seven", _cards("3H 2C 3S 3D 2H")),),
    ),
    LessonSpec(
        "scoreboards-and-systems",
        11,
        _("Scoreboards and betting systems"),
        _(
            "Reading the bead plate and the Big Road; Martingale and 1-3-2-6 played out; "
            "why counting hardly helps."
        ),
        exercise="systems",
        required=4,
    ),
)

LESSONS: dict[str, LessonSpec] = {lesson.slug: lesson for lesson in COURSE}


def example(slug: str, key: str) -> Example | None:
    """The worked example ``key`` of lesson ``slug``, or ``None``."""
    lesson = LESSONS.get(slug)
    return next((found for found in lesson.examples if found.key == key), None) if lesson else None
