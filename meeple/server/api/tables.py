"""The games and their tables: the lobby's lists, a new table, a seat taken or left, a replay,
what a finished rated table did to its players' ratings."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Response

import meeple
from meeple.bots.levels import LEVELS, levels_for
from meeple.core.errors import BadOptions
from meeple.core.replay import steps_seen_by
from meeple.server.api.bodies import JsonRoute
from meeple.server.api.deps import Current, Required, Site, as_json, table_or_404, you
from meeple.server.api.models import JoinIn, NewTable
from meeple.server.store import FINISHED, OPEN, RUNNING, SeatSpec, standings
from meeple.server.tables.refused import Refused, check_level
from meeple.server.tables.seating import TableSpec
from meeple.tutorial import addons

router = APIRouter(route_class=JsonRoute)


@router.get("/api/games")
def games() -> dict[str, Any]:
    """Every game with its player counts, options and the bot levels that can play it at
    each count."""
    return {
        "games": [
            {
                "id": g.id,
                "name": g.name,
                "min_players": g.min_players,
                "max_players": g.max_players,
                # The bot levels that can play it at some count (``expert`` only where a
                # network ships), and at each count it allows (JSON keys: the counts as
                # text): the lobby offers a table of n players the levels of "n".
                "levels": levels_for(g.id),
                "levels_by_players": {
                    str(n): levels_for(g.id, n) for n in range(g.min_players, g.max_players + 1)
                },
                "options": {
                    name: {"default": o.default, "choices": o.choices, "help": o.help}
                    for name, o in g.options.items()
                },
                # How long an opponent has to answer between turns (Stir Fry's taste
                # test) at a timed table, for the lobby's form; null: no such answers.
                "response_seconds": (
                    NewTable.model_fields["response_seconds"].default
                    if g.response_action is not None
                    else None
                ),
                # The add-on lessons of its tutorial (#/learn/<id>/<name>: a variant's or an
                # advanced rule's), for the links of its rules page.
                "lessons": addons(g.id),
            }
            for g in meeple.GAMES.values()
        ]
    }


@router.get("/api/levels")
def levels() -> dict[str, Any]:
    """The bot levels, weakest first."""
    return {"levels": list(LEVELS)}


@router.get("/api/tables")
async def tables(player: Current, site: Site, status: str | None = None) -> Response:
    """Tables by status (``open``, ``running`` or ``finished``; default open and running)."""
    if status is None:
        statuses = [OPEN, RUNNING]
    elif status in (OPEN, RUNNING, FINISHED):
        statuses = [status]
    else:
        raise Refused(
            "bad_status", f"status must be open, running or finished, not {status!r}", 422
        )
    if FINISHED not in statuses:
        # From memory, on the event loop, without waiting for a thread or the database (a
        # lobby that waited for either took seconds while hundreds of games were played):
        # meeple/server/site/lobby.py.
        found = await site.lobby.newest(statuses)
    else:
        found = await asyncio.to_thread(lambda: site.hub.peek(site.store.tables(statuses)))
    grace = site.settings.grace
    return as_json({"tables": [t.summary(you(t, player), grace) for t in found]})


def seat_specs(body: NewTable) -> list[SeatSpec]:
    """The seats a new table asks for (by default: you, and bots at ``normal``)."""
    if body.seats is None:
        return [SeatSpec("human")] + [SeatSpec("bot", "normal")] * (body.players - 1)
    if len(body.seats) != body.players:
        raise Refused("bad_seats", f"give {body.players} seats, not {len(body.seats)}", 422)
    specs = []
    for s in body.seats:
        if s.kind == "bot":
            check_level(s.level or "", body.game, body.players)
            specs.append(SeatSpec("bot", s.level))
        else:
            specs.append(SeatSpec("human"))
    return specs


@router.post("/api/tables")
async def create(body: NewTable, player: Required, site: Site) -> dict[str, Any]:
    """Create a table; you sit in its first human seat."""
    if body.game not in meeple.GAMES:
        raise Refused("no_game", f"no game {body.game!r}; games: {', '.join(meeple.GAMES)}", 422)
    game = meeple.load(body.game)
    if not game.min_players <= body.players <= game.max_players:
        raise Refused(
            "bad_players",
            f"{game.id} is for {game.min_players}–{game.max_players} players",
            422,
        )
    specs = seat_specs(body)
    try:
        game.resolve_options(body.options)
    except BadOptions as err:
        raise Refused("bad_options", str(err), 422) from None
    if body.move_seconds is not None and body.turn_seconds is not None:
        raise Refused(
            "live_or_turn_based",
            "a table is live (turn_seconds) or turn-based (move_seconds), not both",
            422,
        )
    if body.bank_seconds is not None and body.move_seconds is None:
        raise Refused(
            "bank_needs_turns", "a time bank is for turn-based tables (move_seconds)", 422
        )
    registered = player.username is not None
    if body.rated and not registered:
        raise Refused("rated_needs_account", "rated tables are for registered players", 422)
    spec = TableSpec(
        game.id,
        body.players,
        body.options,
        specs,
        turn_seconds=body.turn_seconds,
        response_seconds=body.response_seconds,
        rated=registered if body.rated is None else body.rated,
        move_seconds=body.move_seconds,
        bank_seconds=body.bank_seconds,
    )
    table = await site.hub.create(player, spec)
    return table.summary(you(table, player), site.settings.grace)


@router.get("/api/tables/{table_id}")
async def table(table_id: str, player: Current, site: Site) -> Response:
    """One table."""
    # A table in memory is answered at once, on the event loop; another is read from the
    # database in a thread. With several processes, a table another process runs is read
    # as stored (its game not replayed, the copy not kept: it is not watched here), and so
    # is a copy here that is behind it.
    t = site.hub.tables.get(table_id)
    if t is None or t.stale:
        stored = site.hub.cluster is not None
        t = await asyncio.to_thread(table_or_404, site, table_id, stored=stored)
    return as_json(t.summary(you(t, player), site.settings.grace))


@router.post("/api/tables/{table_id}/join")
async def join(
    table_id: str, player: Required, site: Site, body: JoinIn | None = None
) -> dict[str, Any]:
    """Sit at a free human seat (the first one, or the one you name)."""
    t = table_or_404(site, table_id)
    # Seats held by invites are their invited players' (meeple/server/site/social.py).
    seat = await asyncio.to_thread(
        site.invites.seat_to_join, t, player.id, body.seat if body else None
    )
    await site.hub.join(t, player, seat)
    await asyncio.to_thread(site.invites.joined, t, player.id)
    return t.summary(you(t, player), site.settings.grace)


@router.post("/api/tables/{table_id}/leave")
async def leave(table_id: str, player: Required, site: Site) -> dict[str, Any]:
    """Leave: before the start your seat is freed; during play a bot plays on for you."""
    t = table_or_404(site, table_id)
    await site.hub.leave(t, player)
    return t.summary(you(t, player), site.settings.grace)


@router.get("/api/tables/{table_id}/replay")
def replay(table_id: str, player: Current, site: Site) -> dict[str, Any]:
    """A finished game, step by step, as you saw it (a spectator's view if you did not play)."""
    t = table_or_404(site, table_id)
    if t.status != FINISHED:
        raise Refused("not_finished", "replays are for finished games")
    seat = you(t, player)
    # Each step as that seat saw it: others' secret moves in their public form.
    steps = steps_seen_by(
        t.game, t.players, t.seed, t.options, site.store.actions(t.id), viewer=seat
    )
    return {
        "table": t.summary(seat, site.settings.grace),
        "seat": seat,
        "steps": steps,
        "chat": site.chat.history(t.id, player.id if player else None),
    }


@router.get("/api/tables/{table_id}/ratings")
def ratings(table_id: str, site: Site) -> dict[str, Any]:
    """What a finished table did to each seat's rating (``seats``: one entry per seat, null for
    a bot; ``rated`` false and no seats when the table changed no rating)."""
    t = table_or_404(site, table_id)
    if t.status != FINISHED:
        raise Refused("not_finished", "ratings change when the game is over")
    with site.store.session() as session:
        changes = standings.rating_changes(session, table_id)
    return {"table": table_id, "rated": changes is not None, "seats": changes or []}
