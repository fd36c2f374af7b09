"""Making payout questions from an injected ``random.Random`` (seeded in tests), as they are kept."""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

from baccarat import (
    BetKind,
    Card,
    Coup,
    Outcome,
    PayoutSet,
    Rank,
    Suit,
    Winner,
)
from lessons.payout.question import (
    BANKER,
    COMMISSION,
    DRAGON,
    EZ_SEVEN,
    KIND_PREFIX,
    KINDS,
    LION,
    PAID,
    PAIR,
    SEVERAL,
    SIX,
    TIE,
)
from table.presets import PRESETS

# --- Making questions -------------------------------------------------------------------------


#: Stakes stay within the practice table's own limits, those of every table (issue 26): 5 to 100 on
#: Player, Banker and Tie, 10 to 50 on a Lion Bonus.
MAIN_STAKES = (int(max(p.min_bet for p in PRESETS.values())), int(min(p.max_bet for p in PRESETS.values())))
LION_STAKES = (int(max(p.lion_min for p in PRESETS.values())), int(min(p.lion_max for p in PRESETS.values())))
#: The pair bets, Dragon 7 and Panda 8 take 5 to 50 on every table (their ``BetSpec.limits``).
SIDE_STAKES = (5, 50)
#: The pair bets a pair question may ask about.
PAIR_BETS = (BetKind.PLAYER_PAIR, BetKind.BANKER_PAIR, BetKind.EITHER_PAIR, BetKind.PERFECT_PAIR)
#: How many random coups a side-bet question deals, at most, looking for the ending it wants.
_ATTEMPTS = 3000


def _stake(rng: random.Random, low: int, high: int) -> Decimal:
    """A stake in whole chips, a multiple of 5 from ``low`` to ``high``."""
    return Decimal(rng.randrange(low, high + 1, 5))


def _win(rng: random.Random, winner: Winner, *, total: int | None = None, margin: int | None = None) -> dict:
    """A finished coup won by ``winner`` (a tie when ``winner`` is TIE), as the question keeps it."""
    if winner is Winner.TIE:
        both = rng.randrange(10)
        return {"winner": "tie", "player": both, "banker": both, "natural": both >= 8 and rng.random() < 0.5}
    if margin is not None:
        high = rng.randrange(max(margin, 1), 10)
        low = high - margin
    else:
        high = total if total is not None else rng.randrange(1, 10)
        low = rng.randrange(high)
    natural = high >= 8 and rng.random() < 0.4 if margin is None else False
    player, banker = (high, low) if winner is Winner.PLAYER else (low, high)
    return {"winner": winner.value, "player": player, "banker": banker, "natural": natural}


def _question(kind: str, table: PayoutSet, coup: dict, bets: list[tuple[BetKind, Decimal]], ask) -> dict:
    return {
        "kind": KIND_PREFIX + kind,
        "table": table.name,
        **coup,
        "bets": [[bet.value, str(amount)] for bet, amount in bets],
        "ask": [[bet.value, what] for bet, what in ask],
    }


def _token(rng: random.Random) -> str:
    return f"{rng.choice(list(Rank)).value}{rng.choice(list(Suit)).value}"


def _random_coup(rng: random.Random) -> tuple[list[str], Outcome]:
    tokens = [_token(rng) for _ in range(6)]
    outcome = Coup.from_cards(Card.parse(token) for token in tokens).outcome
    assert outcome is not None, "six cards always finish a coup"
    return tokens, outcome


def _dealt(rng: random.Random, wanted) -> dict:
    """A coup dealt from random cards for which ``wanted(outcome)`` holds, kept with its cards."""
    tokens, outcome = _random_coup(rng)
    for _attempt in range(_ATTEMPTS):
        if wanted(outcome):
            break
        tokens, outcome = _random_coup(rng)
    dealt = tokens[: outcome.cards_dealt]
    return {
        "winner": outcome.winner.value,
        "player": outcome.player_total,
        "banker": outcome.banker_total,
        "natural": outcome.natural,
        "cards": dealt,
    }


def _three_card(outcome: Outcome, winner: Winner, total: int) -> bool:
    count = outcome.banker_count if winner is Winner.BANKER else outcome.player_count
    won = outcome.banker_total if winner is Winner.BANKER else outcome.player_total
    return outcome.winner is winner and count == 3 and won == total


def _has_pair(outcome: Outcome, bet: BetKind) -> bool:
    player, banker = outcome.player_cards[:2], outcome.banker_cards[:2]
    pair_p, pair_b = player[0].rank == player[1].rank, banker[0].rank == banker[1].rank
    if bet is BetKind.PLAYER_PAIR:
        return pair_p
    if bet is BetKind.BANKER_PAIR:
        return pair_b
    if bet is BetKind.EITHER_PAIR:
        return pair_p or pair_b
    return any(first == second for first, second in (player, banker))


def _side_question(rng: random.Random, kind: str) -> dict[str, Any]:
    """An EZ Banker push on a three-card 7, a Dragon 7 beside a Banker bet, or a pair beside a main bet."""
    if kind == EZ_SEVEN:
        seven = rng.random() < 0.7
        coup = _dealt(rng, lambda o: _three_card(o, Winner.BANKER, 7) == seven and o.winner is Winner.BANKER)
        bets = [(BetKind.BANKER, _stake(rng, *MAIN_STAKES))]
        return _question(kind, PayoutSet.EZ, coup, bets, [(BetKind.BANKER, PAID)])
    if kind == DRAGON:
        seven = rng.random() < 0.6
        coup = _dealt(rng, lambda o: _three_card(o, Winner.BANKER, 7) == seven)
        bets = [(BetKind.BANKER, _stake(rng, *MAIN_STAKES)), (BetKind.DRAGON_7, _stake(rng, *SIDE_STAKES))]
        return _question(kind, PayoutSet.EZ, coup, bets, [(bet, PAID) for bet, _amount in bets])
    table = rng.choice((PayoutSet.STANDARD, PayoutSet.NO_COMMISSION, PayoutSet.EZ))
    main = rng.choice((BetKind.PLAYER, BetKind.BANKER))
    side = rng.choice(PAIR_BETS)
    paired = rng.random() < 0.6
    coup = _dealt(rng, lambda o: _has_pair(o, side) == paired)
    bets = [(main, _stake(rng, *MAIN_STAKES)), (side, _stake(rng, *SIDE_STAKES))]
    return _question(kind, table, coup, bets, [(bet, PAID) for bet, _amount in bets])


def make_question(rng: random.Random, kind: str | None = None) -> dict[str, Any]:
    """A new payout question of ``kind`` (any kind when ``None``), as it is kept on the server."""
    kind = kind or rng.choice(KINDS)
    if kind in (EZ_SEVEN, DRAGON, PAIR):
        return _side_question(rng, kind)
    if kind == BANKER:
        stake = _stake(rng, *MAIN_STAKES)
        coup = _win(rng, Winner.BANKER)
        ask = [(BetKind.BANKER, PAID), (BetKind.BANKER, COMMISSION)]
        return _question(kind, PayoutSet.STANDARD, coup, [(BetKind.BANKER, stake)], ask)
    if kind == TIE:
        table = rng.choice((PayoutSet.STANDARD, PayoutSet.NO_COMMISSION))
        stake = _stake(rng, *MAIN_STAKES)
        return _question(kind, table, _win(rng, Winner.TIE), [(BetKind.TIE, stake)], [(BetKind.TIE, PAID)])
    if kind == SIX:
        total = 6 if rng.random() < 0.7 else rng.choice([1, 2, 3, 4, 5, 7, 8, 9])
        coup = _win(rng, Winner.BANKER, total=total)
        stake = _stake(rng, *MAIN_STAKES)
        bets = [(BetKind.BANKER, stake)]
        return _question(kind, PayoutSet.NO_COMMISSION, coup, bets, [(BetKind.BANKER, PAID)])
    if kind == LION:
        table = rng.choice((PayoutSet.STANDARD, PayoutSet.NO_COMMISSION))
        bet = rng.choice((BetKind.LION_PLAYER, BetKind.LION_BANKER))
        side = Winner.PLAYER if bet is BetKind.LION_PLAYER else Winner.BANKER
        other = Winner.BANKER if side is Winner.PLAYER else Winner.PLAYER
        chance = rng.random()
        if chance < 0.2:
            coup = _win(rng, side, total=rng.choice((8, 9)))
            coup["natural"] = True
        elif chance < 0.9:
            coup = _win(rng, side, margin=rng.randrange(1, 10))
        else:
            coup = _win(rng, other)
        return _question(kind, table, coup, [(bet, _stake(rng, *LION_STAKES))], [(bet, PAID)])
    if kind == SEVERAL:
        table = rng.choice((PayoutSet.STANDARD, PayoutSet.NO_COMMISSION))
        spots = rng.sample([BetKind.PLAYER, BetKind.BANKER, BetKind.TIE], rng.choice((2, 2, 3)))
        if rng.random() < 0.3:
            spots.append(rng.choice((BetKind.LION_PLAYER, BetKind.LION_BANKER)))
        winner = rng.choice((Winner.PLAYER, Winner.BANKER, Winner.BANKER, Winner.TIE))
        coup = _win(rng, winner)
        spots.sort(key=list(BetKind).index)
        bets = [
            (spot, _stake(rng, *LION_STAKES) if spot.is_lion else _stake(rng, *MAIN_STAKES)) for spot in spots
        ]
        return _question(kind, table, coup, bets, [(spot, PAID) for spot in spots])
    raise ValueError(f"{kind!r} is not a payout question kind.")
