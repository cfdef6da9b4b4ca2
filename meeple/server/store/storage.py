"""What the server keeps: players, sessions, tables, seats and every accepted action.

A table is stored as its seed, options and the list of actions in order; its state is never
stored, only rebuilt. :meth:`Store.record_action` writes an action and advances the table's
version in one transaction, so a stored table is always a whole number of moves.
SQLite by default; any SQLAlchemy URL (PostgreSQL with psycopg) works the same.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any

import orjson
from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    bindparam,
    create_engine,
    event,
    false,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from meeple.server.store import schema
from meeple.server.jsontext import encode_bytes

OPEN, RUNNING, FINISHED = "open", "running", "finished"
"""A table's status: waiting for players, being played, over."""


def utcnow() -> datetime:
    """The time now, in UTC (naive datetimes are never stored)."""
    return datetime.now(UTC)


def digest(state_json: dict[str, Any]) -> str:
    """A fingerprint of a whole game state, to check a table rebuilt after a restart.

    It is taken after every action, so it is made with orjson (the standard library's
    encoder was a tenth of the server's time under load); a state orjson cannot encode (an
    integer past 64 bits) gets the fingerprint of the earlier servers, :func:`legacy_digest`.
    """
    try:
        text = encode_bytes(state_json, orjson.OPT_SORT_KEYS)
    except TypeError:
        return legacy_digest(state_json)
    return hashlib.sha256(text).hexdigest()


def legacy_digest(state_json: dict[str, Any]) -> str:
    """The fingerprint the server stored before :func:`digest` used orjson (tables stored
    then are still checked against it when they are rebuilt)."""
    text = json.dumps(state_json, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def digest_matches(state_json: dict[str, Any], stored: str | None) -> bool:
    """Whether a stored fingerprint is this state's (in either form)."""
    return stored in (digest(state_json), legacy_digest(state_json))


class Base(DeclarativeBase):
    """The tables' common base."""


class PlayerRow(Base):
    """A person: a guest (no username) or a registered player."""

    __tablename__ = "players"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    username: Mapped[str | None] = mapped_column(String(32), unique=True, nullable=True)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SessionRow(Base):
    """A login: only the SHA-256 of the cookie's token is kept."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TableRow(Base):
    """A table: what game, how it was set up, and how far it has been played."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    turn_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    response_seconds: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=0)
    digest: Mapped[str | None] = mapped_column(String(64), nullable=True)
    scores: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    winners: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    rated: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Whether the result changes the players' ratings (docs/community.md)."""


class SeatRow(Base):
    """One seat of a table: a human (with the player sitting there, if any) or a bot."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    player_id: Mapped[str | None] = mapped_column(
        ForeignKey("players.id"), nullable=True, index=True
    )
    left: Mapped[bool] = mapped_column(default=False)


class ActionRow(Base):
    """One accepted action; ``number`` counts from 0 and equals the version it produced - 1."""

    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    by: Mapped[str] = mapped_column(String(8))
    """Who chose it: ``human``, ``bot`` (a bot seat, or a bot standing in) or ``timeout``."""
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingRow(Base):
    """A subject's rating in one game: a player's id, or ``bot:<level>`` for a bot level."""

    __tablename__ = "ratings"
    subject: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    best_score: Mapped[float | None] = mapped_column(Float, nullable=True)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingHistoryRow(Base):
    """A subject's rating after one rated game (for the profile's chart)."""

    __tablename__ = "rating_history"
    __table_args__ = (Index("ix_rating_history_subject_game", "subject", "game"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    subject: Mapped[str] = mapped_column(String(40))
    game: Mapped[str] = mapped_column(String(16))
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rank: Mapped[int] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatRow(Base):
    """A message or a reaction written at a table."""

    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    name: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The writer's seat, or None for a spectator."""
    text: Mapped[str | None] = mapped_column(String(300), nullable=True)
    reaction: Mapped[str | None] = mapped_column(String(16), nullable=True)
    version: Mapped[int] = mapped_column(Integer)
    """The table's version when it was written (where a replay shows it)."""
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class MuteRow(Base):
    """``player_id`` does not see what ``muted_id`` writes, at any table."""

    __tablename__ = "mutes"
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    muted_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


_ADVANCE = (
    update(TableRow)
    .where(TableRow.id == bindparam("table"), TableRow.version == bindparam("number"))
    .values(version=bindparam("next"), digest=bindparam("digest"))
)
"""Move a table on by one version, only if it is at the expected one."""
_FINISH = _ADVANCE.values(
    status=FINISHED,
    scores=bindparam("scores", type_=JSON),
    winners=bindparam("winners", type_=JSON),
    finished=bindparam("finished"),
)
"""The same for the action that ends the game, with its result."""
_INSERT_ACTION = insert(ActionRow).values(
    table_id=bindparam("table"),
    number=bindparam("number"),
    seat=bindparam("seat"),
    action=bindparam("action", type_=JSON),
    by=bindparam("by"),
)


class UsernameTaken(Exception):
    """A registration whose username another player has."""


class StaleVersion(Exception):
    """The table's stored version is not the one the action was applied to."""


@dataclass(frozen=True)
class ActionRecord:
    """One accepted action to store: it takes ``table_id`` from ``version`` to the next."""

    table_id: str
    version: int
    seat: int
    action: dict[str, Any]
    by: str
    state_digest: str
    result: tuple[list[float], list[int]] | None = None
    """Scores and winners, when this action ends the game."""


@dataclass(frozen=True)
class SeatSpec:
    """A seat as a table is created: ``human`` (maybe with its player) or ``bot`` with a level."""

    kind: str
    level: str | None = None
    player_id: str | None = None


def database_url(url: str) -> str:
    """The SQLAlchemy URL for what a person typed: ``postgresql://`` and ``postgres://`` mean
    the psycopg 3 driver we install, not SQLAlchemy's default psycopg2."""
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain) :]
    return url


_SESSION_PLAYER = (
    "SELECT p.id, p.name, p.username, p.password_hash, p.created FROM sessions AS s"
    " JOIN players AS p ON p.id = s.player_id WHERE s.token_hash = ?"
)
"""A session's player, in SQLite's own SQL (:meth:`Store.session_player_quick`)."""


class Store:
    """The database: a thin layer of named operations over SQLAlchemy sessions."""

    def __init__(self, url: str, *, sqlite_sync: str = "normal") -> None:
        """``sqlite_sync``: when a SQLite commit waits for the disk (:data:`SQLITE_SYNC`)."""
        if sqlite_sync not in SQLITE_SYNC:
            raise ValueError(f"sqlite_sync is one of {', '.join(SQLITE_SYNC)}, not {sqlite_sync!r}")
        url = database_url(url)
        connect_args: dict[str, Any] = {}
        if url.startswith("sqlite"):
            # The server touches the database from the event loop and from its thread pool;
            # a busy database makes a request wait (up to SQLITE_BUSY_SECONDS), not fail.
            connect_args["check_same_thread"] = False
            connect_args["timeout"] = SQLITE_BUSY_SECONDS
        self.engine: Engine = create_engine(url, connect_args=connect_args)
        self.reader: Engine = self.engine
        """The engine of transactions that only read (see :meth:`reading`)."""
        self.sqlite_sync: str | None = sqlite_sync if url.startswith("sqlite") else None
        """``--sqlite-sync`` on SQLite; ``None`` on another database."""
        self.sqlite_file: str | None = (
            self.engine.url.database if url.startswith("sqlite") and not _in_memory(url) else None
        )
        """The SQLite database's file, if it has one."""
        self._autocheckpoint = True
        self._quick: sqlite3.Connection | None = None
        """The connection of :meth:`session_player_quick` (made at its first use)."""
        if url.startswith("sqlite"):
            pragmas = partial(_sqlite_pragmas, SQLITE_SYNC[sqlite_sync])
            event.listen(self.engine, "connect", pragmas)
            event.listen(self.engine, "connect", self._checkpoint_pragmas)
            event.listen(self.engine, "begin", _sqlite_begin)
            if not _in_memory(url):
                self.reader = create_engine(url, connect_args=connect_args)
                event.listen(self.reader, "connect", pragmas)
                event.listen(self.reader, "begin", _sqlite_begin_read)
        schema.upgrade(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._reads = sessionmaker(self.reader, expire_on_commit=False)

    def checkpoints_elsewhere(self, elsewhere: bool = True) -> None:
        """On SQLite, whether the writing connections leave the write-ahead log's checkpoints
        to someone else (:class:`meeple.server.store.writer.Checkpointer`): SQLite's own checkpoint
        runs inside the commit that passes 1,000 pages of log and syncs the disk there, which
        must not happen in a commit made on the event loop. Nor is the log's file cut back
        by these connections (``journal_size_limit``, off): the first commit after the log
        started over would cut it, 10–14 ms of a commit on the event loop; the checkpointer
        cuts it in its own thread when it grew too long."""
        self._autocheckpoint = not elsewhere
        self.engine.dispose()  # the pooled connections were made with the other setting

    def _checkpoint_pragmas(self, connection: Any, _record: Any) -> None:
        if self._autocheckpoint:
            return
        cursor = connection.cursor()
        cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.close()

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A transaction: committed when the block ends, rolled back if it raises."""
        with self._sessions.begin() as session:
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A transaction that only reads. On SQLite it does not take the write lock (as
        :meth:`session` does, first thing): in WAL mode a reader reads the last commit while
        the writer writes, so the lobby, a cookie's player or a table's stored actions never
        wait behind the action writer's commits (nor in SQLite's busy wait, which sleeps up
        to 100 ms between tries)."""
        with self._reads.begin() as session:
            yield session

    def ping(self) -> None:
        """Ask the database something trivial; raises if it cannot answer."""
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    def close(self) -> None:
        """Release the connections."""
        if self._quick is not None:
            self._quick.close()
            self._quick = None
        self.engine.dispose()
        if self.reader is not self.engine:
            self.reader.dispose()

    # players and sessions

    def add_player(self, player: PlayerRow) -> None:
        """Store a new player."""
        with self.session() as s:
            s.add(player)

    def player(self, player_id: str) -> PlayerRow | None:
        """The player with this id."""
        with self.reading() as s:
            return s.get(PlayerRow, player_id)

    def player_by_username(self, username: str) -> PlayerRow | None:
        """The registered player with this username."""
        with self.reading() as s:
            return s.scalars(select(PlayerRow).where(PlayerRow.username == username)).first()

    def register(
        self, player_id: str, username: str, password_hash: str, *, new: bool = False
    ) -> PlayerRow:
        """Give a player (a ``new`` one, made in the same transaction) a username and password;
        :class:`UsernameTaken` when someone has it, even someone registering at this instant:
        the database's unique index decides, not an earlier look-up."""
        try:
            with self.session() as s:
                row = PlayerRow(id=player_id, name=username) if new else s.get(PlayerRow, player_id)
                assert row is not None
                if new:
                    s.add(row)
                row.username = username
                row.password_hash = password_hash
                row.name = username
                return row
        except IntegrityError as err:
            raise UsernameTaken(f"the username {username!r} is taken") from err

    def add_session(self, token_hash: str, player_id: str) -> None:
        """Remember a login."""
        with self.session() as s:
            s.add(SessionRow(token_hash=token_hash, player_id=player_id))

    def session_player(self, token_hash: str) -> PlayerRow | None:
        """The player logged in with this token, if any."""
        with self.reading() as s:
            found = s.get(SessionRow, token_hash)
            return s.get(PlayerRow, found.player_id) if found else None

    @property
    def quick_reads(self) -> bool:
        """Whether :meth:`session_player_quick` may be asked (a SQLite database in a file)."""
        return self.sqlite_file is not None

    def session_player_quick(self, token_hash: str) -> PlayerRow | None:
        """:meth:`session_player` in one query of SQLite's own driver, for the event loop:
        ~20 µs, against ~600 through the ORM in a worker thread and the loop's turns that
        thread costs (every REST call with a cookie and every websocket opened asks this).

        On a connection of its own that only reads: in WAL mode a read sees the last commit
        and never waits for a writer. It never waits at all: should the database be busy at
        that instant (SQLite rebuilding its log's index), it raises
        :class:`sqlite3.OperationalError` at once, and the caller asks :meth:`session_player`
        in a thread. The row is a :class:`PlayerRow` outside any session: read it, never
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
        player_id, name, username, password_hash, created = row
        return PlayerRow(
            id=player_id,
            name=name,
            username=username,
            password_hash=password_hash,
            created=datetime.fromisoformat(created),
        )

    def drop_session(self, token_hash: str) -> None:
        """Forget a login."""
        with self.session() as s:
            found = s.get(SessionRow, token_hash)
            if found:
                s.delete(found)

    # tables

    def add_table(self, table: TableRow, seats: list[SeatSpec]) -> None:
        """Store a new table with its seats (see also :func:`add_table_in`)."""
        with self.session() as s:
            s.add(table)
            s.flush()
            s.add_all(SeatRow(**values) for values in seat_values(table, seats))

    def table(self, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
        """A table and its seats in order."""
        with self.reading() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            seats = s.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            return row, list(seats)

    def tables_with_seats(
        self, table_ids: list[str]
    ) -> dict[str, tuple[TableRow, list[SeatRow], dict[str, PlayerRow]]]:
        """Several tables with their seats and seated players, in three queries (a lobby list
        asked one table at a time cost hundreds of queries)."""
        if not table_ids:
            return {}
        with self.reading() as s:
            rows = s.scalars(select(TableRow).where(TableRow.id.in_(table_ids))).all()
            seats = s.scalars(
                select(SeatRow)
                .where(SeatRow.table_id.in_(table_ids))
                .order_by(SeatRow.table_id, SeatRow.seat)
            ).all()
            ids = {seat.player_id for seat in seats if seat.player_id}
            players = (
                {p.id: p for p in s.scalars(select(PlayerRow).where(PlayerRow.id.in_(ids))).all()}
                if ids
                else {}
            )
        by_table: dict[str, list[SeatRow]] = {}
        for seat in seats:
            by_table.setdefault(seat.table_id, []).append(seat)
        return {
            row.id: (
                row,
                by_table.get(row.id, []),
                {
                    seat.player_id: players[seat.player_id]
                    for seat in by_table.get(row.id, [])
                    if seat.player_id in players
                },
            )
            for row in rows
        }

    def tables(self, statuses: list[str], limit: int = 100) -> list[str]:
        """Ids of the newest tables with one of these statuses."""
        with self.reading() as s:
            query = (
                select(TableRow.id)
                .where(TableRow.status.in_(statuses))
                .order_by(TableRow.created.desc())
                .limit(limit)
            )
            return list(s.scalars(query).all())

    def tables_of(self, player_id: str, limit: int = 100) -> list[str]:
        """Ids of the tables this player sat at, newest first."""
        with self.reading() as s:
            query = (
                select(TableRow.id)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.player_id == player_id)
                .order_by(TableRow.created.desc())
                .limit(limit)
            )
            return list(s.scalars(query).all())

    def set_seat(self, table_id: str, seat: int, player_id: str | None, left: bool) -> None:
        """Change who sits in a seat, and whether they left a running game."""
        with self.session() as s:
            row = s.get(SeatRow, (table_id, seat))
            assert row is not None
            row.player_id = player_id
            row.left = left

    def take_seat(self, table_id: str, seat: int, player_id: str) -> bool:
        """Sit ``player_id`` in a seat only if nobody sits there (whichever server process
        asks first gets it); whether it did."""
        with self.engine.begin() as conn:
            taken = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.player_id.is_(None),
                )
                .values(player_id=player_id, left=False)
            ).rowcount
            return bool(taken == 1)

    def start(self, table_id: str, state_digest: str) -> None:
        """Mark a table as running."""
        with self.session() as s:
            s.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(status=RUNNING, digest=state_digest)
            )

    def record_action(
        self,
        table_id: str,
        version: int,
        *,
        seat: int,
        action: dict[str, Any],
        by: str,
        state_digest: str,
        result: tuple[list[float], list[int]] | None,
    ) -> None:
        """Store the action that takes the table from ``version`` to ``version + 1``.

        The insert and the version update are one transaction, and the update only matches
        the expected version, so two writers can never both advance a table.
        """
        record = ActionRecord(table_id, version, seat, action, by, state_digest, result)
        outcome = self.record_actions([record])[0]
        if outcome is not None:
            raise outcome

    def record_actions(self, records: list[ActionRecord]) -> list[StaleVersion | None]:
        """Store several tables' actions in one transaction (one commit, one disk sync for
        all of them); each is checked against its table's version on its own, and a stale one
        (``StaleVersion`` in its place in the answer) changes nothing."""
        with self.engine.begin() as conn:
            return record_actions_in(conn, records)

    def actions(self, table_id: str, since: int = 0) -> list[tuple[int, dict[str, Any]]]:
        """The table's actions in order, as ``(seat, action)``, from number ``since`` on."""
        with self.reading() as s:
            rows = s.execute(
                select(ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == table_id, ActionRow.number >= since)
                .order_by(ActionRow.number)
            ).all()
            return [(seat, action) for seat, action in rows]


def record_action_in(conn: Connection, record: ActionRecord) -> StaleVersion | None:
    """Store one action in the transaction of ``conn`` (:meth:`Store.record_actions`, the
    action writer): ``StaleVersion`` when its table is not at its version (then nothing was
    written), else ``None``."""
    # The hottest write of the server: two prepared statements per action on one
    # connection, without the ORM's unit of work (which cost more than the commit itself).
    params = _action_params(record)
    advance = _ADVANCE
    result = record.result
    if result is not None:
        advance = _FINISH
        params |= {"scores": result[0], "winners": result[1], "finished": utcnow()}
    if conn.execute(advance, params).rowcount != 1:
        return _stale(record)
    conn.execute(_INSERT_ACTION, params)
    if result is not None:
        # Ratings change in the same transaction as the last action: once, or never.
        from meeple.server.store.standings import rate_finished  # noqa: PLC0415

        with Session(bind=conn) as session:
            rate_finished(session, record.table_id, result[0], result[1])
    return None


def record_actions_in(conn: Connection, records: list[ActionRecord]) -> list[StaleVersion | None]:
    """Store several tables' actions in the transaction of ``conn``, each as
    :func:`record_action_in` would.

    Under load the action writer stores tens of actions at once: those that do not end their
    game are stored with two statements for all of them (one ``UPDATE ... FROM (VALUES ...)``
    that moves every table on, one ``INSERT`` of many rows), not two per action. That is not
    only fewer round trips: the database driver lets go of Python's lock around each
    statement and waits to get it back from the busy event loop, up to 5 ms a time, so that
    two statements an action had made a batch of a hundred take up to a second. If a table
    was not at its version (another process stored first), they are undone to a savepoint and
    stored one by one, so that the stale one alone is refused. On SQLite the update says which
    tables it moved on (``RETURNING``), and only their actions are inserted: no savepoint."""
    outcomes: list[StaleVersion | None] = [None] * len(records)
    plain = [i for i, record in enumerate(records) if record.result is None]
    done: set[int] = set()
    tables = {records[i].table_id for i in plain}
    if plain and len(tables) == len(plain) and _returning(conn):
        # SQLite: the update names the tables it moved on (RETURNING), and only their
        # actions are inserted; a stale one was not moved, so nothing of it is written and
        # no savepoint is needed (SQLAlchemy's took a third of the transaction's time).
        stored = _store_plain(conn.exec_driver_sql, conn.dialect, [records[i] for i in plain])
        for i, outcome in zip(plain, stored, strict=True):
            outcomes[i] = outcome
        done = set(plain)
    elif len(plain) > 1 and _many_at_once(conn):
        params = [_action_params(records[i]) for i in plain]
        savepoint = conn.begin_nested()
        if _advance_all(conn, params) == len(params):
            _insert_all(conn, params)
            savepoint.commit()
            done = set(plain)
        else:
            savepoint.rollback()
    for i, record in enumerate(records):
        if i not in done:
            outcomes[i] = record_action_in(conn, record)
    return outcomes


def _stale(record: ActionRecord) -> StaleVersion:
    return StaleVersion(f"table {record.table_id} is not at version {record.version}")


def _returning(conn: Connection) -> bool:
    """Whether the database is SQLite that tells which rows an update changed (3.35)."""
    return conn.dialect.name == "sqlite" and sqlite3.sqlite_version_info >= (3, 35)


def _many_at_once(conn: Connection) -> bool:
    """Whether the database updates from a list of values (PostgreSQL; SQLite since 3.33)."""
    if conn.dialect.name == "postgresql":
        return True
    return conn.dialect.name == "sqlite" and sqlite3.sqlite_version_info >= (3, 33)


def _advance_all(conn: Connection, params: list[dict[str, Any]]) -> int:
    """Move every table of ``params`` from its version to the next (with its digest), each
    only if it is at that version, in one statement; how many moved."""
    if conn.dialect.name == "sqlite":
        # The driver's own SQL and values, not SQLAlchemy's: compiling a statement of a
        # hundred bound values each time cost more than SQLite's work (0.7 ms for two
        # actions, against 0.2 for one through a prepared statement), and all of it was
        # the writer's thread holding Python's lock away from the event loop.
        return int(conn.exec_driver_sql(*_sqlite_advance(params, returning=False)).rowcount)
    placeholders = ", ".join(f"(:t{i}, :n{i}, :x{i}, :d{i})" for i in range(len(params)))
    named: dict[str, Any] = {}
    for i, p in enumerate(params):
        named |= {
            f"t{i}": p["table"],
            f"n{i}": p["number"],
            f"x{i}": p["next"],
            f"d{i}": p["digest"],
        }
    sql = (
        "UPDATE tables SET version = v.next, digest = v.digest "
        f"FROM (VALUES {placeholders}) AS v (id, number, next, digest) "
        "WHERE tables.id = v.id AND tables.version = v.number"
    )
    return int(conn.execute(text(sql), named).rowcount)


def _insert_all(conn: Connection, params: list[dict[str, Any]]) -> None:
    """Insert the actions of ``params`` (their tables just moved on), in one statement."""
    at = utcnow()
    if conn.dialect.name == "sqlite":
        # As in _advance_all: the driver's SQL, each value turned into what SQLAlchemy's
        # column types store (the same JSON text and time format as the ORM's rows).
        conn.exec_driver_sql(*_sqlite_insert(conn.dialect, params, at))
        return
    rows_of = [
        {"table_id": p["table"], "number": p["number"], "seat": p["seat"],
         "action": p["action"], "by": p["by"], "at": at}
        for p in params
    ]  # fmt: skip
    conn.execute(insert(ActionRow).values(rows_of))


def _sqlite_advance(
    params: list[dict[str, Any]], *, returning: bool
) -> tuple[str, tuple[Any, ...]]:
    """SQLite's statement (and values) that moves every table of ``params`` on."""
    rows = ", ".join(["(?, ?, ?, ?)"] * len(params))
    values = tuple(v for p in params for v in (p["table"], p["number"], p["next"], p["digest"]))
    sql = (
        "UPDATE tables SET version = v.column3, digest = v.column4 "
        f"FROM (VALUES {rows}) AS v "
        "WHERE tables.id = v.column1 AND tables.version = v.column2"
    )
    return (sql + " RETURNING tables.id" if returning else sql), values


def _sqlite_insert(
    dialect: Any, params: list[dict[str, Any]], at: datetime
) -> tuple[str, tuple[Any, ...]]:
    """SQLite's statement (and values) that inserts the actions of ``params``."""
    action_of = _bind(dialect, ActionRow.__table__.c.action)
    stamp = _bind(dialect, ActionRow.__table__.c.at)(at)
    rows = ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(params))
    values = tuple(
        v
        for p in params
        for v in (p["table"], p["number"], p["seat"], action_of(p["action"]), p["by"], stamp)
    )
    return f'INSERT INTO actions (table_id, number, seat, action, "by", at) VALUES {rows}', values


def record_plain_actions_sqlite(
    driver: sqlite3.Connection, dialect: Any, records: list[ActionRecord]
) -> list[StaleVersion | None] | None:
    """Store actions that do not end their games, each of its own table, in the open
    transaction of a SQLite driver connection (``driver``), with the very statements and
    values of :func:`record_actions_in` but without SQLAlchemy's execution around each (a
    fifth of the event loop's time went into it when it commits on the loop); ``None``, and
    nothing done, when these records need :func:`record_actions_in` (a game's end, a table
    twice, a SQLite without ``RETURNING``)."""
    if not records or len({r.table_id for r in records}) != len(records):
        return None
    if any(r.result is not None for r in records) or sqlite3.sqlite_version_info < (3, 35):
        return None
    return _store_plain(driver.execute, dialect, records)


def _store_plain(
    execute: Callable[[str, tuple[Any, ...]], Iterable[Any]],
    dialect: Any,
    records: list[ActionRecord],
) -> list[StaleVersion | None]:
    """On SQLite (``RETURNING``), actions of distinct tables that do not end their games:
    the update says which tables it moved on and only their actions are inserted, so a stale
    one is refused alone, with no savepoint. ``execute`` is SQLAlchemy's
    ``Connection.exec_driver_sql`` or the driver's own ``execute``: the same SQL either way."""
    params = [_action_params(r) for r in records]
    moved = {row[0] for row in execute(*_sqlite_advance(params, returning=True))}
    fresh = [p for p in params if p["table"] in moved]
    if fresh:
        execute(*_sqlite_insert(dialect, fresh, utcnow()))
    return [None if r.table_id in moved else _stale(r) for r in records]


def _bind(dialect: Any, column: Any) -> Any:
    """What SQLAlchemy does to a value of ``column`` before the driver gets it."""
    process = column.type.dialect_impl(dialect).bind_processor(dialect)
    return process if process is not None else (lambda value: value)


def _action_params(record: ActionRecord) -> dict[str, Any]:
    return {
        "table": record.table_id,
        "number": record.version,
        "seat": record.seat,
        "action": record.action,
        "by": record.by,
        "next": record.version + 1,
        "digest": record.state_digest,
    }


def add_table_in(conn: Connection, table: TableRow, seats: list[SeatSpec]) -> None:
    """Store a new table (as it is: open, or already running with its first state's digest)
    and its seats in the transaction of ``conn`` (the action writer's, so that a burst of new
    tables shares its commits with the actions of the moment)."""
    conn.execute(insert(TableRow).values(**_table_values(table)))
    conn.execute(insert(SeatRow), seat_values(table, seats))


def add_tables_sqlite(
    driver: sqlite3.Connection, dialect: Any, tables: list[tuple[TableRow, list[SeatSpec]]]
) -> None:
    """Store new tables and their seats in the open transaction of a SQLite driver connection
    (``driver``): the rows and values of :func:`add_table_in`, without SQLAlchemy's execution
    around each statement (about 0.8 ms a table on the event loop, where the writer commits
    on SQLite; people arriving by the hundred a second make that many tables)."""
    for model, rows in (
        (TableRow, [_table_values(table) for table, _ in tables]),
        (SeatRow, [row for table, seats in tables for row in seat_values(table, seats)]),
    ):
        if not rows:
            continue
        columns = list(rows[0])
        binds = [_bind(dialect, model.__table__.c[name]) for name in columns]
        one = "(" + ", ".join(["?"] * len(columns)) + ")"
        names = ", ".join(f'"{name}"' for name in columns)
        values = tuple(
            bind(row[name]) for row in rows for name, bind in zip(columns, binds, strict=True)
        )
        driver.execute(
            f"INSERT INTO {model.__tablename__} ({names}) VALUES {', '.join([one] * len(rows))}",
            values,
        )


def _table_values(table: TableRow) -> dict[str, Any]:
    return {
        "id": table.id,
        "game": table.game,
        "players": table.players,
        "options": table.options,
        "seed": table.seed,
        "status": table.status,
        "turn_seconds": table.turn_seconds,
        "response_seconds": table.response_seconds,
        "version": table.version,
        "digest": table.digest,
        "created": table.created,
        "rated": table.rated,
    }


def seat_values(table: TableRow, seats: list[SeatSpec]) -> list[dict[str, Any]]:
    """The columns of a new table's seat rows, in seat order (nobody has left yet)."""
    return [
        {
            "table_id": table.id,
            "seat": i,
            "kind": spec.kind,
            "level": spec.level,
            "player_id": spec.player_id,
            "left": False,
        }
        for i, spec in enumerate(seats)
    ]


SQLITE_BUSY_SECONDS = 60.0
"""How long a SQLite write waits for the one writer before it gives up ("database is locked")."""


SQLITE_SYNC = {"normal": "NORMAL", "full": "FULL"}
"""``meeple serve --sqlite-sync``: SQLite's ``synchronous`` in WAL mode (docs/deploy.md,
"How safe a move is"). Either way a commit is in the database file's write-ahead log before
anyone sees its move, so a killed server process (even SIGKILL) loses nothing. ``normal``
(the default) leaves it to the operating system to put the log on the disk (it is synced at
each checkpoint: in the server every second, from the checkpointer's thread): a power cut or a
crash of the machine itself may lose the moves since, never a game; a commit costs a write of
the log (~0.1 ms), so the server commits on its event loop. ``full`` syncs the log at every
commit, so a move survives even a power cut, and each move waits for the disk (~4 ms on an
SSD; 50-150 ms on a busy shared disk), in the action writer's thread."""


def _sqlite_pragmas(synchronous: str, connection: Any, _record: Any) -> None:
    # SQLAlchemy says when transactions begin (see _sqlite_begin), not Python's sqlite3.
    connection.isolation_level = None
    # WAL lets readers go on while a move is written; ``synchronous``: see SQLITE_SYNC.
    cursor = connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={int(SQLITE_BUSY_SECONDS * 1000)}")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={synchronous}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin_read(connection: Any) -> None:
    # A deferred transaction: one that only reads never asks for the write lock.
    connection.exec_driver_sql("BEGIN")


def _in_memory(url: str) -> bool:
    """Whether a SQLite URL names no file (each connection would then have a database of
    its own, so readers must share the writers' connections)."""
    return url.rstrip("/") in ("sqlite:", "sqlite:/") or ":memory:" in url or url == "sqlite://"


def _sqlite_begin(connection: Any) -> None:
    # One writer at a time, decided when the transaction begins: a transaction that started
    # as a read and then writes can be refused at once, without waiting, if another writer
    # committed meanwhile. BEGIN IMMEDIATE takes the write lock first (waiting for it with
    # the busy timeout), so every transaction either waits its turn or runs.
    connection.exec_driver_sql("BEGIN IMMEDIATE")
