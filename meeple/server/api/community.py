"""The community: players' profiles, mutes and leaderboards."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

import meeple
from meeple.server.api.bodies import JsonRoute
from meeple.server.api.deps import Required, Services, Site, plausible_id
from meeple.server.store import PlayerRow, standings
from meeple.server.tables.chat import ChatRefused
from meeple.server.tables.refused import Refused

router = APIRouter(route_class=JsonRoute)


@router.get("/api/players/{player_id}")
def player_profile(player_id: str, site: Site) -> dict[str, Any]:
    """A player's public profile: ratings per game with their history, last games."""
    with site.store.session() as session:
        found = standings.profile(session, player_id) if plausible_id(player_id) else None
    if found is None:
        raise Refused("no_player", f"no player {player_id[:40]!r}", 404)
    return found


@router.get("/api/mutes")
def mutes(player: Required, site: Site) -> dict[str, Any]:
    """Whom you have muted (their messages never reach you, at any table)."""
    return {"muted": sorted(site.chat.muted_by(player.id))}


@router.post("/api/mutes/{player_id}")
def mute(player_id: str, player: Required, site: Site) -> dict[str, Any]:
    """Mute a person at every table."""
    _mute(site, player, player_id, on=True)
    return {"muted": sorted(site.chat.muted_by(player.id))}


@router.delete("/api/mutes/{player_id}")
def unmute(player_id: str, player: Required, site: Site) -> dict[str, Any]:
    """Hear a muted person again."""
    _mute(site, player, player_id, on=False)
    return {"muted": sorted(site.chat.muted_by(player.id))}


def _mute(site: Services, player: PlayerRow, player_id: str, *, on: bool) -> None:
    if not plausible_id(player_id):
        raise Refused("no_player", f"no player {player_id[:40]!r}", 404)
    try:
        site.chat.mute(player.id, player_id, on)
    except ChatRefused as err:
        raise Refused(err.code, err.message, 404 if err.code == "no_player" else 409) from None


@router.get("/api/leaderboard/{game_id}")
def leaderboard(
    game_id: str,
    site: Site,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    per_page: Annotated[int, Query(ge=1, le=100)] = 20,
) -> dict[str, Any]:
    """The best rated players of a game, with the bot levels among them for scale."""
    if game_id not in meeple.GAMES:
        raise Refused("no_game", f"no game {game_id[:40]!r}", 404)
    with site.store.session() as session:
        return standings.leaderboard(session, game_id, page, per_page)
