"""The class-table load benchmark's clients (``manage.py bench --class-table``): over HTTP, no Django.

Design overview:

- Each browser is the benches' one HTTP client, ``table.bench_client.Browser``: a keep-alive
  connection with its cookies and CSRF header, sending what htmx sends (``HX-Request``, forms
  url-encoded, here the poll's ``If-None-Match``).
- Learners (``learners_process``) run in spawned generator processes, many threads each, so the
  bench's own GIL does not queue them. Each learner polls ``/class-table/<pk>/poll`` every
  ``interval`` seconds at a fixed cadence (htmx's ``every 1s`` re-arms when it fires, not when the
  answer comes), from a random phase (seeded), carrying the ETag of the state it last saw, exactly as
  ``static/js/classtable.js`` does: the poll's ``ETag`` header, or a form answer's
  ``X-Class-Table-ETag``. When a poll shows a round open for bets that it has not bet on, the
  learner puts a stake on the felt and confirms it, as the page's form does.
- What a learner saw is a list of (version, time) pairs: the class table's ``version`` (read from
  the ETag of each changed poll) and the monotonic clock (``CLOCK_MONOTONIC``, one clock for every
  process of the machine) when the answer had arrived. The instructor (``Instructor``, in the bench's
  own process) records, for every card, the version its deal produced and when the deal's answer
  arrived; a card is seen by a learner at the first changed poll whose version is at least that one.
- Nothing here asserts a figure: the bench prints them (``summary``).
"""

from __future__ import annotations

import http.client
import random
import re
import threading
import time
from dataclasses import dataclass, field

from table.bench_client import Answer, Browser
from table.benchmark import percentile

#: What a class table's poll's ETag names first (``classtable.etag``): table, version, round, phase.
TAG_FIELDS = re.compile(r'"(\d+)\.(\d+)\.(\d+)\.([a-z0-9_]+)\.')
CARD_NAME = re.compile(r'<svg class="card[^"]*"[^>]*aria-label="([^"]+)"')
DATA_ETAG = re.compile(rb'id="ct-poll"[^>]*?data-etag="([^"]+)"|data-etag="([^"]+)"[^>]*?id="ct-poll"')


def poll_path(table: int) -> str:
    return f"/class-table/{table}/poll"


def page_path(table: int) -> str:
    return f"/class-table/{table}/"


def tag_fields(etag: str | None) -> tuple[int, int, str] | None:
    """The version, round number and phase an ETag of a class table's poll names (``None``: no tag)."""
    match = TAG_FIELDS.search(etag or "")
    return (int(match.group(2)), int(match.group(3)), match.group(4)) if match else None


def page_etag(body: bytes) -> str | None:
    """The ETag a class table's page starts polling with (``data-etag`` of ``#ct-poll``)."""
    match = DATA_ETAG.search(body)
    if match is None:
        return None
    return (match.group(1) or match.group(2)).decode().replace("&quot;", '"')


# --- Learners ---------------------------------------------------------------------------------


@dataclass
class LearnerTally:
    """What one generator process's learners measured (list.append is atomic across threads)."""

    unchanged: list[float] = field(default_factory=list)
    #: The phase each unchanged poll's page was in (``betting``, ``dealing``, ``settled``), in order.
    unchanged_phases: list[str] = field(default_factory=list)
    changed: list[float] = field(default_factory=list)
    bets: list[float] = field(default_factory=list)
    #: Per learner: (version, monotonic time) of each changed poll.
    seen: dict[str, list[tuple[int, float]]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


@dataclass
class Bet:
    """What a learner's felt sends (``templates/table/partials/_spots.html``): the stake typed on a spot
    and saved as a draft, then the same form confirmed."""

    table: int
    stake: str = "5"
    spot: str | None = None  # None: Player or Banker at random

    def requests(self, round_number: int, rng: random.Random) -> list[tuple[str, dict[str, str]]]:
        spot = self.spot or rng.choice(("player", "banker"))
        form = {"round": str(round_number), "chip": self.stake, f"stake_{spot}": self.stake}
        return [(f"/class-table/{self.table}/draft/", form), (f"/class-table/{self.table}/confirm/", form)]


def learner_loop(
    name: str,
    agent: Browser,
    table: int,
    bet: Bet,
    stop: threading.Event,
    tally: LearnerTally,
    interval: float,
    seed: int,
    think: float = 0.0,
) -> None:
    """Poll every ``interval`` seconds (from a seeded random phase) and bet once on every open round,
    up to ``think`` seconds (at random) after the page shows it open, polling on meanwhile."""
    rng = random.Random(seed)
    seen = tally.seen.setdefault(name, [])
    try:
        first = agent.open_page(page_path(table))
    except (OSError, http.client.HTTPException, RuntimeError) as error:
        tally.errors.append(f"{name}: open page: {error}")
        return
    etag = page_etag(first.body)
    bet_on: set[int] = set()
    pending: tuple[float, int] | None = None  # (when, round): a bet the learner is about to place
    at = first.at
    due = time.monotonic() + rng.uniform(0, interval)
    while True:
        # What the page shows now (the page itself, or a changed poll): seen, and bet on if it takes bets.
        fields = tag_fields(etag)
        if fields is None:
            tally.errors.append("a page or changed poll without a class-table ETag")
        else:
            version, round_number, phase = fields
            seen.append((version, at))
            if phase.startswith("betting") and round_number not in bet_on:
                bet_on.add(round_number)
                pending = (time.monotonic() + rng.uniform(0, think), round_number)
        answer = None
        while answer is None:
            betting = pending is not None and pending[0] < due
            wait = (pending[0] if pending is not None and betting else due) - time.monotonic()
            if wait > 0 and stop.wait(wait) or stop.is_set():
                return
            if pending is not None and betting:
                etag = place_bet(agent, bet, pending[1], rng, tally) or etag
                pending = None
                continue
            due += interval
            answer = poll_once(agent, table, etag, tally)
        etag, at = answer.headers.get("etag", etag), answer.at


def poll_once(agent: Browser, table: int, etag: str | None, tally: LearnerTally) -> Answer | None:
    """One poll with the ETag the page holds: the answer when something changed, else ``None``."""
    try:
        answer = agent.request("GET", poll_path(table), headers={"If-None-Match": etag} if etag else {})
    except (OSError, http.client.HTTPException) as error:
        tally.errors.append(f"poll: {type(error).__name__}: {error}")
        return None
    if answer.status == 304:
        tally.unchanged.append(answer.seconds)
        fields = tag_fields(etag)
        tally.unchanged_phases.append(fields[2].split("_", 1)[0] if fields else "")
        return None
    if answer.status != 200:
        tally.errors.append(f"poll answered {answer.status}")
        return None
    tally.changed.append(answer.seconds)
    return answer


def place_bet(
    agent: Browser, bet: Bet, round_number: int, rng: random.Random, tally: LearnerTally
) -> str | None:
    """The stake on the felt, then confirmed; the ETag the last answer carries (the page follows it)."""
    etag = None
    for path, data in bet.requests(round_number, rng):
        try:
            answer = agent.request("POST", path, data)
        except (OSError, http.client.HTTPException) as error:
            tally.errors.append(f"bet: {type(error).__name__}: {error}")
            return etag
        if answer.status != 200:
            tally.errors.append(
                f"POST {path.rsplit('/', 2)[-2]} answered {answer.status}: {answer.body[:200]!r}"
            )
            return etag
        tally.bets.append(answer.seconds)
        etag = answer.headers.get("x-class-table-etag", etag)
    return etag


def learners_process(
    port: int, table: int, sessions: dict[str, str], interval: float, think: float, seed: int, stop, results
) -> None:
    """A generator process: one thread per learner until ``stop`` is set; its tally onto ``results``."""
    tally = LearnerTally()
    local_stop = threading.Event()
    bet = Bet(table)
    threads = []
    for index, (name, session) in enumerate(sorted(sessions.items())):
        thread = threading.Thread(
            target=learner_loop,
            args=(name, Browser(port, session), table, bet, local_stop, tally, interval, seed + index, think),
            daemon=True,
        )
        thread.start()
        threads.append(thread)
    stop.wait()
    local_stop.set()
    for thread in threads:
        thread.join(timeout=70)
    results.put(
        {
            "unchanged": tally.unchanged,
            "unchanged_phases": tally.unchanged_phases,
            "changed": tally.changed,
            "bets": tally.bets,
            "seen": tally.seen,
            "errors": tally.errors,
            "cpu": time.process_time(),
        }
    )


class Learner:
    """A learner played step by step (the tests): bets through one browser, polls through another (the
    same session, perhaps another server), and waits for a version of the table to show."""

    def __init__(self, table: int, bets: Browser, polls: Browser | None = None) -> None:
        self.table, self.bets, self.polls = table, bets, polls or bets
        self.etag: str | None = None
        self.shown = ""

    def open(self) -> None:
        if self.polls is not self.bets:
            self.bets.open_page(page_path(self.table))
        self.etag = page_etag(self.polls.open_page(page_path(self.table)).body)

    def bet(self, number: int, stakes: dict[str, str]) -> None:
        """Stakes on the felt as a draft, then confirmed; the page follows the answer's ETag."""
        for path in ("draft", "confirm"):
            form = {"round": str(number), "chip": "5", **stakes}
            answer = self.bets.request("POST", f"/class-table/{self.table}/{path}/", form)
            if answer.status != 200:
                raise RuntimeError(f"POST {path} answered {answer.status}: {answer.body[:300]!r}")
            self.etag = answer.headers.get("x-class-table-etag", self.etag)

    def wait_for(self, version: int, *, every: float = 0.05, limit: float = 10) -> Answer:
        """Poll until a changed poll shows ``version`` or a later one; that answer."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            headers = {"If-None-Match": self.etag} if self.etag else {}
            answer = self.polls.request("GET", poll_path(self.table), headers=headers)
            if answer.status not in (200, 304):
                raise RuntimeError(f"poll answered {answer.status}: {answer.body[:300]!r}")
            if answer.status == 200:
                self.etag, self.shown = answer.headers.get("etag"), answer.body.decode()
                fields = tag_fields(self.etag)
                if fields is not None and fields[0] >= version:
                    return answer
            time.sleep(every)
        raise RuntimeError(f"version {version} not shown through port {self.polls.port} within {limit} s")

    def cards(self) -> list[str]:
        """The names of the cards the last changed poll shows (Player's hand, then Banker's)."""
        return CARD_NAME.findall(self.shown)


# --- The instructor ---------------------------------------------------------------------------


@dataclass
class Deal:
    """One card the instructor dealt: its round, the version it produced, when its answer arrived."""

    round: int
    index: int
    version: int
    at: float
    seconds: float
    settled: bool


class Instructor:
    """The dealing instructor's browser: "Place your bets", "No more bets", then one card per click.

    ``state`` tells, after a request, the class table's version and whether the round is settled;
    by default it is read from the answer's ``X-Class-Table-ETag`` (the tag the page follows).
    """

    def __init__(self, agent: Browser, table: int, state=None) -> None:
        self.agent, self.table = agent, table
        self.state = state or self._state_from_answer
        self.errors: list[str] = []

    @staticmethod
    def _state_from_answer(answer: Answer) -> tuple[int, bool]:
        fields = tag_fields(answer.headers.get("x-class-table-etag") or answer.headers.get("etag"))
        if fields is None:
            raise RuntimeError("a deal answer without the class table's ETag")
        return fields[0], fields[2].startswith("settled")

    def post(self, path: str, data: dict[str, str]) -> Answer:
        answer = self.agent.request("POST", path, data)
        if answer.status != 200:
            raise RuntimeError(f"POST {path} answered {answer.status}: {answer.body[:300]!r}")
        return answer

    def open(self) -> Answer:
        return self.agent.open_page(f"/class-table/{self.table}/control/")

    def start_round(self, number: int) -> Answer:
        """ "Place your bets" for round ``number`` (round 1 takes bets as the table opens)."""
        return self.post(f"/class-table/{self.table}/next-round/", {"round": str(number)})

    def close_bets(self, number: int) -> Answer:
        """ "No more bets"."""
        return self.post(f"/class-table/{self.table}/bets-close/", {"round": str(number)})

    def deal(self, number: int, index: int) -> Deal:
        """One card; the form names the card it expects (``index``: the cards dealt so far)."""
        answer = self.post(f"/class-table/{self.table}/deal/", {"round": str(number), "card": str(index)})
        version, settled = self.state(answer)
        return Deal(number, index, version, answer.at, answer.seconds, settled)

    def deal_round(self, number: int, every: float, stop: threading.Event | None = None) -> list[Deal]:
        """One card every ``every`` seconds until the coup is settled (at most six)."""
        deals: list[Deal] = []
        due = time.monotonic()
        for index in range(6):
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            due += every
            deals.append(self.deal(number, index))
            if deals[-1].settled:
                return deals
        raise RuntimeError(f"round {number}: six cards dealt and the coup is not settled")


# --- The figures ------------------------------------------------------------------------------


def seen_delays(deals: list[Deal], seen: dict[str, list[tuple[int, float]]]) -> tuple[list[float], int]:
    """For every learner and card: seconds from the deal's answer to the first poll that shows it.

    A card is shown by a poll whose version is at least the one its deal produced. Returns the delays
    and how many (learner, card) pairs were never seen before the run ended.
    """
    delays, missed = [], 0
    for polls in seen.values():
        ordered = sorted(polls, key=lambda pair: pair[1])
        for deal in deals:
            at = next((t for version, t in ordered if version >= deal.version), None)
            if at is None:
                missed += 1
            else:
                delays.append(max(0.0, at - deal.at))
    return delays, missed


def ms(values: list[float], share: float) -> float | None:
    return round(percentile(values, share) * 1000, 2) if values else None
