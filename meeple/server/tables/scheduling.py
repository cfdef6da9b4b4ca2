"""After every change: which seats bots play, and the table's timer (the turn timer, a response
window, or the end of an absent player's grace time).
"""

from __future__ import annotations

import asyncio
import logging
import time

from meeple.server.store import (
    RUNNING,
)
from meeple.server.tables.live import LiveTable
from meeple.server.tables.moves import Moves

log = logging.getLogger("meeple.server")


class Scheduling(Moves):
    """The bots to start and the timer to set after every change."""

    def bot_controls(self, table: LiveTable, seat: int) -> bool:
        """Whether a bot plays this seat now (a bot seat, or a human seat whose player is away)."""
        s = table.seats[seat]
        return s.kind == "bot" or s.away(time.monotonic(), self.settings.grace)

    def schedule(self, table: LiveTable) -> None:
        """After any change: start bots for the seats they play, and set the table's timer."""
        state = table.state
        if table.status != RUNNING or state is None:
            self._cancel(table)
            if table.turn_based:
                self.clock_turns(table)  # every clock stopped
            return
        now = time.monotonic()
        awaited = [seat for seat in state.to_move if not self.bot_controls(table, seat)]
        for seat in state.to_move:
            if (
                table.owned
                and self.bot_controls(table, seat)
                and not _running(table.bots.get(seat))
            ):
                table.bots[seat] = asyncio.create_task(self._bot_turn(table, seat))
        if table.turn_based:
            # No timer in memory: the clocks are stored, and the sweeper (.turns) fires them,
            # whether the table is in memory or not.
            self.clock_turns(table)
            return
        # The timer: a response window, the turn timer, or the moment an absent player's grace
        # ends — whichever comes first.
        response = table.game.response_action
        in_window = [
            seat
            for seat in awaited
            if response is not None and response in state.legal_actions(seat)
        ]
        limit = table.turn_seconds
        if in_window and limit is not None:
            # A response window only at a timed table: at a table without a time limit nobody
            # is hurried, not even to answer a taste test (docs/rules/stirfry.md, "Time"); an
            # absent player's seat is answered by the bot that stands in after the grace time.
            limit = min(table.response_seconds, limit)
        if awaited and limit is not None:
            if not (set(awaited) <= table.deadline_seats and table.deadline is not None):
                table.deadline = time.time() + limit
                table.deadline_seats = frozenset(awaited)
            table.response = bool(in_window)
        else:
            table.deadline, table.deadline_seats = None, frozenset()
        wakes = [
            since + self.settings.grace - now
            for seat in awaited
            if (since := table.seats[seat].alone_since) is not None
        ]
        if table.deadline is not None:
            wakes.append(table.deadline - time.time())
        if table.timer is not None and table.timer is not asyncio.current_task():
            table.timer.cancel()
        table.timer = (
            asyncio.create_task(self._wake(table, max(0.0, min(wakes))))
            if wakes and table.owned
            else None
        )

    def _cancel(self, table: LiveTable) -> None:
        if table.timer is not None and table.timer is not asyncio.current_task():
            table.timer.cancel()
        table.timer = None
        table.deadline, table.deadline_seats = None, frozenset()

    async def _wake(self, table: LiveTable, delay: float) -> None:
        await asyncio.sleep(delay)
        async with table.lock:
            state = table.state
            if state is None or table.status != RUNNING:
                return
            if table.deadline is not None and time.time() >= table.deadline:
                late = [s for s in table.deadline_seats if s in state.to_move]
                table.deadline, table.deadline_seats = None, frozenset()
                response = table.game.response_action
                for seat in late:
                    if table.response and response is not None:
                        # An opponent who does not answer in time trusts the chef (stirfry).
                        if seat in state.to_move and response in state.legal_actions(seat):
                            given = table.game.timeout_action or response  # marked as late
                            await self._act(table, seat, given, "timeout", None)
                            state = table.state
                            assert state is not None
                    else:
                        table.seats[seat].timed_out = True
            # Otherwise a grace period ended: the seat is away now, which the summary shows.
            table.timer = None
            self.schedule(table)
            self.broadcast(table)


def _running(task: asyncio.Task[None] | None) -> bool:
    return task is not None and not task.done()
