"""The store's players and their logins (sessions)."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from meeple.server.names import skeleton
from meeple.server.store.engine import StoreBase
from meeple.server.store.rows import (
    PlayerRow,
    SessionRow,
    SessionUse,
    UsernameTaken,
    aware,
    utcnow,
)

_SESSION_PLAYER = (
    "SELECT p.id, p.name, p.username, p.password_hash, p.created, s.used FROM sessions AS s"
    " JOIN players AS p ON p.id = s.player_id WHERE s.token_hash = ?"
)
"""A session's player and last use, in SQLite's own SQL (:meth:`Store.session_player_quick`)."""


class Players(StoreBase):
    """Players and sessions: the :class:`~meeple.server.store.database.Store`'s part for people."""

    def add_player(self, player: PlayerRow) -> None:
        """Store a new player."""
        with self.session() as s:
            s.add(player)

    def player(self, player_id: str) -> PlayerRow | None:
        """The player with this id."""
        with self.reading() as s:
            return s.get(PlayerRow, player_id)

    def player_by_username(self, username: str) -> PlayerRow | None:
        """The registered player with this username (as :func:`meeple.server.names.username`
        keeps it)."""
        with self.reading() as s:
            return s.scalars(select(PlayerRow).where(PlayerRow.username == username)).first()

    def player_looking_like(self, name: str) -> PlayerRow | None:
        """The registered player whose username looks like ``name``
        (:func:`meeple.server.names.skeleton`), if any."""
        with self.reading() as s:
            query = select(PlayerRow).where(PlayerRow.username_key == skeleton(name))
            return s.scalars(query).first()

    def register(
        self, player_id: str, username: str, password_hash: str, *, new: bool = False
    ) -> PlayerRow:
        """Give a player (a ``new`` one, made in the same transaction) a username and password;
        :class:`UsernameTaken` when someone has it or one that looks like it, even someone
        registering at this instant: the database's unique indexes decide, not an earlier
        look-up."""
        try:
            with self.session() as s:
                row = PlayerRow(id=player_id, name=username) if new else s.get(PlayerRow, player_id)
                assert row is not None
                if new:
                    s.add(row)
                row.username = username
                row.username_key = skeleton(username)
                row.password_hash = password_hash
                row.name = username
                return row
        except IntegrityError as err:
            raise UsernameTaken(f"the username {username!r} is taken") from err

    def add_session(self, token_hash: str, player_id: str) -> None:
        """Remember a login (used now)."""
        with self.session() as s:
            s.add(SessionRow(token_hash=token_hash, player_id=player_id, used=utcnow()))

    def session_player(self, token_hash: str) -> SessionUse | None:
        """The player logged in with this token and the session's last use, if any (expired
        or not: the caller decides)."""
        with self.reading() as s:
            found = s.get(SessionRow, token_hash)
            player = s.get(PlayerRow, found.player_id) if found else None
            if found is None or player is None:
                return None
            return SessionUse(player, aware(found.used))

    def sessions_used(self, token_hashes: list[str]) -> dict[str, datetime]:
        """When each of these sessions was last used (those that still exist)."""
        with self.reading() as s:
            rows = s.execute(
                select(SessionRow.token_hash, SessionRow.used).where(
                    SessionRow.token_hash.in_(token_hashes)
                )
            ).all()
        return {token_hash: aware(used) for token_hash, used in rows}

    def touch_session(self, token_hash: str, when: datetime) -> None:
        """Note that a session was used at ``when`` (its lifetime starts again)."""
        with self.session() as s:
            s.execute(
                update(SessionRow).where(SessionRow.token_hash == token_hash).values(used=when)
            )

    def drop_sessions_of(self, player_id: str) -> list[str]:
        """Forget every login of a player; the token hashes they had."""
        with self.session() as s:
            hashes = list(
                s.scalars(select(SessionRow.token_hash).where(SessionRow.player_id == player_id))
            )
            s.execute(delete(SessionRow).where(SessionRow.player_id == player_id))
            return hashes

    def drop_sessions_unused_since(self, when: datetime) -> int:
        """Forget the logins last used before ``when`` (expired); how many."""
        with self.session() as s:
            done = s.execute(delete(SessionRow).where(SessionRow.used < when))
            return int(getattr(done, "rowcount", 0) or 0)

    @property
    def quick_reads(self) -> bool:
        """Whether :meth:`session_player_quick` may be asked (a SQLite database in a file)."""
        return self.sqlite_file is not None

    def session_player_quick(self, token_hash: str) -> SessionUse | None:
        """:meth:`session_player` in one query of SQLite's own driver, for the event loop:
        ~20 µs, against ~600 through the ORM in a worker thread and the loop's turns that
        thread costs (every REST call with a cookie and every websocket opened asks this).

        On a connection of its own that only reads: in WAL mode a read sees the last commit
        and never waits for a writer. It never waits at all: should the database be busy at
        that instant (SQLite rebuilding its log's index), it raises
        :class:`sqlite3.OperationalError` at once, and the caller asks :meth:`session_player`
        in a thread. Its player is a :class:`PlayerRow` outside any session: read it, never
        store it."""
        conn = self._quick
        if conn is None:
            assert self.sqlite_file is not None, "quick reads are for a SQLite file"
            conn = sqlite3.connect(
                self.sqlite_file, timeout=0, isolation_level=None, check_same_thread=False
            )
            conn.execute("PRAGMA query_only = ON")
            self._quick = conn
        row = conn.execute(_SESSION_PLAYER, (token_hash,)).fetchone()
        if row is None:
            return None
        player_id, name, username, password_hash, created, used = row
        player = PlayerRow(
            id=player_id,
            name=name,
            username=username,
            password_hash=password_hash,
            created=datetime.fromisoformat(created),
        )
        return SessionUse(player, aware(datetime.fromisoformat(used)))

    def drop_session(self, token_hash: str) -> None:
        """Forget a login."""
        with self.session() as s:
            found = s.get(SessionRow, token_hash)
            if found:
                s.delete(found)
