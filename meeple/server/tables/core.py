"""The hub's ground floor: the tables in memory, found, rebuilt and brought up to date from the store.

:class:`HubCore` holds what every part of the hub shares (the store, the settings, the tables
in memory, the writer, the bot gate) and reads tables from the store; the parts above it
(:mod:`.connections`, :mod:`.seating`, :mod:`.moves`, :mod:`.scheduling`, :mod:`.bots`,
:mod:`.peering`) are composed into :class:`meeple.server.tables.hub.Hub`.
"""

from __future__ import annotations

import asyncio
import logging
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import meeple
from meeple.core.game import Action
from meeple.server.settings import Settings
from meeple.server.store import (
    EXPIRED,
    FINISHED,
    OPEN,
    RUNNING,
    ActionWriter,
    PlayerRow,
    Store,
    TableRow,
    digest_matches,
)
from meeple.server.tables.live import ENDED, LiveTable, newest_of
from meeple.server.tables.pacing import INLINE_SLOTS, SLOTS, BotGate
from meeple.server.tables.peers import Peers
from meeple.server.tables.thinking import Thinkers
from meeple.server.trace import MoveTrace

log = logging.getLogger("meeple.server")


class HubCore:
    """What every part of the hub shares, and finding tables in memory or in the store."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, LiveTable] = {}
        self.pool: Executor | None = None
        self.on_action: list[Callable[[str], None]] = []
        """Called with who acted (human, bot, timeout) after each applied action (metrics)."""
        self.on_latency: list[Callable[[float], None]] = []
        """Called with the seconds from a client's action arriving to its views being queued."""
        self.on_move: list[Callable[[MoveTrace], None]] = []
        """Called with each person's move timed stage by stage, once its answer is written."""
        self.on_turn: list[Callable[[LiveTable, list[int]], None]] = []
        """Called on the event loop when at a turn-based table the move passed to human seats
        and their clocks started (:meth:`Turns.turn_passed`): the "your turn" mails."""
        self.on_finished: list[Callable[[LiveTable], None]] = []
        """Called on the event loop with each table whose game this process finished (its
        last action stored): the game's end mails (:mod:`meeple.server.site.mail`)."""
        self.writer = ActionWriter(
            store, inline=store.sqlite_sync == "normal" and settings.sqlite_commits == "loop"
        )
        self.gate = BotGate(INLINE_SLOTS if self.writer.inline else SLOTS)
        """Admits bot moves a few at a time (people never wait behind them): one at a time
        when the writer commits on the event loop (:data:`~meeple.server.tables.pacing.INLINE_SLOTS`)."""
        self.creating: dict[str, int] = {}
        """Tables being made now, by their creator (see :meth:`Seating.create`)."""
        self.thinkers = Thinkers(settings.bot_workers or 2)
        """Where the bots' searches wait for a worker, in turn by whose tables they are for
        (:mod:`~meeple.server.tables.thinking`)."""
        self._loading = threading.Lock()
        self.cluster: Peers | None = None
        """The other server processes (:mod:`meeple.server.site.cluster`), when there may be
        any; ``None`` alone."""
        self._jitter = random.Random()
        """Draws the bots' waits (:meth:`bot_wait`)."""
        self.session_keeper: asyncio.Task[None] | None = None
        """Ends the players of sockets whose sessions expire (:meth:`keep_sessions`)."""
        self.now: Callable[[], float] = time.time
        """The clock of turn-based tables (seconds since the epoch): tests set another, to
        let days pass without sleeping."""

    # The hub's parts call each other (an action schedules bots and timers, which act and
    # tell everyone): these are the calls a part below makes to a part above, defined there.

    def schedule(self, table: LiveTable) -> None:
        """After any change: start bots and set the timer (:mod:`.scheduling`)."""
        raise NotImplementedError

    def broadcast(self, table: LiveTable) -> None:
        """Tell every client of the table (:mod:`.connections`)."""
        raise NotImplementedError

    async def _bot_turn(self, table: LiveTable, seat: int) -> None:
        """Play a bot's move for the seat (:mod:`.bots`)."""
        raise NotImplementedError

    def clock_turns(self, table: LiveTable) -> None:
        """After any change at a turn-based table: its clocks (:mod:`.turns`)."""
        raise NotImplementedError

    async def hold(self, table: LiveTable) -> None:
        """Run a turn-based table here if no process does: with other processes, take its
        lease when it is free (a turn-based table is held only while someone looks or acts;
        whoever loads it first runs its bots and clocks)."""
        if self.cluster is not None and table.turn_based and not table.owned:
            table.owned = await self.cluster.take(table.id)

    def load(self, table_id: str, *, whole: bool = False) -> LiveTable | None:
        """The table in memory, or rebuilt from the store.

        Open and running tables stay in memory. A finished table is read from the store as
        its summary (version, scores, winners) and is not kept; with ``whole`` its final state
        is rebuilt too (a client opening it sees the final board), and it stays in memory while
        clients are connected to it (:meth:`release`).
        """
        table = self.tables.get(table_id)
        if table is not None and (table.state is not None or table.status != FINISHED or not whole):
            return table
        found = self._from_store(table_id)
        if found is None:
            return None
        table, row = found
        if row.status == RUNNING or (row.status == FINISHED and whole):
            self.rebuild(table, row)
        if row.status in (OPEN, RUNNING) or whole:
            # Callers run in worker threads too: if another one put the table in memory while
            # this one read it, theirs is the table (clients may already be connected to it).
            with self._loading:
                held = self.tables.get(table_id)
                if held is not None and (
                    held.state is not None or held.status != FINISHED or not whole
                ):
                    return held
                self.tables[table_id] = table
        return table

    def newest(self, statuses: list[str], limit: int = 100) -> list[LiveTable]:
        """The newest tables in memory with one of these statuses (alone, this process holds
        every open and running table: the same list as the store's, without asking it)."""
        return newest_of(list(self.tables.values()), statuses, limit)

    def peek(self, table_ids: list[str]) -> list[LiveTable]:
        """Tables to summarise in a list, in order: those in memory, the others read from the
        store at once, without replaying their games and without holding them (with several
        processes most running tables of the lobby are run by the others, and a turn-based
        table is loaded only to be played: their scores are then left out). A copy marked stale is older than the store, which is read instead."""
        held = {
            tid: t for tid in table_ids if (t := self.tables.get(tid)) is not None and not t.stale
        }
        stored = self.store.tables_with_seats([tid for tid in table_ids if tid not in held])
        found: list[LiveTable] = []
        for table_id in table_ids:
            table = held.get(table_id)
            if table is None and table_id in stored:
                row, seat_rows, players = stored[table_id]
                if self.cluster is None and row.status in (OPEN, RUNNING) and not row.move_seconds:
                    table = self.load(table_id)  # alone, this process runs every live table
                else:
                    table = LiveTable.from_rows(meeple.load(row.game), row, seat_rows, players)
                    table.owned = self.cluster is None
            if table is not None:
                found.append(table)
        return found

    def _from_store(self, table_id: str) -> tuple[LiveTable, TableRow] | None:
        found = self.store.table(table_id)
        if found is None:
            return None
        row, seat_rows = found
        game = meeple.load(row.game)
        players = {
            pid: p
            for pid in {s.player_id for s in seat_rows if s.player_id}
            if (p := self.store.player(pid)) is not None
        }
        table = LiveTable.from_rows(game, row, seat_rows, players)
        # With other processes, whoever holds the table's lease runs its bots and timers.
        table.owned = self.cluster is None
        return table, row

    def rebuild(self, table: LiveTable, row: TableRow) -> None:
        """Replay a stored table's actions from its seed and check it against what was stored."""
        state = table.game.new(table.players, seed=table.seed, options=table.options)
        table.start(state)
        for seat, action, by in self.store.moves(table.id):
            after = state.clone()
            after.apply(seat, action)
            state = after
            table.advance(state, seat, action, by)
        if table.version != row.version or not digest_matches(state.to_json(), row.digest):
            # The rules changed under a stored game: play goes on from the replayed state.
            log.error("table %s rebuilt differently from what was stored", table.id)
        table.status = row.status  # start() made it running; a finished game stays finished

    def release(self, table: LiveTable) -> None:
        """Let go of a finished (or expired) table nobody is connected to: it is in the store,
        and a server that runs for weeks must not keep every game it ever finished in memory."""
        if table.status in ENDED and not table.connections and self.tables.get(table.id) is table:
            del self.tables[table.id]

    def _changed(self, table: LiveTable) -> None:
        """Tell the other processes that the table's seats or status changed in the store."""
        if self.cluster is not None:
            self.cluster.publish({"kind": "table", "t": table.id})

    async def catch_up(self, table: LiveTable) -> None:
        """Bring a table (whose lock is held) up to the store: its seats, its status and the
        actions other processes stored, applied in their stored order."""
        since = table.version if table.state is not None else 0
        found = await asyncio.to_thread(self._stored_since, table.id, since)
        if found is None:
            return
        row, seat_rows, players, actions = found
        for seat, seat_row in zip(table.seats, seat_rows, strict=True):
            seat.player = players.get(seat_row.player_id) if seat_row.player_id else None
            seat.left = seat_row.left
            if table.turn_based:  # the clocks as the process that ran them stored them
                seat.due, seat.bank, seat.timeouts = seat_row.due, seat_row.bank, seat_row.timeouts
        if table.turn_based:
            table.stored_clocks = (row.due, *((s.due, s.bank, s.timeouts) for s in seat_rows))
        if row.status == EXPIRED:  # another process expired it (tables/expiry.py)
            table.status = EXPIRED
            table.stale = False
            return
        if table.state is None and row.status != OPEN:
            table.start(table.game.new(table.players, seed=table.seed, options=table.options))
        state = table.state
        for seat_index, action, by in actions:
            assert state is not None
            after = state.clone()
            after.apply(seat_index, action)
            state = after
            table.advance(state, seat_index, action, by)
        if state is not None and state.is_over:
            table.status = FINISHED
            table.final = (list(state.scores), list(state.winners))
        elif state is not None:
            table.status = RUNNING
        table.stale = False

    def _stored_since(
        self, table_id: str, since: int
    ) -> tuple[TableRow, list[Any], dict[str, PlayerRow], list[tuple[int, Action, str]]] | None:
        found = self.store.table(table_id)
        if found is None:
            return None
        row, seat_rows = found
        players = {
            pid: p
            for pid in {s.player_id for s in seat_rows if s.player_id}
            if (p := self.store.player(pid)) is not None
        }
        return row, seat_rows, players, self.store.moves(table_id, since)
