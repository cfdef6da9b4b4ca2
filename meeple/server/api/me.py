"""The games page: a player's tables, those where it is their move first (with how long is
left), then the others, then the ones that ended last; and the count of those waiting for them
that the header shows on every page."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Response

from meeple.server.api.bodies import JsonRoute
from meeple.server.api.deps import Required, Site, as_json, you
from meeple.server.store import FINISHED
from meeple.server.tables.live import LiveTable

router = APIRouter(route_class=JsonRoute)


@router.get("/api/me/tables")
async def my_tables(player: Required, site: Site) -> Response:
    """Your tables: ``waiting`` (how many turn-based tables wait for your move), and
    ``tables``, where it is your move first (soonest out of time first, each with ``your_due``,
    when your time runs out in ms since the epoch), then your other unfinished tables (newest
    first), then those that ended last. Read from the store: no game is replayed for it."""
    hub = site.hub
    found = await asyncio.to_thread(lambda: hub.peek(site.store.tables_for(player.id)))
    grace = site.settings.grace
    mine: list[tuple[LiveTable, int | None]] = [(t, you(t, player)) for t in found]
    waiting = sorted(
        ((t, seat) for t, seat in mine if _due(t, seat) is not None),
        key=lambda found: _due(*found) or 0.0,
    )
    playing = [(t, seat) for t, seat in mine if _due(t, seat) is None and t.status != FINISHED]
    ended = [(t, seat) for t, seat in mine if t.status == FINISHED]
    tables: list[dict[str, Any]] = []
    for table, seat in [*waiting, *playing, *ended]:
        summary = table.summary(seat, grace)
        due = _due(table, seat)
        summary["your_due"] = round(due * 1000) if due is not None else None
        tables.append(summary)
    return as_json({"waiting": len(waiting), "tables": tables})


def _due(table: LiveTable, seat: int | None) -> float | None:
    """When the player's clock at this table runs out, if it runs (their move)."""
    if seat is None or not table.turn_based or table.status == FINISHED:
        return None
    return table.seats[seat].due
