"""The move path: an action checked, applied to a copy, written, and only then the table's state."""

from __future__ import annotations

import asyncio
import logging
import time

from meeple.core.errors import IllegalAction
from meeple.core.game import Action
from meeple.server.store import (
    FINISHED,
    RUNNING,
    ActionRecord,
    StaleVersion,
    digest,
)
from meeple.server.tables.live import LiveTable
from meeple.server.tables.refused import Refused
from meeple.server.tables.seating import Seating
from meeple.server.trace import MoveTrace

log = logging.getLogger("meeple.server")


class Moves(Seating):
    """Applying actions: a person's, a bot's, or a timer's."""

    async def act(
        self,
        table: LiveTable,
        seat: int,
        action: Action,
        *,
        by: str,
        version: int | None = None,
        arrived: float | None = None,
        trace: MoveTrace | None = None,
    ) -> None:
        """Apply ``seat``'s action, store it, and tell everyone. Raises :class:`Refused`.

        ``trace``: a person's move, timed stage by stage (:mod:`meeple.server.trace`)."""
        await self.hold(table)
        async with table.lock:
            if trace is not None:
                trace.locked = time.perf_counter()
            if by == "human" and table.seats[seat].replaced:
                raise Refused(
                    "replaced", "a bot has your seat for good: your time ran out twice in a row"
                )
            await self._act(table, seat, action, by, version, trace=trace)
            if by == "human":
                table.seats[seat].timed_out = False
                table.seats[seat].timeouts = 0
            # Timers first, so that the state sent carries the deadline of the new decision.
            self.schedule(table)
            self.broadcast(table)
            if trace is not None:
                trace.queued = time.perf_counter()
            if arrived is not None:
                seconds = time.perf_counter() - arrived
                for observe in self.on_latency:
                    observe(seconds)

    async def _act(
        self,
        table: LiveTable,
        seat: int,
        action: Action,
        by: str,
        version: int | None,
        *,
        trace: MoveTrace | None = None,
    ) -> None:
        if table.stale:
            await self.catch_up(table)
        state = table.state
        if table.status != RUNNING or state is None:
            raise Refused("not_running", f"this table is {table.status}, not running")
        if version is not None and not table.current(seat, version):
            raise Refused(
                "stale",
                f"version {version} is out of date: your decision changed at version "
                f"{table.decision_since.get(seat, 0)} (the table is at {table.version})",
            )
        if seat not in state.to_move:
            raise Refused("not_your_turn", "it is not your seat's decision now")
        after = state.clone()
        try:
            after.apply(seat, action)
        except IllegalAction as err:
            raise Refused("illegal", str(err)) from None
        result = (list(after.scores), list(after.winners)) if after.is_over else None
        record = ActionRecord(
            table.id, table.version, seat, action, by, digest(after.to_json()), result
        )
        try:
            # Off the event loop, in one transaction with the other tables' actions of the
            # moment (meeple.server.store.writer); this table waits, the others go on.
            if trace is not None:
                trace.submitted = time.perf_counter()
            await self.writer.record(record, first=by == "human", trace=trace)
            if trace is not None:
                trace.resumed = time.perf_counter()
        except StaleVersion as err:
            # Another server process advanced this table: ours is out of date.
            await self.catch_up(table)
            raise Refused("stale", str(err)) from None
        if by != "human":
            # Tens of actions come back from one commit together, people's first; a bot's
            # move waits one more turn of the event loop before its views and messages, so
            # that the people's messages of that commit are sent before the bots' work.
            await asyncio.sleep(0)
        table.advance(after, seat, action, by)
        table.touched = time.monotonic()
        for observe in self.on_action:
            observe(by)
        if result is not None:
            table.status = FINISHED
            table.final = result
            for finished in self.on_finished:
                finished(table)
        if self.cluster is not None:
            self.cluster.acted(record)
