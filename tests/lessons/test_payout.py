"""The timed payout drill: engine-backed grading, the working, typed amounts, timing, replays and mastery."""

import random
import re
from decimal import Decimal
from http import HTTPStatus

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from baccarat import Bet, BetKind, Card, Coup, Outcome, PayoutSet, settle
from lessons import drill, payout, services
from lessons.models import IssuedQuestion
from progress.models import PayoutAnswer, PayoutRecord
from table.amounts import chips_text
from tests.factories import IssuedQuestionFactory
from tests.support import MODES

_TOKEN = re.compile(r'name="token" value="([^"]+)"')


def question(table, winner, player, banker, bets, ask, natural=False, kind="several"):
    """A kept payout question, as ``make_question`` writes one."""
    return {
        "kind": payout.KIND_PREFIX + kind,
        "table": table.name,
        "winner": winner,
        "player": player,
        "banker": banker,
        "natural": natural,
        "bets": [[bet, amount] for bet, amount in bets],
        "ask": [list(field) for field in ask],
    }


def token_of(response) -> str:
    return _TOKEN.search(response.content.decode()).group(1)


def right_answers(token) -> dict[str, str]:
    kept = IssuedQuestion.objects.get(nonce=token).question
    return {name: str(value) for name, value in payout.read_question(kept).expected().items()}


def wrong_answers(token) -> dict[str, str]:
    return {name: str(Decimal(value) + 1) for name, value in right_answers(token).items()}


def answer(client, token, amounts, headers=None):
    return client.post(reverse("drill:payout-answer"), {"token": token, **amounts}, headers=headers or {})


def record_of(user) -> PayoutRecord:
    return PayoutRecord.objects.get(user=user)


# Grading: the right amounts are the engine's settlement ------------------------------------------------


BANKER_180 = question(
    PayoutSet.STANDARD, "banker", 4, 7, [("banker", "180")], [("banker", "paid"), ("banker", "commission")]
)


def test_banker_wins_with_7_and_180_on_banker_pays_171_with_9_commission():
    """Issue 18: "most dealers take 10 % and halve it: a 180 bet pays 171"."""
    kept = payout.read_question(BANKER_180)
    assert kept.expected() == {"banker-paid": Decimal("171.00"), "banker-commission": Decimal("9.00")}
    [working] = payout.Feedback(kept, kept.expected(), Decimal("2"), True, PayoutRecord()).workings
    assert working == (
        "Banker wins at 1:1: 180. Commission: 10% of 180 is 18, half of that is 9. "
        "Paid: 180 − 9 = 171, beside the stake."
    )


def test_tie_25_pays_200_beside_the_stake_at_8_to_1():
    kept = payout.read_question(question(PayoutSet.STANDARD, "tie", 3, 3, [("tie", "25")], [("tie", "paid")]))
    assert kept.expected() == {"tie-paid": Decimal("200.00")}
    assert payout.working(kept, kept.results()[BetKind.TIE]) == (
        "Tie pays 8:1: 25 × 8 = 200 paid beside the stake (225 with the stake)."
    )


@pytest.mark.parametrize(
    ("banker_total", "paid"), [(6, "90.00"), (7, "180.00")], ids=["six pays 1:2", "seven pays 1:1"]
)
def test_the_no_commission_table_pays_a_banker_six_half(banker_total, paid):
    kept = payout.read_question(
        question(
            PayoutSet.NO_COMMISSION, "banker", 2, banker_total, [("banker", "180")], [("banker", "paid")]
        )
    )
    assert kept.expected() == {"banker-paid": Decimal(paid)}
    assert paid.removesuffix(".00") in payout.working(kept, kept.results()[BetKind.BANKER])


@pytest.mark.parametrize(
    ("margin", "paid"),
    [(9, "600"), (8, "200"), (7, "120"), (6, "80"), (5, "40"), (4, "20"), (3, "0"), (1, "0")],
)
def test_the_lion_bonus_pays_by_the_margin_of_a_win_after_a_third_card(margin, paid):
    """The Lion Bonus table (design/table.md): 9: 30:1, 8: 10:1, 7: 6:1, 6: 4:1, 5: 2:1, 4: 1:1."""
    kept = payout.read_question(
        question(
            PayoutSet.STANDARD, "player", 9, 9 - margin, [("lion_player", "20")], [("lion_player", "paid")]
        )
    )
    assert kept.expected() == {"lion_player-paid": Decimal(paid)}
    working = payout.working(kept, kept.results()[BetKind.LION_PLAYER])
    assert ("only" in working) is (paid == "0")


def test_player_50_and_tie_10_when_banker_wins_pay_nothing_and_the_dealer_takes_both():
    kept = payout.read_question(
        question(
            PayoutSet.STANDARD,
            "banker",
            2,
            8,
            [("player", "50"), ("tie", "10")],
            [("player", "paid"), ("tie", "paid")],
        )
    )
    assert kept.expected() == {"player-paid": Decimal("0.00"), "tie-paid": Decimal("0.00")}
    feedback = payout.Feedback(kept, kept.expected(), Decimal("1"), True, PayoutRecord())
    assert feedback.workings == [
        "Player loses: 0 is paid and the dealer takes the 50.",
        "Tie loses: 0 is paid and the dealer takes the 10.",
    ]


def test_a_tie_returns_player_and_banker_bets_and_pays_nothing_on_them():
    kept = payout.read_question(
        question(
            PayoutSet.STANDARD,
            "tie",
            5,
            5,
            [("player", "50"), ("tie", "10")],
            [("player", "paid"), ("tie", "paid")],
        )
    )
    assert kept.expected() == {"player-paid": Decimal("0.00"), "tie-paid": Decimal("80.00")}
    assert "a tie returns bets on Player and Banker" in payout.working(kept, kept.results()[BetKind.PLAYER])


@given(seed=st.integers(min_value=0, max_value=2**32), kind=st.sampled_from(payout.KINDS))
def test_every_right_answer_is_the_engines_settlement_winnings_less_commission(seed, kind):
    data = payout.make_question(random.Random(seed), kind)
    kept = payout.read_question(data)
    if "cards" in data:  # the side-bet kinds keep the dealt cards, which decide a pair or a three-card 7
        outcome = Coup.from_cards(Card.parse(token) for token in data["cards"]).outcome
        assert (outcome.player_total, outcome.banker_total) == (data["player"], data["banker"])
    else:
        outcome = Outcome(
            player_total=data["player"],
            banker_total=data["banker"],
            player_count=2 if data["natural"] else 3,
            banker_count=2,
            natural=data["natural"],
        )
    bets = [Bet(BetKind(bet), Decimal(amount)) for bet, amount in data["bets"]]
    settled = {
        result.bet.kind.value: result for result in settle(bets, outcome, PayoutSet.named(data["table"]))
    }
    expected = kept.expected()
    assert set(expected) == {f"{bet}-{what}" for bet, what in data["ask"]}
    for bet, what in data["ask"]:
        result = settled[bet]
        want = result.commission if what == "commission" else result.winnings - result.commission
        assert expected[f"{bet}-{what}"] == want >= 0
    assert data["kind"] == payout.KIND_PREFIX + kind


@given(seed=st.integers(min_value=0, max_value=2**32))
def test_every_working_names_the_amount_paid_on_its_bet(seed):
    kept = payout.read_question(payout.make_question(random.Random(seed)))
    results = kept.results()
    for field in kept.fields:
        if field.what == "paid":
            paid = chips_text(payout.field_amount(results[field.bet], "paid"), grouping=True)
            assert paid in payout.working(kept, results[field.bet])


def test_the_generator_is_seeded_and_asks_every_kind():
    first = [payout.make_question(random.Random(7)) for _ in range(3)]
    assert first == [payout.make_question(random.Random(7)) for _ in range(3)]
    rng = random.Random(7)
    assert {payout.make_question(rng)["kind"] for _ in range(200)} == {
        payout.KIND_PREFIX + k for k in payout.KINDS
    }


@pytest.mark.parametrize(
    "tampered",
    [
        {**BANKER_180, "kind": "banker-table"},
        {**BANKER_180, "table": "casino"},
        {**BANKER_180, "banker": 12},
        {**BANKER_180, "bets": [["banker", "-5"]]},
        {**BANKER_180, "bets": [["banker", "1e400"]]},
        {**BANKER_180, "ask": [["tie", "paid"]]},
        {**BANKER_180, "ask": []},
        {"kind": "payout-banker"},
    ],
)
def test_a_kept_question_the_engine_cannot_settle_is_refused_as_a_bad_token(tampered):
    with pytest.raises(payout.PayoutError) as refused:
        payout.read_question(tampered)
    assert refused.value.message == str(payout.TOKEN_BAD)


# Typed amounts ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "text", "amount"),
    [
        ("en", "171", "171"),
        ("en", "171.00", "171"),
        ("en", " 171,00 ", "171"),
        ("en", "1,350", "1350"),
        ("en", "1,350.50", "1350.50"),
        ("en", "8.5", "8.50"),
        ("de", "171,00", "171"),
        ("de", "171.00", "171"),
        ("de", "1.350", "1350"),
        ("de", "1.350,50", "1350.50"),
        ("de", "1 350", "1350"),
        ("id", "171,00", "171"),
        ("id", "1.350", "1350"),
        ("en", "0", "0"),
    ],
)
def test_amounts_are_read_as_typed_in_the_learners_language(language, text, amount):
    with translation.override(language):
        assert payout.parse_typed_amount(text) == Decimal(amount)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", payout.AMOUNT_MISSING),
        ("   ", payout.AMOUNT_MISSING),
        ("-5", payout.AMOUNT_NEGATIVE),
        ("1.2345", payout.AMOUNT_CENTS),
        ("171.0051", payout.AMOUNT_CENTS),
    ],
)
def test_an_amount_that_cannot_be_paid_is_refused_with_its_reason(text, message):
    with pytest.raises(payout.PayoutError) as refused:
        payout.parse_typed_amount(text)
    assert refused.value.message == str(message)
    assert refused.value.status == HTTPStatus.BAD_REQUEST


@pytest.mark.parametrize("text", ["abc", "1e3", "NaN", "½", "١٧١", "17 1x", "1..2", "9" * 30, "1,2,3"])
def test_garbage_is_not_an_amount(text):
    with pytest.raises(payout.PayoutError) as refused:
        payout.parse_typed_amount(text)
    assert "is not an amount of chips" in refused.value.message


# The page and its answers (plain and htmx) --------------------------------------------------------------


@pytest.mark.parametrize("headers", MODES)
def test_the_page_asks_a_question_with_a_box_per_amount(learner_client, headers):
    response = learner_client.get(reverse("drill:payout"), headers=headers)
    assert response.status_code == HTTPStatus.OK
    assert ("<html" in response.content.decode()) is not headers
    assert 'id="payout-panel"' in response.content.decode()
    token = token_of(response)
    for name in right_answers(token):
        assert f'name="{name}"' in response.content.decode()
    assert "beside the stake" in response.content.decode() or headers


def test_the_page_needs_a_log_in(client):
    response = client.get(reverse("drill:payout"))
    assert response.status_code == HTTPStatus.FOUND
    assert reverse("login") in response["Location"]


@pytest.mark.parametrize("headers", MODES)
def test_a_right_answer_is_graded_with_the_working_and_counted_once(learner_client, learner, clock, headers):
    token = token_of(learner_client.get(reverse("drill:payout")))
    clock.tick("2.5")
    response = answer(learner_client, token, right_answers(token), headers)
    assert response.status_code == HTTPStatus.OK
    body = response.content.decode()
    assert "✓ Right" in body and "2.5 s" in body and "The working" in body
    assert ("<html" in body) is not headers
    assert token_of(response) != token
    saved = PayoutAnswer.objects.get(user=learner)
    assert (saved.correct, saved.fast, saved.seconds) == (True, True, Decimal("2.50"))
    assert (record_of(learner).answers, record_of(learner).streak) == (1, 1)
    assert not IssuedQuestion.objects.filter(nonce=token).exists()


@pytest.mark.parametrize("headers", MODES)
def test_a_wrong_answer_shows_the_right_amount_and_what_was_typed(learner_client, learner, clock, headers):
    token = token_of(learner_client.get(reverse("drill:payout")))
    typed = wrong_answers(token)
    response = answer(learner_client, token, typed, headers)
    assert response.status_code == HTTPStatus.OK
    body = response.content.decode()
    assert "✗ Not this time" in body and "(you typed" in body
    saved = PayoutAnswer.objects.get(user=learner)
    assert (saved.correct, saved.fast, saved.answer) == (False, False, typed)
    assert record_of(learner).streak == 0


def test_german_amounts_with_a_decimal_comma_are_right(learner_client, learner):
    learner_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    token = token_of(learner_client.post(reverse("drill:payout-answer"), {"token": ""}))
    typed = {name: value.replace(".", ",") for name, value in right_answers(token).items()}
    response = answer(learner_client, token, typed)
    assert response.status_code == HTTPStatus.OK
    assert "✓ Richtig" in response.content.decode()
    assert PayoutAnswer.objects.get(user=learner).correct


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("typed", ["abc", "", "-10", "12.345", "1e9"])
def test_an_unreadable_amount_is_a_400_that_asks_the_same_question_again(
    learner_client, learner, headers, typed
):
    token = token_of(learner_client.get(reverse("drill:payout")))
    amounts = dict.fromkeys(right_answers(token), typed)
    response = answer(learner_client, token, amounts, headers)
    assert response.status_code == HTTPStatus.BAD_REQUEST
    body = response.content.decode()
    assert 'role="alert"' in body and "Nothing was counted" in body
    assert token_of(response) == token
    assert not PayoutAnswer.objects.exists() and not PayoutRecord.objects.exists()
    # The same question is still waiting, and a readable answer is then counted.
    assert answer(learner_client, token, right_answers(token), headers).status_code == HTTPStatus.OK
    assert PayoutAnswer.objects.get(user=learner).correct


@pytest.mark.parametrize("headers", MODES)
@pytest.mark.parametrize("token", ["", "not-a-token", "0" * 32, "../../etc", "a" * 500])
def test_a_missing_or_unknown_token_is_a_400_with_a_new_question(learner_client, headers, token):
    response = answer(learner_client, token, {"banker-paid": "171"}, headers)
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert token_of(response) != token
    assert not PayoutAnswer.objects.exists()


def test_another_learners_question_is_refused(learner_client, learner):
    from tests.factories import UserFactory

    other = UserFactory()
    token = services.payout_question_issue(user=other, question=BANKER_180)
    response = answer(learner_client, token, {"banker-paid": "171", "banker-commission": "9"})
    assert response.status_code == HTTPStatus.BAD_REQUEST
    assert not PayoutAnswer.objects.exists()


def test_a_drawing_table_drill_question_is_refused_by_the_payout_drill_and_the_other_way(
    learner_client, learner
):
    cell_token = services.drill_question_issue(user=learner, cell=drill.Cell(3, "8"))
    response = answer(learner_client, cell_token, {"banker-paid": "171"})
    assert response.status_code == HTTPStatus.BAD_REQUEST
    payout_token = services.payout_question_issue(user=learner, question=BANKER_180)
    response = learner_client.post(reverse("drill:answer"), {"token": payout_token, "answer": "draws"})
    assert response.status_code == HTTPStatus.BAD_REQUEST
    # Nothing answered (the question the refusal showed was ended as skipped by the next one).
    assert not PayoutAnswer.objects.filter(skipped=False).exists()


@pytest.mark.parametrize("headers", MODES)
def test_a_replayed_answer_is_refused_with_409_and_counts_once(learner_client, learner, clock, headers):
    token = token_of(learner_client.get(reverse("drill:payout")))
    amounts = right_answers(token)
    clock.tick("2")
    assert answer(learner_client, token, amounts, headers).status_code == HTTPStatus.OK
    again = answer(learner_client, token, amounts, headers)
    assert again.status_code == HTTPStatus.CONFLICT
    assert "counts only once" in again.content.decode()
    assert "✓ Right" in again.content.decode()  # the answer that counted, shown again
    wrong = answer(learner_client, token, dict.fromkeys(amounts, "1"), headers)
    assert wrong.status_code == HTTPStatus.CONFLICT
    assert PayoutAnswer.objects.filter(user=learner).count() == 1
    record = record_of(learner)
    assert (record.answers, record.correct, record.streak) == (1, 1, 1)


def test_a_doubled_request_racing_past_the_first_check_is_refused_by_the_constraint(learner, clock):
    """Two requests with one token: the second finds the question still kept but the answer recorded."""
    token = services.payout_question_issue(user=learner, question=BANKER_180)
    kept, issued_at = services.payout_question_find(user=learner, token=token)
    amounts = {"banker-paid": "171", "banker-commission": "9"}
    services.payout_answer_grade(user=learner, token=token, data=amounts)
    # The second request read the question before the first recorded its answer; put it back as it saw it.
    IssuedQuestionFactory(
        user=learner, nonce=token, source="drill", question=BANKER_180, created_at=issued_at
    )
    with pytest.raises(payout.AlreadyAnswered) as refused:
        services.payout_answer_grade(user=learner, token=token, data=amounts)
    assert refused.value.status == HTTPStatus.CONFLICT
    assert PayoutAnswer.objects.filter(user=learner).count() == 1
    assert record_of(learner).answers == 1


# Time, measured on the server --------------------------------------------------------------------------


def test_the_time_runs_from_the_question_being_issued_not_from_anything_the_browser_sends(
    learner_client, learner, clock
):
    token = token_of(learner_client.get(reverse("drill:payout")))
    clock.tick("3.25")
    answer(learner_client, token, {**right_answers(token), "seconds": "0.1", "issued_at": "0"})
    assert PayoutAnswer.objects.get(user=learner).seconds == Decimal("3.25")


def test_a_refused_amount_does_not_stop_the_clock(learner_client, learner, clock):
    token = token_of(learner_client.get(reverse("drill:payout")))
    clock.tick("3")
    answer(learner_client, token, dict.fromkeys(right_answers(token), "x"))
    clock.tick("2.5")
    answer(learner_client, token, right_answers(token))
    saved = PayoutAnswer.objects.get(user=learner)
    assert (saved.seconds, saved.correct, saved.fast) == (Decimal("5.50"), True, False)
