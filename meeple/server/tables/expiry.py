"""Open tables that nobody joins expire.

An open table waits for its players in memory (and in the lobby, whose lists show the newest
hundred). Without an end, one guest's thousand open tables stayed for good, were brought back
at every restart, and hid every real table from the lobby. An open table that has not started
``--open-table-minutes`` after it was made (a turn-based one: ``--open-turn-based-days``, as its
players may be invited by mail and answer the next day) becomes ``expired``: it is stored so (it
never starts, nobody may join it, its page says so), leaves the lobby, and leaves memory once
nobody watches it.

Every process sweeps now and then. A table is expired in the store by one conditional update
(only while it is still open), so that whichever process gets there first expires it, once,
and a join that started it first wins; the process holding it in memory then tells its clients.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

from meeple.server.store import EXPIRED, OPEN, utcnow
from meeple.server.tables.live import LiveTable, as_utc
from meeple.server.tables.turns import Turns

log = logging.getLogger("meeple.server")

SWEEPS = 4
"""Sweeps in every ``--open-table-minutes``: a table is gone at most a quarter of that late."""
LONGEST_SWEEP = 60.0
"""Seconds between sweeps at most."""
SHORTEST_SWEEP = 0.25
"""Seconds between sweeps at least (tests expire tables within seconds)."""


class Expiry(Turns):
    """Open tables that waited too long for their players expire."""

    _sweeper: asyncio.Task[None] | None = None

    def open_table_seconds(self) -> float:
        """How long an open table waits for its players (``--open-table-minutes``)."""
        return self.settings.open_table_minutes * 60.0

    def expire_before(self) -> datetime:
        """Open tables made before this moment have waited too long."""
        return utcnow() - timedelta(seconds=self.open_table_seconds())

    def turn_based_expire_before(self) -> datetime:
        """Open turn-based tables made before this moment have waited too long
        (``--open-turn-based-days``: friends invited by mail answer in their own time)."""
        return utcnow() - timedelta(days=self.settings.open_turn_based_days)

    def expire_stored(self, table_ids: list[str] | None = None) -> set[str]:
        """Expire the stored open tables that waited too long, live or turn-based (only those
        of ``table_ids``, when given): which of ``table_ids`` are expired now."""
        return self.store.expire(
            self.expire_before(), table_ids, turn_based_before=self.turn_based_expire_before()
        )

    def start_sweeping(self) -> None:
        """Sweep from now on, every so often (call from the running loop)."""
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_on())

    def stop_sweeping(self) -> None:
        """Stop the sweeps."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None

    async def _sweep_on(self) -> None:
        every = max(SHORTEST_SWEEP, min(LONGEST_SWEEP, self.open_table_seconds() / SWEEPS))
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:  # the next sweep tries again
                log.exception("sweeping the open tables failed")

    async def sweep(self) -> None:
        """Expire the open tables that waited too long: in memory and, for the tables no
        process holds (made by a process that has stopped), in the store."""
        before, turn_based_before = self.expire_before(), self.turn_based_expire_before()
        old = [
            table
            for table in list(self.tables.values())
            if table.status == OPEN
            and as_utc(table.created) < (turn_based_before if table.turn_based else before)
        ]
        for table in old:
            async with table.lock:
                if table.status != OPEN:
                    continue  # started meanwhile
                expired = await asyncio.to_thread(self.expire_stored, [table.id])
                if table.id in expired:
                    self._expire(table)
                elif self.cluster is not None:
                    await self.catch_up(table)  # another process started it
        await asyncio.to_thread(self.expire_stored)

    def _expire(self, table: LiveTable) -> None:
        """The table (whose lock is held) expired: tell its clients and the other processes,
        and let go of it when nobody watches."""
        table.status = EXPIRED
        self._cancel(table)
        self._changed(table)
        self.broadcast(table)  # which lets go of it, when nobody watches it
