"""The coach: a hint at an unrated table, and the review of a finished game (docs/bots.md).

Both are ``hard``'s search (:mod:`meeple.server.tables.coaching`) run in the bot workers, in the
asking person's turn with their bots' searches (:class:`~meeple.server.tables.thinking.Thinkers`):
one person's hints and reviews wait behind their own searches, never behind everyone's, and
never take every worker.

Who may ask (docs/security.md, "The coach"):

* a **hint** only for the caller's own seat, at a running table whose result will not count
  (a rated table has no coach: ``403 rated_table``), when the seat has a decision to take;
* a **review** only of the seat the caller held in a finished game: it shows that seat's moves
  whole (secret ones too) and the coach's reading of that seat's view, which the other
  players and spectators never saw.

Answers are kept in this process's memory: a hint per table, decision and seat (asked again,
it is not searched again), a review per table and seat (made in the background, decision by
decision; asked again while it is made, it says how far it got). Both stores are bounded.
New searches are limited per person: :data:`HINTS_PER_MINUTE` hints and
:data:`REVIEWS_PER_HOUR` reviews.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from meeple.core.game import JSON, State
from meeple.server.site.limits import TooManyTries, Window, wait
from meeple.server.store import FINISHED, RUNNING, PlayerRow
from meeple.server.tables import coaching
from meeple.server.tables.hub import Hub
from meeple.server.tables.live import LiveTable
from meeple.server.tables.refused import Refused

log = logging.getLogger("meeple.server")

HINTS_PER_MINUTE = 12
"""New hint searches a person may start in a minute (a hint asked again is free)."""
REVIEWS_PER_HOUR = 20
"""New reviews a person may start in an hour (a review asked again is free)."""
KEPT_HINTS = 512
KEPT_REVIEWS = 128
"""How many hints and reviews are kept in memory (the oldest are forgotten first)."""


@dataclass
class Review:
    """A review of one seat of a finished game, made decision by decision."""

    table: str
    seat: int
    total: int | None = None
    """How many decisions it looks at (``None`` until the game has been read)."""
    decisions: list[JSON] = field(default_factory=list)
    failed: bool = False
    task: asyncio.Task[None] | None = None

    def json(self) -> JSON:
        """The review as the protocol gives it (``complete`` once every decision is in)."""
        return {
            "table": self.table,
            "seat": self.seat,
            "complete": self.total is not None and len(self.decisions) >= self.total,
            "failed": self.failed,
            "total": self.total,
            "threshold": coaching.CLEARLY_BETTER,
            "decisions": self.decisions,
        }


class Coach:
    """Hints and reviews, searched in the bot workers and kept in memory."""

    def __init__(self, hub: Hub, clock: Callable[[], float] = time.monotonic) -> None:
        self.hub = hub
        self.clock = clock
        self.hint_starts = Window(HINTS_PER_MINUTE, 60.0)
        self.review_starts = Window(REVIEWS_PER_HOUR, 3600.0)
        self.hints: OrderedDict[tuple[str, int, int], asyncio.Future[list[JSON]]] = OrderedDict()
        self.reviews: OrderedDict[tuple[str, int], Review] = OrderedDict()

    def _count(self, window: Window, who: str, what: str) -> None:
        """Count one new search of ``who``'s, or refuse it (429) when they had their share."""
        now = self.clock()
        delay = wait(window, who, now)
        if delay > 0:
            seconds = math.ceil(delay)
            raise TooManyTries(
                f"too many {what}s; try again in {seconds} s", seconds, code=f"too_many_{what}s"
            )
        window.add(who, now)

    def _payload(self, world: State) -> State | dict[str, Any]:
        """The world as a worker takes it: JSON for a process, the object for a thread."""
        return world if self.hub.pool is None else world.to_json()

    async def hint(self, table: LiveTable, player: PlayerRow) -> JSON:
        """The coach's best moves for the caller's decision at ``table`` (see the module)."""
        seat = table.seat_of(player.id)
        if seat is None:
            raise Refused("not_seated", "hints are for the players seated at the table", 403)
        if table.is_rated():
            raise Refused("rated_table", "a rated table has no coach: its result counts", 403)
        async with table.lock:
            state = table.state
            if table.status != RUNNING or state is None:
                raise Refused("not_running", "hints are for a game in play")
            if seat not in state.to_move or not state.legal_actions(seat):
                raise Refused("not_your_turn", "a hint is for a decision of yours")
            version = table.version
            key = (table.id, version, seat)
            found = self.hints.get(key)
            if found is None:
                self._count(self.hint_starts, player.id, "hint")
                seed = coaching.coach_seed(table.seed, version, seat)
                # Determinized here: the worker never sees what the seat cannot.
                world = self._payload(coaching.seen_world(state, seat, seed))
                found = asyncio.ensure_future(
                    self.hub.thinkers.run(
                        player.id, coaching.hint, table.game.id, world, seat, seed
                    )
                )
                self._keep(self.hints, key, found, KEPT_HINTS)
        try:
            # Shielded: a caller who goes away leaves the answer for the next asking.
            moves = await asyncio.shield(found)
        except Exception:
            self.hints.pop(key, None)
            raise
        return {"table": table.id, "version": version, "seat": seat, "moves": moves}

    @staticmethod
    def _keep(store: OrderedDict[Any, Any], key: Any, value: Any, limit: int) -> None:
        store[key] = value
        while len(store) > limit:
            _, old = store.popitem(last=False)
            task = getattr(old, "task", None)
            if task is not None:
                task.cancel()

    def review(self, table: LiveTable, player: PlayerRow | None, seat: int | None) -> JSON:
        """The review of ``seat`` (default: the caller's) in a finished game, as far as it
        has been made; the first asking starts it in the background."""
        if table.status != FINISHED:
            raise Refused("not_finished", "a review is for a finished game")
        mine = table.seat_of(player.id) if player is not None else None
        if player is None or mine is None or (seat is not None and seat != mine):
            raise Refused(
                "not_your_seat", "a game's review is for the player who held the seat", 403
            )
        key = (table.id, mine)
        review = self.reviews.get(key)
        if review is None or review.failed:
            self._count(self.review_starts, player.id, "review")
            review = Review(table.id, mine)
            review.task = asyncio.create_task(self._make(review, table, player.id))
            self._keep(self.reviews, key, review, KEPT_REVIEWS)
        else:
            self.reviews.move_to_end(key)
        return review.json()

    async def _make(self, review: Review, table: LiveTable, who: str) -> None:
        """Read the game, then search its seat's decisions one by one, each in ``who``'s
        turn (one review holds at most one worker at a time)."""
        try:
            moves = await asyncio.to_thread(self.hub.store.moves, table.id)
            found = await asyncio.to_thread(
                lambda: coaching.decisions(
                    table.game, table.players, table.seed, table.options, moves, seat=review.seat
                )
            )
            review.total = len(found)
            for decision in found:
                seed = coaching.coach_seed(table.seed, decision.step, review.seat)
                world = self._payload(coaching.seen_world(decision.state, review.seat, seed))
                result = await self.hub.thinkers.run(
                    who,
                    coaching.review_decision,
                    table.game.id,
                    world,
                    review.seat,
                    decision.action,
                    seed,
                )
                review.decisions.append({"step": decision.step, "by": decision.by, **result})
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("review of table %s seat %s failed", table.id, review.seat)
            review.failed = True

    def stop(self) -> None:
        """Cancel the reviews being made (the server stops)."""
        for review in self.reviews.values():
            if review.task is not None:
                review.task.cancel()
        for hint in self.hints.values():
            with contextlib.suppress(Exception):
                hint.cancel()
