"""The practice table's requests as the views tests send them, with and without htmx."""

from __future__ import annotations

from django.urls import reverse


def confirm(client, headers=None, round="1", **stakes):
    data = {"round": round, **{f"stake_{kind}": str(amount) for kind, amount in stakes.items()}}
    return client.post(reverse("table:round-confirm"), data, headers=headers or {})


def deal(client, index, headers=None, round="1"):
    return client.post(
        reverse("table:round-deal"), {"round": round, "card": str(index)}, headers=headers or {}
    )
