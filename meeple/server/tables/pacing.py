"""Pacing the bots, so that people never wait behind them.

Bots at full speed are an unbounded load: every bot move makes the next one ready at once, so
hundreds of tables of bots keep the event loop saturated whatever the server's speed. What a
person waits for is then decided by scheduling: asyncio runs the callbacks that are ready in
the order they became ready, and a person's action (or a REST call) that arrives behind two
hundred bot moves waits for all of them.

So bot moves go through a :class:`BotGate`: a few at a time (a bounded number of slots), and
one at a time while the event loop lags (it measures itself: a watcher that asks to wake every
few milliseconds and notes how late it woke). People's actions and REST calls never pass through
it. Under load the bots play a little slower and people do not wait; without load the gate
costs nothing (a free slot is taken at once).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager

SLOTS = 8
"""Bot moves in progress at once (across every table) when commits go through the action
writer's thread (PostgreSQL, ``--sqlite-sync full``, ``--sqlite-commits thread``): each bot
move then mostly waits for its commit, so a few at a time fill the writer's group commits,
few enough that one turn of the event loop never holds more than a few milliseconds of bot
work."""

INLINE_SLOTS = 1
"""Bot moves in progress at once when commits are made on the event loop (SQLite's default,
:mod:`meeple.server.store.writer`). A bot move then waits for nothing but its turn, so a slot is not
for overlapping commits: every extra one is another bot move's views and messages in the turn
a person's move waits behind. 500 tables at full speed, 2026-11-28 (4, 2 and 4 rows, in
turn): a person's move p50 4.1–5.0 ms with 8 slots, 1.6–1.8 with 2, 1.2–1.5 with 1; p99
42–64, 33–34, 19–50 ms; actions stored a second alike (1,530–1,778, 1,646–1,707,
1,510–1,683). Figures in ``docs/deploy.md``."""

LAG_LIMIT = 0.010
"""While the event loop wakes later than this (seconds), bot moves go one at a time."""

TICK = 0.005
"""How often the watcher measures the event loop's lag (seconds)."""


class FairSlots:
    """So many holders at a time; those who wait are served in turn by their key (round-robin:
    a key that waits for the first time is served after at most one holder of each key that
    waits before it), and with one key, first come first served.

    ``keep_one``: the last free slot goes only to a key that holds none. One key alone then
    never holds them all: another key's first comes in at once, without waiting for any
    holder to finish (the bots' searches, :mod:`.thinking`: a search holds its slot for up to
    a second or two)."""

    def __init__(self, slots: int, *, keep_one: bool = False) -> None:
        self.slots = slots
        self.keep_one = keep_one
        self.busy = 0
        """Holders now."""
        self.held: dict[Hashable, int] = {}
        """Holders now, by key (only with ``keep_one``)."""
        self._lanes: dict[Hashable, deque[asyncio.Future[None]]] = {}
        """Who waits, by key, in the order the keys are to be served (a served key goes to the
        back of the round)."""

    @property
    def waiting(self) -> int:
        """Holders waiting for a slot."""
        # Read by /metrics from a worker thread while the event loop changes the lanes: copies
        # first (each one step under the interpreter's lock), never a walk over a live deque
        # ("deque mutated during iteration" answered a scrape under load with a 500).
        lanes = tuple(self._lanes.values())
        return sum(1 for lane in lanes for f in tuple(lane) if not f.done())

    @asynccontextmanager
    async def admitted(self, key: Hashable = None) -> AsyncIterator[None]:
        """Wait for a slot (in ``key``'s turn), then hold it."""
        await self.enter(key)
        try:
            yield
        finally:
            self.leave(key)

    async def enter(self, key: Hashable = None) -> None:
        """Wait for a slot in ``key``'s turn and take it; :meth:`leave` gives it back."""
        if self._lanes or not self._may(key, self._open()):
            waiter = asyncio.get_running_loop().create_future()
            self._lanes.setdefault(key, deque()).append(waiter)
            # Others wait, but perhaps none who may take the free slot this key may take.
            self._wake()
            try:
                await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    # Handed a slot at the moment it was cancelled: pass the slot on.
                    self.leave(key)
                raise
        else:
            self._take(key)

    def leave(self, key: Hashable = None) -> None:
        """Give back a slot taken for ``key``."""
        self.busy -= 1
        if self.keep_one:
            held = self.held.pop(key, 0) - 1
            if held > 0:
                self.held[key] = held
        self._wake()

    def _take(self, key: Hashable) -> None:
        self.busy += 1
        if self.keep_one:
            self.held[key] = self.held.get(key, 0) + 1

    def _open(self) -> int:
        """Slots free now."""
        return self.slots - self.busy

    def _may(self, key: Hashable, free: int) -> bool:
        """Whether ``key`` may take one of ``free`` slots."""
        return free > 0 and (not self.keep_one or free > 1 or key not in self.held)

    def _wake(self) -> None:
        """Hand free slots to the waiting keys in turn (one each: no stampede)."""
        while self._lanes:
            free = self._open()
            key = next((k for k in self._lanes if self._may(k, free)), _NOBODY)
            if key is _NOBODY:
                return
            lane = self._lanes.pop(key)
            waiter = lane.popleft()
            if lane:
                self._lanes[key] = lane  # to the back of the round
            if not waiter.done():  # a cancelled one left its place empty
                self._take(key)
                waiter.set_result(None)

    def resize(self, slots: int) -> None:
        """Let ``slots`` run at once from now on (0 shuts them all)."""
        self.slots = slots
        self._wake()


_NOBODY = object()
"""No key may take a slot now (:meth:`FairSlots._wake`)."""


class BotGate(FairSlots):
    """Admits bot moves a few at a time, in turn by whose tables they are (first come first
    served for one), and one at a time while the event loop lags."""

    def __init__(
        self, slots: int = SLOTS, lag_limit: float = LAG_LIMIT, tick: float = TICK
    ) -> None:
        super().__init__(slots)
        self.lag_limit = lag_limit
        self.tick = tick
        """How often the watcher measures the lag (seconds)."""
        self.lag = 0.0
        """The event loop's latest lag: how much later than asked the watcher woke (s)."""
        self._watcher: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start measuring the event loop's lag (call from the running loop)."""
        if self._watcher is None:
            self._watcher = asyncio.get_running_loop().create_task(self._watch())

    def stop(self) -> None:
        """Stop the watcher."""
        if self._watcher is not None:
            self._watcher.cancel()
            self._watcher = None

    def _open(self) -> int:
        # While the loop lags, one bot move at a time still goes: bots slow down, never stop
        # (their tables' people wait for them too).
        slots = self.slots if self.lag <= self.lag_limit else min(self.slots, 1)
        return slots - self.busy

    async def _watch(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(self.tick)
            self.lag = max(0.0, time.perf_counter() - asked - self.tick)
            self._wake()
