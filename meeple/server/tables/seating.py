"""The hub's seating: tables created, seats taken and left, a full table started."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any

import meeple
from meeple.core.game import State
from meeple.server.store import (
    EXPIRED,
    OPEN,
    RUNNING,
    PlayerRow,
    SeatRow,
    SeatSpec,
    TableRow,
    digest,
    seat_values,
    utcnow,
)
from meeple.server.tables.connections import Connections
from meeple.server.tables.live import ENDED, LiveTable
from meeple.server.tables.refused import Refused

log = logging.getLogger("meeple.server")


@dataclass(frozen=True)
class TableSpec:
    """A table as it is asked for (:meth:`Seating.create`): its game, seats, options and
    timers. ``move_seconds`` makes it a turn-based table (a clock of that many seconds per
    move, plus a time bank of ``bank_seconds``: :mod:`.clocks`)."""

    game_id: str
    players: int
    options: dict[str, Any]
    seats: list[SeatSpec]
    turn_seconds: int | None
    response_seconds: int
    rated: bool = False
    move_seconds: int | None = None
    bank_seconds: int | None = None


class Seating(Connections):
    """Creating tables, joining and leaving them."""

    async def create(self, creator: PlayerRow, spec: TableSpec) -> LiveTable:
        """Create a table; the creator sits in the first human seat. Starts it if it is full.

        Refused (429) when the creator has as many open tables, or tables with bots, as the
        settings allow (:meth:`held_by`)."""
        # The creator takes the first human seat: any other makes an open table.
        waits = sum(s.kind == "human" for s in spec.seats) > 1
        has_bots = any(s.kind == "bot" for s in spec.seats)
        waiting, with_bots = self.held_by(creator.id)
        if waits and waiting >= self.settings.open_tables:
            raise Refused(
                "too_many_tables",
                f"you have {waiting} open tables; start or leave one first",
                429,
            )
        if has_bots and with_bots >= self.settings.bot_tables:
            raise Refused(
                "too_many_bot_tables",
                f"you have {with_bots} unfinished tables with bots; finish or leave one first",
                429,
            )
        # Counted while it is being made (its store write awaits): a burst of requests at
        # once must not all pass the count above.
        self.creating[creator.id] = self.creating.get(creator.id, 0) + 1
        try:
            table = await self._create(creator, spec)
        finally:
            left = self.creating.pop(creator.id) - 1
            if left:
                self.creating[creator.id] = left
        return table

    def held_by(self, player_id: str) -> tuple[int, int]:
        """What the player holds in this process: the open tables they made or sit at, and
        the unfinished tables with bots they made (each counting those being made now)."""
        making = self.creating.get(player_id, 0)
        waiting = with_bots = making
        for table in self.tables.values():
            status = table.status
            if status == OPEN and (
                table.creator == player_id or table.seat_of(player_id) is not None
            ):
                waiting += 1
            if (
                table.creator == player_id
                and status in (OPEN, RUNNING)
                and any(seat.kind == "bot" for seat in table.seats)
            ):
                with_bots += 1
        return waiting, with_bots

    async def _create(self, creator: PlayerRow, spec: TableSpec) -> LiveTable:
        game = meeple.load(spec.game_id)
        checked = game.resolve_options(spec.options)
        seats = list(spec.seats)  # the spec's own list is left as asked
        humans = [i for i, s in enumerate(seats) if s.kind == "human"]
        if humans:
            seats[humans[0]] = SeatSpec("human", None, creator.id)
        row = TableRow(
            id=f"t_{secrets.token_urlsafe(9)}",
            game=game.id,
            players=spec.players,
            options=checked,
            seed=secrets.randbits(63),
            status=OPEN,
            turn_seconds=spec.turn_seconds,
            response_seconds=spec.response_seconds,
            version=0,
            digest=None,
            scores=None,
            winners=None,
            created=utcnow(),
            rated=spec.rated,
            move_seconds=spec.move_seconds,
            bank_seconds=spec.bank_seconds,
        )
        first: State | None = None
        if not any(s.kind == "human" and s.player_id is None for s in seats):
            # Full at once (the creator among bots): stored as started, in one write.
            first = game.new(spec.players, seed=row.seed, options=checked)
            row.status = RUNNING
            row.digest = digest(first.to_json())
        # Through the writer, in the transaction of the actions of the moment (one disk sync
        # for a burst of new tables); the table in memory is made from what was stored.
        await self.writer.add_table(row, seats)
        seat_rows = [SeatRow(**values) for values in seat_values(row, seats)]
        table = LiveTable.from_rows(game, row, seat_rows, {creator.id: creator})
        table.creator = creator.id
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
            if table.status == EXPIRED:
                raise Refused("not_open", "this table expired: nobody came in time")
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
            if table.status in ENDED:
                raise Refused("not_running", f"this table is {table.status}")
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
