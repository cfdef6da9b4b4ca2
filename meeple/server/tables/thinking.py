"""The bots' searches, shared out fairly among the people whose tables they play at.

The worker pool runs its jobs first come first served: one guest's hundred tables of ``hard``
bots (the guest need not even sit at them) kept both workers busy, and a bot at anyone else's
table waited behind a hundred searches, 21 s a move instead of 0.16. :class:`Thinkers` stands
in front of the pool: it gives it only as many searches as it has workers, and the searches
that wait are served in turn by whose table they are for (:func:`whose`): one search of each
person in turn, whatever the number of their tables. And no one person's searches take every
worker: the last free one goes only to someone who has none running, so a bot at another
person's table starts thinking as soon as its wait (``--bot-delay``) is over.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any, TypeVar

from meeple.server.tables.live import LiveTable
from meeple.server.tables.pacing import FairSlots

T = TypeVar("T")

UNATTENDED = "unattended"
"""The key of the tables whose maker is not known here and at which nobody sits (bot tables
brought back after a restart): they share one turn."""


def whose(table: LiveTable) -> Hashable:
    """Whose turn a table's bot waits in: its maker's, or else the first person seated."""
    if table.creator is not None:
        return table.creator
    for seat in table.seats:
        if seat.player is not None:
            return seat.player.id
    return UNATTENDED


class Thinkers(FairSlots):
    """At most ``slots`` searches at once in the executor (the bot worker processes, or
    threads), handed out in turn by key, and never all of them to one key."""

    def __init__(self, slots: int, executor: Executor | None = None) -> None:
        super().__init__(max(1, slots), keep_one=slots > 1)
        self.executor = executor
        """Where the searches run; ``None``: threads of their own, made when first needed."""
        self._threads: ThreadPoolExecutor | None = None

    async def run(self, key: Hashable, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in the executor, in ``key``'s turn."""
        await self.enter(key)
        loop = asyncio.get_running_loop()
        try:
            future = self._executor().submit(work, *args)
        except BaseException:
            self.leave(key)
            raise

        def done(_: object) -> None:
            # The slot is free when the work is over, not when its waiter is cancelled (the
            # worker goes on thinking until it is done).
            with contextlib.suppress(RuntimeError):  # a closed loop: the server stopped
                loop.call_soon_threadsafe(self.leave, key)

        future.add_done_callback(done)
        return await asyncio.wrap_future(future)

    def _executor(self) -> Executor:
        if self.executor is not None:
            return self.executor
        if self._threads is None:
            self._threads = ThreadPoolExecutor(self.slots, thread_name_prefix="bot")
        return self._threads

    def shutdown(self) -> None:
        """Stop the threads of its own (the worker processes are the hub's)."""
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None
