"""Keeping a gunicorn server's connections spread evenly over its workers.

Every worker of gunicorn waits on the one listening socket, and the kernel hands a new connection to
whichever worker takes it first. Nothing evens that out, and a browser, or Caddy in front, keeps its
connection open for request after request. So a class table's sixty polling learners stay with the
worker that took their first request, which is often the same one: in the class-table bench one worker
held 57 of 61 connections and used 55 s of CPU while the other used 4 s. One interpreter then does
nearly all the work on one core, and a poll's 304 waits for its lock behind the renders of other
learners' bets (p95 25-29 ms, and 37-83 ms while the class bets; 9 ms in a run whose connections
happened to split 41 to 19).

This module keeps them even. Each worker publishes its number of connections on a board in memory
that the master creates before it forks and every worker shares (``Board``). A worker that holds more
connections than its least-loaded sibling:

- leaves a new connection to the others for a moment (``ACCEPT_PAUSE``): it stops watching the
  listening socket, and takes the connection itself when the pause is over and no sibling has (then
  it counts no sibling for ``SIBLINGS_BACKOFF``: one may be stuck);
- ends, now and then (``SHED_EVERY``), a kept-alive connection once more than ``MARGIN`` above that
  sibling: the answer it is sending says ``Connection: close``, so the client opens a new connection
  for its next request (as browsers and proxies do without a sound), and the new one goes to a worker
  with fewer. A worker that booted late, or was restarted, so gets its share within seconds.

A worker is on the board only while it accepts connections: from the moment its app is loaded until
it begins to stop. So nothing is left or shed to a sibling that is still booting or already stopping.
A server with one worker, or a worker that found no free slot on the board, balances nothing: it
serves as gunicorn would.
"""

from __future__ import annotations

import mmap
import os
import struct

#: Workers a board has room for (a worker past them runs unbalanced).
SLOTS = 64
#: Seconds a worker over its share leaves a waiting connection to its siblings before it takes it.
ACCEPT_PAUSE = 0.05
#: Seconds a worker leaves its siblings out of the count after one of them did not take a connection
#: left to it (a stuck or stopped one would only get what it cannot serve).
SIBLINGS_BACKOFF = 1.0
#: Connections a worker may hold above its least-loaded sibling before it ends kept-alive ones.
MARGIN = 2
#: Seconds between two looks at whether to end a connection, so at most one is ended in that time (the
#: clients' new connections land before the next look).
SHED_EVERY = 0.05

#: A slot: the worker's pid (0: free) and its number of connections.
_SLOT = struct.Struct("=ii")
_COUNT = struct.Struct("=i")


def _alive(pid: object) -> bool:
    """Whether a worker's process still runs (a pid not yet known: it is being forked)."""
    if not isinstance(pid, int):
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def over_share(mine: int, others: list[int]) -> bool:
    """Whether a worker with ``mine`` connections should leave a new one to a sibling."""
    return bool(others) and mine > min(others)


def should_shed(mine: int, others: list[int]) -> bool:
    """Whether a worker with ``mine`` connections should end one of its kept-alive ones."""
    return bool(others) and mine > min(others) + MARGIN


class Board:
    """Each worker's number of connections, in anonymous shared memory.

    The master makes the board (at import of this module, before any fork) and gives each worker a
    slot as it creates it (``claim``, in the master: gunicorn makes the worker object, then forks).
    Each worker writes only its own slot and reads the others'.
    """

    def __init__(self, slots: int = SLOTS) -> None:
        self.slots = slots
        self.memory = mmap.mmap(-1, slots * _SLOT.size)
        #: In the master: the worker object each slot was given to (its ``pid`` is set after the fork).
        self.holders: dict[int, object] = {}

    def claim(self, worker: object) -> int | None:
        """In the master, before the fork: a slot for ``worker`` (one whose worker has ended), or None."""
        for slot in range(self.slots):
            holder = self.holders.get(slot)
            if holder is None or not _alive(getattr(holder, "pid", None)):
                self.holders[slot] = worker
                _SLOT.pack_into(self.memory, slot * _SLOT.size, 0, 0)
                return slot
        return None

    def join(self, slot: int, pid: int) -> None:
        """In the worker, once it accepts connections: its pid, and no connection yet."""
        _SLOT.pack_into(self.memory, slot * _SLOT.size, pid, 0)

    def leave(self, slot: int) -> None:
        """In the worker, once it stops accepting: its siblings count it no more."""
        _SLOT.pack_into(self.memory, slot * _SLOT.size, 0, 0)

    def publish(self, slot: int, connections: int) -> None:
        """In the worker: how many connections it holds now."""
        _COUNT.pack_into(self.memory, slot * _SLOT.size + 4, connections)

    def others(self, slot: int) -> list[int]:
        """The number of connections of every other worker still running."""
        counts = []
        for other in range(self.slots):
            if other == slot:
                continue
            pid, connections = _SLOT.unpack_from(self.memory, other * _SLOT.size)
            if pid and _alive(pid):
                counts.append(connections)
        return counts


#: The server's board: made in the master when gunicorn loads the worker class, shared by every fork.
BOARD = Board()
