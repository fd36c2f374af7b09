"""Auditions: a timed dealer exam, signed off by the instructor, and its certificate."""
