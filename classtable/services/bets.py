"""The checks a class-table bet must pass: the class table's limits, its side bets, the balance."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation

from baccarat import Bet, InvalidBetError, validate_bets
from classtable import errors
from classtable.models import ClassTable
from table import errors as table_errors
from table.amounts import amount_text, chips_text
from table.bets import bet_name, class_side_bets, stake_on
from table.services.drafts import check_offered


def bets_from(stakes: Mapping[str, str | Decimal]) -> list[Bet]:
    """Engine bets from ``{kind: amount}`` (a draft, or a form's fields); zero stakes are left out.

    :raises errors.InvalidInput: for an unknown kind or an amount that is not a number.
    """
    bets = []
    for kind, text in stakes.items():
        try:
            amount = Decimal(str(text))
        except InvalidOperation:
            raise errors.InvalidInput(table_errors.STAKE_NOT_A_NUMBER) from None
        if amount == 0:
            continue
        try:
            bets.append(stake_on(kind, amount))
        except InvalidBetError:
            raise errors.InvalidInput(table_errors.UNKNOWN_BET_KIND.format(kind=kind)) from None
    return bets


def check_bets(table: ClassTable, balance: Decimal, bets: Sequence[Bet], *, draft: bool = False) -> Decimal:
    """Check the class table's limits, its side bets and the balance; return the total stake.

    ``draft``: no bet, or a spot under the minimum while chips are stacked on it, is fine.
    """
    if not bets:
        if draft:
            return Decimal("0.00")
        raise errors.InvalidInput(table_errors.NO_BETS)
    taken: dict[str, str] = {}
    for bet in bets:
        spec = bet.spec
        if spec.one_side_only and spec.family in taken:
            names = {"bet": bet_name(taken[spec.family]), "other": bet_name(spec.key)}
            raise errors.InvalidInput(table_errors.ONE_SIDE_ONLY.format(**names))
        taken[spec.family] = spec.key
    preset = table.table
    try:
        check_offered(bets, class_side_bets(table.classroom, preset))
        validate_bets(bets)
    except table_errors.InvalidInput as error:
        raise errors.InvalidInput(error.message) from None
    except InvalidBetError as error:
        raise errors.InvalidInput(str(error)) from None
    for bet in bets:
        if bet.amount != bet.amount.to_integral_value():
            raise errors.InvalidInput(table_errors.STAKE_NOT_WHOLE.format(amount=amount_text(bet.amount)))
        low, high = preset.limits(bet.kind)
        if bet.amount > high or (bet.amount < low and not draft):
            if not bet.spec.is_side_bet:
                message = table_errors.MAIN_BET_LIMITS.format(min=chips_text(low), max=chips_text(high))
            else:
                message = table_errors.SIDE_BET_LIMITS.format(
                    bet=bet_name(bet.spec.key), min=chips_text(low), max=chips_text(high)
                )
            raise errors.InvalidInput(message)
    total = sum((bet.amount for bet in bets), Decimal("0.00"))
    if total > balance:
        raise errors.InvalidInput(
            table_errors.NOT_ENOUGH_CHIPS.format(total=amount_text(total), balance=amount_text(balance))
        )
    return total
