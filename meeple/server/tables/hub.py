"""The hub: every table in play, and the only code that changes them.

Each table has a lock; an action is checked, applied to a copy of the state, written to the
database, and only then becomes the table's state (so a failed write changes nothing), after
which every client at the table is sent its own view. Bots, timers and absent players are
scheduled from :meth:`Hub.schedule` after every change.

The hub is made of parts, each a file, each building on the one below:

- :mod:`.core` — what the parts share, and tables found in memory or read from the store;
- :mod:`.connections` — sockets at their seats, every change told to every client, and the
  sockets of ended or expired sessions turned into spectators;
- :mod:`.seating` — tables created, joined and left;
- :mod:`.moves` — the move path;
- :mod:`.scheduling` — the bots to start and the timer to set after every change;
- :mod:`.bots` — bot moves;
- :mod:`.peering` — what other server processes tell this one;
- :mod:`.turns` — turn-based tables: clocks stored, timeouts fired, idle tables let go;
- :mod:`.expiry` — open tables that nobody joins expire.
"""

from __future__ import annotations

import asyncio

from meeple.server.store import OPEN, RUNNING
from meeple.server.tables import botwork
from meeple.server.tables.expiry import Expiry
from meeple.server.tables.workers import bot_pool


class Hub(Expiry):
    """All tables in play, their bots and timers, and the store behind them."""

    async def startup(self) -> None:
        """Start the bot workers and bring back every open and running live table (the open
        tables that waited too long expire first; a turn-based one is loaded when someone
        comes or its clock runs out)."""
        self.gate.start()
        self.start_sweeping()
        self.start_turns()
        self.session_keeper = asyncio.create_task(self.keep_sessions())
        if self.settings.bot_workers > 0:
            self.pool = bot_pool(self.settings.bot_workers)
            self.thinkers.executor = self.pool
            # Every worker started and its games loaded now, not at some person's bot's
            # first search (a worker is started only when a search finds none idle).
            for _ in range(self.settings.bot_workers):
                self.pool.submit(botwork.warm)
        if self.cluster is not None:
            # Tables are loaded when asked for; the cluster's keeper takes the leases of the
            # running tables nobody holds, and this process then runs them.
            await self.cluster.start()
            return
        self.expire_stored()
        everything = 1_000_000
        for table_id in [
            *self.store.tables([OPEN], everything),
            *self.store.tables([RUNNING], everything, live=True),
        ]:
            table = self.load(table_id)
            if table is not None and table.status == RUNNING:
                async with table.lock:
                    self.schedule(table)

    async def shutdown(self) -> None:
        """Stop timers and bots; stored tables need nothing more."""
        self.gate.stop()
        self.stop_sweeping()
        self.stop_turns()
        if self.session_keeper is not None:
            self.session_keeper.cancel()
        for table in self.tables.values():
            for task in [table.timer, *table.bots.values()]:
                if task is not None:
                    task.cancel()
        if self.cluster is not None:
            await self.cluster.stop()
        self.writer.close()
        self.thinkers.shutdown()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
