"""The bots' moves at the tables: when they wait, where they think (the gate, a worker process),
and how their move is played.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from meeple.bots.levels import make
from meeple.core.game import Action, State
from meeple.server.store import (
    RUNNING,
)
from meeple.server.tables import botwork
from meeple.server.tables.live import LiveTable
from meeple.server.tables.refused import Refused
from meeple.server.tables.scheduling import Scheduling
from meeple.server.tables.thinking import whose

log = logging.getLogger("meeple.server")


class Bots(Scheduling):
    """Bot moves: waiting, thinking, playing."""

    async def _bot_turn(self, table: LiveTable, seat: int) -> None:
        try:
            await self._bot_move(table, seat)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot move failed at table %s seat %s", table.id, seat)

    def bot_wait(self) -> float:
        """Seconds a bot waits before it plays this time (``bot_delay``, varied by
        ``bot_jitter``: see :class:`Settings`)."""
        delay, jitter = self.settings.bot_delay, self.settings.bot_jitter
        if delay <= 0 or jitter <= 0:
            return max(0.0, delay)
        # Not a secret: the standard generator is enough.
        return delay * self._jitter.uniform(1 - jitter, 1 + jitter)

    async def _bot_move(self, table: LiveTable, seat: int) -> None:
        await asyncio.sleep(self.bot_wait())
        level = table.seats[seat].level or self.settings.away_level
        if level in botwork.INLINE_LEVELS:
            # A move chosen in a moment: chosen and played in one turn of the gate (people's
            # actions never wait behind a backlog of bot moves: meeple.server.tables.pacing).
            async with self.gate.admitted(whose(table)), table.lock:
                if not self._bot_still_plays(table, seat):
                    return
                seed = botwork.bot_seed(table.seed, table.version, seat)
                state = table.state
                assert state is not None
                # The bot only reads the state (legal actions), so it needs no copy.
                action = make(level, table.game, seed=seed).choose(state, seat)
                await self._bot_act(table, seat, action)
            return
        async with table.lock:
            if not self._bot_still_plays(table, seat):
                return
            state = table.state
            assert state is not None
            seed = botwork.bot_seed(table.seed, table.version, seat)
            snapshot: State | dict[str, Any] = (
                state.clone() if self.pool is None else state.to_json()
            )
        # A search thinks without a slot of the gate (in a worker process, or a thread).
        action = await self._choose(table, snapshot, seat, level, seed)
        async with self.gate.admitted(whose(table)), table.lock:
            # While the bot thought, the game may have moved on, or the player come back.
            state = table.state
            if (
                state is None
                or not self._bot_still_plays(table, seat)
                or action not in state.legal_actions(seat)
            ):
                table.bots.pop(seat, None)
                self.schedule(table)
                return
            await self._bot_act(table, seat, action)

    def _bot_still_plays(self, table: LiveTable, seat: int) -> bool:
        """Whether the seat's bot should move now (the table runs, the seat is to move, and a
        bot controls it)."""
        state = table.state
        return (
            state is not None
            and table.status == RUNNING
            and seat in state.to_move
            and self.bot_controls(table, seat)
        )

    async def _bot_act(self, table: LiveTable, seat: int, action: Action) -> None:
        """Play a bot's move (the table's lock is held), then tell everyone."""
        try:
            await self._act(table, seat, action, "bot", None)
        except Refused as err:
            # Another process stored an action first; it is applied here now.
            log.info("bot move at table %s refused: %s", table.id, err.message)
        table.bots.pop(seat, None)
        self.schedule(table)
        self.broadcast(table)

    async def _choose(
        self,
        table: LiveTable,
        snapshot: State | dict[str, Any],
        seat: int,
        level: str,
        seed: int,
    ) -> Action:
        # In a worker, in turn with the other people's tables' bots (.thinking).
        key = whose(table)
        if isinstance(snapshot, dict):
            return await self.thinkers.run(
                key, botwork.choose, table.game.id, snapshot, seat, level, seed
            )
        bot = make(level, table.game, seed=seed)
        if level in botwork.INLINE_LEVELS:
            return bot.choose(snapshot, seat)
        # No worker processes (tests): think in a thread, so the loop still answers meanwhile.
        return await self.thinkers.run(key, bot.choose, snapshot, seat)
