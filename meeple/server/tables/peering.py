"""The hub among several server processes: what the others published (an action, a change of
seats, presence), leases taken and lost, processes gone.

The other processes are reached through :class:`~meeple.server.tables.peers.Peers` (the
cluster, :mod:`meeple.server.site.cluster`), which calls these methods back.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from meeple.server.store import (
    FINISHED,
)
from meeple.server.tables.bots import Bots
from meeple.server.tables.live import LiveTable

log = logging.getLogger("meeple.server")


class Peering(Bots):
    """What other processes tell this one about the tables it holds."""

    async def on_event(self, event: dict[str, Any]) -> None:
        """What another process published about a table this process may hold."""
        table = self.tables.get(str(event.get("t")))
        if table is None:
            return
        kind = event["kind"]
        async with table.lock:
            if kind == "action":
                if not await self._applied(table, event):
                    return
            elif kind == "table":
                await self.catch_up(table)
            elif kind == "presence":
                self._present(table, str(event["proc"]), int(event["seat"]), int(event["n"]))
            else:
                return
            self.schedule(table)
            self.broadcast(table)

    async def _applied(self, table: LiveTable, event: dict[str, Any]) -> bool:
        """Apply another process's action to our copy of the table; ``False`` when there is
        nothing to tell this process's clients."""
        version = int(event["v"])
        if table.version > version and not table.stale:
            return False  # already here (we caught up from the store since)
        if not table.owned and not table.connections:
            # Nobody here watches it: bring it up to date only when someone does.
            if event.get("over"):
                if self.tables.get(table.id) is table:
                    del self.tables[table.id]
            else:
                table.stale = True
            return False
        if table.version != version or table.state is None or table.stale:
            await self.catch_up(table)  # a gap (a message missed, or a stale copy)
            return True
        after = table.state.clone()
        after.apply(int(event["seat"]), event["action"])
        table.advance(after, int(event["seat"]), event["action"], event.get("by"))
        if after.is_over:
            table.status = FINISHED
            table.final = (list(after.scores), list(after.winners))
        return True

    def _present(self, table: LiveTable, process: str, seat_index: int, count: int) -> None:
        if not 0 <= seat_index < len(table.seats):
            return
        seat = table.seats[seat_index]
        was = seat.connected()
        if count > 0:
            seat.remote[process] = count
        else:
            seat.remote.pop(process, None)
        if was and not seat.connected():
            seat.alone_since = time.monotonic()
        elif seat.connected():
            seat.alone_since = None
            seat.timed_out = False

    async def adopt(self, table_id: str) -> None:
        """This process now holds the table's lease: bring it up to date and run it."""
        table = self.tables.get(table_id) or await asyncio.to_thread(self.load, table_id)
        if table is None:
            return
        remote = await self.cluster.presence(table_id) if self.cluster is not None else {}
        async with table.lock:
            await self.catch_up(table)
            for (process, seat_index), count in remote.items():
                self._present(table, process, seat_index, count)
            table.owned = True
            self.schedule(table)
            self.broadcast(table)

    def lost(self, table: LiveTable) -> None:
        """Another process holds the table's lease now: stop running its bots and timers."""
        table.owned = False
        for task in [table.timer, *table.bots.values()]:
            if task is not None:
                task.cancel()
        table.timer = None
        table.bots.clear()

    def forget(self, alive: set[str]) -> None:
        """Drop the connections counted for processes that are gone (killed, not stopped)."""
        for table in list(self.tables.values()):
            for index, seat in enumerate(table.seats):
                for process in [p for p in seat.remote if p not in alive]:
                    self._present(table, process, index, 0)
                    if table.owned:
                        self.schedule(table)
