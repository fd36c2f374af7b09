"""What a hostile tester found (issue 14), request by request: each answers a clear 4xx or the right
result, never a 500, and no chip is lost or made. Races and database-only faults run on PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
from decimal import Decimal
from http import HTTPStatus
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DatabaseError, connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import Classroom
from baccarat import Bet, BetKind
from common.client_ip import client_ip
from config import middleware
from lessons.course import COURSE
from table import errors, services
from table.benchmark import sql_statements as statements
from table.models import LedgerEntry, Round, Seat
from table.services import ledger_verify
from tests.factories import ClassroomFactory, SeatFactory, UserFactory
from tests.races import together
from tests.support import HX, parse

ROOT = Path(__file__).resolve().parents[1]


def form_body(client, path, body: bytes, charset: str):
    return client.generic(
        "POST", path, data=body, content_type=f"application/x-www-form-urlencoded; charset={charset}"
    )


def coached_natural_awaiting_the_settlement_call(client, *, stake: str):
    """A coached learner's Player bet on a natural 8 to 5, dealt to the end: the settlement call waits."""
    seat = SeatFactory(coach_mode=True, cards="4 2 4 3")
    client.force_login(seat.user)
    client.post(reverse("table:round-confirm"), {"round": "1", "stake_player": stake})
    for card in range(4):
        client.post(reverse("table:round-deal"), {"round": "1", "card": str(card)})
    return seat


@pytest.fixture
def strict_client():
    """A client that checks CSRF as a browser's requests are checked, and shows a 500 as a 500."""
    return Client(enforce_csrf_checks=True, raise_request_exception=False)


# --- Unreadable forms and NUL characters ------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("logged_in", [False, True])
def test_a_form_declared_as_utf_16_is_a_400_not_a_500(strict_client, logged_in):
    if logged_in:
        strict_client.force_login(SeatFactory().user)
    path = reverse("table:round-confirm") if logged_in else reverse("login")

    response = form_body(strict_client, path, "round=1&stake_player=10".encode("utf-16"), "utf-16")

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert str(middleware.UNREADABLE_FORM) in response.content.decode()


@pytest.mark.django_db
def test_a_form_in_an_unknown_charset_is_a_4xx(strict_client):
    response = form_body(strict_client, reverse("login"), b"username=a&password=b", "x-no-such-charset")
    assert HTTPStatus.BAD_REQUEST <= response.status_code < HTTPStatus.INTERNAL_SERVER_ERROR


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        "/admin/table/ledgerentry/?kind__exact=%00",
        "/table/?chip=1%000",
        "/lessons/hands-and-results/?x=%00",
    ],
)
def test_a_nul_character_in_a_query_is_a_400(admin_client, path):
    response = admin_client.get(path)
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert str(middleware.NUL_CHARACTER) in response.content.decode()


@pytest.mark.django_db
def test_a_nul_character_in_a_stake_is_a_400_and_moves_no_chip(client):
    seat = SeatFactory()
    client.force_login(seat.user)
    response = client.post(reverse("table:round-confirm"), {"round": "1", "stake_player": "10\x00"})
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert Seat.objects.get(pk=seat.pk).balance == Decimal("100.00")


# --- Amounts that are not numbers ---------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("text", ["-.", "+.", ".", "1e26", "1e-2", "١٠", "１０", "NaN", "Infinity", "9" * 60])
def test_a_stake_that_is_not_whole_chips_is_a_400_at_the_table_and_in_examples(client, course, text):
    seat = SeatFactory()
    client.force_login(seat.user)
    table = client.post(reverse("table:round-confirm"), {"round": "1", "stake_player": text})
    example = client.post(
        reverse("lessons:example-confirm", args=["first-stake", "stake-on-player"]),
        {"round": "1", "stake_player": text},
    )
    assert (table.status_code, example.status_code) == (HTTPStatus.BAD_REQUEST, HTTPStatus.BAD_REQUEST)
    assert Seat.objects.get(pk=seat.pk).balance == Decimal("100.00")


@pytest.mark.django_db
@pytest.mark.parametrize("text", ["1e26", "1e400", "-.", "NaN", "9" * 80])
def test_a_coach_settlement_answer_that_is_no_amount_is_a_400(client, text):
    seat = coached_natural_awaiting_the_settlement_call(client, stake="10")

    response = client.post(
        reverse("table:round-call"), {"round": "1", "question": "settlement", "return_player": text}
    )

    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert "settlement" not in Round.objects.get(seat=seat).calls


# --- Worked examples are one coup, with the bets their form offers -----------------------------------


@pytest.mark.django_db
def test_a_second_round_in_a_finished_example_is_refused_and_takes_no_sandbox_chip(client, course):
    seat = SeatFactory()
    client.force_login(seat.user)
    confirm = reverse("lessons:example-confirm", args=["first-stake", "stake-on-player"])
    deal = reverse("lessons:example-deal", args=["first-stake", "stake-on-player"])
    client.post(confirm, {"round": "1", "stake_player": "10"})
    for card in range(4):
        client.post(deal, {"round": "1", "card": str(card)})
    sandbox = Seat.objects.get(user=seat.user, kind=Seat.Kind.LESSON)
    balance = sandbox.balance

    again = client.post(confirm, {"round": "2", "stake_player": "10"}, headers=HX)
    more = client.post(deal, {"round": "2", "card": "0"}, headers=HX)

    assert again.status_code == HTTPStatus.CONFLICT
    assert str(errors.EXAMPLE_ONE_COUP) in again.content.decode()
    assert more.status_code in (HTTPStatus.CONFLICT, HTTPStatus.NOT_FOUND)
    assert Seat.objects.get(pk=sandbox.pk).balance == balance
    ledger_verify(sandbox)


@pytest.mark.django_db
def test_an_example_refuses_a_lion_bonus_its_form_does_not_offer(client, course):
    seat = SeatFactory()
    client.force_login(seat.user)
    response = client.post(
        reverse("lessons:example-confirm", args=["first-stake", "stake-on-player"]),
        {"round": "1", "stake_lion_player": "10"},
    )
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert str(errors.EXAMPLE_MAIN_BETS_ONLY) in response.content.decode()


# --- Log-in and sign-up ---------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("length", [151, 256, 300, 5000])
def test_a_very_long_username_at_log_in_is_refused_without_a_500(strict_client, length):
    strict_client.get(reverse("login"))
    token = strict_client.cookies[settings.CSRF_COOKIE_NAME].value
    response = strict_client.post(
        reverse("login"), {"username": "a" * length, "password": "x", "csrfmiddlewaretoken": token}
    )
    assert response.status_code < 500


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_thirty_simultaneous_sign_ups_with_one_username_make_one_account():
    data = {"username": "twin", "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"}

    statuses = together(30, lambda client: client.post(reverse("signup"), data))

    assert statuses.count(HTTPStatus.FOUND) == 1
    assert set(statuses) <= {HTTPStatus.FOUND, HTTPStatus.BAD_REQUEST}
    assert get_user_model().objects.filter(username="twin").count() == 1


# --- Sessions end at log-out; pages for a learner are private --------------------------------------


@pytest.mark.django_db
def test_a_session_copied_before_log_out_no_longer_opens_the_table(client):
    seat = SeatFactory()
    client.force_login(seat.user)
    copied = client.cookies[settings.SESSION_COOKIE_NAME].value

    client.post(reverse("logout"))
    thief = Client()
    thief.cookies[settings.SESSION_COOKIE_NAME] = copied

    response = thief.get(reverse("table:play"))
    assert response.status_code == HTTPStatus.FOUND and response["Location"].startswith(reverse("login"))


@pytest.mark.django_db
def test_a_password_change_ends_the_other_copies_of_the_session(client):
    user = UserFactory()
    user.set_password("an-old-pass-phrase-1")
    user.save()
    elsewhere = Client()
    elsewhere.force_login(user)
    client.force_login(user)

    client.post(
        reverse("password_change"),
        {
            "old_password": "an-old-pass-phrase-1",
            "new_password1": "a-new-pass-phrase-22",
            "new_password2": "a-new-pass-phrase-22",
        },
    )

    assert elsewhere.get(reverse("table:play")).status_code == HTTPStatus.FOUND


@pytest.mark.django_db
def test_pages_for_a_logged_in_user_are_private_and_not_stored(client, course):
    assert "private" not in client.get(reverse("lessons:lesson", args=[COURSE[0].slug])).get(
        "Cache-Control", ""
    )
    client.force_login(SeatFactory().user)
    for path in (reverse("table:play"), reverse("home"), reverse("table:results")):
        cache_control = client.get(path)["Cache-Control"]
        assert "private" in cache_control and "no-store" in cache_control, path


@pytest.mark.django_db
@pytest.mark.parametrize(("request_kind", "limit"), [("deal", 6), ("settle", 10)])
def test_a_deal_and_a_settlement_stay_within_their_query_budget_with_the_session_in_the_database(
    client, request_kind, limit
):
    seat = SeatFactory(cards="4 2 4 3")  # a natural: the fourth card settles the coup
    client.force_login(seat.user)
    client.post(reverse("table:round-confirm"), {"round": "1", "stake_player": "10"}, headers=HX)
    last = 3 if request_kind == "settle" else 2
    for card in range(last):
        client.post(reverse("table:round-deal"), {"round": "1", "card": str(card)}, headers=HX)

    with CaptureQueriesContext(connection) as queries:
        response = client.post(reverse("table:round-deal"), {"round": "1", "card": str(last)}, headers=HX)

    assert response.status_code == HTTPStatus.OK
    # Counted as `manage.py bench` counts them: SQL sent, not transaction control (savepoints).
    assert statements(queries) <= limit, "\n".join(query["sql"] for query in queries.captured_queries)


# --- The client's address comes through trusted proxies only -----------------------------------------


@pytest.mark.parametrize(
    ("remote", "forwarded", "expected"),
    [
        ("203.0.113.9", "", "203.0.113.9"),  # no proxy: the connection's address
        ("203.0.113.9", "198.51.100.7", "203.0.113.9"),  # an untrusted sender's header is ignored
        ("172.18.0.5", "198.51.100.7", "198.51.100.7"),  # through the proxy: the client
        ("172.18.0.5", "10.9.9.9, 198.51.100.7", "198.51.100.7"),  # a forged first entry is not believed
        ("172.18.0.5", "198.51.100.7, 172.18.0.4", "198.51.100.7"),  # two proxies deep
        ("172.18.0.5", "not-an-address", "172.18.0.5"),
    ],
)
def test_the_client_address_is_read_through_trusted_proxies_only(rf, settings, remote, forwarded, expected):
    settings.TRUSTED_PROXIES = ["172.16.0.0/12"]
    request = rf.get("/", REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_ip(request) == expected


@pytest.mark.django_db
def test_a_classmate_behind_the_same_proxy_cannot_lock_another_learner_out(settings):
    settings.TRUSTED_PROXIES = ["172.16.0.0/12"]
    victim = UserFactory(username="victim")
    victim.set_password("the-victims-pass-phrase")
    victim.save()
    pupil, owner = Client(raise_request_exception=False), Client(raise_request_exception=False)
    via_proxy = {"REMOTE_ADDR": "172.18.0.5"}

    for _ in range(settings.AXES_FAILURE_LIMIT + 1):
        pupil.post(
            reverse("login"),
            {"username": "victim", "password": "wrong"},
            HTTP_X_FORWARDED_FOR="198.51.100.7",
            **via_proxy,
        )
    response = owner.post(
        reverse("login"),
        {"username": "victim", "password": "the-victims-pass-phrase"},
        HTTP_X_FORWARDED_FOR="198.51.100.8",
        **via_proxy,
    )

    assert response.status_code == HTTPStatus.FOUND  # logged in, not locked out


def test_gunicorn_believes_forwarded_headers_only_from_the_configured_proxy():
    code = "import runpy; print(runpy.run_path('config/gunicorn.conf.py')['forwarded_allow_ips'])"
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("FORWARDED_ALLOW_IPS", "TRUSTED_PROXIES")
    }
    default = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    proxied = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**env, "TRUSTED_PROXIES": "172.18.0.0/16"},
        capture_output=True,
        text=True,
    )
    assert (default.stdout.strip(), proxied.stdout.strip()) == ("127.0.0.1", "172.18.0.0/16")


# --- Bounded balances; production refuses to start without its static manifest ----------------------


@pytest.mark.django_db
def test_a_class_cannot_start_with_more_than_a_million_chips(admin_client):
    classroom = ClassroomFactory(name="Big spenders")
    response = admin_client.post(
        reverse("admin:accounts_classroom_change", args=[classroom.pk]),
        {
            "name": "Big spenders",
            "starting_balance": "9999999999.99",
            "join_code_expires_at_0": "",
            "join_code_expires_at_1": "",
        },
    )
    assert response.status_code == HTTPStatus.OK  # the form again, with its error
    assert "Ensure this value is less than or equal to 1000000" in response.content.decode()
    assert Classroom.objects.get(pk=classroom.pk).starting_balance == Decimal("100.00")


@pytest.mark.postgres
@pytest.mark.django_db
def test_a_balance_far_beyond_any_reachable_by_play_still_takes_a_win():
    """At most 1,550 chips are won a round from a start of at most 1,000,000: 10^14 is out of reach."""
    seat = SeatFactory(cards="3 K 4 K K")  # Player 7 to 0: the Lion Bonus on Player wins by 7
    services.balance_reset(user=seat.user, seat_id=seat.pk, force=True, target=Decimal("99999999999999.00"))
    round = services.round_confirm(
        user=seat.user, seat_id=seat.pk, bets=[Bet(BetKind.LION_PLAYER, Decimal(50))]
    )
    for index in range(5):
        round = services.round_deal(
            user=seat.user, seat_id=seat.pk, round_number=round.number, expected_index=index
        ).round

    assert Seat.objects.get(pk=seat.pk).balance == Decimal("99999999999999.00") + 300
    ledger_verify(seat)


def test_production_refuses_to_start_without_its_static_manifest(tmp_path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.production",
        "SECRET_KEY": "x" * 64,
        "STATIC_ROOT": str(tmp_path),
        "DATABASE_URL": "sqlite:///" + str(tmp_path / "db.sqlite3"),
    }
    result = subprocess.run(
        [sys.executable, "-c", "import config.wsgi"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "static files manifest" in result.stderr and "collectstatic" in result.stderr


# --- The ledger is append-only, in Python and in PostgreSQL ----------------------------------------


@pytest.mark.django_db
def test_no_queryset_can_change_or_delete_ledger_rows():
    seat = SeatFactory()
    rows = LedgerEntry.objects.filter(seat=seat)
    for attempt in (
        lambda: rows.update(amount=0),
        rows.delete,
        lambda: rows.bulk_update(list(rows), ["note"]),
    ):
        with pytest.raises(ValueError, match="append-only"):
            attempt()
    assert rows.count() == 1


@pytest.mark.postgres
@pytest.mark.django_db
@pytest.mark.parametrize(
    "sql", ["UPDATE table_ledgerentry SET amount = 1000", "DELETE FROM table_ledgerentry"]
)
def test_postgresql_itself_refuses_to_change_or_delete_ledger_rows(sql):
    SeatFactory()
    with pytest.raises(DatabaseError, match="append-only"), connection.cursor() as cursor:
        cursor.execute(sql)


# --- While a coach call is pending, nothing tells the coup is over --------------------------------------


@pytest.mark.django_db
def test_while_the_settlement_call_waits_no_page_shows_the_result(client, course):
    coached_natural_awaiting_the_settlement_call(client, stake="5")

    table = client.get(reverse("table:play")).content.decode()
    results = client.get(reverse("table:results")).content.decode()
    lesson = client.get(reverse("lessons:lesson", args=["house-edge"])).content.decode()

    assert parse(table).definitions()["In play"].text == "5.00 chips"  # as while the cards are coming
    assert parse(table).find_all(class_="bead player") == [] and "Your net" not in table
    assert "waiting for your call" in results and "105.00" not in results and "Recent rounds" not in results
    assert "105.00" not in lesson
