"""The clocks of turn-based tables: each seat's running clock and the table's due moment, the
due tables claimed by one server process at a time, and a player's tables for the games page.

A turn-based table is in memory only while someone looks or acts (:mod:`meeple.server.tables.turns`);
its clocks live here, so that a table nobody holds still times out. ``tables.due`` (indexed) is
when the table next needs the server; a process claims the due tables with one conditional
update (:meth:`Turns.claim_due`): whichever process gets there first handles a table's due
moment, once, and sets its next due moment when done.
"""

from __future__ import annotations

from sqlalchemy import bindparam, or_, select, update

from meeple.server.store.engine import StoreBase
from meeple.server.store.rows import FINISHED, OPEN, RUNNING, SeatRow, TableRow

SeatClock = tuple[int, float | None, float | None, int]
"""A seat's clock as stored: ``(seat, due, bank, timeouts)``."""


class Turns(StoreBase):
    """Turn-based clocks: the :class:`~meeple.server.store.database.Store`'s part for them."""

    def set_clocks(self, table_id: str, due: float | None, seats: list[SeatClock]) -> None:
        """Store a turn-based table's clocks: its due moment (its claim, if any, is over) and
        each seat's running clock, time bank left and timeouts in a row."""
        with self.engine.begin() as conn:
            conn.execute(
                update(TableRow).where(TableRow.id == table_id).values(due=due, claimed=None)
            )
            if seats:
                conn.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == bindparam("n"))
                    .values(due=bindparam("d"), bank=bindparam("b"), timeouts=bindparam("k"))
                    .execution_options(synchronize_session=False),
                    [{"n": n, "d": d, "b": b, "k": k} for n, d, b, k in seats],
                )

    def claim_due(self, now: float, until: float, limit: int = 50) -> list[str]:
        """Claim up to ``limit`` tables due by ``now`` that no process has claimed (or whose
        claim ran out) until ``until``; their ids.

        One conditional update: two processes asking at once never get the same table (on
        PostgreSQL the second one's update looks at the row again once the first one's
        commit lets it, and finds it claimed)."""
        claimable = (TableRow.due <= now, or_(TableRow.claimed.is_(None), TableRow.claimed < now))
        first = select(TableRow.id).where(*claimable).order_by(TableRow.due).limit(limit)
        with self.engine.begin() as conn:
            found = conn.execute(
                update(TableRow)
                .where(TableRow.id.in_(first.scalar_subquery()), *claimable)
                .values(claimed=until)
                .returning(TableRow.id)
            )
            return [str(table_id) for table_id in found.scalars()]

    def unclaim(self, table_id: str) -> None:
        """Give a claimed table back (another process holds it and will handle it)."""
        with self.engine.begin() as conn:
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(claimed=None))

    def tables_for(self, player_id: str, finished: int = 10, limit: int = 500) -> list[str]:
        """Ids of the tables a player sits at: every open and running one (``limit`` at most),
        then the ``finished`` ones that ended last."""
        with self.reading() as s:
            mine = select(SeatRow.table_id).where(SeatRow.player_id == player_id)
            playing = s.scalars(
                select(TableRow.id)
                .where(TableRow.id.in_(mine), TableRow.status.in_([OPEN, RUNNING]))
                .order_by(TableRow.created.desc())
                .limit(limit)
            ).all()
            ended = s.scalars(
                select(TableRow.id)
                .where(TableRow.id.in_(mine), TableRow.status == FINISHED)
                .order_by(TableRow.finished.desc())
                .limit(finished)
            ).all()
        return [*playing, *ended]
