"""The drawing rules of Punto Banco as plain functions of point values.

Design overview: these three functions are the whole third-card rule set. The
coup and the exact-odds calculation both call them, so there is one table in
the engine. They take and return plain ints so the odds loop stays fast.

- A two-card total of 8 or 9 in either hand is a natural: nobody draws.
- Player draws on 0-5 and stands on 6-7.
- If Player stood, Banker draws on 0-5 and stands on 6-7.
- If Player drew, Banker decides on its total and the value of Player's third
  card: 0-2 always draws; 3 unless the card is 8; 4 on 2-7; 5 on 4-7;
  6 on 6-7; 7 stands.
"""

from __future__ import annotations

__all__ = ["BANKER_TABLE", "MAX_CARDS_PER_COUP", "banker_draws", "is_natural", "player_draws"]

#: The most cards one coup can use (two each, and a third each): a shoe with fewer left is finished.
MAX_CARDS_PER_COUP = 6


def is_natural(total: int) -> bool:
    """Whether a two-card total is a natural.

    >>> is_natural(8), is_natural(7)
    (True, False)
    """
    return total >= 8


def player_draws(player_total: int) -> bool:
    """Whether Player draws a third card on this two-card total (no natural).

    >>> player_draws(5), player_draws(6)
    (True, False)
    """
    return player_total <= 5


#: For each Banker total 0-7, the values of Player's third card on which Banker
#: draws (used only when Player drew).
BANKER_TABLE: dict[int, frozenset[int]] = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset(range(10)) - {8},
    4: frozenset(range(2, 8)),
    5: frozenset(range(4, 8)),
    6: frozenset({6, 7}),
    7: frozenset(),
}


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """Whether Banker draws, given Player's third card value (``None``: Player stood).

    >>> banker_draws(3, 8), banker_draws(4, 2), banker_draws(5, None)
    (False, True, True)
    """
    if player_third is None:
        return banker_total <= 5
    return player_third in BANKER_TABLE[banker_total]
