"""Turn-based tables in the hub: their clocks stored after every change, the due ones fired by
a sweeper whether the table is in memory or not, and idle ones let go of.

A turn-based table is played over days. It is in memory only while someone looks or acts: it
is loaded then (:meth:`HubCore.load`), and leaves memory when nobody has been connected for
``turn_idle_seconds`` (:meth:`Turns.unload_idle`). Its clocks (:mod:`.clocks`) are stored with
the table (``tables.due``, ``seats.due``), so that every ``turn_sweep_seconds`` a sweep in each
server process claims the tables due now (one conditional update: a table's due moment is
handled by one process, once), loads them, and plays the timed-out seats' moves.
"""

from __future__ import annotations

import asyncio
import logging
import time

from meeple.core.game import Action
from meeple.server.store import RUNNING
from meeple.server.tables import botwork, clocks
from meeple.server.tables.live import LiveTable
from meeple.server.tables.peering import Peering
from meeple.server.tables.refused import Refused

log = logging.getLogger("meeple.server")

CLAIM_SECONDS = 120.0
"""How long a process's claim of a due table lasts (it stores the table's next due moment
sooner; a process that dies meanwhile leaves the table to the others after this)."""
LONGEST_TURN = 500
"""Decisions a bot plays for a timed-out seat at most before the move leaves it."""


class Turns(Peering):
    """Turn-based tables: clocks stored, timeouts fired, idle tables let go."""

    _turn_sweeper: asyncio.Task[None] | None = None

    def turn_passed(self, table: LiveTable, seats: list[int]) -> None:
        """The move passed to these human seats of a turn-based table and their clocks started
        (called once, by the process running the table): tells the ``on_turn`` hooks (the
        mails of :mod:`meeple.server.site.mail`). ``table.seats[i].due`` is when each one's
        time runs out."""
        for hook in self.on_turn:
            hook(table, seats)

    def clock_turns(self, table: LiveTable) -> None:
        """After any change at a turn-based table: start and stop its seats' clocks, and store
        them when they changed (the process running the table stores them, others only show
        them)."""
        now = self.now()
        started = clocks.tick(table, now)
        if self.cluster is not None and not table.owned:
            return
        when = clocks.due(table, now)
        stored = clocks.snapshot(table, when)
        if stored != table.stored_clocks:
            # On the event loop, as the seat changes of a connection are: a turn-based table
            # changes a few times a day.
            self.store.set_clocks(table.id, when, clocks.seat_clocks(table))
            table.stored_clocks = stored
        if started:
            self.turn_passed(table, started)

    def start_turns(self) -> None:
        """Sweep the due turn-based tables from now on (call from the running loop)."""
        if self._turn_sweeper is None:
            self._turn_sweeper = asyncio.get_running_loop().create_task(self._turns_on())

    def stop_turns(self) -> None:
        """Stop the sweeps."""
        if self._turn_sweeper is not None:
            self._turn_sweeper.cancel()
            self._turn_sweeper = None

    async def _turns_on(self) -> None:
        while True:
            await asyncio.sleep(self.settings.turn_sweep_seconds)
            try:
                await self.sweep_turns()
                self.unload_idle()
            except Exception:  # the next sweep tries again
                log.exception("sweeping the turn-based tables failed")

    async def sweep_turns(self) -> list[str]:
        """Claim the turn-based tables due now and handle each (its timed-out seats' moves
        played, its bots started); the ids of those claimed."""
        now = self.now()
        claimed = await asyncio.to_thread(self.store.claim_due, now, now + CLAIM_SECONDS)
        for table_id in claimed:
            try:
                await self._due(table_id, now)
            except Exception:
                log.exception("handling the due table %s failed", table_id)
        return claimed

    async def _due(self, table_id: str, now: float) -> None:
        table = self.tables.get(table_id) or await asyncio.to_thread(self.load, table_id)
        if table is None:
            return
        await self.hold(table)
        if self.cluster is not None and not table.owned:
            # Another process runs it now (someone is there): that one handles it.
            await asyncio.to_thread(self.store.unclaim, table_id)
            return
        async with table.lock:
            await self.catch_up(table)
            await self._time_out(table, now)
            table.stored_clocks = None  # stored again, which ends the claim
            self.schedule(table)
            self.broadcast(table)

    async def _time_out(self, table: LiveTable, now: float) -> None:
        """Play the moves of the seats whose clocks ran out (the table's lock is held)."""
        state = table.state
        if table.status != RUNNING or state is None:
            return
        late = [i for i in state.to_move if (due := table.seats[i].due) is not None and due <= now]
        for index in late:
            seat = table.seats[index]
            seat.timeouts += 1
            seat.bank = 0.0 if seat.bank is not None else None
            for _ in range(LONGEST_TURN):
                state = table.state
                if state is None or table.status != RUNNING or index not in state.to_move:
                    break
                action = await self._stand_in(table, index)
                try:
                    await self._act(table, index, action, "timeout", None)
                except Refused as err:  # another process moved the table on meanwhile
                    log.info("timeout at table %s refused: %s", table.id, err.message)
                    break
            seat.due = None
        if late:
            self._changed(table)  # the seats' timeouts, for the other processes

    async def _stand_in(self, table: LiveTable, seat: int) -> Action:
        """The move played for a seat whose clock ran out: the default answer to a question
        between turns (Stir Fry's taste test: trust, marked late), else a bot's move."""
        state = table.state
        assert state is not None
        response = table.game.response_action
        if response is not None and response in state.legal_actions(seat):
            return table.game.timeout_action or response
        level = self.settings.away_level
        seed = botwork.bot_seed(table.seed, table.version, seat)
        snapshot = state.clone() if self.pool is None else state.to_json()
        return await self._choose(table, snapshot, seat, level, seed)

    def unload_idle(self) -> list[str]:
        """Let go of the turn-based tables nobody has looked at or acted at for
        ``turn_idle_seconds`` (nobody connected, no bot to play): they are in the store, and
        are loaded again when someone comes. Their ids."""
        before = time.monotonic() - self.settings.turn_idle_seconds
        gone = []
        for table in list(self.tables.values()):
            if (
                not table.turn_based
                or table.status != RUNNING
                or table.connections
                or table.touched > before
                or table.lock.locked()
                or any(not task.done() for task in table.bots.values())
                or clocks.bots_to_play(table)
            ):
                continue
            if self.tables.get(table.id) is table:
                del self.tables[table.id]
                gone.append(table.id)
        return gone
