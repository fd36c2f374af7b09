"""The course over HTTP: lesson pages, worked examples dealt one card per click, and progress."""

import re
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.urls import reverse

from lessons.course import COURSE, LESSONS
from lessons.services import lessons_load
from progress.models import Lesson
from table.models import LedgerEntry, Round, Seat
from table.services import ledger_verify
from tests.factories import LessonProgressFactory, SeatFactory
from tests.support import HX, parse


def deal_example(client, slug, key, *, stakes=None):
    """Confirm the stakes (if any), then deal the example to the end; return the htmx fragments."""
    responses = []
    if stakes:
        data = {"round": "1", **{f"stake_{kind}": str(amount) for kind, amount in stakes.items()}}
        responses.append(client.post(reverse("lessons:example-confirm", args=[slug, key]), data, headers=HX))
    for index in range(6):
        response = client.post(
            reverse("lessons:example-deal", args=[slug, key]), {"round": "1", "card": str(index)}, headers=HX
        )
        if response.status_code != HTTPStatus.OK:
            break
        responses.append(response)
        if "Hand result" in response.content.decode():
            break
    return responses


def example_seat(user, slug, key):
    return Seat.objects.filter(user=user, kind="lesson", label=f"{slug}/{key}").latest("id")


def test_loading_the_lessons_twice_keeps_one_row_per_lesson_in_course_order(db):
    lessons_load()
    lessons_load()

    assert list(Lesson.objects.values_list("number", "slug")) == [(spec.number, spec.slug) for spec in COURSE]


@pytest.mark.parametrize("spec", COURSE, ids=[spec.slug for spec in COURSE])
def test_every_lesson_page_renders_its_text_examples_and_exercise(learner_client, spec):
    response = learner_client.get(reverse("lessons:lesson", args=[spec.slug]))

    html = response.content.decode()
    assert response.status_code == HTTPStatus.OK
    assert f"Lesson {spec.number} of {len(COURSE)}: {spec.title}" in html
    text = re.search(r'<section class="lesson-text"[^>]*>(.*?)</section>', html, re.S).group(1)
    assert len(re.sub(r"<[^>]+>|\s+", " ", text).strip()) > 300, "the lesson explains itself"
    for example in spec.examples:
        assert f'id="example-{example.key}"' in html
    assert 'id="exercise"' in html


def test_lessons_1_to_3_can_be_read_without_an_account_but_the_others_ask_for_one(client, db):
    """More for visitors in ``test_visitors.py``."""
    first = client.get(reverse("lessons:lesson", args=["counting-totals"]))
    other = client.get(reverse("lessons:lesson", args=["settlement"]))

    assert first.status_code == HTTPStatus.OK
    assert b">Log in</a>" in first.content and b'id="exercise"' not in first.content
    assert other.status_code == HTTPStatus.FORBIDDEN and b">Log in</a>" in other.content


def test_an_unknown_lesson_is_a_404(learner_client):
    assert learner_client.get("/lessons/no-such-lesson/").status_code == HTTPStatus.NOT_FOUND
    url = reverse("lessons:example-deal", args=["naturals", "no-such-example"])
    assert learner_client.post(url, {"round": "1", "card": "0"}).status_code == HTTPStatus.NOT_FOUND


@pytest.mark.parametrize(
    ("slug", "key", "sentence"),
    [
        ("counting-totals", "four-plus-four", "Player 8, Banker 5: Player wins by 3."),
        ("naturals", "natural-eight", "Natural: Player has 8 or 9 with two cards, so nobody draws."),
        ("drawing", "five-draws-eight", "Banker has 3 and Player&#x27;s third card is an 8: Banker stands."),
        (
            "banker-table",
            "banker-four-draws",
            "Banker has 4 and Player&#x27;s third card is a 2: Banker draws.",
        ),
    ],
)
def test_worked_examples_deal_exactly_the_scripted_cards_one_per_click(
    learner_client, learner, slug, key, sentence
):
    """Seed 004 sections 3, 5, 7 and 8."""
    learner_client.get(reverse("lessons:lesson", args=[slug]))
    responses = deal_example(learner_client, slug, key)

    scripted = next(example for example in LESSONS[slug].examples if example.key == key).cards
    assert len(responses) == len(scripted)
    assert Round.objects.get(seat=example_seat(learner, slug, key)).card_tokens == list(scripted)
    assert all(b"<html" not in response.content for response in responses)
    assert sentence in responses[-1].content.decode()


def test_the_five_plus_eight_example_ends_in_a_three_three_tie(learner_client, learner):
    """Seed 004 section 7: Player 5 draws an 8 and ties Banker's 3."""
    deal_example(learner_client, "drawing", "five-draws-eight")

    round = Round.objects.get(seat=example_seat(learner, "drawing", "five-draws-eight"))
    assert (round.winner, round.player_total, round.banker_total) == ("tie", 3, 3)


def test_the_first_stake_goes_100_to_90_with_10_committed_then_110(learner_client, learner):
    """Seed 004 section 4, then section 6's first case."""
    responses = deal_example(learner_client, "first-stake", "stake-on-player", stakes={"player": 10})

    confirmed = responses[0].content.decode()
    terms = parse(confirmed).definitions()
    assert terms["Sandbox balance"].text == terms["Sandbox balance"].find("strong").text == "90.00 chips"
    assert terms["In play"].text == "10.00 chips"
    assert "Your balance is now <strong>110.00 chips</strong>" in responses[-1].content.decode()


@pytest.mark.parametrize(
    ("key", "stakes", "balance"),
    [
        ("player-wins", {"player": 10}, "110.00"),
        ("banker-wins", {"player": 10}, "90.00"),
        ("a-tie", {"player": 10}, "100.00"),
        ("a-tie", {"tie": 10}, "180.00"),
        ("banker-wins", {"banker": 10}, "109.50"),
    ],
)
def test_the_settlement_examples_reproduce_seed_004_section_6(learner_client, learner, key, stakes, balance):
    responses = deal_example(learner_client, "settlement", key, stakes=stakes)

    assert f"Your balance is now <strong>{balance} chips</strong>" in responses[-1].content.decode()
    seat = example_seat(learner, "settlement", key)
    assert seat.balance == Decimal(balance)
    ledger_verify(seat)


def test_lesson_chips_never_mix_with_the_table_balance(learner_client, learner):
    table = SeatFactory(user=learner)

    deal_example(learner_client, "settlement", "a-tie", stakes={"tie": 10})

    assert Seat.objects.get(pk=table.pk).balance == Decimal("100.00")
    assert LedgerEntry.objects.filter(seat=table).count() == 1


def test_restart_puts_the_example_back_to_its_start_with_fresh_chips(learner_client, learner):
    deal_example(learner_client, "settlement", "player-wins", stakes={"player": 10})
    first = example_seat(learner, "settlement", "player-wins")
    url = reverse("lessons:example-restart", args=["settlement", "player-wins"])

    response = learner_client.post(url, {"attempt": str(first.pk)}, headers=HX)
    again = learner_client.post(url, {"attempt": str(first.pk)}, headers=HX)  # a doubled click

    fresh = example_seat(learner, "settlement", "player-wins")
    assert response.status_code == again.status_code == HTTPStatus.OK
    assert fresh.pk != first.pk and fresh.balance == Decimal("100.00")
    assert Seat.objects.filter(user=learner, label="settlement/player-wins").count() == 2
    balance = parse(response.content).definitions()["Sandbox balance"]
    assert balance.text == balance.find("strong").text == "100.00 chips"


def test_a_plain_post_to_an_example_redirects_back_to_it(learner_client):
    url = reverse("lessons:example-deal", args=["naturals", "natural-eight"])

    response = learner_client.post(url, {"round": "1", "card": "0"})

    assert response.status_code == HTTPStatus.FOUND
    assert response["Location"] == reverse("lessons:lesson", args=["naturals"]) + "#example-natural-eight"


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_bad_input_to_an_example_is_a_clear_4xx(learner_client, learner, headers):
    slug, key = "first-stake", "stake-on-player"
    learner_client.get(reverse("lessons:lesson", args=[slug]))

    bad_stake = learner_client.post(
        reverse("lessons:example-confirm", args=[slug, key]),
        {"round": "1", "stake_player": "ten"},
        headers=headers,
    )
    learner_client.post(
        reverse("lessons:example-draft", args=[slug, key]), {"round": "1", "stake_player": "10"}
    )
    early_deal = learner_client.post(
        reverse("lessons:example-deal", args=[slug, key]), {"round": "1", "card": "0"}, headers=headers
    )

    assert bad_stake.status_code == HTTPStatus.BAD_REQUEST
    assert b"Stakes are whole numbers of chips" in bad_stake.content
    assert early_deal.status_code == HTTPStatus.CONFLICT
    assert example_seat(learner, slug, key).balance == Decimal("100.00")


def test_the_home_page_shows_progress_and_recommends_the_next_lesson(learner_client, learner):
    LessonProgressFactory(
        user=learner,
        lesson=Lesson.objects.get(number=1),
        attempts=3,
        correct=3,
        completed_at="2026-01-01T00:00:00Z",
    )

    html = learner_client.get(reverse("home")).content.decode()

    assert f"1 of {len(COURSE)} lessons done" in html
    assert re.search(
        r'class="lesson-row not-started recommended">\s*<a href="/lessons/cards-and-suits/">', html
    )
    assert "Continue with lesson 2" in html
    assert "0 of 88 cells of the Banker table mastered" in html


def test_the_house_edge_lesson_shows_the_engines_exact_figures(learner_client):
    html = learner_client.get(reverse("lessons:lesson", args=["house-edge"])).content.decode()

    for figure in ("1.0579%", "1.2351%", "14.3596%", "1.4548%", "9.3731%"):
        assert figure in html


def test_coach_mode_starts_on_until_the_course_is_completed(db):
    from table.services import seat_open
    from tests.factories import UserFactory

    beginner, graduate = UserFactory(), UserFactory()
    for lesson in Lesson.objects.all():
        LessonProgressFactory(
            user=graduate, lesson=lesson, attempts=3, correct=3, completed_at="2026-01-01T00:00:00Z"
        )

    assert seat_open(user=beginner).coach_mode is True
    assert seat_open(user=graduate).coach_mode is False
