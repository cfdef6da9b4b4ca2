"""The writer: every accepted action (and every new table) is stored from a thread of its own,
many at once.

Storing an action is a transaction whose commit waits for the disk (SQLite syncs every commit,
PostgreSQL its write-ahead log). Done on the event loop it stopped everything else for that
time (half of the loop's time under load, measured with py-spy); done in a thread per action
it would still cost one sync per action. Here one thread takes every write waiting at that
moment and makes them in one transaction (a group commit): under load one disk sync carries
tens of actions, and the event loop only waits for its answer, per table, never for the disk.
New tables go the same way: a burst of people opening tables (hundreds in a second) costs a
few commits, not one each behind the actions' (SQLite has one writer at a time).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy.engine import Connection

from meeple.server.storage import ActionRecord, StaleVersion, Store, record_actions_in
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


class ActionWriter:
    """Stores actions and new tables for the event loop, in a thread of its own (see the
    module's text)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[_Pending | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.on_batch: list[Callable[[int, float], None]] = []
        """Called (in the writer's thread) with each transaction's writes and seconds."""

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
    ) -> Any:
        """Queue a write for the writer's thread and wait for its answer."""
        self._ensure_started()
        loop = asyncio.get_running_loop()
        pending = _Pending(job, loop.create_future(), loop, record, first, trace)
        self._queue.put(pending)
        return await pending.future

    def close(self) -> None:
        """Store what is queued, then end the thread."""
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout=30)

    def _ensure_started(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="action-writer", daemon=True)
                self._thread.start()

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
            outcomes: list[Any]
            started = time.perf_counter()
            for pending in batch:
                if pending.trace is not None:
                    pending.trace.taken = started
            try:
                with self.store.engine.begin() as conn:
                    outcomes = _write(conn, batch)
            except Exception as err:
                # One bad write must not cost the others theirs: each on its own.
                log.warning("storing %d writes at once failed: %s", len(batch), err)
                outcomes = [self._alone(pending) for pending in batch]
            ended = time.perf_counter()
            for pending in batch:
                if pending.trace is not None:
                    pending.trace.committed = ended
            for observe in self.on_batch:
                observe(len(batch), ended - started)
            answered = sorted(zip(batch, outcomes, strict=True), key=lambda p: not p[0].first)
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
            with self.store.engine.begin() as conn:
                return _write(conn, [pending])[0]
        except Exception as err:  # the database refused this one
            return err


def _write(conn: Connection, batch: list[_Pending]) -> list[Any]:
    """Every write of a batch in one transaction: its actions together, then the jobs."""
    outcomes: list[Any] = [None] * len(batch)
    actions = [i for i, pending in enumerate(batch) if pending.record is not None]
    stored = record_actions_in(conn, [r for i in actions if (r := batch[i].record) is not None])
    for i, outcome in zip(actions, stored, strict=True):
        outcomes[i] = outcome
    for i, pending in enumerate(batch):
        if pending.job is not None:
            outcomes[i] = pending.job(conn)
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


__all__ = ["ActionWriter", "StaleVersion"]
