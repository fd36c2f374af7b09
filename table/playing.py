"""Playing practice-table rounds through the public services, for ``seed_demo`` and the tests.

One home for "confirm these bets, deal until the round is settled, answer the
coach's calls on the way": every step goes through ``table.services``
(``round_confirm``, ``round_deal``, ``round_call``), so the balance always
equals the ledger and a round is settled exactly as a learner's would be.
Only :func:`shoe_arrange` writes a row directly: it puts known cards in front
of a seat, which no learner can do.

A coached round (``Round.coached``) asks its questions as the table does; each
is answered right unless ``right`` (called once per question) says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal

from baccarat import Bet, Coup, Shoe
from table import coach, services
from table.bets import stake_on
from table.models import Round, Seat

#: Stakes by bet kind, as the demo plans and the tests write them: ``{"player": 10, "tie": 5}``.
Stakes = Mapping[str, int | str | Decimal]

#: Cards behind the arranged ones by default: enough for any coup dealt past them.
FILLER = ("10S",) * 12


def _always_right() -> bool:
    return True


def bets_from(stakes: Stakes | Sequence[Bet]) -> list[Bet]:
    """The bets for ``round_confirm``: ``Bet`` objects as they are, stakes by kind turned into bets."""
    if isinstance(stakes, Mapping):
        return [stake_on(kind, Decimal(amount)) for kind, amount in stakes.items()]
    return list(stakes)


def shoe_arrange(
    seat: Seat, cards: str | Iterable[str], *, tail: Iterable[str] = FILLER, cut: int | None = None
) -> Seat:
    """Put these cards (tokens in deal order) in front of the seat, then ``tail``, as a new shoe.

    ``cut`` places the cut card (the shoe is finished once it is reached; by
    default the cards run to the end). Returns the seat, reloaded.
    """
    tokens = cards.split() if isinstance(cards, str) else list(cards)
    shoe = Shoe.arranged([*tokens, *tail], cut=cut)
    shoe.decks = seat.table.decks
    Seat.objects.filter(pk=seat.pk).update(shoe_state=shoe.dumps(), shoe_number=seat.shoe_number + 1)
    seat.refresh_from_db()
    return seat


def seat_open(user) -> Seat:
    """The learner's practice-table seat, opened (with the class's starting chips) if it is new."""
    return services.seat_open(user=user)


def latest_round(seat: Seat) -> Round | None:
    """The seat's newest round, fresh from the database."""
    return Round.objects.filter(seat=seat).order_by("-number").first()


def question_pending(round: Round | None) -> coach.Question | None:
    """The coach's open question on this round, if it is coached and one is open."""
    if round is None or not round.coached:
        return None
    return coach.pending(Coup.replay(round.card_tokens) if round.cards else None, round.calls)


def call_answer(seat: Seat, round: Round, question: coach.Question, *, right: bool = True) -> Round:
    """Answer the coach's question right (or wrong): draws/stands, or the settlement's amounts."""
    if question.key == coach.SETTLEMENT:
        amounts = {
            bet.kind: str(bet.returned_total if right else bet.returned_total + bet.amount)
            for bet in round.bets.all()
        }
        return services.round_call(
            user=seat.user, seat_id=seat.pk, round_number=round.number, question=question.key, amounts=amounts
        )
    draws_right, _ = coach.grade_draw(question, coach.DRAWS)
    answer = coach.DRAWS if draws_right == right else coach.STANDS
    return services.round_call(
        user=seat.user, seat_id=seat.pk, round_number=round.number, question=question.key, answer=answer
    )


def round_confirm(seat: Seat, stakes: Stakes | Sequence[Bet]) -> Round:
    """Confirm these bets for the seat's next round."""
    return services.round_confirm(user=seat.user, seat_id=seat.pk, bets=bets_from(stakes))


def cards_deal(seat: Seat, count: int, *, right: Callable[[], bool] = _always_right) -> Round:
    """Deal ``count`` more cards of the round in play, answering a pending draws/stands call first.

    A pending settlement call is left open (a test can stop at that question).
    """
    for _ in range(count):
        round = latest_round(seat)
        assert round is not None, "no round to deal"
        question = question_pending(round)
        if question is not None and question.key != coach.SETTLEMENT:
            call_answer(seat, round, question, right=right())
            round = latest_round(seat)
            assert round is not None
        services.round_deal(
            user=seat.user, seat_id=seat.pk, round_number=round.number, expected_index=len(round.card_tokens)
        )
    round = latest_round(seat)
    assert round is not None
    return round


def settlement_call(seat: Seat, *, right: bool = True) -> Round:
    """Answer the settlement question the seat's round is waiting on; returns the round settled."""
    round = latest_round(seat)
    question = question_pending(round)
    assert round is not None and question is not None and question.key == coach.SETTLEMENT, question
    call_answer(seat, round, question, right=right)
    settled = latest_round(seat)
    assert settled is not None
    return settled


def round_finish(seat: Seat, *, right: Callable[[], bool] = _always_right) -> Round:
    """Deal the round in play to its end and answer every call of the coach; returns it settled."""
    while True:
        round = latest_round(seat)
        assert round is not None, "no round to finish"
        question = question_pending(round)
        if question is not None:
            call_answer(seat, round, question, right=right())
        elif round.state == Round.State.SETTLED:
            return round
        else:
            services.round_deal(
                user=seat.user,
                seat_id=seat.pk,
                round_number=round.number,
                expected_index=len(round.card_tokens),
            )


def round_play(
    seat: Seat,
    stakes: Stakes | Sequence[Bet],
    *,
    cards: str | Iterable[str] | None = None,
    right: Callable[[], bool] = _always_right,
) -> Round:
    """A whole round: arrange ``cards`` first if given, confirm the bets, deal and call until settled."""
    if cards is not None:
        shoe_arrange(seat, cards)
    round_confirm(seat, stakes)
    return round_finish(seat, right=right)


def balance_reset(seat: Seat) -> None:
    """Restart with the starting chips, as the learner's button does."""
    services.balance_reset(user=seat.user, seat_id=seat.pk)
