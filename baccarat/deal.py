"""The exactly-once deal rule: a request names the card it expects, by its index in the coup.

A coup is dealt one card per request, and requests repeat (a double click, a
replayed form, two tabs). Each names the index of the card it expects, so a
request for a card already dealt changes nothing and is answered with the
coup as it stands; one for a card past the next is refused.

>>> deal_request(dealt=2, expected_index=2)
<DealRequest.NEXT: 'next'>
>>> deal_request(dealt=2, expected_index=1)
<DealRequest.DEALT: 'dealt'>
>>> deal_request(dealt=2, expected_index=5)
<DealRequest.AHEAD: 'ahead'>
"""

from __future__ import annotations

from enum import Enum

__all__ = ["DealRequest", "deal_request"]


class DealRequest(Enum):
    """What a request for the card at an index asks, given how many cards are dealt."""

    #: That card is already dealt: change nothing, answer the coup as it stands.
    DEALT = "dealt"
    #: The next card: deal it.
    NEXT = "next"
    #: A card past the next one: refuse.
    AHEAD = "ahead"


def deal_request(dealt: int, expected_index: int) -> DealRequest:
    """Classify a request for card ``expected_index`` of a coup of which ``dealt`` cards are out."""
    if expected_index < dealt:
        return DealRequest.DEALT
    if expected_index > dealt:
        return DealRequest.AHEAD
    return DealRequest.NEXT
