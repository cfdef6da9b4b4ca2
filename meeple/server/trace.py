"""Where a person's move spends its time, stage by stage.

A person's move crosses the server in steps, and between some of them it waits for the event
loop (which runs everything else too: bots' moves, other tables, REST calls) or, on
PostgreSQL and with ``--sqlite-sync full``, for the action writer's thread. A :class:`MoveTrace` takes a timestamp (``time.perf_counter``) at each step;
``/metrics`` keeps each stage's seconds as a histogram (``meeple_move_stage_seconds``), so that
what a slow move waited for can be read off a running server, not guessed:

``receive``
    the websocket frame was read from the socket → the table's handler ran (the loop's turn);
``lock``
    → the table's lock was held (a bot's move of the same table in progress holds it);
``apply``
    → the action was checked, applied to a copy and handed to the writer;
``queued``
    → its transaction began (in the writer's thread: the thread was storing the previous
    batch, or waited for Python's lock; on the event loop, SQLite's default: at once);
``commit``
    → its transaction ended;
``resume``
    → the move's task ran again (the loop's turn, after the writer's thread; at once when
    the move was committed on the loop);
``views``
    → every seat's view and message were made and queued;
``send``
    → the mover's own message was written to its socket (the loop's turn of its sender).

Only people's moves are traced: bots' moves have nobody waiting for them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from starlette.types import Scope

STAGES = ("receive", "lock", "apply", "queued", "commit", "resume", "views", "send")
"""The stages of a person's move, in order (see the module's text)."""

RECEIVED = "meeple.received"
"""The key of a websocket's scope that holds when its latest text frame was read."""


@dataclass(slots=True)
class MoveTrace:
    """The timestamps of one person's move (``time.perf_counter`` seconds; 0: not reached)."""

    received: float
    handled: float = 0.0
    locked: float = 0.0
    submitted: float = 0.0
    taken: float = 0.0
    committed: float = 0.0
    resumed: float = 0.0
    queued: float = 0.0
    sent: float = 0.0

    def stages(self) -> dict[str, float]:
        """Seconds spent in each stage (only when every stage was reached)."""
        stamps = [
            self.received,
            self.handled,
            self.locked,
            self.submitted,
            self.taken,
            self.committed,
            self.resumed,
            self.queued,
            self.sent,
        ]
        if not all(stamps):
            return {}
        return {
            name: max(0.0, b - a) for name, a, b in zip(STAGES, stamps, stamps[1:], strict=False)
        }

    def total(self) -> float:
        """Seconds from the frame's arrival to the mover's message written (0 if unfinished)."""
        return self.sent - self.received if self.sent else 0.0


def received_at(scope: Scope) -> float:
    """When the websocket's latest text frame was read from its socket (now, if unknown: a
    server run without :class:`meeple.server.site.stamping.StampingProtocol`, as in tests)."""
    stamp = scope.get(RECEIVED)
    return stamp if isinstance(stamp, float) else time.perf_counter()
