"""The hub's seating: tables created, seats taken and left, a full table started."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

import meeple
from meeple.core.game import State
from meeple.server.store import (
    FINISHED,
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
from meeple.server.tables.live import LiveTable
from meeple.server.tables.refused import Refused

log = logging.getLogger("meeple.server")


class Seating(Connections):
    """Creating tables, joining and leaving them."""

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
