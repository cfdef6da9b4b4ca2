"""The rules pages' pictures: a named position of a game as a spectator sees it
(:mod:`meeple.positions`), drawn in the browser by the game's own renderer."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from meeple.positions import UnknownPosition, picture
from meeple.server.api.bodies import JsonRoute
from meeple.server.tables.refused import Refused

router = APIRouter(route_class=JsonRoute)


@router.get("/api/positions/{game}/{name}")
def position(game: str, name: str) -> dict[str, Any]:
    """The view of one of ``meeple/games/<game>/positions.json``'s positions, with the view
    before its last actions (``before``, for the marks of what changed), whose decision is
    awaited, the scores and whether the game is over. Built once by replaying its actions
    with the engine, then kept (:func:`meeple.positions.picture` is cached)."""
    try:
        return picture(game, name)
    except UnknownPosition:
        raise Refused("no_position", f"no position {game}/{name}", 404) from None
