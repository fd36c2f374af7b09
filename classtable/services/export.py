"""The session CSV's rows: every seat, bet, call and result of one class-table session.

Plain strings; the view that serves the download applies ``instructors.report.csv_safe`` to each cell
(a learner's name could start with ``=``).
"""

from __future__ import annotations

from classtable.models import ClassBet, ClassCall, ClassRound, ClassSeat

HEADER = ["round", "learner", "record", "spot_or_question", "amount_or_answer", "result", "returned", "at"]


def session_csv_rows(table_id: int) -> list[list[str]]:
    """The header, then per round: its result, each bet of each learner, each call; then each seat."""
    rows = [list(HEADER)]
    rounds = ClassRound.objects.filter(table_id=table_id).order_by("number")
    bets = (
        ClassBet.objects.filter(play__round__table_id=table_id)
        .select_related("play__user", "play__round")
        .order_by("play__round__number", "play__user__username", "pk")
    )
    calls = (
        ClassCall.objects.filter(round__table_id=table_id)
        .select_related("user", "round")
        .order_by("round__number", "called_at", "pk")
    )
    by_round: dict[int, list[list[str]]] = {}
    for bet in bets:
        by_round.setdefault(bet.play.round.number, []).append(
            [
                str(bet.play.round.number),
                bet.play.user.username,
                "bet",
                bet.kind,
                str(bet.amount),
                bet.result,
                str(bet.returned_total),
                bet.play.confirmed_at.isoformat() if bet.play.confirmed_at else "",
            ]
        )
    for call in calls:
        by_round.setdefault(call.round.number, []).append(
            [
                str(call.round.number),
                call.user.username,
                "call",
                call.question,
                call.answer,
                "right" if call.correct else "wrong",
                "",
                call.called_at.isoformat(),
            ]
        )
    for round in rounds:
        result = round.winner or round.state
        totals = f"{round.player_total}-{round.banker_total}" if round.player_total is not None else ""
        at = round.settled_at.isoformat() if round.settled_at else ""
        rows.append([str(round.number), "", "coup", round.cards, totals, result, "", at])
        rows.extend(by_round.get(round.number, []))
    for seat in (
        ClassSeat.objects.filter(table_id=table_id).select_related("user").order_by("joined_at", "pk")
    ):
        left = seat.left_at.isoformat() if seat.left_at else ""
        rows.append(["", seat.user.username, "seat", "joined", seat.joined_at.isoformat(), "left", left, ""])
    return rows
