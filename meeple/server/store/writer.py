"""The writer: every accepted action (and every new table) is stored here, many at once.

A move is answered only once it is committed, so that a killed server loses nothing anyone
was sent. The writes of a moment are stored in one transaction (a group commit), in one of
two ways, whichever the database makes quick:

* **On the event loop** (SQLite with ``--sqlite-sync normal``, the default): a commit is then
  a write into the database's write-ahead log, about 0.1 ms, with no disk sync. The actions
  accepted during one turn of the event loop are stored in one transaction at the end of that
  turn (:meth:`ActionWriter.record` schedules the flush with ``loop.call_soon`` when the turn's
  first write arrives), and their tasks go on in the next turn: no thread to hand them to,
  no wake-up of another thread, no wait for Python's lock. The disk syncs happen at the
  log's checkpoints, which a thread of its own makes (:class:`Checkpointer`): SQLite's own
  checkpoint would run inside a commit, on the event loop.
* **In a thread of its own** (PostgreSQL, whose commit is a network round trip and a sync of
  its log; SQLite with ``--sqlite-sync full``, which syncs every commit): the thread takes
  every write waiting at that moment and makes them in one transaction, so that under load
  one sync carries tens of actions, and the event loop only waits for its answer, per table,
  never for the disk.

Either way a person's action is answered before the bots' of the same transaction, each
action is checked against its table's version (:class:`StaleVersion`), and one refused write
costs the others nothing (they are then stored one by one). New tables go the same way as
actions: a burst of people opening tables (hundreds in a second) costs a few commits.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy.engine import Connection

from meeple.server.store.actions import record_actions_in, record_plain_actions_sqlite
from meeple.server.store.database import Store
from meeple.server.store.rows import ActionRecord, SeatSpec, StaleVersion, TableRow
from meeple.server.store.tables import add_table_in, add_tables_sqlite
from meeple.server.trace import MoveTrace

log = logging.getLogger("meeple.server")

T = TypeVar("T")

BATCH = 256
"""The most writes one transaction makes."""


@dataclass
class _Pending:
    job: Callable[[Connection], Any] | None
    """What to write, given the transaction's connection: returns the answer, or an exception
    (not raised: the others' writes in the transaction stand) when this write is refused."""
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop
    record: ActionRecord | None = None
    """An action to store (instead of a job): the actions of a batch are stored together."""
    first: bool = False
    """Answered before the others of its batch (a person's action: see :meth:`record`)."""
    trace: MoveTrace | None = None
    """A person's move being timed: the thread notes when it took it and when it was stored."""
    table: tuple[TableRow, list[SeatSpec]] | None = None
    """A new table and its seats to store (instead of a job or an action)."""


class ActionWriter:
    """Stores actions and new tables for the event loop, on the loop itself or in a thread of
    its own (see the module's text)."""

    def __init__(self, store: Store, *, inline: bool | None = None) -> None:
        """``inline``: commit on the event loop (default: on SQLite with ``--sqlite-sync
        normal``, where a commit does not wait for the disk)."""
        self.store = store
        self.inline = store.sqlite_sync == "normal" if inline is None else inline
        """Whether the writes are committed on the event loop (else in the writer's thread)."""
        self._queue: queue.SimpleQueue[_Pending | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._turns: dict[asyncio.AbstractEventLoop, list[_Pending]] = {}
        """The writes each event loop accepted in its current turn (inline)."""
        self._waiting: dict[asyncio.AbstractEventLoop, list[_Pending]] = {}
        """Writes kept back while a checkpoint restarts the log (:meth:`hold`)."""
        self._held = False
        self._conn: Connection | None = None
        """The connection of the inline transactions (made at the first)."""
        self.checkpointer: Checkpointer | None = None
        """Checkpoints the SQLite log of inline commits (started with the first write)."""
        self.on_batch: list[Callable[[int, float], None]] = []
        """Called with each transaction's writes and seconds (from the writer's thread, or
        on the event loop when inline)."""
        self.on_hold: list[Callable[[float], None]] = []
        """Called with the seconds the inline writes were held back by each restart of the
        log (from the checkpointer's thread)."""
        self._held_since = 0.0

    async def record(
        self, record: ActionRecord, *, first: bool = False, trace: MoveTrace | None = None
    ) -> None:
        """Store one action; raises :class:`StaleVersion` when its table is not at its
        version any more (and then nothing was stored), or the database's error.

        ``first``: answer it before the other writes of its transaction. Tens of actions
        are stored at once under load, and each one's table then goes on (views, messages)
        on the event loop in the order they are answered: a person's action goes first, so
        that it never waits behind the bots' moves of the same commit.

        ``trace``: a person's move, whose ``taken`` and ``committed`` the thread notes."""
        await self._submit(None, record, first, trace)

    async def add_table(self, table: TableRow, seats: list[SeatSpec]) -> None:
        """Store a new table and its seats with the other writes of the moment (on SQLite,
        on the loop, through the driver itself: :func:`add_tables_sqlite`)."""
        await self._submit(None, table=(table, seats))

    async def run(self, job: Callable[[Connection], T | BaseException]) -> T:
        """Make one write (``job``, given the connection of the writer's transaction) with
        the others of the moment; its answer, or the exception it returned or raised (then
        nothing of it was written)."""
        answer: T = await self._submit(job)
        return answer

    async def _submit(
        self,
        job: Callable[[Connection], Any] | None,
        record: ActionRecord | None = None,
        first: bool = False,
        trace: MoveTrace | None = None,
        table: tuple[TableRow, list[SeatSpec]] | None = None,
    ) -> Any:
        """Queue a write (for the end of this turn of the loop, or for the writer's thread)
        and wait for its answer."""
        loop = asyncio.get_running_loop()
        pending = _Pending(job, loop.create_future(), loop, record, first, trace, table)
        if self.inline:
            if self.checkpointer is None:
                self._start_checkpoints()
            if first and not self._held:
                # A person's move is stored at once, with the writes this turn has so far:
                # its task goes on without giving the loop a turn (where its move would wait
                # for the end of this turn and then for its turn in the next).
                self._store(self._waiting.pop(loop, []) + self._turns.pop(loop, []) + [pending])
                return pending.future.result()
            turn = self._turns.get(loop)
            if turn is None:
                turn = self._turns[loop] = []
                # After the callbacks this turn already has: they may accept more actions.
                loop.call_soon(self._flush, loop)
            turn.append(pending)
        else:
            self._ensure_started()
            self._queue.put(pending)
        return await pending.future

    def close(self) -> None:
        """Store what is queued, then end the thread (and the checkpoints)."""
        with self._lock:
            thread, self._thread = self._thread, None
            checkpointer, self.checkpointer = self.checkpointer, None
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout=30)
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if checkpointer is not None:
            checkpointer.stop()
            self.store.checkpoints_elsewhere(False)

    def _ensure_started(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="action-writer", daemon=True)
                self._thread.start()

    def _start_checkpoints(self) -> None:
        with self._lock:
            if self.checkpointer is not None or self.store.sqlite_file is None:
                return
            self.store.checkpoints_elsewhere()
            self.checkpointer = Checkpointer(self.store.sqlite_file, hold=self.hold)
            self.checkpointer.start()

    def hold(self, held: bool) -> None:
        """Keep the inline writes waiting (``True``), or store them (``False``). Called from
        the checkpointer's thread around a checkpoint that restarts the log: that one locks
        the database's writers out until it has synced the disk, and a commit on the event
        loop would wait in SQLite's busy handler, stopping the whole loop; kept back, only
        those moves wait, a few ms."""
        self._held = held
        if held:
            self._held_since = time.perf_counter()
        else:
            seconds = time.perf_counter() - self._held_since
            for observe in self.on_hold:
                observe(seconds)
            for loop in list(self._waiting):
                with contextlib.suppress(RuntimeError):  # that loop is closed
                    loop.call_soon_threadsafe(self._flush, loop)

    def _flush(self, loop: asyncio.AbstractEventLoop) -> None:
        """Store the writes of the loop's last turn in one transaction, on the loop, and
        answer them (people's first); their tasks go on in the loop's next turn."""
        batch = self._waiting.pop(loop, []) + self._turns.pop(loop, [])
        if not batch:
            return
        if self._held:
            self._waiting[loop] = batch
            if not self._held:  # released meanwhile, maybe without seeing these
                loop.call_soon(self._flush, loop)
            return
        self._store(batch)

    def _store(self, batch: list[_Pending]) -> None:
        """Make a batch's writes on the loop, and answer them (people's first)."""
        for start in range(0, len(batch), BATCH):
            part = batch[start : start + BATCH]
            try:
                settled = self._commit(part)
            except Exception as err:  # never leave a move waiting for ever
                log.exception("storing %d writes failed", len(part))
                settled = [(pending, err) for pending in part]
            for pending, outcome in settled:
                _settle(pending.future, outcome)

    def _commit(self, batch: list[_Pending]) -> list[tuple[_Pending, Any]]:
        """Make a batch's writes in one transaction; each write with its outcome, people's
        first."""
        started = time.perf_counter()
        for pending in batch:
            if pending.trace is not None:
                pending.trace.taken = started
        outcomes = self._transaction(batch)
        ended = time.perf_counter()
        if ended - started > SLOW_COMMIT and self.inline:
            log.warning("a commit on the event loop took %.1f ms", (ended - started) * 1e3)
        for pending in batch:
            if pending.trace is not None:
                pending.trace.committed = ended
        for observe in self.on_batch:
            observe(len(batch), ended - started)
        return sorted(zip(batch, outcomes, strict=True), key=lambda p: not p[0].first)

    def _transaction(self, batch: list[_Pending]) -> list[Any]:
        if self.inline and self.store.sqlite_sync is not None:
            done = self._plain(batch)
            if done is not None:
                return done
        try:
            with self._begin() as conn:
                return _write(conn, batch)
        except Exception as err:
            # One bad write must not cost the others theirs: each on its own.
            log.warning("storing %d writes at once failed: %s", len(batch), err)
            return [self._alone(pending) for pending in batch]

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            answered = self._commit(batch)
            # One call into each waiting event loop for the whole batch, not one per write:
            # each call wakes the loop's thread, and on a busy machine every wake-up is a
            # chance for the operating system to switch threads while this one holds
            # Python's lock (py-spy saw a fifth of the server's time in such calls).
            by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any]]] = {}
            for pending, outcome in answered:
                by_loop.setdefault(pending.loop, []).append((pending.future, outcome))
            for loop, settled in by_loop.items():
                # RuntimeError: that loop is closed, nobody waits any more.
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(_settle_all, settled)
            if stop:
                return

    def _alone(self, pending: _Pending) -> Any:
        try:
            with self._begin() as conn:
                return _write(conn, [pending])[0]
        except Exception as err:  # the database refused this one
            return err

    def _plain(self, batch: list[_Pending]) -> list[Any] | None:
        """On the loop, on SQLite: a batch of actions (none ending its game) and new tables
        stored through the driver itself (:func:`record_plain_actions_sqlite`,
        :func:`add_tables_sqlite`); ``None`` if the batch needs the general way (then nothing
        was stored)."""
        if any(pending.job is not None for pending in batch):
            return None
        records = [pending.record for pending in batch if pending.record is not None]
        tables = [pending.table for pending in batch if pending.table is not None]
        conn = self._connection()
        if conn.in_transaction():
            return None
        driver = conn.connection.driver_connection
        assert isinstance(driver, sqlite3.Connection)
        try:
            driver.execute("BEGIN IMMEDIATE")
            stored = record_plain_actions_sqlite(driver, conn.dialect, records) if records else []
            if stored is not None and tables:
                add_tables_sqlite(driver, conn.dialect, tables)
            driver.execute("COMMIT" if stored is not None else "ROLLBACK")
        except Exception as err:  # tried again the general way, which answers each write
            log.warning("storing %d writes at once failed: %s", len(batch), err)
            if driver.in_transaction:
                driver.execute("ROLLBACK")
            return None
        if stored is None:
            return None
        answers = iter(stored)
        return [next(answers) if pending.record is not None else None for pending in batch]

    def _connection(self) -> Connection:
        if self._conn is None:
            self._conn = self.store.engine.connect()
        return self._conn

    @contextlib.contextmanager
    def _begin(self) -> Iterator[Connection]:
        """A transaction: on the loop, on a connection kept for it (no pool to go through
        for each one); in the writer's thread, on one of the pool's."""
        if not self.inline:
            with self.store.engine.begin() as conn:
                yield conn
            return
        conn = self._connection()
        with conn.begin():
            yield conn


SLOW_COMMIT = 0.1
"""A commit on the event loop that takes longer (seconds) is logged: it stopped everything."""

CHECKPOINT_SECONDS = 1.0
"""How often the checkpointer copies the log of inline commits into the database file."""

WAL_RESTART_BYTES = 32 * 1024 * 1024
"""A log past this size is started over (written again from the start of its file)."""

WAL_KEEP_BYTES = 64 * 1024 * 1024
"""A log's file past this size (a burst of writes outran the checkpoints) is cut to nothing
when the log starts over. Under a steady load it stays below: the restart size and about a
second of writes."""


class Checkpointer:
    """Copies a SQLite database's write-ahead log back into the database file, from a thread
    and a connection of its own, so that the disk syncs of a checkpoint never stop the event
    loop (whose connections have SQLite's automatic checkpoints off:
    :meth:`Store.checkpoints_elsewhere`).

    Every ``every`` seconds a passive checkpoint (``PRAGMA wal_checkpoint(PASSIVE)``) copies
    what the log holds and syncs the database file; it waits for nobody and nobody waits for
    it. That alone does not keep the log from growing: the log starts over only when a
    checkpoint has copied all of it, and under load new commits arrive while it copies. So
    when the log is past ``restart_bytes``, a second checkpoint that restarts it follows
    (``RESTART``: only what came since the passive one is left to copy); it locks the
    writers out for that time, and ``hold`` keeps the event loop's writes back meanwhile
    (:meth:`ActionWriter.hold`).

    The log's file is not cut back when it starts over: it is written again from its start.
    Cutting a file of tens of MB (SQLite's ``journal_size_limit``) takes 10–14 ms, and SQLite
    does it in the first commit after the restart, which on the event loop stopped everything
    for that long every few seconds at full speed. Only a file past ``keep_bytes`` is cut, by
    the restarting checkpoint itself (``TRUNCATE``), here."""

    def __init__(
        self,
        path: str,
        *,
        hold: Callable[[bool], None] | None = None,
        every: float = CHECKPOINT_SECONDS,
        restart_bytes: int = WAL_RESTART_BYTES,
        keep_bytes: int = WAL_KEEP_BYTES,
    ) -> None:
        self.path = path
        self.every = every
        self.restart_bytes = restart_bytes
        self.keep_bytes = keep_bytes
        self._hold = hold
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._conn: sqlite3.Connection | None = None
        self.passive = 0
        """Passive checkpoints made."""
        self.restarts = 0
        """Checkpoints that restarted the log."""
        self.cuts = 0
        """Restarts that also cut the log's file (it was past ``keep_bytes``)."""

    def start(self) -> None:
        """Open the connection and start the thread."""
        self._conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._conn.execute("PRAGMA busy_timeout=2000")
        self._thread = threading.Thread(target=self._run, name="wal-checkpoints", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """End the thread and close the connection."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.checkpoint()
            except sqlite3.Error as err:  # tried again at the next tick
                log.warning("checkpointing %s failed: %s", self.path, err)

    def checkpoint(self) -> int:
        """One passive checkpoint, and a restarting one if the log is too long; the log's
        size in bytes after them (as SQLite counts it: pages written since it started over)."""
        conn = self._conn
        assert conn is not None, "start() first"
        page = int(conn.execute("PRAGMA page_size").fetchone()[0])
        _busy, frames, _copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        self.passive += 1
        if frames * page <= self.restart_bytes:
            return int(frames * page)
        if self._hold is not None:
            self._hold(True)
        mode = "TRUNCATE" if self.wal_bytes() > self.keep_bytes else "RESTART"
        held = time.perf_counter()
        try:
            busy, frames, _copied = conn.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
            self.restarts += 1
            self.cuts += mode == "TRUNCATE"
        finally:
            if self._hold is not None:
                self._hold(False)
        seconds = time.perf_counter() - held
        log.debug("restarted the log (%d pages; busy %d) in %.1f ms", frames, busy, seconds * 1e3)
        return int(max(frames, 0) * page)

    def wal_bytes(self) -> int:
        """The log file's size now."""
        try:
            return os.path.getsize(self.path + "-wal")
        except FileNotFoundError:
            return 0


def _write(conn: Connection, batch: list[_Pending]) -> list[Any]:
    """Every write of a batch in one transaction: its actions together, then the jobs and
    new tables."""
    outcomes: list[Any] = [None] * len(batch)
    actions = [i for i, pending in enumerate(batch) if pending.record is not None]
    stored = record_actions_in(conn, [r for i in actions if (r := batch[i].record) is not None])
    for i, outcome in zip(actions, stored, strict=True):
        outcomes[i] = outcome
    for i, pending in enumerate(batch):
        if pending.job is not None:
            outcomes[i] = pending.job(conn)
        elif pending.table is not None:
            add_table_in(conn, *pending.table)
    return outcomes


def _settle_all(settled: list[tuple[asyncio.Future[Any], Any]]) -> None:
    """Answer a batch's writes in the event loop, in the order given (people's first)."""
    for future, outcome in settled:
        _settle(future, outcome)


def _settle(future: asyncio.Future[Any], outcome: Any) -> None:
    if future.done():  # the waiting task was cancelled
        return
    if isinstance(outcome, BaseException):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)


__all__ = ["ActionWriter", "Checkpointer", "StaleVersion"]
