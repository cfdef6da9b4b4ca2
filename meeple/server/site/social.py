"""Invites to a seat of an open table, friends lists, and "play again" offered to the same
players (issue #39).

An invite holds its seat for the invited player: nobody else may sit there until they accept
(and sit down) or decline (the seat opens again). The seats held are the store's pending
invites, so every server process sees the same ones.
"""

from __future__ import annotations

import asyncio
from typing import Any

from meeple.server import names
from meeple.server.site.mail.notices import Notices
from meeple.server.store import (
    ACCEPTED,
    DECLINED,
    FINISHED,
    OPEN,
    InviteRow,
    PlayerRow,
    SeatSpec,
    Store,
)
from meeple.server.tables.hub import Hub
from meeple.server.tables.live import LiveTable
from meeple.server.tables.refused import Refused
from meeple.server.tables.seating import TableSpec


def registered(store: Store, name: str) -> PlayerRow:
    """The registered player with this username (as typed: normalized first); refused (404)
    when nobody is."""
    try:
        found = store.player_by_username(names.username(name))
    except ValueError:
        found = None
    if found is None:
        raise Refused("no_player", f"no registered player is called {name[:40]!r}", 404)
    return found


class Invites:
    """Invites and the seats they hold."""

    def __init__(self, hub: Hub, notices: Notices) -> None:
        self.hub = hub
        self.store = hub.store
        self.notices = notices

    def held(self, table_id: str) -> dict[int, str]:
        """The table's seats held by pending invites: whose each is."""
        return {i.seat: i.player_id for i in self.store.invites_at(table_id)}

    def open_seats(self, table: LiveTable) -> list[int]:
        """Free human seats that no invite holds."""
        held = self.held(table.id)
        return [s for s in table.free_human_seats() if s not in held]

    def seat_to_join(self, table: LiveTable, player_id: str, seat: int | None) -> int | None:
        """The seat a player who asks to join (``seat``, or any) may take: their invite's
        seat first; never one held for someone else (refused). ``None``: no seat is left
        (the hub says so)."""
        if table.status != OPEN:
            return seat
        held = self.held(table.id)
        if seat is not None:
            if held.get(seat, player_id) != player_id:
                raise Refused("seat_held", f"seat {seat} is held for an invited player")
            return seat
        mine = [s for s, p in held.items() if p == player_id]
        if mine:
            return mine[0]
        free = [s for s in table.free_human_seats() if s not in held]
        if not free and held:
            raise Refused("full", "no free seat at this table: the others are held for invites")
        return free[0] if free else None

    def joined(self, table: LiveTable, player_id: str) -> None:
        """The player sat down: an invite of theirs at the table is accepted."""
        for invite in self.store.invites_at(table.id):
            if invite.player_id == player_id:
                self.store.answer_invite(invite.id, ACCEPTED)

    def invite(self, table: LiveTable, by: PlayerRow, name: str, seat: int | None) -> InviteRow:
        """Invite the registered player called ``name`` to a seat (``seat``, or the first
        open one); refused with the reason, changing nothing, when that cannot be."""
        if table.seat_of(by.id) is None:
            raise Refused("not_seated", "only the players at a table invite to it", 403)
        if table.status != OPEN:
            raise Refused("not_open", f"this table is {table.status}: invites are to open tables")
        invitee = registered(self.store, name)
        if invitee.id == by.id:
            raise Refused("invite_self", "you cannot invite yourself", 422)
        if table.seat_of(invitee.id) is not None:
            raise Refused("seated", f"{invitee.name} already sits at this table")
        held = self.held(table.id)
        if invitee.id in held.values():
            raise Refused("invited", f"{invitee.name} is already invited to this table")
        open_seats = [s for s in table.free_human_seats() if s not in held]
        if seat is None:
            if not open_seats:
                raise Refused("seat_not_open", "no open seat is left to invite to")
            seat = open_seats[0]
        elif seat not in open_seats:
            raise Refused("seat_not_open", f"seat {seat} is not an open human seat")
        row = self.store.add_invite(table.id, seat, invitee.id, by.id)
        self.notices.invited(row, by.name, table.game.id)
        return row

    def pending(self, player: PlayerRow) -> list[dict[str, Any]]:
        """The player's pending invites (to tables still open), as the protocol shows them."""
        return [
            {
                "id": invite.id,
                "table": table.id,
                "game": table.game,
                "seat": invite.seat,
                "by": {"id": by.id, "name": by.name},
                "at": invite.at.isoformat(),
            }
            for invite, table, by in self.store.invites_for(player.id)
        ]

    def _mine(self, invite_id: int, player: PlayerRow) -> InviteRow:
        invite = self.store.invite(invite_id)
        if invite is None or invite.player_id != player.id or invite.status != "pending":
            raise Refused("no_invite", f"you have no pending invite {invite_id}", 404)
        return invite

    async def accept(self, invite_id: int, player: PlayerRow) -> LiveTable:
        """Sit down in the invite's seat."""
        invite = await asyncio.to_thread(self._mine, invite_id, player)
        table = await asyncio.to_thread(self.hub.load, invite.table_id)
        if table is None:
            raise Refused("no_table", f"no table {invite.table_id!r}", 404)
        await self.hub.join(table, player, invite.seat)
        await asyncio.to_thread(self.store.answer_invite, invite.id, ACCEPTED)
        return table

    def decline(self, invite_id: int, player: PlayerRow) -> None:
        """Decline: the seat opens again."""
        invite = self._mine(invite_id, player)
        if not self.store.answer_invite(invite.id, DECLINED):
            raise Refused("no_invite", f"you have no pending invite {invite_id}", 404)

    async def play_again(self, old: LiveTable, player: PlayerRow) -> tuple[LiveTable, list[str]]:
        """A new table like a finished one (game, options, timers, seats: bots of the same
        levels), where the caller sits, and the other registered players of the old table
        invited to it; the new table and whom it invited."""
        if old.status != FINISHED:
            raise Refused("not_finished", "play again when the game is over")
        if old.seat_of(player.id) is None:
            raise Refused("not_seated", "only the players of a table play it again", 403)
        specs = [
            SeatSpec("bot", s.level) if s.kind == "bot" else SeatSpec("human") for s in old.seats
        ]
        spec = TableSpec(
            old.game.id,
            old.players,
            dict(old.options),
            specs,
            turn_seconds=old.turn_seconds,
            response_seconds=old.response_seconds,
            rated=old.rated,
            # A turn-based game is offered again turn-based, with the same clock.
            move_seconds=old.move_seconds,
            bank_seconds=old.bank_seconds,
        )
        table = await self.hub.create(player, spec)
        others = [
            s.player
            for s in old.seats
            if s.player is not None and s.player.id != player.id and s.player.username
        ]
        invited = []
        for other in others:
            if table.status == OPEN and other.username is not None:
                await asyncio.to_thread(self.invite, table, player, other.username, None)
                invited.append(other.id)
        return table, invited
