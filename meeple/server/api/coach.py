"""The coach (docs/bots.md): a hint for your decision at an unrated table, and the review of
your seat in a finished game."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from meeple.server.api.bodies import JsonRoute
from meeple.server.api.deps import Current, Required, Site, table_or_404

router = APIRouter(route_class=JsonRoute)


@router.post("/api/tables/{table_id}/hint")
async def hint(table_id: str, player: Required, site: Site) -> dict[str, Any]:
    """The coach's best moves (at most three, best first) for your decision now, each with its
    estimated win chance, expected score and, where the game's heuristic has one, a reason in
    English and Japanese. Only at a table whose result does not count (403 ``rated_table``),
    only for your own seat (403 ``not_seated``), only when you have a decision to take (409
    ``not_your_turn``); 429 ``too_many_hints`` when you asked for too many new ones."""
    table = table_or_404(site, table_id)
    return await site.coach.hint(table, player)


@router.get("/api/tables/{table_id}/review")
async def review(
    table_id: str,
    player: Current,
    site: Site,
    seat: Annotated[int | None, Query(ge=0, le=15)] = None,
) -> dict[str, Any]:
    """The coach's review of your seat in a finished game (403 ``not_your_seat`` for anyone
    else's): each decision you had, the coach's move against yours, and what it estimates
    yours cost. Made in the background when first asked: ask again until ``complete``."""
    table = table_or_404(site, table_id)
    return site.coach.review(table, player, seat)
