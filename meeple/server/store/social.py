"""The store's invites (a seat of an open table held for a player) and friends lists."""

from __future__ import annotations

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from meeple.server.store.engine import StoreBase
from meeple.server.store.rows import (
    OPEN,
    PENDING,
    FriendRow,
    InviteRow,
    PlayerRow,
    TableRow,
    utcnow,
)


class Social(StoreBase):
    """Invites and friends: the :class:`~meeple.server.store.database.Store`'s part for them."""

    def add_invite(self, table_id: str, seat: int, player_id: str, by_id: str) -> InviteRow:
        """Hold the seat for the player (the caller checked that it is free and not held)."""
        with self.session() as s:
            row = InviteRow(
                table_id=table_id,
                seat=seat,
                player_id=player_id,
                by_id=by_id,
                status=PENDING,
                at=utcnow(),
            )
            s.add(row)
            s.flush()
            return row

    def invite(self, invite_id: int) -> InviteRow | None:
        """One invite."""
        with self.reading() as s:
            return s.get(InviteRow, invite_id)

    def invites_at(self, table_id: str) -> list[InviteRow]:
        """The table's pending invites."""
        with self.reading() as s:
            query = select(InviteRow).where(
                InviteRow.table_id == table_id, InviteRow.status == PENDING
            )
            return list(s.scalars(query.order_by(InviteRow.seat)))

    def invites_for(self, player_id: str) -> list[tuple[InviteRow, TableRow, PlayerRow]]:
        """The player's pending invites to tables still open, newest first, with the table
        and who invited them."""
        with self.reading() as s:
            rows = s.execute(
                select(InviteRow, TableRow, PlayerRow)
                .join(TableRow, TableRow.id == InviteRow.table_id)
                .join(PlayerRow, PlayerRow.id == InviteRow.by_id)
                .where(
                    InviteRow.player_id == player_id,
                    InviteRow.status == PENDING,
                    TableRow.status == OPEN,
                )
                .order_by(InviteRow.id.desc())
            ).all()
            return [(invite, table, by) for invite, table, by in rows]

    def answer_invite(self, invite_id: int, status: str) -> bool:
        """Accept or decline a pending invite; ``False`` if it was no longer pending."""
        with self.session() as s:
            done = s.execute(
                update(InviteRow)
                .where(InviteRow.id == invite_id, InviteRow.status == PENDING)
                .values(status=status)
            )
            return getattr(done, "rowcount", 0) == 1

    # Friends.

    def add_friend(self, player_id: str, friend_id: str) -> bool:
        """Put ``friend_id`` in the player's list; ``False`` if they were in it already."""
        try:
            with self.session() as s:
                s.add(FriendRow(player_id=player_id, friend_id=friend_id, at=utcnow()))
            return True
        except IntegrityError:
            return False

    def drop_friend(self, player_id: str, friend_id: str) -> bool:
        """Take ``friend_id`` off the player's list; ``False`` if they were not in it."""
        with self.session() as s:
            done = s.execute(
                delete(FriendRow).where(
                    FriendRow.player_id == player_id, FriendRow.friend_id == friend_id
                )
            )
            return getattr(done, "rowcount", 0) == 1

    def friends_of(self, player_id: str) -> list[PlayerRow]:
        """The player's friends, by name."""
        with self.reading() as s:
            query = (
                select(PlayerRow)
                .join(FriendRow, FriendRow.friend_id == PlayerRow.id)
                .where(FriendRow.player_id == player_id)
                .order_by(PlayerRow.name)
            )
            return list(s.scalars(query))
