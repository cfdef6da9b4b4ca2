"""The action writer: every accepted action is stored from a thread of its own, many at once.

Storing an action is a transaction whose commit waits for the disk (SQLite syncs every commit,
PostgreSQL its write-ahead log). Done on the event loop it stopped everything else for that
time (half of the loop's time under load, measured with py-spy); done in a thread per action
it would still cost one sync per action. Here one thread takes every action waiting at that
moment and stores them in one transaction (a group commit): under load one disk sync carries
tens of actions, and the event loop only waits for its answer, per table, never for the disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from dataclasses import dataclass

from meeple.server.storage import ActionRecord, StaleVersion, Store

log = logging.getLogger("meeple.server")

_WDBG: list[tuple[float, int]] = []
_RDBG: list[tuple[float, float, float]] = []
BATCH = 256
"""The most actions one transaction stores."""


@dataclass
class _Pending:
    record: ActionRecord
    future: asyncio.Future[None]
    loop: asyncio.AbstractEventLoop


class ActionWriter:
    """Stores actions for the event loop, in a thread of its own (see the module's text)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[_Pending | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    async def record(self, record: ActionRecord) -> None:
        """Store one action; raises :class:`StaleVersion` when its table is not at its
        version any more (and then nothing was stored), or the database's error."""
        self._ensure_started()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        import time as _t
        t0 = _t.perf_counter()
        p = _Pending(record, future, loop)
        p.t0 = t0  # type: ignore[attr-defined]
        self._queue.put(p)
        await future
        _RDBG.append((p.t1 - t0, p.t2 - p.t1, _t.perf_counter() - p.t2))  # type: ignore[attr-defined]

    def close(self) -> None:
        """Store what is queued, then end the thread."""
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout=30)
        import sys
        v = sorted(_WDBG)
        if v:
            for i, name in enumerate(["queued", "stored", "resumed"]):
                w = sorted(d[i] for d in _RDBG)
                print(name, [round(w[int(q * (len(w) - 1))] * 1000, 1) for q in (0.5, 0.9, 0.99, 1)], file=sys.stderr)
            print("commit", [round(v[int(q * (len(v) - 1))][0] * 1000, 1) for q in (0.5, 0.9, 0.99, 1)], "batch avg", sum(b for _, b in v) / len(v), file=sys.stderr)

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
            outcomes: list[BaseException | None]
            import time as _t
            _t0 = _t.perf_counter()
            for p in batch:
                p.t1 = _t0  # type: ignore[attr-defined]
            try:
                outcomes = list(self.store.record_actions([p.record for p in batch]))
                _WDBG.append((_t.perf_counter() - _t0, len(batch)))
            except Exception as err:
                # One bad action must not cost the others theirs: store each on its own.
                log.warning("storing %d actions at once failed: %s", len(batch), err)
                outcomes = [self._alone(p.record) for p in batch]
            _t2 = _t.perf_counter()
            for p in batch:
                p.t2 = _t2  # type: ignore[attr-defined]
            for pending, outcome in zip(batch, outcomes, strict=True):
                # RuntimeError: that loop is closed, nobody waits any more.
                with contextlib.suppress(RuntimeError):
                    pending.loop.call_soon_threadsafe(_settle, pending.future, outcome)
            if stop:
                return

    def _alone(self, record: ActionRecord) -> BaseException | None:
        try:
            return self.store.record_actions([record])[0]
        except Exception as err:  # the database refused this one
            return err


def _settle(future: asyncio.Future[None], outcome: BaseException | None) -> None:
    if future.done():  # the waiting task was cancelled
        return
    if outcome is None:
        future.set_result(None)
    else:
        future.set_exception(outcome)


__all__ = ["ActionWriter", "StaleVersion"]
