"""The hub's clients: sockets counted at their seats, derived again at every change, and told of
every change in their own seat's view.
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import UTC, datetime, timedelta

from meeple.server.tables.core import HubCore
from meeple.server.tables.live import Connection, LiveTable

log = logging.getLogger("meeple.server")


class Connections(HubCore):
    """Clients at tables: connecting, the seat each socket plays, and broadcasting."""

    async def connect(self, table: LiveTable, connection: Connection) -> None:
        """A client opened the table: count it, bring its player back, send the state."""
        await self.hold(table)
        async with table.lock:
            table.touched = time.monotonic()
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
            table.touched = time.monotonic()
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
                        connection.player_id = connection.session = connection.expires = None
                self.broadcast(table)

    async def expire_sessions(self, now: float | None = None) -> set[str]:
        """Sockets whose sessions expired while they were open lose their player, as at a
        logout (only here: each process looks at its own sockets); the sessions ended.

        A socket notes when its session expires unless used meanwhile: when that time has
        come, the session's last use is read again, and one used since (a REST call, another
        socket) lives on with its new time."""
        now = time.time() if now is None else now
        due: dict[str, list[Connection]] = {}
        for table in list(self.tables.values()):
            for connection in table.connections:
                expires = connection.expires
                if connection.session is not None and expires is not None and expires <= now:
                    due.setdefault(connection.session, []).append(connection)
        if not due:
            return set()
        lifetime = self.settings.session_seconds
        used = await asyncio.to_thread(self.store.sessions_used, sorted(due))
        ended = set()
        for hashed, connections in due.items():
            last = used.get(hashed)
            if last is None or now - last.timestamp() >= lifetime:
                ended.add(hashed)
                continue
            for connection in connections:
                connection.expires = last.timestamp() + lifetime
        if ended:
            await self.end_sessions(ended, tell_others=False)
        return ended

    async def keep_sessions(self) -> None:
        """Until cancelled: :meth:`expire_sessions` every tenth of a session's lifetime (at
        most a minute), and the expired sessions forgotten by the database every hour (or
        lifetime, if shorter)."""
        lifetime = self.settings.session_seconds
        purged = time.monotonic()
        while True:
            await asyncio.sleep(min(60.0, lifetime / 10))
            try:
                await self.expire_sessions()
                if time.monotonic() - purged >= min(3600.0, lifetime):
                    purged = time.monotonic()
                    cutoff = datetime.now(UTC) - timedelta(seconds=lifetime)
                    await asyncio.to_thread(self.store.drop_sessions_unused_since, cutoff)
            except Exception:  # the next round tries again; the server goes on
                log.exception("expiring sessions failed")

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
