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
from collections.abc import AsyncIterator
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


class BotGate:
    """Admits bot moves a few at a time, first come first served, and one at a time while the
    event loop lags."""

    def __init__(
        self, slots: int = SLOTS, lag_limit: float = LAG_LIMIT, tick: float = TICK
    ) -> None:
        self.slots = slots
        self.lag_limit = lag_limit
        self.tick = tick
        """How often the watcher measures the lag (seconds)."""
        self.lag = 0.0
        """The event loop's latest lag: how much later than asked the watcher woke (s)."""
        self.busy = 0
        """Bot moves admitted and not finished."""
        self._queue: deque[asyncio.Future[None]] = deque()
        self._watcher: asyncio.Task[None] | None = None

    @property
    def waiting(self) -> int:
        """Bot moves waiting to be admitted."""
        # Read by /metrics from a worker thread while the event loop changes the queue: a
        # copy first (one step under the interpreter's lock), not a walk over the live deque
        # ("deque mutated during iteration" answered a scrape under load with a 500).
        return sum(1 for f in tuple(self._queue) if not f.done())

    def start(self) -> None:
        """Start measuring the event loop's lag (call from the running loop)."""
        if self._watcher is None:
            self._watcher = asyncio.get_running_loop().create_task(self._watch())

    def stop(self) -> None:
        """Stop the watcher."""
        if self._watcher is not None:
            self._watcher.cancel()
            self._watcher = None

    @asynccontextmanager
    async def admitted(self) -> AsyncIterator[None]:
        """Wait for a slot and a loop that keeps up, then hold the slot for one bot move."""
        if self._queue or not self._open():
            waiter = asyncio.get_running_loop().create_future()
            self._queue.append(waiter)
            try:
                await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    # Handed a slot at the moment it was cancelled: pass the slot on.
                    self.busy -= 1
                    self._wake()
                raise
        else:
            self.busy += 1
        try:
            yield
        finally:
            self.busy -= 1
            self._wake()

    def resize(self, slots: int) -> None:
        """Let ``slots`` bot moves run at once from now on (0 shuts the gate)."""
        self.slots = slots
        self._wake()

    def _open(self) -> bool:
        # While the loop lags, one bot move at a time still goes: bots slow down, never stop
        # (their tables' people wait for them too).
        return self.busy < (self.slots if self.lag <= self.lag_limit else min(self.slots, 1))

    def _wake(self) -> None:
        """Hand free slots to the bot moves that wait longest (one each: no stampede)."""
        while self._queue and self._open():
            waiter = self._queue.popleft()
            if not waiter.done():  # a cancelled one left its place empty
                self.busy += 1
                waiter.set_result(None)

    async def _watch(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(self.tick)
            self.lag = max(0.0, time.perf_counter() - asked - self.tick)
            self._wake()
