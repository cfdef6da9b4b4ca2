"""Python's garbage collector in a server that holds thousands of tables: run on a schedule of
its own, and timed.

Every collection holds the interpreter's lock for its whole length: the event loop, the action
writer and every request wait meanwhile, and a collection costs about a microsecond for each
object of the generations it walks. Python starts a young collection when the tracked objects
allocated *minus those freed* exceed a threshold. A server's heap barely grows (each change
frees the previous state as it makes the next), so that count rises slowly while the young
generation fills with everything made since: measured with 2,000 tables moving every 2 s,
young collections walked 20,000 to 100,000 objects (up to 55 ms) and middle ones up to 175,000
(up to 140 ms) — the slowest moves people saw.

:class:`Collector` turns automatic collection off and collects on a clock instead, in a thread
of its own: the young and middle generations together every :data:`YOUNG_EVERY` seconds (what
was made in those 20 ms: a pause of under a millisecond), so that no pause grows with the time
between collections. (Every 50 ms until 2026-11-28: with 2,000 tables moving every 2 s each
pause was 2.2–2.9 ms on average, and summed they took more time than the 20 ms clock's 0.75–0.9
ms pauses do: 2.7–4.1 against 2.2–2.7 s a minute, four pairs in turn.) What survives goes
straight to the oldest generation: a separate middle collection every other turn
(``MIDDLE_EVERY = 2``, until 2026-11-27) walked every survivor a second time, in pauses three times as long as
the young ones, and took half of the collector's time (at 500 tables, 0.19–0.24 → 0.05–0.09 ms
of collection per action stored). Objects that live longer than that (a table's state, its logs)
reach the oldest generation, which only a full collection walks: the whole heap, ~0.45 s of CPU
with 2,000 live tables. Nearly all of the server's garbage is freed by reference counting the
moment it is dropped (the collector only finds reference cycles), so a full collection runs
every :data:`FULL_EVERY` seconds, and everything loaded before the server starts (modules, the
app) is frozen out of it (``gc.freeze``). :class:`GcPauses` times every collection for the
metrics.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable
from typing import Any, ClassVar

YOUNG_EVERY = 0.02
"""Seconds between young collections."""
MIDDLE_EVERY = 1
"""Young collections per middle one: every one (each collection walks the young and middle
generations together; see :class:`Collector`)."""
FULL_EVERY = 1800.0
"""Seconds between full collections."""


class Collector:
    """Collects garbage on a clock while started (:meth:`start`, :meth:`stop`)."""

    running: ClassVar[int] = 0
    """Collectors started and not stopped in this process (tests run several servers in
    one): the first turns automatic collection off, the last gives it back."""
    was_enabled: ClassVar[bool] = True
    """Whether automatic collection was on before the first collector started."""

    def __init__(
        self,
        young_every: float = YOUNG_EVERY,
        middle_every: int = MIDDLE_EVERY,
        full_every: float = FULL_EVERY,
    ) -> None:
        self.young_every = young_every
        self.middle_every = middle_every
        self.full_every = full_every
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def start(self) -> None:
        """Freeze what is loaded so far, turn automatic collection off and start the clock."""
        if self._thread is not None:
            return
        if Collector.running == 0:
            # What exists now (modules, classes, the app) lives as long as the process: out
            # of every full collection's way.
            gc.collect()
            gc.freeze()
            Collector.was_enabled = gc.isenabled()
            gc.disable()
        Collector.running += 1
        # A thread of its own, not a task of the event loop: on a busy loop a task wakes late
        # (and the young generation grows meanwhile), a thread gets the interpreter within
        # its switch interval (5 ms) whatever the loop is doing.
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._run, args=(self._stop,), name="garbage-collector", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        """Stop the clock and give the collector back to Python."""
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join()
        self._thread = None
        Collector.running -= 1
        if Collector.running == 0:
            gc.unfreeze()
            if Collector.was_enabled:
                gc.enable()

    def _run(self, stop: threading.Event) -> None:
        turns = 0
        last_full = time.monotonic()
        while not stop.wait(self.young_every):
            turns += 1
            if time.monotonic() - last_full >= self.full_every:
                gc.collect(2)
                last_full = time.monotonic()
            else:
                gc.collect(1 if turns % self.middle_every == 0 else 0)


class GcPauses:
    """Times every garbage collection while installed (:meth:`install`, :meth:`remove`)."""

    def __init__(self) -> None:
        self.listeners: list[Callable[[int, float], None]] = []
        """Called with the generation and the seconds of each collection."""
        self._started = 0.0

    def install(self) -> None:
        """Start timing collections (the callback list is the interpreter's, shared by all)."""
        if self._callback not in gc.callbacks:
            gc.callbacks.append(self._callback)

    def remove(self) -> None:
        """Stop timing collections."""
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        seconds = time.perf_counter() - self._started
        for listener in self.listeners:
            listener(int(info["generation"]), seconds)
