"""The store's actions: a table's version advanced with each action, in one transaction.

The writer's hot path: :func:`record_actions_in` (and :func:`record_plain_actions_sqlite` on
SQLite) store the actions of a moment with a few statements, without the ORM's unit of work.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, bindparam, insert, select, text, update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from meeple.server.store.engine import StoreBase, binder
from meeple.server.store.rows import (
    FINISHED,
    ActionRecord,
    ActionRow,
    StaleVersion,
    TableRow,
    utcnow,
)
from meeple.server.store.standings import rate_finished

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


class Actions(StoreBase):
    """Actions: the :class:`~meeple.server.store.database.Store`'s part for the moves."""

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

    def moves(self, table_id: str, since: int = 0) -> list[tuple[int, dict[str, Any], str]]:
        """The table's actions in order with who chose each, as ``(seat, action, by)``."""
        with self.reading() as s:
            rows = s.execute(
                select(ActionRow.seat, ActionRow.action, ActionRow.by)
                .where(ActionRow.table_id == table_id, ActionRow.number >= since)
                .order_by(ActionRow.number)
            ).all()
            return [(seat, action, by) for seat, action, by in rows]


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
    action_of = binder(dialect, ActionRow.__table__.c.action)
    stamp = binder(dialect, ActionRow.__table__.c.at)(at)
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
