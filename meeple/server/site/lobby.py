"""The lobby's lists of open and running tables.

Alone, a process holds every open and running table, and lists them from memory
(:meth:`Hub.newest`). With several processes (:mod:`meeple.server.site.cluster`) most tables are run
by the others, and the list is the database's. Reading it for each ask cost a worker thread four
queries and a hundred tables built in Python, and on a busy site that thread waited for the
interpreter's lock behind the event loop at every step: at 200 tables on three processes the
lobby's p99 was 184–301 ms. So :class:`Lobby` reads it in the background instead, at most every
:data:`LOBBY_EVERY` seconds from the server's start and while somebody looks (not at all once
nobody has for :data:`LOBBY_IDLE` seconds), and answers every ask from memory. This process's
own copies of tables, which are current, take the place of what was read: a player sees the
table they just made or joined at once through their process, and what the other processes
changed within about a second.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from typing import TYPE_CHECKING

from meeple.server.store import OPEN, RUNNING
from meeple.server.tables.live import LiveTable, newest_of

if TYPE_CHECKING:
    from meeple.server.tables.hub import Hub

LOBBY_EVERY = 1.0
"""Seconds between two reads of the database's lists while somebody looks."""
LOBBY_IDLE = 600.0
"""Seconds without an ask after which the lists are no longer kept up to date (the next ask
waits for a fresh read): an idle site is not read every second for ever, a site with players
always is."""
LIMIT = 100
"""Tables a list gives at most (the newest)."""

log = logging.getLogger("meeple.server")


class Lobby:
    """The newest open and running tables of the site, as the lobby lists them."""

    def __init__(self, hub: Hub, every: float = LOBBY_EVERY, idle: float = LOBBY_IDLE) -> None:
        self.hub = hub
        self.every = every
        self.idle = idle
        self.stored: list[LiveTable] = []
        """The newest open and the newest running tables as last read."""
        self.reads = 0
        """Reads of the database's lists so far (metrics)."""
        self._asked = -math.inf
        self._ready: asyncio.Future[None] | None = None
        """Done once the lists have been read since the keeper started."""
        self._keeper: asyncio.Task[None] | None = None

    async def newest(self, statuses: list[str]) -> list[LiveTable]:
        """The newest tables (:data:`LIMIT` at most) with one of these statuses (open or
        running), newest first."""
        if self.hub.cluster is None:
            return self.hub.newest(statuses, LIMIT)
        ready = self.start()
        await asyncio.shield(ready)
        # This process's copies are current, the lists up to a second old: a copy takes the
        # place of what was read (whatever its status now), and the tables this process made
        # or changed since the read are there too. A copy marked stale (another process moved
        # the table on and nobody here watches it) is older than the read.
        found = {t.id: t for t in self.stored}
        for table in list(self.hub.tables.values()):
            if not table.stale and (table.status in (OPEN, RUNNING) or table.id in found):
                found[table.id] = table
        return newest_of(found.values(), statuses, LIMIT)

    def start(self) -> asyncio.Future[None]:
        """Keep the lists up to date from now (as if somebody had just looked); done once
        they have been read. The server starts it, so that the first player to look after a
        start does not wait for the database either."""
        self._asked = time.monotonic()
        if self._ready is None or self._keeper is None or self._keeper.done():
            self._ready = asyncio.get_running_loop().create_future()
            self._keeper = asyncio.create_task(self._keep(self._ready))
        return self._ready

    async def stop(self) -> None:
        """Stop keeping the lists (the server stops)."""
        if self._keeper is not None:
            self._keeper.cancel()
            await asyncio.gather(self._keeper, return_exceptions=True)
            self._keeper = None

    async def _keep(self, ready: asyncio.Future[None]) -> None:
        """Read the lists every :attr:`every` seconds until nobody has asked for :attr:`idle`."""
        while True:
            try:
                self.stored = await asyncio.to_thread(self._read)
                self.reads += 1
            except Exception as err:
                log.warning("the lobby's lists could not be read: %s", err)
                if not ready.done():
                    # The asks waiting for a first read get the error (a 500), and the next
                    # ask starts over; later, the lists last read are answered meanwhile.
                    ready.set_exception(err)
                    ready.exception()  # nobody may be waiting (a start's read): not an error
                    return
            else:
                if not ready.done():
                    ready.set_result(None)
            await asyncio.sleep(self.every)
            if time.monotonic() - self._asked > self.idle:
                return

    def _read(self) -> list[LiveTable]:
        """The newest open and running tables as stored (in a worker thread)."""
        store = self.hub.store
        return self.hub.peek(store.tables([OPEN], LIMIT) + store.tables([RUNNING], LIMIT))
