"""The hub: every table in play, and the only code that changes them.

Each table has a lock; an action is checked, applied to a copy of the state, written to the
database, and only then becomes the table's state (so a failed write changes nothing), after
which every client at the table is sent its own view. Bots, timers and absent players are
scheduled from :meth:`Hub.schedule` after every change.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

import meeple
from meeple.bots.levels import LEVELS, make
from meeple.core.errors import IllegalAction
from meeple.core.game import Action, State
from meeple.server import botwork
from meeple.server.garbage import Collector, GcPauses
from meeple.server.live import Connection, LiveTable
from meeple.server.lobby import Lobby, newest_of
from meeple.server.pacing import INLINE_SLOTS, SLOTS, BotGate
from meeple.server.settings import Settings
from meeple.server.storage import (
    FINISHED,
    OPEN,
    RUNNING,
    ActionRecord,
    PlayerRow,
    SeatRow,
    SeatSpec,
    StaleVersion,
    Store,
    TableRow,
    digest,
    digest_matches,
    seat_values,
    utcnow,
)
from meeple.server.trace import MoveTrace
from meeple.server.workers import bot_pool
from meeple.server.writer import ActionWriter

if TYPE_CHECKING:
    from meeple.server.cluster import Cluster

log = logging.getLogger("meeple.server")


class Refused(Exception):
    """A request the rules of the server refuse; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


class Hub:
    """All tables in play, their bots and timers, and the store behind them."""

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
        self.writer = ActionWriter(
            store, inline=store.sqlite_sync == "normal" and settings.sqlite_commits == "loop"
        )
        self.gate = BotGate(INLINE_SLOTS if self.writer.inline else SLOTS)
        """Admits bot moves a few at a time (people never wait behind them): one at a time
        when the writer commits on the event loop (:data:`~meeple.server.pacing.INLINE_SLOTS`)."""
        self._loading = threading.Lock()
        self.cluster: Cluster | None = None
        """The other server processes (Redis), when there may be any; ``None`` alone."""
        self.collector = Collector()
        """Runs the garbage collector on a clock of its own (:mod:`meeple.server.garbage`)."""
        self.gc_pauses = GcPauses()
        """Times the garbage collector's pauses while the server runs (metrics)."""
        self._jitter = random.Random()
        """Draws the bots' waits (:meth:`bot_wait`)."""
        self.lobby = Lobby(self)
        """The lobby's lists of open and running tables (:mod:`meeple.server.lobby`)."""

    # start and stop

    async def startup(self) -> None:
        """Start the bot workers and bring back every open and running table."""
        self.collector.start()
        self.gc_pauses.install()
        self.gate.start()
        if self.settings.bot_workers > 0:
            self.pool = bot_pool(self.settings.bot_workers)
        if self.cluster is not None:
            # Tables are loaded when asked for; the cluster's keeper takes the leases of the
            # running tables nobody holds, and this process then runs them.
            await self.cluster.start()
            self.lobby.start()
            return
        for table_id in self.store.tables([OPEN, RUNNING], limit=1_000_000):
            table = self.load(table_id)
            if table is not None and table.status == RUNNING:
                async with table.lock:
                    self.schedule(table)

    async def shutdown(self) -> None:
        """Stop timers and bots; stored tables need nothing more."""
        self.gate.stop()
        self.collector.stop()
        self.gc_pauses.remove()
        await self.lobby.stop()
        for table in self.tables.values():
            for task in [table.timer, *table.bots.values()]:
                if task is not None:
                    task.cancel()
        if self.cluster is not None:
            await self.cluster.stop()
        self.writer.close()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)

    # finding tables

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
        processes most running tables of the lobby are run by the others: their scores are
        then left out). A copy marked stale is older than the store, which is read instead."""
        held = {
            tid: t for tid in table_ids if (t := self.tables.get(tid)) is not None and not t.stale
        }
        stored = self.store.tables_with_seats([tid for tid in table_ids if tid not in held])
        found: list[LiveTable] = []
        for table_id in table_ids:
            table = held.get(table_id)
            if table is None and table_id in stored:
                row, seat_rows, players = stored[table_id]
                if self.cluster is None and row.status in (OPEN, RUNNING):
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
        for seat, action in self.store.actions(table.id):
            after = state.clone()
            after.apply(seat, action)
            state = after
            table.advance(state, seat, action)
        if table.version != row.version or not digest_matches(state.to_json(), row.digest):
            # The rules changed under a stored game: play goes on from the replayed state.
            log.error("table %s rebuilt differently from what was stored", table.id)
        table.status = row.status  # start() made it running; a finished game stays finished

    # tables and seats

    async def create(
        self,
        creator: PlayerRow,
        game_id: str,
        *,
        players: int,
        options: dict[str, Any],
        seats: list[SeatSpec],
        turn_seconds: int | None,
        response_seconds: int,
        rated: bool = False,
    ) -> LiveTable:
        """Create a table; the creator sits in the first human seat. Starts it if it is full."""
        game = meeple.load(game_id)
        checked = game.resolve_options(options)
        humans = [i for i, s in enumerate(seats) if s.kind == "human"]
        if humans:
            seats[humans[0]] = SeatSpec("human", None, creator.id)
        row = TableRow(
            id=f"t_{secrets.token_urlsafe(9)}",
            game=game.id,
            players=players,
            options=checked,
            seed=secrets.randbits(63),
            status=OPEN,
            turn_seconds=turn_seconds,
            response_seconds=response_seconds,
            version=0,
            digest=None,
            scores=None,
            winners=None,
            created=utcnow(),
            rated=rated,
        )
        first: State | None = None
        if not any(s.kind == "human" and s.player_id is None for s in seats):
            # Full at once (the creator among bots): stored as started, in one write.
            first = game.new(players, seed=row.seed, options=checked)
            row.status = RUNNING
            row.digest = digest(first.to_json())
        # Through the writer, in the transaction of the actions of the moment (one disk sync
        # for a burst of new tables); the table in memory is made from what was stored.
        await self.writer.add_table(row, seats)
        seat_rows = [SeatRow(**values) for values in seat_values(row, seats)]
        table = LiveTable.from_rows(game, row, seat_rows, {creator.id: creator})
        table.owned = table.chat_quiet = self.cluster is None
        with self._loading:
            self.tables[row.id] = table
        if self.cluster is not None:
            table.owned = await self.cluster.take(table.id)
        async with table.lock:
            if first is not None:
                table.start(first)
                self.schedule(table)
        return table

    async def join(self, table: LiveTable, player: PlayerRow, seat: int | None) -> None:
        """Sit ``player`` at a free human seat (the first, or ``seat``); start when full."""
        async with table.lock:
            if table.seat_of(player.id) is not None:
                raise Refused("seated", "you already sit at this table")
            if table.status != OPEN:
                raise Refused("not_open", "this table has already started")
            free = table.free_human_seats()
            if seat is None:
                if not free:
                    raise Refused("full", "no free seat at this table")
                seat = free[0]
            if seat not in free:
                raise Refused("seat_taken", f"seat {seat} is not a free human seat")
            if not await asyncio.to_thread(self.store.take_seat, table.id, seat, player.id):
                # Another server process seated someone there a moment ago.
                raise Refused("seat_taken", f"seat {seat} is not a free human seat")
            table.seats[seat].player = player
            table.seats[seat].alone_since = time.monotonic()
            if self.cluster is not None:
                # Others may have sat down through other processes meanwhile: whether the
                # table is full now is the store's answer, not our copy's.
                await self.catch_up(table)
            if not table.free_human_seats():
                await self._start(table)
            self.schedule(table)
            self.broadcast(table)
            self._changed(table)

    async def leave(self, table: LiveTable, player: PlayerRow) -> None:
        """Leave a table: before the start the seat is freed; during play a bot takes over."""
        async with table.lock:
            seat = table.seat_of(player.id)
            if seat is None:
                raise Refused("not_seated", "you have no seat at this table")
            if table.status == FINISHED:
                raise Refused("not_running", "this game is over")
            if table.status == OPEN:
                await asyncio.to_thread(self.store.set_seat, table.id, seat, None, False)
                # The same seat, emptied: its sockets are uncounted from it by reseat().
                table.seats[seat].player = None
            else:
                await asyncio.to_thread(self.store.set_seat, table.id, seat, player.id, True)
                table.seats[seat].left = True
            self.schedule(table)
            self.broadcast(table)
            self._changed(table)

    async def _start(self, table: LiveTable) -> None:
        state = table.game.new(table.players, seed=table.seed, options=table.options)
        await asyncio.to_thread(self.store.start, table.id, digest(state.to_json()))
        table.start(state)

    # connections

    async def connect(self, table: LiveTable, connection: Connection) -> None:
        """A client opened the table: count it, bring its player back, send the state."""
        async with table.lock:
            if table.stale:
                await self.catch_up(table)
            table.connections.add(connection)
            connection.counted = True
            connection.seat = table.seat_of(connection.player_id)
            if connection.seat is not None:
                self._count(table, connection)
                self.schedule(table)
                self.broadcast(table)
            else:
                connection.push(table.state_message(connection, self.settings.grace))

    async def disconnect(self, table: LiveTable, connection: Connection) -> None:
        """A client went away; its seat counts as away after the grace time."""
        async with table.lock:
            if not connection.counted:  # it never got as far as connect()
                self.release(table)
                return
            connection.counted = False
            table.connections.discard(connection)
            if connection.seat is not None:
                self._uncount(table, connection)
                self.schedule(table)
                self.broadcast(table)
            self.release(table)

    def _count(self, table: LiveTable, connection: Connection) -> None:
        """Count a connection at its seat: its player is back."""
        assert connection.seat is not None
        seat = table.seats[connection.seat]
        seat.connections += 1
        seat.alone_since = None
        seat.timed_out = False
        if seat.left:
            seat.left = False
            self.store.set_seat(table.id, connection.seat, connection.player_id, False)
            self._changed(table)
        if self.cluster is not None:
            self.cluster.present(table, connection.seat, seat.connections)

    def _uncount(self, table: LiveTable, connection: Connection) -> None:
        """No longer count a connection at its seat (its seat's grace time starts when it was
        the last)."""
        assert connection.seat is not None
        seat = table.seats[connection.seat]
        seat.connections -= 1
        if not seat.connected():
            seat.alone_since = time.monotonic()
        if self.cluster is not None:
            self.cluster.present(table, connection.seat, seat.connections)

    def reseat(self, table: LiveTable) -> bool:
        """Derive every connection's seat again from the table's seats (whose lock is held);
        ``True`` when one changed.

        A socket is whoever its player is now: one whose player left an open table, was
        replaced, or logged out (its ``player_id`` cleared by :meth:`end_sessions`) watches
        as a spectator from its next message on, and one whose player just sat down plays
        that seat. Its log starts again from the first event of its new point of view."""
        changed = False
        for connection in table.connections:
            seat = table.seat_of(connection.player_id)
            if seat == connection.seat:
                continue
            if connection.seat is not None:
                self._uncount(table, connection)
            connection.seat = seat
            connection.log_sent = 0
            if seat is not None:
                self._count(table, connection)
            changed = True
        return changed

    async def end_sessions(self, hashes: set[str], *, tell_others: bool = True) -> None:
        """Sessions ended (logged out, or expired): their sockets lose their player at once,
        here and, through the cluster, in every other process."""
        if tell_others and self.cluster is not None:
            self.cluster.publish({"kind": "sessions", "h": sorted(hashes)})
        for table in list(self.tables.values()):
            if not any(c.session in hashes for c in table.connections):
                continue
            async with table.lock:
                for connection in table.connections:
                    if connection.session in hashes:
                        connection.player_id = connection.session = None
                self.broadcast(table)

    def release(self, table: LiveTable) -> None:
        """Let go of a finished table nobody is connected to: it is in the store, and a server
        that runs for weeks must not keep every game it ever finished in memory."""
        if (
            table.status == FINISHED
            and not table.connections
            and self.tables.get(table.id) is table
        ):
            del self.tables[table.id]

    def broadcast(self, table: LiveTable) -> None:
        """Queue every connection's own ``state`` message, each for the seat its player sits in
        now (:meth:`reseat`); then let go of the table if its game is over and nobody is
        watching."""
        if self.reseat(table):
            self.schedule(table)
        # One message per seat and change, encoded once, whatever the number of its clients.
        cache: dict[tuple[int | None, int], str] = {}
        for connection in list(table.connections):
            if not connection.push(table.state_message(connection, self.settings.grace, cache)):
                # A client that reads nothing for 256 messages is cut off; it reconnects and
                # gets the whole state again.
                table.connections.discard(connection)
                connection.outbox = asyncio.Queue(1)
                connection.outbox.put_nowait(None)
        self.release(table)

    # actions

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
        async with table.lock:
            if trace is not None:
                trace.locked = time.perf_counter()
            await self._act(table, seat, action, by, version, trace=trace)
            if by == "human":
                table.seats[seat].timed_out = False
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
            # moment (meeple.server.writer); this table waits, the others go on.
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
        table.advance(after, seat, action)
        for observe in self.on_action:
            observe(by)
        if result is not None:
            table.status = FINISHED
            table.final = result
        if self.cluster is not None:
            self.cluster.acted(record)

    # bots and timers

    def bot_controls(self, table: LiveTable, seat: int) -> bool:
        """Whether a bot plays this seat now (a bot seat, or a human seat whose player is away)."""
        s = table.seats[seat]
        return s.kind == "bot" or s.away(time.monotonic(), self.settings.grace)

    def schedule(self, table: LiveTable) -> None:
        """After any change: start bots for the seats they play, and set the table's timer."""
        state = table.state
        if table.status != RUNNING or state is None:
            self._cancel(table)
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
            # actions never wait behind a backlog of bot moves: meeple.server.pacing).
            async with self.gate.admitted(), table.lock:
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
        async with self.gate.admitted(), table.lock:
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
        if isinstance(snapshot, dict):
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(
                self.pool, botwork.choose, table.game.id, snapshot, seat, level, seed
            )
        bot = make(level, table.game, seed=seed)
        if level in botwork.INLINE_LEVELS:
            return bot.choose(snapshot, seat)
        # No worker processes (tests): think in a thread, so the loop still answers meanwhile.
        return await asyncio.to_thread(bot.choose, snapshot, seat)

    # several processes (meeple.server.cluster)

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
        if table.state is None and row.status != OPEN:
            table.start(table.game.new(table.players, seed=table.seed, options=table.options))
        state = table.state
        for seat_index, action in actions:
            assert state is not None
            after = state.clone()
            after.apply(seat_index, action)
            state = after
            table.advance(state, seat_index, action)
        if state is not None and state.is_over:
            table.status = FINISHED
            table.final = (list(state.scores), list(state.winners))
        elif state is not None:
            table.status = RUNNING
        table.stale = False

    def _stored_since(
        self, table_id: str, since: int
    ) -> tuple[TableRow, list[Any], dict[str, PlayerRow], list[tuple[int, Action]]] | None:
        found = self.store.table(table_id)
        if found is None:
            return None
        row, seat_rows = found
        players = {
            pid: p
            for pid in {s.player_id for s in seat_rows if s.player_id}
            if (p := self.store.player(pid)) is not None
        }
        return row, seat_rows, players, self.store.actions(table_id, since)

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
        table.advance(after, int(event["seat"]), event["action"])
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


def _running(task: asyncio.Task[None] | None) -> bool:
    return task is not None and not task.done()


def check_level(level: str) -> None:
    """Raise :class:`Refused` for an unknown bot level."""
    if level not in LEVELS:
        raise Refused("bad_level", f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}", 422)
