"""What the routes depend on: the site's services, the caller, a table by its id.

:class:`Services` is made once by :func:`meeple.server.app.create_app` and kept on the app's
state; each route names what it needs as a dependency (``Depends``), so that a route is a plain
function a reader can follow, and a test can give it other services.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Cookie, Depends, Request, Response
from starlette.requests import HTTPConnection

from meeple.server.api import auth
from meeple.server.jsontext import encode_bytes
from meeple.server.settings import Settings
from meeple.server.site.coach import Coach
from meeple.server.site.limits import GuestLimiter, LoginLimiter, SocketCounts
from meeple.server.site.lobby import Lobby
from meeple.server.site.mail.notices import Notices
from meeple.server.site.mail.postman import Postman
from meeple.server.site.metrics import Metrics
from meeple.server.site.social import Invites
from meeple.server.store import PlayerRow, Store
from meeple.server.tables.chat import Chat
from meeple.server.tables.hub import Hub
from meeple.server.tables.live import LiveTable
from meeple.server.tables.refused import Refused


@dataclass
class Services:
    """Everything the routes use, made once per app."""

    settings: Settings
    store: Store
    hub: Hub
    chat: Chat
    lobby: Lobby
    metrics: Metrics
    limiter: LoginLimiter
    guests: GuestLimiter
    sockets: SocketCounts
    notices: Notices
    """Mails queued for what happens (:mod:`meeple.server.site.mail`)."""
    invites: Invites
    coach: Coach
    """Hints and reviews (:mod:`meeple.server.site.coach`)."""
    postman: Postman | None = None
    """Sends the outbox's mails (``None``: no ``--smtp``, no mail)."""


def services(connection: HTTPConnection) -> Services:
    """The app's services (a request's or a websocket's)."""
    found: Services = connection.app.state.services
    return found


def address(connection: HTTPConnection) -> str:
    """The caller's address (what the login, guest and socket limits count by): the
    connection's own, or what a trusted proxy says it is (``meeple serve --trusted-proxies``)."""
    return connection.client.host if connection.client else "unknown"


Site = Annotated[Services, Depends(services)]
"""The app's services, as a route's parameter."""


async def _caller(
    request: Request, meeple_session: Annotated[str | None, Cookie()] = None
) -> auth.Caller | None:
    site = services(request)
    return await auth.caller_of(site.store, meeple_session, site.settings.session_seconds)


async def _current(
    caller: Annotated[auth.Caller | None, Depends(_caller)],
) -> PlayerRow | None:
    return caller.player if caller is not None else None


async def _required(player: Annotated[PlayerRow | None, Depends(_current)]) -> PlayerRow:
    if player is None:
        raise Refused("no_session", "play as a guest or log in first", 401)
    return player


Current = Annotated[PlayerRow | None, Depends(_current)]
"""The caller, if they have a session."""
Required = Annotated[PlayerRow, Depends(_required)]
"""The caller, who must have a session (401 otherwise)."""


ID_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


def plausible_id(value: str) -> bool:
    """Whether ``value`` could be an id the server made (``t_…``, ``p_…``: at most 32
    characters of URL-safe base64). Anything else is unknown without asking the database —
    which would choke on some (PostgreSQL refuses a text holding NUL)."""
    return 0 < len(value) <= 32 and ID_CHARACTERS.issuperset(value)


def table_or_404(site: Services, table_id: str, *, stored: bool = False) -> LiveTable:
    """The table (``stored``: as stored, its game neither replayed nor kept in memory)."""
    table = None
    if plausible_id(table_id):
        hub = site.hub
        table = next(iter(hub.peek([table_id])), None) if stored else hub.load(table_id)
    if table is None:
        raise Refused("no_table", f"no table {table_id[:40]!r}", 404)
    return table


def you(table: LiveTable, player: PlayerRow | None) -> int | None:
    """The caller's seat at the table, if they sit there."""
    return table.seat_of(player.id if player else None)


def player_json(player: PlayerRow) -> dict[str, Any]:
    """A player as the protocol shows them to themselves."""
    return {"id": player.id, "name": player.name, "registered": player.username is not None}


JSON_TYPE = "application/json"


def as_json(content: Any) -> Response:
    """A JSON answer encoded with orjson, without FastAPI's validation and encoding of the
    returned value (for the calls that the lobby makes often, with long lists)."""
    return Response(encode_bytes(content), media_type=JSON_TYPE)
