"""The database's connections: its URL, SQLite's settings, and the transactions every
operation of the :class:`~meeple.server.store.database.Store` runs in (:class:`StoreBase`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

from meeple.server.store.schema import upgrade as upgrade_schema


def database_url(url: str) -> str:
    """The SQLAlchemy URL for what a person typed: ``postgresql://`` and ``postgres://`` mean
    the psycopg 3 driver we install, not SQLAlchemy's default psycopg2."""
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain) :]
    return url


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


def binder(dialect: Any, column: Any) -> Any:
    """What SQLAlchemy does to a value of ``column`` before the driver gets it (for the
    statements of :mod:`~meeple.server.store.actions` and :mod:`~meeple.server.store.tables`
    given to SQLite's driver itself)."""
    process = column.type.dialect_impl(dialect).bind_processor(dialect)
    return process if process is not None else (lambda value: value)


class StoreBase:
    """The engines and transactions of the database; :class:`~meeple.server.store.database.Store`
    adds the named operations (its parts subclass this one)."""

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
        """The connection of :meth:`~meeple.server.store.players.Players.session_player_quick`
        (made at its first use)."""
        if url.startswith("sqlite"):
            pragmas = partial(_sqlite_pragmas, SQLITE_SYNC[sqlite_sync])
            event.listen(self.engine, "connect", pragmas)
            event.listen(self.engine, "connect", self._checkpoint_pragmas)
            event.listen(self.engine, "begin", _sqlite_begin)
            if not _in_memory(url):
                self.reader = create_engine(url, connect_args=connect_args)
                event.listen(self.reader, "connect", pragmas)
                event.listen(self.reader, "begin", _sqlite_begin_read)
        upgrade_schema(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._reads = sessionmaker(self.reader, expire_on_commit=False)

    def checkpoints_elsewhere(self, elsewhere: bool = True) -> None:
        """On SQLite, whether the writing connections leave the write-ahead log's checkpoints
        to someone else (:class:`meeple.server.store.writer.Checkpointer`): SQLite's own
        checkpoint runs inside the commit that passes 1,000 pages of log and syncs the disk
        there, which must not happen in a commit made on the event loop. Nor is the log's file cut back
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
