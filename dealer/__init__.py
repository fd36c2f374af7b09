"""Dealer mode: the learner runs a whole layout's round as the croupier."""
