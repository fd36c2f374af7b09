"""The class table: an instructor deals one shoe and the whole class bets and calls together."""
