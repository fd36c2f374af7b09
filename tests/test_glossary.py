"""Issue 26, items 14-16 and 20: one word per idea in every language, and no prompt to chase a loss.

A glossary of forbidden and required terms per language, checked over every msgstr of the
catalogues (which carry all lesson content in German and Indonesian) and over the English
msgids and templates. Each rule names the idea it guards; the checker is tried on a wrong
sentence first, so these tests can fail.
"""

import re
from dataclasses import dataclass
from pathlib import Path

import polib
import pytest

from tests.support import TRANSLATED

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = {code: ROOT / "locale" / code / "LC_MESSAGES" / "django.po" for code in TRANSLATED}


@dataclass(frozen=True)
class Rule:
    idea: str
    #: A regular expression that must not match the translation.
    wrong: str
    #: Only entries whose English text matches this (``None``: every entry).
    when: str | None = None
    flags: int = 0


@dataclass(frozen=True)
class Required:
    idea: str
    #: The English text of the entry (a regular expression) and what its translation must contain.
    msgid: str
    right: str


@dataclass(frozen=True)
class Text:
    """One text to check: where it comes from, its English source and the text in the language."""

    where: str
    english: str
    text: str
    occurrences: tuple[str, ...] = ()


#: A space before a percent sign (``5 %``, ``%(rate)s %%``), not a placeholder that follows one.
PERCENT_SPACE = r"(\d|\)s)[ \u00a0]%(?!\()"

FORBIDDEN = {
    "id": [
        Rule("a tie is 'Seri'", r"(?<!%\()\btie\b"),
        Rule(
            "a round at the table is 'ronde', not 'putaran'", r"putaran", when=r"\bround(s)?\b(?! of dealing)"
        ),
        Rule("a coup is 'putaran', not 'ronde'", r"\bronde\b", when=r"^(?!.*\bround).*\bcoups?\b"),
        Rule("the rule's words: 'Mengambil kartu' beside 'Tidak mengambil kartu'", r"\bAmbil kartu\b"),
        Rule("a hand's result is 'hasil tangan'", r"hasil kartu"),
        Rule("settlement is 'penyelesaian', not 'pembayaran'", r"[Pp]embayaran", when=r"^Settlement\b"),
        Rule("'Lion Bonus pada' a hand", r"Lion Bonus untuk"),
        Rule("the shoe is 'kotak kartu' (the English word only as one gloss)", r"\bshoe\b(?!\))", flags=re.I),
        Rule("picture cards are raja, ratu and pangeran", r"\b(king|queen|jack)\b"),
        Rule("a percentage is written 5%, without a space", PERCENT_SPACE),
    ],
    "de": [
        Rule("Player's third card is 'die dritte Spielerkarte'", r"[Kk]arte von Spieler"),
        Rule("of Banker is 'der Bank' (the article the course gives Bank)", r"\bvon Bank\b(?!-)"),
        Rule("the engine is 'die Engine der App'", r"Rechenlogik"),
        Rule(
            "an edge on a bet is the Hausvorteil; 'Vorteil für Bank/Spieler' reads as the bettor's",
            r"(?<!Haus)[Vv]orteil für (Bank|Spieler)\b",
        ),
    ],
}
REQUIRED = {
    "id": [
        Required("lesson 3 is about a hand's total", r"^Counting a hand: 4 plus 4$", "total tangan"),
        Required("settlement is 'penyelesaian taruhan'", r"^Settlement: ", "Penyelesaian taruhan"),
        Required("the Draws button", r"^Draws$", "Mengambil kartu"),
        Required("the king is 'raja'", r"^king$", "raja"),
    ],
    "de": [
        Required("Player's third card", r"Player.s third card|Player&rsquo;s third card", "Spielerkarte"),
    ],
}
#: English: the payout drill writes 5% and (96%) like every other string there.
ENGLISH = [Rule("a percentage is written 5%, without a space", PERCENT_SPACE)]


def catalogue_texts(code: str) -> list[Text]:
    texts = []
    for entry in polib.pofile(str(CATALOGUES[code])):
        strings = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        where = [path for path, _line in entry.occurrences]
        texts += [Text(f"{code}: {entry.msgid[:60]!r}", entry.msgid, s, tuple(where)) for s in strings]
    return texts


def english_texts() -> list[Text]:
    entries = polib.pofile(str(CATALOGUES["de"]))
    return [
        Text(f"en: {e.msgid[:60]!r}", e.msgid, e.msgid, tuple(p for p, _ in e.occurrences)) for e in entries
    ]


def violations(texts: list[Text], rules: list[Rule]) -> list[str]:
    found = []
    for text in texts:
        for rule in rules:
            if rule.when and not re.search(rule.when, text.english):
                continue
            match = re.search(rule.wrong, text.text, rule.flags)
            if match:
                found.append(f"{text.where}: {rule.idea} (found {match.group(0)!r})")
    return found


def missing(texts: list[Text], required: list[Required]) -> list[str]:
    found = []
    for need in required:
        matching = [text for text in texts if re.search(need.msgid, text.english)]
        if not matching:
            found.append(f"no entry for {need.msgid!r}")
        found += [
            f"{text.where}: {need.idea} (no {need.right!r})"
            for text in matching
            if need.right not in text.text
        ]
    return found


# The checker itself can fail -------------------------------------------------------------------------------


def test_the_glossary_check_catches_each_wrong_word_it_was_written_for():
    wrong = [
        Text("id", "%(spot)s: a tie of naturals returns the bet", "%(spot)s: tie dengan natural"),
        Text("id", "No round played yet.", "Belum ada putaran."),
        Text("id", "Each coup ends.", "Setiap ronde berakhir."),
        Text("id", "Draws", "Ambil kartu"),
        Text("id", "A new shoe", "Shoe baru"),
        Text("id", "K♣ (king of clubs)", "K♣ (king keriting)"),
        Text("id", "Banker pays 1:1 less 5% commission", "komisi 5 %"),
        Text("de", "Player's third card", "die dritte Karte von Spieler"),
        Text("de", "The lowest Banker edge", "Der niedrigste Vorteil für Bank"),
        Text("de", "the app's engine", "die Rechenlogik der App"),
    ]
    assert len(violations([t for t in wrong if t.where == "id"], FORBIDDEN["id"])) == 7
    assert len(violations([t for t in wrong if t.where == "de"], FORBIDDEN["de"])) == 3
    assert missing([Text("id", "Counting a hand: 4 plus 4", "Menghitung nilai kartu")], REQUIRED["id"][:1])
    # The words the course does use pass.
    right = [
        Text("id", "Each coup (one round of dealing) ends", "Setiap putaran (satu kali pembagian kartu)"),
        Text("id", "from a shoe of 8 decks", "dari kotak kartu (shoe) berisi 8 dek"),
        Text("de", "the lowest edge", "Der niedrigste Hausvorteil einer Wette auf Bank"),
    ]
    assert violations(right, FORBIDDEN["id"] + FORBIDDEN["de"]) == []


# The catalogues --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("code", sorted(FORBIDDEN))
def test_no_translation_uses_a_word_the_glossary_forbids(code):
    assert violations(catalogue_texts(code), FORBIDDEN[code]) == []


@pytest.mark.parametrize("code", sorted(REQUIRED))
def test_every_translation_uses_the_glossarys_word_for_its_idea(code):
    assert missing(catalogue_texts(code), REQUIRED[code]) == []


def test_the_payout_drill_writes_percentages_the_same_way_in_english_and_indonesian():
    drill = ("lessons/payout.py", "templates/lessons/payout.html")
    english = [t for t in english_texts() if any(path in drill for path in t.occurrences)]
    indonesian = [t for t in catalogue_texts("id") if any(path in drill for path in t.occurrences)]
    assert len(english) > 20 and len(indonesian) > 20  # the drill's strings were found
    assert violations(english, ENGLISH) == []
    assert violations(indonesian, [FORBIDDEN["id"][-1]]) == []


# No prompt to chase a loss (item 20) -----------------------------------------------------------------------

#: Phrasings that urge a learner to bet again to win back a loss, or to bet on "the next hand".
CHASING = {
    "en": [
        r"\b(win|get|earn|make) (it|them|that|this|your [\w ]{1,20}?) back\b",
        r"\bchas(e|ing)\b",
        r"\brecoup",
        r"\bmake up for\b",
        r"\bnext hand\b",
        r"\bbet (on )?the next\b",
        r"\bone more (bet|hand|try)\b",
        r"\btry your luck\b",
        r"\byour luck (will|is about to|must) (turn|change)\b",
        r"\b(you are|you're) due\b",
        r"\bkeep (betting|playing)\b",
        r"\bdon.t (give up|stop now)\b",
        r"\bdouble (up|your stake)\b",
    ],
    "de": [
        r"\b(hol|gewinn)(e|st)? (dir |du )?(dein|Ihr)\w* [\w ]{0,30}zurück\b",
        r"\b(dein|Ihr)\w* Verlust\w* (zurück|wieder)",
        r"Verlust\w* (ausgleichen|wettmachen|aufholen)",
        r"nächste[nr]? Hand",
        r"(versuch|probier)\w* (dein|Ihr) Glück",
        r"\bspiel\w* weiter\b",
        r"\bgib nicht auf\b",
        r"\bsetz\w* (noch )?(einmal|mehr)\b",
    ],
    "id": [
        r"balas (kekalahan|dendam)",
        r"(menangkan|dapatkan|rebut) (kembali|lagi) [\w ]{0,30}\bAnda\b",
        r"balik modal",
        r"tangan berikutnya",
        r"\bcoba (lagi )?peruntungan",
        r"terus (bertaruh|bermain|berjudi)",
        r"jangan menyerah",
        r"\bpasang lagi\b",
    ],
}


def chasing(texts: list[Text], code: str) -> list[str]:
    return violations(
        texts, [Rule("no prompt to chase a loss", pattern, flags=re.I) for pattern in CHASING[code]]
    )


def template_texts() -> list[Text]:
    texts = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        source = re.sub(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", "", path.read_text(), flags=re.S)
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>|\{[{%].*?[%}]\}", " ", source))
        texts.append(Text(str(path.relative_to(ROOT)), text, text))
    return texts


def test_the_chasing_check_catches_the_phrasings_it_was_written_for():
    assert chasing([Text("en", "x", "Lost? Win it back on the next hand!")], "en")
    assert chasing([Text("en", "x", "Double up and keep playing: your luck will turn.")], "en")
    assert chasing([Text("de", "x", "Hol dir deine Verluste zurück: die nächste Hand gewinnt!")], "de")
    assert chasing([Text("id", "x", "Menangkan kembali chip Anda!")], "id")
    assert chasing([Text("id", "x", "Ayo balas kekalahan di tangan berikutnya!")], "id")
    # Describing a system is not urging anyone: lesson 10's Martingale question says what it would do.
    assert not chasing([Text("en", "x", "the next stake is 40, which would win back 35 plus 5")], "en")
    assert not chasing([Text("de", "x", "der nächste Einsatz würde die 35 zurückgewinnen")], "de")
    assert not chasing([Text("id", "x", "taruhan berikutnya akan memenangkan kembali 35")], "id")


def test_no_english_string_or_template_prompts_a_learner_to_chase_a_loss():
    assert chasing(english_texts(), "en") == []
    assert chasing(template_texts(), "en") == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_translation_prompts_a_learner_to_chase_a_loss(code):
    assert chasing(catalogue_texts(code), code) == []
