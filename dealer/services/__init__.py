"""Every write of dealer mode: opening a table, each round's actions (checked by the engine), the records.

No service here moves a chip of the learner's balance: the chips on the layout are simulated players'.
"""

from dealer.services.rounds import round_act, round_deal_next, round_find
from dealer.services.sessions import round_next, session_close, session_open

__all__ = [
    "round_act",
    "round_deal_next",
    "round_find",
    "round_next",
    "session_close",
    "session_open",
]
