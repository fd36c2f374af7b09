"""What the class table's pages show (view models; markup is made by templates only).

``board``: the round as everyone at the table sees it (cards, sentences, the open decision, the class's
calls and bets); ``seat``: one learner's felt, bets and result; ``replay``: a finished session's shoe,
stepped through one card at a time.
"""
