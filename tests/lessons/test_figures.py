"""Every number a lesson prints, in every language, is a figure the rules engine computes.

Each lesson of ``lessons.course.COURSE`` (a new lesson is covered without
touching this file) is rendered in English, German and Indonesian: the page
through the test client, then each named part of its text
(``lessons/content/<slug>.html#<part>``) with the page's own context, plus the
page's headings. Every number found is read with the language's separators and
must be one of the lesson's figures in ``FIGURES`` (computed here by the
engine: house edges, probabilities, counts, payout examples) or a rule number
(0 to 9: a card's points, a total; a lesson number). Every figure registered for
a lesson must also appear, so the registry cannot drift from the text.

Adding a figure to a lesson: add an entry to that lesson's function below,
computed by the engine (never typed in as the number it should be).

A second test checks how the figures are written in each language: digit
grouping above 999 (60,000 / 60.000), the locale's percent sign ("1.0579%" in
English and Indonesian, "1,0579 %" in German, as ``progress.heatmap`` and the
``percent`` filter write it), and a true minus sign "−" (U+2212), never a hyphen.
"""

from __future__ import annotations

import html
import itertools
import math
import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import get_template
from django.urls import reverse
from django.utils import translation

from baccarat import (
    DEFAULT_CUT_FROM_END,
    NO_COMMISSION,
    STANDARD,
    Bet,
    BetKind,
    Card,
    Outcome,
    Rank,
    Winner,
    deck_counts,
    settle,
)
from lessons import figures as lesson_figures
from lessons import house_edge, systems
from lessons.course import COURSE
from table.amounts import exact_decimal
from table.charts import BAND_SIGMAS, example_chart
from table.presets import STANDARD_TABLE
from tests.lessons.test_side_bets_lesson import side_bets_figures
from tests.support import LANGUAGES

#: Grouping and decimal separators by language (Django's formats for en, de and id).
SEPARATORS = {"en": (",", "."), "de": (".", ","), "id": (".", ",")}
CONTENT = Path(settings.BASE_DIR) / "templates" / "lessons" / "content"

Figures = dict[str, Decimal]


def _d(value: int | Fraction | Decimal) -> Decimal:
    return Decimal(value) if not isinstance(value, Fraction) else Decimal(value.numerator) / value.denominator


def _percent(value: Fraction, places: int = 4) -> Decimal:
    """A fraction as the lessons print it: a percentage with four places (or ``places``), an exact
    half rounded away from zero (985 in 10,000 is 9.9%, not 9.8%)."""
    return exact_decimal(Fraction(value) * 100, places)


def _rounded(value: int | Fraction | Decimal, places: int = 0) -> Decimal:
    """A figure rounded as lesson 10 prints it (``grouped``, ``signed``): an exact half away from zero."""
    return exact_decimal(Fraction(value), places)


def _points(*tokens: str) -> int:
    return sum(Card.parse(token).points for token in tokens)


def _returned(kind: BetKind, winner: Winner, stake: int = 10) -> Decimal:
    """What a settled bet gives back on the standard table (stake plus winnings, less commission)."""
    player, banker = {Winner.PLAYER: (8, 5), Winner.BANKER: (5, 8), Winner.TIE: (3, 3)}[winner]
    [result] = settle(
        [Bet(kind, Decimal(stake))],
        Outcome(player_total=player, banker_total=banker, player_count=2, banker_count=2, natural=True),
        STANDARD,
    )
    return result.returned


def _commission_percent() -> Decimal:
    """The standard table's Banker commission, in percent (5)."""
    [result] = settle(
        [Bet(BetKind.BANKER, Decimal(100))],
        Outcome(player_total=5, banker_total=8, player_count=2, banker_count=2, natural=True),
        STANDARD,
    )
    return result.commission / result.winnings * 100


def _banker_six_returns(stake: Decimal) -> Decimal:
    """What a Banker stake winning with six gives back on the no-commission table."""
    [result] = settle(
        [Bet(BetKind.BANKER, stake)],
        Outcome(player_total=5, banker_total=6, player_count=3, banker_count=2, natural=False),
        NO_COMMISSION,
    )
    return result.returned


# --- The registry: each lesson's figures, computed by the engine ---------------------------------------


def _hands_and_results() -> Figures:
    return {}


def _cards_and_suits() -> Figures:
    return {
        "ranks a suit": Decimal(len(Rank)),
        "cards a deck": Decimal(sum(deck_counts(1))),
        "cards in eight decks": Decimal(sum(deck_counts(8))),
        "the rank ten": Decimal(Rank.TEN.value),
        "cut card, cards before the end": Decimal(DEFAULT_CUT_FROM_END),
    }


def _counting_totals() -> Figures:
    return {
        "7 + 8": Decimal(_points("7", "8")),
        "4 + 6": Decimal(_points("4", "6")),
        "blackjack's 21 (another game, not an engine figure)": Decimal(21),
    }


def _first_stake() -> Figures:
    start, stake = Decimal(100), Decimal(10)
    return {
        "start": start,
        "stake": stake,
        "after confirming": start - stake,
        "after a Player win": start - stake + _returned(BetKind.PLAYER, Winner.PLAYER),
        **_limits(),
        **_two_spots_staked(),
    }


def _limits() -> Figures:
    """The practice table's limits per spot (``table.presets``)."""
    table = STANDARD_TABLE
    return {
        "min": table.min_bet,
        "max": table.max_bet,
        "lion min": table.lion_min,
        "lion max": table.lion_max,
    }


def _two_spots_staked() -> Figures:
    stake = lesson_figures.TWO_SPOT_STAKE
    return {"two spots staked": stake * 2, "after two spots": lesson_figures.START - stake * 2}


def _two_spots_settled() -> Figures:
    """Lesson 6's two spots on a Banker win: what is left and the net (the other results break even)."""
    case = lesson_figures.two_spot_case(lesson_figures.example_outcome("settlement", "both-spots"))
    return {
        "two spots, Banker wins: final": lesson_figures.START + case["net_value"],
        "two spots, Banker wins: net": case["net_value"],
    }


def _naturals() -> Figures:
    return {"Player win returns": _returned(BetKind.PLAYER, Winner.PLAYER)}


def _settlement() -> Figures:
    start, stake = Decimal(100), Decimal(10)
    after = start - stake
    banker_win = _returned(BetKind.BANKER, Winner.BANKER)
    return {
        "stake": stake,
        "start": start,
        "after confirming": after,
        "Player win returns": _returned(BetKind.PLAYER, Winner.PLAYER),
        "after a Player win": after + _returned(BetKind.PLAYER, Winner.PLAYER),
        "after a tie": after + _returned(BetKind.PLAYER, Winner.TIE),
        "Tie winnings": STANDARD.tie_pays * stake,
        "after a Tie win": after + _returned(BetKind.TIE, Winner.TIE),
        "Banker commission": stake - (banker_win - stake),
        "Banker returns": banker_win,
        "after a Banker win": after + banker_win,
        "commission percent": _commission_percent(),
        **_two_spots_settled(),
    }


def _drawing() -> Figures:
    return {"5 + 8": Decimal(_points("5", "8"))}


def _banker_table() -> Figures:
    return {"the rank ten": Decimal(Rank.TEN.value)}


def _house_edge() -> Figures:
    edges, six, streaks = house_edge.edges(), house_edge.six(), house_edge.streaks()
    figures: Figures = {
        "commission percent": _commission_percent(),
        "six stake": Decimal(10),
        "six returns": _banker_six_returns(Decimal(10)),
        "six winnings": _banker_six_returns(Decimal(10)) - 10,
        "Lion Bonus margin 9 pays": STANDARD.lion_margin_pays[9],
        "no-commission decks": Decimal(house_edge.NO_COMMISSION_DECKS),
        "simulated coups": Decimal(streaks.coups),
        "separate runs": Decimal(streaks.runs),
        "coups after a run": Decimal(streaks.after_runs),
        "Banker after a run": _percent(streaks.banker_after_run),
        "Banker overall": _percent(streaks.banker_overall),
        "six share": _percent(six["probability"]),
        "edge if six paid in full": _percent(six["edge_if_paid_in_full"]),
    }
    # The lesson's table: the main bets and the Lion Bonus (the other side bets are the table's).
    shown = ("player", "banker", "tie", "lion_player", "lion_banker")
    for table, odds in edges.items():
        for kind in shown:
            figures[f"{table} edge {kind}"] = _percent(odds.house_edge[kind])
    for winner, probability in edges["standard"].probabilities.items():
        figures[f"standard {winner}"] = _percent(probability)
    conventions = house_edge.conventions()
    for side in ("player", "banker"):
        figures[f"{side} without ties"] = _percent(conventions[f"{side}_without_ties"])
        figures[f"{side} without ties, rounded"] = _percent(conventions[f"{side}_without_ties"], 2)
    figures["Tie paying 9 to 1 edge"] = _percent(house_edge.tie_nine()["edge"])
    figures["Lion Bonus max"] = STANDARD_TABLE.lion_max
    for row in house_edge.lion_table():
        for side in ("player", "banker"):
            figures[f"Lion Bonus {side} {row['margin'] or 'natural'}"] = _percent(row[side], 2)
    lion = house_edge.lion_example()
    [result] = settle([Bet(BetKind.LION_BANKER, house_edge.LION_STAKE)], _lion_outcome(), STANDARD)
    figures["Lion Bonus example winnings"] = result.winnings
    figures["Lion Bonus example returns"] = lion["returned_value"]
    return figures


def _lion_outcome() -> Outcome:
    return lesson_figures.example_outcome("house-edge", "lion-bonus")


def _scoreboards_and_systems() -> Figures:
    """Lesson 10: the figures ``lessons.systems`` computes (its kept figures are replayed by
    ``tests/lessons/test_systems_lesson.py``), and the example balance chart (``table.charts``)."""
    figures: Figures = {}
    road = systems.scoreboard()
    for key in ("coups", "columns", "changes", "first_column", "longest"):
        figures[f"road {key}"] = Decimal(road[key])
    for winner, count in road["counts"].items():
        figures[f"road {winner} wins"] = Decimal(count)
    table = systems.systems_table()
    limits = table["limits"]
    figures |= {
        "table minimum": Decimal(limits.minimum),
        "table maximum": Decimal(limits.maximum),
        "stack": Decimal(table["stack"]),
        "stack in minimum stakes": Decimal(table["stack_units"]),
        "sessions": Decimal(table["sessions"]),
        "coups a session": Decimal(table["coups"]),
        "Player edge": _percent(table["edge"]),
    }
    for losses, stake, lost in table["martingale_ladder"]:
        figures[f"Martingale after {losses} losses: stake"] = Decimal(stake)
        figures[f"Martingale after {losses} losses: lost"] = Decimal(lost)
    for name, row in table["rows"].items():
        for share in ("ahead", "behind", "capped", "short", "broke"):
            figures[f"{name} {share}"] = _percent(getattr(row, share), 1)
        figures[f"{name} median"] = _rounded(row.median)
        figures[f"{name} worst"] = Decimal(row.worst)
        figures[f"{name} best"] = Decimal(row.best)
        figures[f"{name} mean"] = _rounded(row.mean_net, 2)
        figures[f"{name} staked"] = _rounded(row.staked)
        figures[f"{name} lost per chip"] = _percent(row.loss_per_chip, 2)
        for bound, share in row.bins:
            figures[f"{name} share up to {bound}"] = _percent(share, 1)
    # "the worst session lost 1,000 chips": Martingale's worst result as a loss, without its minus.
    figures["martingale worst loss"] = Decimal(table["rows"]["martingale"].worst_loss)
    for index, bound in enumerate(systems.BINS):
        # A bin's label names its bounds in chips ("lost 100 to 499", "won more than 100"): each
        # bound, and the next bin's first value unless that bin is the open last one.
        figures[f"bin bound {bound}"] = Decimal(abs(bound))
        if index < len(systems.BINS) - 1:
            figures[f"bin after {bound}"] = Decimal(abs(bound + 1))
    gone = systems.STATES["small-gone"]
    figures["cards taken out of an arranged shoe"] = Decimal(sum(gone.values()))
    figures["of each value"] = Decimal(max(gone.values()))
    for name, state in systems.arranged_states().items():
        figures[f"{name} cards left"] = Decimal(state["cards"])
        figures[f"{name} Banker edge"] = _percent(state["banker"])
        figures[f"{name} Player edge"] = _percent(state["player"])
    counting = systems.counting_study()
    figures |= {
        "shoes dealt": Decimal(counting["shoes"]),
        "coups looked at": Decimal(counting["states"]),
        "coups with the bettor ahead": Decimal(counting["ahead"]),
        "lowest Banker edge": _percent(counting["banker_lowest"]),
        "lowest Player edge": _percent(counting["player_lowest"]),
        "coups with the Lion Bonus ahead": Decimal(counting["lion_ahead"]),
        "shoes with the Lion Bonus ahead": Decimal(counting["lion_shoes"]),
        "most cards left with the Lion Bonus ahead": Decimal(counting["lion_most_left"]),
        "cards in a full shoe": Decimal(counting["cards"]),
        "lowest Lion Bonus edge": _percent(counting["lion_lowest"]),
    }
    variance = systems.variance_figures()
    for kind in ("player", "banker", "tie"):
        figures[f"standard deviation per chip on {kind}"] = variance["spread"][kind]
    figures |= {
        "variance session coups": Decimal(variance["coups"]),
        "variance session stake": Decimal(variance["stake"]),
        "variance session expected loss": variance["loss"],
        "variance session standard deviation": variance["session_sd"],
        "variance session low": variance["low"],
        "variance session high": variance["high"],
        "coups before the edge passes two standard deviations": Decimal(variance["crossover"]),
    }
    chart = example_chart()
    figures |= {
        "chart rounds": Decimal(chart.rounds),
        "chart stake a round": chart.staked / chart.rounds,
        "chart start": chart.actual[0],
        "chart end": chart.actual[-1],
        "chart expected end": chart.expected[-1],
        "chart band width": chart.band_width,
        "chart staked": chart.staked,
        "chart expected loss": chart.expected_loss,
        "chart luck": chart.luck,
        # Results in 100 inside two standard deviations of a normal spread (95.45...).
        "inside the band, in 100": Decimal(round(100 * math.erf(BAND_SIGMAS / math.sqrt(2)))),
    }
    for _y, label in chart.y_ticks:
        figures[f"chart tick {label}"] = Decimal(label)
    return figures


#: Each lesson's figures by slug. A lesson missing here may print only rule numbers (0 to 9).
FIGURES: dict[str, Callable[[], Figures]] = {
    "hands-and-results": _hands_and_results,
    "cards-and-suits": _cards_and_suits,
    "counting-totals": _counting_totals,
    "first-stake": _first_stake,
    "naturals": _naturals,
    "settlement": _settlement,
    "drawing": _drawing,
    "banker-table": _banker_table,
    "house-edge": _house_edge,
    systems.SLUG: _scoreboards_and_systems,
    "side-bets-and-tables": side_bets_figures,
}
#: Figures any lesson may print without registering them: an amount the table's chips make, a
#: ratio's "1" or "2" (1 to 2), points and totals 0 to 9, and lesson numbers.
RULE_NUMBERS = {Decimal(n) for n in range(max(10, len(COURSE) + 1))}


def figures_for(slug: str) -> Figures:
    return FIGURES.get(slug, dict)()


# --- Reading the numbers of a rendered lesson --------------------------------------------------------


def _number_pattern(language: str) -> re.Pattern[str]:
    group, decimal = (re.escape(s) for s in SEPARATORS[language])
    return re.compile(
        rf"(?P<sign>[−-])?(?<![\w{group}{decimal}])(?P<number>\d{{1,3}}(?:{group}\d{{3}})+(?:{decimal}\d+)?"
        rf"|\d+(?:{decimal}\d+)?)(?![\w])"
    )


def numbers_in(text: str, language: str) -> list[tuple[str, Decimal]]:
    """Every number in the text as written, and its value read with the language's separators."""
    group, decimal = SEPARATORS[language]
    found = []
    for match in _number_pattern(language).finditer(text):
        raw = match.group("number")
        value = Decimal(raw.replace(group, "").replace(decimal, "."))
        if match.group("sign") == "−":
            value = -value
        found.append((match.group(0), value))
    return found


def _text(markup: str) -> str:
    """The words of some HTML: tags dropped, entities read, whitespace collapsed."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def _parts(slug: str) -> list[str]:
    return re.findall(r"{%\s*partialdef\s+([\w-]+)", (CONTENT / f"{slug}.html").read_text())


def lesson_text(client, slug: str, language: str) -> str:
    """The words of a lesson in a language: its text parts (as the page renders them) and its headings."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(reverse("lessons:lesson", args=[slug]))
    assert response.status_code == 200
    page = response.content.decode()
    # A ContextList iterates over its contexts, not its keys.
    context = {key: response.context[key] for key in response.context.keys()}  # noqa: SIM118
    with translation.override(language):
        parts = [
            get_template(f"lessons/content/{slug}.html#{part}").render(context, response.wsgi_request)
            for part in _parts(slug)
        ]
    for part in parts:
        assert _text(part) in _text(page), f"{slug}: a part of the lesson text is not on the page"
    headings = re.findall(r"<h[123][^>]*>(.*?)</h[123]>", page, flags=re.S)
    return " ".join(_text(markup) for markup in itertools.chain(parts, headings))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", [lesson.slug for lesson in COURSE])
def test_every_number_a_lesson_prints_is_a_figure_the_engine_computes(learner_client, slug, language):
    figures = figures_for(slug)
    allowed = set(figures.values()) | RULE_NUMBERS
    found = numbers_in(lesson_text(learner_client, slug, language), language)

    wrong = [raw for raw, value in found if value not in allowed]
    assert not wrong, f"{slug} ({language}) prints figures the engine does not give: {wrong}"
    values = {value for _raw, value in found}
    missing = [name for name, value in figures.items() if value not in values]
    assert not missing, f"{slug} ({language}) does not print its figures: {missing}"
