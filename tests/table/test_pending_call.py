"""Coach mode: a pending call looks the same whatever the cards will do (issue 25, item 3).

While "does Banker draw?" waits, the coup may already be over (Banker stands, so the round is
settled on the server) or go on (Banker draws). Nothing the learner can see may tell the two apart
before the call is made: not the page, not an htmx fragment, not a header, not its size, not the
answer to another request (a refused deal, a reset, a new bet, the results page). Each test plays the
same calls on two arranged shoes, one per case, and compares every response with its digits and
card names masked: the cards are the learner's to see, and they differ; the rest must not.
"""

from __future__ import annotations

import difflib
import re
from decimal import Decimal

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from baccarat import Coup
from table.models import Round
from table.services import rounds
from tests.factories import SeatFactory, arrange_shoe
from tests.support import HX

#: The size may differ by what the masks cover (a "10" against a "9"), never by a part of the page.
SIZE_SLACK = 8
_TOKEN = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+')
_RANKS = re.compile(r"\b(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king)\b")
#: A settlement call is asked once the winner is shown: which hand won is the cards', not a leak.
_WINNER = re.compile(r"\b(Player|Banker)( wins|s? win)\b|result-(player|banker)|Natural: (Player|Banker)")


def masked(text: str, winner: bool = False) -> str:
    text = _RANKS.sub("RANK", _TOKEN.sub(r"\1…", text))
    if winner:
        text = _WINNER.sub("WINNER", text)
    return re.sub(r"\d+", "#", text)


def seen(response, winner: bool = False) -> dict:
    """All a client receives: status, headers (the session cookie aside) and body, masked."""
    headers = {
        key: masked(value) for key, value in response.headers.items() if key.lower() not in {"set-cookie"}
    }
    return {
        "status": response.status_code,
        "headers": headers,
        "body": masked(response.content.decode(), winner),
    }


def play(cards: str, calls: list[tuple[int, str]], final: dict) -> tuple[Client, object]:
    """Bet 10 on Player from 14 chips (what is left, 4, is below the table minimum, so a lost coup
    would offer a restart), deal ``cards`` and make ``calls`` (``(before card index, answer)``); the
    last request (a deal or a call) is sent with ``final`` headers. Return the client and what the
    last request answered."""
    seat = SeatFactory(coach_mode=True, starting_balance=Decimal("14.00"))
    arrange_shoe(seat, cards)
    client = Client()
    client.force_login(seat.user)
    assert (
        client.post(
            reverse("table:round-confirm"), {"round": "1", "stake_player": "10"}, headers=HX
        ).status_code
        == 200
    )
    steps: list[tuple[str, object]] = []
    pending_calls = dict(calls)
    for index in range(len(cards.split())):
        if index in pending_calls:
            steps.append(("call", pending_calls.pop(index)))
        steps.append(("deal", index))
    steps += [("call", answer) for answer in pending_calls.values()]
    last = None
    for number, (kind, value) in enumerate(steps):
        headers = final if number == len(steps) - 1 else HX
        if kind == "deal":
            last = client.post(
                reverse("table:round-deal"), {"round": "1", "card": str(value)}, headers=headers
            )
        else:
            question = Round.objects.get(seat=seat).calls
            key = "player_draw" if "player_draw" not in question else "banker_draw"
            data = {"round": "1", "question": key, "answer": value}
            last = client.post(reverse("table:round-call"), data, headers=headers)
        assert last.status_code in (200, 302), (kind, value, last.content.decode()[:500])
    return client, last


def probes(client: Client, pending: str, winner: bool = False) -> dict[str, dict]:
    """Every other request a learner could send while the ``pending`` call waits, and what it answers."""
    answers: dict[str, dict] = {}
    for mode, headers in (("plain", {}), ("htmx", HX)):
        for name in ("table:play", "table:results", "table:odds"):
            answers[f"{name} {mode}"] = seen(client.get(reverse(name), headers=headers), winner)
    cards = len(Round.objects.get(seat__user_id=int(client.session["_auth_user_id"])).card_tokens)
    posts = [
        # The card after the last, the last again (a double click), and one too far.
        ("deal next", "table:round-deal", {"round": "1", "card": str(cards)}),
        ("deal again", "table:round-deal", {"round": "1", "card": str(cards - 1)}),
        ("deal too far", "table:round-deal", {"round": "1", "card": str(cards + 1)}),
        # The next round's bets, a restart of the chips (4 left, below the minimum), another table.
        ("draft next", "table:round-draft", {"round": "2", "stake_banker": "5"}),
        ("confirm next", "table:round-confirm", {"round": "2", "stake_banker": "5"}),
        ("reset", "table:balance-reset", {}),
        ("preset", "table:seat-preset", {"preset": "no-commission"}),
        # A call on another question than the pending one, and a malformed answer to it.
        ("other question", "table:round-call", OTHER_QUESTION[pending]),
        ("malformed answer", "table:round-call", MALFORMED[pending]),
        ("coach off", "table:seat-coach", {"coach": "off"}),
        ("coach on", "table:seat-coach", {"coach": "on"}),
    ]
    for name, url, data in posts:
        for mode, headers in (("htmx", HX), ("plain", {})):
            answers[f"{name} {mode}"] = seen(client.post(reverse(url), data, headers=headers), winner)
    return answers


#: While a draw call waits, the settlement is not asked; while the settlement waits, the draw
#: calls are answered (or never asked, after a natural): both are refused or change nothing.
OTHER_QUESTION = {
    "player_draw": {"round": "1", "question": "settlement", "return_player": "0"},
    "banker_draw": {"round": "1", "question": "settlement", "return_player": "0"},
    "settlement": {"round": "1", "question": "player_draw", "answer": "draws"},
}
MALFORMED = {
    "player_draw": {"round": "1", "question": "player_draw", "answer": "maybe"},
    "banker_draw": {"round": "1", "question": "banker_draw", "answer": "maybe"},
    "settlement": {"round": "1", "question": "settlement", "return_player": "lots"},
}


def same(a: dict, b: dict, name: str) -> None:
    """The two answers are the same; if not, say where they differ."""
    if a == b:
        return
    diff = difflib.unified_diff(
        a["body"].splitlines(), b["body"].splitlines(), "coup goes on", "coup over", lineterm="", n=1
    )
    pytest.fail(f"{name}: {a['status']} {a['headers']} / {b['status']} {b['headers']}\n" + "\n".join(diff))


def compare(
    goes_on: tuple[Client, object], over: tuple[Client, object], pending: str, winner: bool = False
) -> None:
    (client_a, last_a), (client_b, last_b) = goes_on, over
    same(seen(last_a, winner), seen(last_b, winner), "the request that put the question")
    assert abs(len(last_a.content) - len(last_b.content)) <= SIZE_SLACK
    full_a, full_b = (c.get(reverse("table:play")) for c in (client_a, client_b))
    assert abs(len(full_a.content) - len(full_b.content)) <= SIZE_SLACK
    panel_a, panel_b = (c.get(reverse("table:play"), headers=HX) for c in (client_a, client_b))
    assert abs(len(panel_a.content) - len(panel_b.content)) <= SIZE_SLACK
    answers_a, answers_b = probes(client_a, pending, winner), probes(client_b, pending, winner)
    for name in answers_a:
        same(answers_a[name], answers_b[name], name)


MODES = [pytest.param(HX, id="htmx"), pytest.param({}, id="plain")]


@pytest.mark.parametrize("final", MODES)
def test_a_pending_player_call_does_not_tell_whether_the_coup_goes_on(db, final):
    """Player 6 stands either way; Banker 5 then draws (the coup goes on), Banker 7 stands (it is over)."""
    compare(play("3 3 3 2", [], final), play("3 4 3 3", [], final), "player_draw")


@pytest.mark.parametrize("final", MODES)
def test_a_pending_banker_call_after_player_stood_does_not_tell_whether_the_coup_goes_on(db, final):
    compare(play("3 3 3 2", [(4, "stands")], final), play("3 4 3 3", [(4, "stands")], final), "banker_draw")


@pytest.mark.parametrize("final", MODES)
def test_a_pending_banker_call_on_players_third_card_does_not_tell_whether_the_coup_goes_on(db, final):
    """Banker 4 draws on Player's third card 7 (the coup goes on) and stands on an 8 (it is over, and the
    Player bet lost, leaving 4 chips: below the minimum)."""
    compare(play("2 2 3 2 7", [(4, "draws")], final), play("2 2 3 2 8", [(4, "draws")], final), "banker_draw")


@pytest.mark.parametrize("final", MODES)
def test_a_pending_settlement_call_does_not_tell_what_the_bets_returned(db, final):
    """Banker 7 beats Player 6 (the Player bet is lost, 4 chips left) or Player 7 beats Banker 6 (it
    returns 20): the winner is shown, what it did to the balance waits for the call."""
    calls = [(4, "stands"), (5, "stands")]
    compare(play("3 4 3 3", calls, final), play("3 3 4 3", calls, final), "settlement", winner=True)


@pytest.mark.parametrize("final", MODES)
def test_a_pending_settlement_call_after_a_natural_does_not_tell_what_the_bets_returned(db, final):
    """Player's natural 8 beats Banker's 6, or Banker's natural 8 beats Player's 6."""
    compare(play("4 3 4 3", [], final), play("3 4 3 4", [], final), "settlement", winner=True)


def _queries_of_the_deal(cards: str) -> list[str]:
    """The statements the deal of Player's third card runs, with their values masked."""
    seat = SeatFactory(coach_mode=True, starting_balance=Decimal("14.00"))
    arrange_shoe(seat, cards)
    client = Client()
    client.force_login(seat.user)
    client.post(reverse("table:round-confirm"), {"round": "1", "stake_player": "10"}, headers=HX)
    for index in range(4):
        client.post(reverse("table:round-deal"), {"round": "1", "card": str(index)}, headers=HX)
    client.post(reverse("table:round-call"), {"round": "1", "question": "player_draw", "answer": "draws"})
    with CaptureQueriesContext(connection) as queries:
        client.post(reverse("table:round-deal"), {"round": "1", "card": "4"}, headers=HX)
    return [re.sub(r"'[^']*'|\d+", "?", query["sql"]) for query in queries.captured_queries]


def test_the_card_that_ends_the_coup_before_the_banker_call_does_what_any_card_does(db):
    """Settling on that card wrote the bets and the ledger and waited for the disk: its time told the
    answer. The settlement waits for the call, so the deal runs the same statements either way."""
    assert _queries_of_the_deal("2 2 3 2 7") == _queries_of_the_deal("2 2 3 2 8")


def test_the_banker_call_on_a_coup_already_over_settles_it(db):
    client, last = play("2 2 3 2 8", [(4, "draws")], HX)
    round = Round.objects.get(seat__user_id=int(client.session["_auth_user_id"]))
    assert round.state == Round.State.DEALING and round.returned == 0  # held back for the call

    page = client.post(
        reverse("table:round-call"), {"round": "1", "question": "banker_draw", "answer": "stands"}, headers=HX
    ).content.decode()

    round.refresh_from_db()
    assert round.state == Round.State.SETTLED and round.winner == "banker"
    assert "✓ Right" in page and "How many chips does each of your bets return?" in page
    assert "shown after your call" in page  # the balance waits for the settlement call


def test_a_round_settled_before_its_banker_call_still_looks_like_one_dealt(db):
    """Rounds stored before the settlement waited for the call (settled, the Banker call pending) are
    shown, and refused, as the coup that goes on is, until the call is made."""
    goes_on = play("2 2 3 2 7", [(4, "draws")], HX)
    over = play("2 2 3 2 8", [(4, "draws")], HX)
    round = Round.objects.get(seat__user_id=int(over[0].session["_auth_user_id"]))
    with transaction.atomic():  # as the deal of that card used to settle it
        rounds._settle(round.seat, round, Coup.replay(round.card_tokens))
    assert Round.objects.get(pk=round.pk).state == Round.State.SETTLED

    full_a, full_b = (client.get(reverse("table:play")) for client in (goes_on[0], over[0]))
    same(seen(full_a), seen(full_b), "the page")
    answers_a, answers_b = probes(goes_on[0], "banker_draw"), probes(over[0], "banker_draw")
    for name in answers_a:
        same(answers_a[name], answers_b[name], name)
