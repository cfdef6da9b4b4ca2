"""Invites to a seat of an open table, friends lists, and "play again" offered to the same
players (the rules: :mod:`meeple.server.site.social`)."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Path

from meeple.server.api.bodies import JsonRoute
from meeple.server.api.deps import Required, Services, Site, plausible_id, table_or_404, you
from meeple.server.api.models import FriendIn, InviteIn
from meeple.server.site.social import registered
from meeple.server.store import FINISHED, OPEN, RUNNING, PlayerRow
from meeple.server.tables.refused import Refused

router = APIRouter(route_class=JsonRoute)

FRIENDS_GAMES = 10
"""A friend's newest tables shown in the friends list."""


def _registered_caller(player: PlayerRow) -> None:
    if player.username is None:
        raise Refused("needs_account", "invites and friends are for registered players", 403)


@router.post("/api/tables/{table_id}/invites")
def invite(table_id: str, body: InviteIn, player: Required, site: Site) -> dict[str, Any]:
    """Invite a registered player by name to a seat (the first open one, or ``seat``): the
    seat is held for them, they see the invite and get a mail."""
    table = table_or_404(site, table_id)
    row = site.invites.invite(table, player, body.name, body.seat)
    return {"id": row.id, "table": table.id, "seat": row.seat, "player": row.player_id}


@router.get("/api/tables/{table_id}/invites")
def invites_at(table_id: str, site: Site) -> dict[str, Any]:
    """The table's seats held by pending invites."""
    table = table_or_404(site, table_id)
    held = site.invites.held(table.id)
    players = {pid: site.store.player(pid) for pid in set(held.values())}
    return {
        "held": [
            {"seat": seat, "player": {"id": pid, "name": p.name if (p := players[pid]) else pid}}
            for seat, pid in sorted(held.items())
        ]
    }


@router.get("/api/me/invites")
def my_invites(player: Required, site: Site) -> dict[str, Any]:
    """Your pending invites to tables still open, newest first."""
    return {"invites": site.invites.pending(player)}


InviteId = Annotated[int, Path(ge=1, le=2**31 - 1, description="An invite's number.")]
"""An invite's number: within the databases' integer column (a larger one is a 422, not a 500)."""


@router.post("/api/invites/{invite_id}/accept")
async def accept(invite_id: InviteId, player: Required, site: Site) -> dict[str, Any]:
    """Accept an invite: you sit in its seat (the table starts when full)."""
    table = await site.invites.accept(invite_id, player)
    return table.summary(you(table, player), site.settings.grace)


@router.post("/api/invites/{invite_id}/decline")
def decline(invite_id: InviteId, player: Required, site: Site) -> dict[str, Any]:
    """Decline an invite: its seat opens again."""
    site.invites.decline(invite_id, player)
    return {"invites": site.invites.pending(player)}


@router.post("/api/tables/{table_id}/again")
async def play_again(table_id: str, player: Required, site: Site) -> dict[str, Any]:
    """A new table like this finished one (game, options, timers, bots), where you sit; its
    other registered players are invited to it."""
    old = await asyncio.to_thread(table_or_404, site, table_id)
    table, invited = await site.invites.play_again(old, player)
    return {**table.summary(you(table, player), site.settings.grace), "invited": invited}


def friends_json(site: Services, player: PlayerRow) -> dict[str, Any]:
    """The player's friends, each with their newest running and finished tables."""
    found = []
    for friend in site.store.friends_of(player.id):
        tables = site.hub.peek(site.store.tables_of(friend.id, limit=FRIENDS_GAMES))
        found.append(
            {
                "id": friend.id,
                "name": friend.name,
                "tables": [
                    t.summary(you(t, player), site.settings.grace)
                    for t in tables
                    if t.status in (OPEN, RUNNING, FINISHED)
                ],
            }
        )
    return {"friends": found}


@router.get("/api/me/friends")
def friends(player: Required, site: Site) -> dict[str, Any]:
    """Your friends and their newest games (open, running and finished)."""
    return friends_json(site, player)


@router.post("/api/me/friends")
def add_friend(body: FriendIn, player: Required, site: Site) -> dict[str, Any]:
    """Add a registered player to your friends by their username."""
    _registered_caller(player)
    friend = registered(site.store, body.name)
    if friend.id == player.id:
        raise Refused("friend_self", "you cannot be your own friend", 422)
    if not site.store.add_friend(player.id, friend.id):
        raise Refused("friend_already", f"{friend.name} is already your friend")
    return friends_json(site, player)


@router.delete("/api/me/friends/{player_id}")
def drop_friend(player_id: str, player: Required, site: Site) -> dict[str, Any]:
    """Take a player off your friends."""
    if not plausible_id(player_id) or not site.store.drop_friend(player.id, player_id):
        raise Refused("no_friend", f"{player_id[:40]!r} is not your friend", 404)
    return friends_json(site, player)
