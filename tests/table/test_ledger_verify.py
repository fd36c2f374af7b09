"""``manage.py ledger_verify`` and ``ledger_problems``: every seat's balance is its ledger's sum."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command

from table import services
from table.models import Seat


@pytest.mark.django_db
def test_ledger_verify_says_all_is_well(seat, capsys):
    call_command("ledger_verify")
    assert "each balance equals the sum of its ledger" in capsys.readouterr().out
    assert services.ledger_problems() == []


@pytest.mark.django_db
def test_ledger_verify_lists_a_drifted_seat_and_exits_1(seat, capsys, request):
    Seat.objects.filter(pk=seat.pk).update(balance=Decimal("5.00"))
    with pytest.raises(CommandError) as refused:
        call_command("ledger_verify")
    assert refused.value.returncode == 1
    assert f"Seat {seat.pk}" in capsys.readouterr().err
    assert len(services.ledger_problems()) == 1
    Seat.objects.filter(pk=seat.pk).update(balance=Decimal("100.00"))  # for the ledger fixture after it


@pytest.mark.django_db
def test_ledger_append_refuses_a_seat_that_changed_since_it_was_read(seat):
    stale = Seat.objects.get(pk=seat.pk)
    services.balance_reset(user=seat.user, force=True, target=Decimal("50.00"))
    with pytest.raises(services.LedgerMismatch):
        services.ledger_append(stale, [services.Entry("grant", Decimal("1.00"))])
