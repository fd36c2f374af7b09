"""Plain-language sentences for the engine's decisions, and card names.

The engine gives machine-readable reasons with their figures; this module is
the edge that turns them into sentences for people. Lessons and the table use
the same sentences.
"""

from __future__ import annotations

from table.engine import Card, Hand, Rank, Reason, Step, Suit

RANK_NAMES = {
    Rank.ACE: "ace",
    Rank.TWO: "two",
    Rank.THREE: "three",
    Rank.FOUR: "four",
    Rank.FIVE: "five",
    Rank.SIX: "six",
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
}
SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
HAND_NAMES = {Hand.PLAYER: "Player", Hand.BANKER: "Banker"}


def card_name(card: Card) -> str:
    """``seven of clubs``; a card without a suit is named by its rank alone."""
    rank = RANK_NAMES[card.rank]
    return f"{rank} of {SUIT_NAMES[card.suit]}" if card.suit else rank


def _article(value: int) -> str:
    return "an" if value == 8 else "a"


def reason_sentence(reason: Reason, params) -> str:
    """One sentence for one decision."""
    p, b = params.get("player_total"), params.get("banker_total")
    third = params.get("player_third")
    before = params.get("banker_total_before_draw", b)
    match reason:
        case Reason.NATURAL:
            who = " and ".join(
                name for name, total in (("Player", p), ("Banker", b)) if total is not None and total >= 8
            )
            verb = "have" if " and " in who else "has"
            return f"Natural: {who} {verb} 8 or 9 with two cards, so nobody draws."
        case Reason.PLAYER_DRAWS:
            return f"Player has {p}: on 0 to 5 Player draws a third card."
        case Reason.PLAYER_STANDS:
            return f"Player has {p}: on 6 or 7 Player stands."
        case Reason.BANKER_DRAWS_PLAYER_STOOD:
            return f"Player stood, and Banker has {b}: on 0 to 5 Banker draws."
        case Reason.BANKER_STANDS_PLAYER_STOOD:
            return f"Player stood, and Banker has {b}: on 6 or 7 Banker stands."
        case Reason.BANKER_DRAWS_TABLE:
            return f"Banker has {before} and Player's third card is {_article(third)} {third}: Banker draws."
        case Reason.BANKER_STANDS_TABLE:
            return f"Banker has {before} and Player's third card is {_article(third)} {third}: Banker stands."
        case Reason.COUP_OVER:
            if p == b:
                return f"Both hands have {p}: it is a tie."
            winner = "Player" if p > b else "Banker"
            return f"Player {p}, Banker {b}: {winner} wins by {abs(p - b)}."
        case _:
            return ""


def step_sentences(step: Step) -> list[str]:
    """What happened with one card: where it went, then each decision it led to."""
    sentences = [f"{HAND_NAMES[step.hand]} receives the {card_name(step.card)}."]
    sentences += [
        reason_sentence(reason, step.params) for reason in step.reasons if reason != Reason.INITIAL_CARD
    ]
    return sentences


def bet_sentence(bet) -> str:
    """How one settled bet was paid, in words (``Banker won: 10.00 back + 10.00 winnings − 0.50 …``)."""
    label = bet.get_kind_display()
    if bet.result == "lost":
        return f"{label} lost: the {bet.amount} chips staked stay with the table, nothing comes back."
    if bet.result == "push":
        return f"{label} is a push: the {bet.amount} chips staked come back, no winnings."
    parts = f"{bet.stake_returned} back + {bet.winnings} winnings"
    if bet.commission:
        parts += f" − {bet.commission} commission"
    return f"{label} won: {parts} = {bet.returned_total} chips."
