"""Shortcuts for the class-table tests: bets in a line, the dealer's whole coup, the ledger's totals."""

from __future__ import annotations

from decimal import Decimal

from classtable import services
from classtable.models import ClassRound
from table.bets import stake_on
from table.models import LedgerEntry, Seat


def bets(**stakes: int):
    return [stake_on(kind, Decimal(amount)) for kind, amount in stakes.items()]


def balance(user) -> Decimal:
    return Seat.objects.get(user=user, kind=Seat.Kind.TABLE).balance


def ledger_rows() -> int:
    return LedgerEntry.objects.count()


def current(table) -> ClassRound:
    return ClassRound.objects.filter(table=table).order_by("-number").first()


def deal_out(table, round_number: int = 1) -> ClassRound:
    """Deal the round's cards until the coup settles (the class calls no draws)."""
    while True:
        round = current(table)
        if round.state != ClassRound.State.DEALING:
            return round
        services.card_deal(
            user=table.dealer,
            table_id=table.pk,
            round_number=round_number,
            expected_index=len(round.card_tokens),
        )
