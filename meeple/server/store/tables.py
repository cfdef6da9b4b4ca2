"""The store's tables and seats, through a session (:class:`Tables`) or in bulk, in the writer's
transactions (:func:`add_table_in`, :func:`add_tables_sqlite`)."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from typing import Any

from sqlalchemy import and_, insert, or_, select, update
from sqlalchemy.engine import Connection

from meeple.server.store.engine import StoreBase, binder
from meeple.server.store.rows import (
    EXPIRED,
    OPEN,
    RUNNING,
    PlayerRow,
    SeatRow,
    SeatSpec,
    TableRow,
)


class Tables(StoreBase):
    """Tables and seats: the :class:`~meeple.server.store.database.Store`'s part for tables."""

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

    def tables(self, statuses: list[str], limit: int = 100, *, live: bool = False) -> list[str]:
        """Ids of the newest tables with one of these statuses (``live``: live tables only,
        not turn-based ones, which are loaded only when someone looks or acts)."""
        with self.reading() as s:
            query = (
                select(TableRow.id)
                .where(TableRow.status.in_(statuses))
                .order_by(TableRow.created.desc())
                .limit(limit)
            )
            if live:
                query = query.where(TableRow.move_seconds.is_(None))
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

    def expire(
        self,
        before: datetime,
        table_ids: list[str] | None = None,
        *,
        turn_based_before: datetime | None = None,
    ) -> set[str]:
        """Mark the open tables made before ``before`` as expired (the turn-based ones: before
        ``turn_based_before``, when given; only those of ``table_ids``, when given), in one
        conditional update: whichever server process comes first expires a table, and one that
        started first stays running. Which of ``table_ids`` are expired now (by this call or
        an earlier one)."""
        made_before = TableRow.created < before
        if turn_based_before is not None:
            made_before = or_(
                and_(TableRow.move_seconds.is_(None), made_before),
                and_(TableRow.move_seconds.is_not(None), TableRow.created < turn_based_before),
            )
        with self.engine.begin() as conn:
            change = (
                update(TableRow).where(TableRow.status == OPEN, made_before).values(status=EXPIRED)
            )
            if table_ids is not None:
                change = change.where(TableRow.id.in_(table_ids))
            conn.execute(change)
            if not table_ids:
                return set()
            found = conn.execute(
                select(TableRow.id).where(TableRow.id.in_(table_ids), TableRow.status == EXPIRED)
            )
            return {str(table_id) for table_id in found.scalars()}


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
        binds = [binder(dialect, model.__table__.c[name]) for name in columns]
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
        "move_seconds": table.move_seconds,
        "bank_seconds": table.bank_seconds,
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
            # At a turn-based table with a time bank, each seat starts with all of it.
            "bank": float(table.bank_seconds) if table.bank_seconds is not None else None,
        }
        for i, spec in enumerate(seats)
    ]
