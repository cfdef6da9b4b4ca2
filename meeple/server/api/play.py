"""The websocket of one client at one table: its seat's state out, its actions and chat in.

A message is answered in :func:`handle`; the answers and the table's broadcasts are written in
order by the connection's sender (:func:`send_all`), or at once by the task that read the
message when the sender is idle (:func:`flush`).
"""

from __future__ import annotations

import asyncio
import time

import orjson
from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from meeple.server.api import auth
from meeple.server.api.deps import Services, address, plausible_id, services
from meeple.server.api.guard import origin_ok
from meeple.server.jsontext import encode
from meeple.server.settings import Settings
from meeple.server.store import OPEN, RUNNING
from meeple.server.tables.chat import Chat, ChatRefused
from meeple.server.tables.hub import Hub
from meeple.server.tables.live import Connection, LiveTable
from meeple.server.tables.refused import Refused
from meeple.server.trace import MoveTrace, received_at

router = APIRouter()

LIVE = (OPEN, RUNNING)
"""Statuses of a table whose state (or wait for players) is held in memory while it lasts."""


@router.websocket("/ws/tables/{table_id}")
async def play(websocket: WebSocket, table_id: str) -> None:
    """One client at one table: its seat's state out, its actions in."""
    site = services(websocket)
    settings = site.settings
    origin = websocket.headers.get("origin")
    if not origin_ok(origin, websocket.headers.get("host", ""), settings.allow_origins):
        await websocket.close(code=4403)
        return
    token = websocket.cookies.get(auth.COOKIE)
    caller = await auth.caller_of(site.store, token, settings.session_seconds)
    player_id, where = (caller.player.id if caller else None), address(websocket)
    await websocket.accept()
    # So many sockets a player (or, without a session, an address) holds at once: one client
    # opened 500, each a task, a queue and a share of every broadcast.
    if not site.sockets.take(player_id, where):
        await websocket.send_text(error("too_many_sockets", "too many websockets open; close some"))
        await websocket.close(code=CLOSE_TOO_MANY)
        return
    try:
        await _play(websocket, site, table_id, caller)
    finally:
        site.sockets.give(player_id, where)


CLOSE_TOO_MANY = 4429
"""The close code of a websocket over the limit of its player or address."""
CLOSE_FLOOD = 1008
"""The close code (policy violation) of a client that went on sending after many refusals."""
FLOOD = 100
"""Messages refused for the rate in a row after which the socket is closed (:data:`CLOSE_FLOOD`):
its client does not read its answers, or ignores them."""


async def _play(
    websocket: WebSocket, site: Services, table_id: str, caller: auth.Caller | None
) -> None:
    """The accepted socket: the table found, the connection counted at it, its messages read
    and answered until it closes."""
    settings, hub, chat = site.settings, site.hub, site.chat
    # The database off the event loop: on SQLite every transaction waits its turn behind
    # the writer, and the loop must never wait for the disk.
    table = hub.tables.get(table_id)
    if table is None or (table.state is None and table.status not in LIVE):
        # Not in memory (or an ended table held only as its summary): from the store.
        table = (
            await asyncio.to_thread(hub.load, table_id, whole=True)
            if plausible_id(table_id)
            else None
        )
    if table is None:
        await websocket.send_text(error("no_table", f"no table {table_id[:40]!r}"))
        await websocket.close(code=4404)
        return
    connection = Connection(
        seat=None,  # hub.connect derives it, and every change of the seats again
        player_id=caller.player.id if caller else None,
        session=caller.session if caller else None,
        expires=caller.expires if caller else None,
        tokens=settings.rate_burst,
    )
    sender = asyncio.create_task(send_all(websocket, connection, hub))
    # From here on the connection is let go of however this ends (a client gone while
    # the history is read, a server stopping), or its seat would count it forever.
    try:
        await hub.connect(table, connection)
        history = (
            []
            if table.chat_quiet
            else await asyncio.to_thread(chat.history, table.id, connection.player_id)
        )
        connection.push(encode({"type": "chat_history", "messages": history}))
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            trace = MoveTrace(received_at(websocket.scope))
            # A binary frame (no "text") is answered as a refused message, not a crash.
            text = frame.get("text")
            reply = await handle(hub, chat, table, connection, text, settings=settings, trace=trace)
            if reply is not None:
                connection.push(reply)
            if connection.refused_in_a_row >= FLOOD:
                await websocket.close(code=CLOSE_FLOOD)
                break
            if not await flush(websocket, connection, hub):
                break
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        # Shielded: a handler cancelled while it waits for the table's lock (a server
        # stopping, a test client closing) still uncounts its connection, or the seat would
        # count it forever and the table never leave memory.
        sender.cancel()
        await asyncio.shield(hub.disconnect(table, connection))


async def handle(
    hub: Hub,
    chat: Chat,
    table: LiveTable,
    connection: Connection,
    text: str | None,
    *,
    settings: Settings,
    trace: MoveTrace | None = None,
) -> str | None:
    """Answer one message from a client (``text`` ``None``: a binary frame): ``None`` when
    the answer is a broadcast state.

    ``trace``: the message's timestamps so far; an action fills in the rest of its stages."""
    arrived = time.perf_counter()
    if trace is not None:
        trace.handled = arrived
    # The rate first: whatever a message is, a client over the rate gets nothing more done
    # for it (300 oversized frames a second were each measured and answered "too_large").
    if not connection.allow(settings.rate_per_second, settings.rate_burst):
        connection.refused_in_a_row += 1
        return error("rate_limited", "too many messages; slow down")
    connection.refused_in_a_row = 0
    if text is None:
        return error("bad_frame", "send text frames of JSON")
    # Characters are at most 4 bytes each: only a long text is encoded to be measured.
    if len(text) * 4 > settings.max_message and len(text.encode()) > settings.max_message:
        return error("too_large", f"messages are at most {settings.max_message} bytes")
    try:
        message = orjson.loads(text)
    except (orjson.JSONDecodeError, RecursionError):
        return error("bad_json", "a message must be a JSON object")
    if not isinstance(message, dict):
        return error("bad_json", "a message must be a JSON object")
    kind = message.get("type")
    if kind == "ping":
        return encode({"type": "pong"})
    if kind == "sync":
        connection.log_sent = 0
        async with table.lock:
            return table.state_message(connection, settings.grace)
    if kind == "chat":
        try:
            chat.write(table, connection, message)
        except ChatRefused as err:
            return error(err.code, err.message)
        return None
    if kind != "action":
        return error(
            "bad_message", f"unknown message type {kind!r}; send action, chat, sync or ping"
        )
    action, version = message.get("action"), message.get("version")
    if not isinstance(action, dict) or (version is not None and type(version) is not int):
        return error(
            "bad_message", 'an action message is {"type": "action", "action": {...}, "version": n}'
        )
    # The seat of the player now, not of when the socket opened (the hub keeps connection.seat
    # derived; asked again here so that an action can never act for someone else's seat).
    seat = table.seat_of(connection.player_id)
    if seat is None or seat != connection.seat:
        return error("not_seated", "you have no seat at this table")
    try:
        await hub.act(
            table, seat, action, by="human", version=version, arrived=arrived,
            trace=trace,
        )  # fmt: skip
    except Refused as err:
        if err.code == "stale":
            async with table.lock:
                connection.push(error(err.code, err.message))
                return table.state_message(connection, settings.grace)
        return error(err.code, err.message)
    if trace is not None:
        # The answer is the message broadcast queued last for this connection.
        connection.tracing = (trace, connection.pushed)
    return None


async def send_all(websocket: WebSocket, connection: Connection, hub: Hub) -> None:
    """Write the connection's queued messages in order; ``None`` in the queue closes it."""
    try:
        while True:
            message = await connection.outbox.get()
            # Taken: from now on nobody may write what is queued behind it (see flush).
            connection.holding = True
            try:
                async with connection.writing:
                    if not await write(websocket, connection, message, hub):
                        return
            finally:
                connection.holding = False
    except (WebSocketDisconnect, RuntimeError):
        return


async def flush(websocket: WebSocket, connection: Connection, hub: Hub) -> bool:
    """Write what is queued for this connection now, from the task that read the client's
    message; ``False`` when the connection is to be closed.

    The answer to a person's move is queued for the connection's sender, a task of its own
    that then waits for its turn of the event loop: under load, one more turn behind
    everything else that became ready meanwhile (bots' moves, other tables), for every move.
    Written here, it goes out as soon as it is made. Only when the sender is idle: a message
    it has taken goes first, and everything behind it then waits for it, so that the
    client receives them in the order they were queued."""
    if connection.holding or connection.writing.locked():
        return True
    try:
        async with connection.writing:
            while not connection.holding and not connection.outbox.empty():
                if not await write(websocket, connection, connection.outbox.get_nowait(), hub):
                    return False
    except (WebSocketDisconnect, RuntimeError):
        return False
    return True


async def write(
    websocket: WebSocket, connection: Connection, message: str | None, hub: Hub
) -> bool:
    """Write one queued message (``None``: close the socket); ``False`` when the connection is
    closed (or is to be) and nothing more is to be written."""
    if message is None:
        await websocket.close(code=4408)
        return False
    if websocket.client_state != WebSocketState.CONNECTED:
        return False
    await websocket.send_text(message)
    connection.written += 1
    tracing = connection.tracing
    if tracing is not None and connection.written >= tracing[1]:
        connection.tracing = None
        trace = tracing[0]
        trace.sent = time.perf_counter()
        for observe in hub.on_move:
            observe(trace)
    return True


def error(code: str, message: str) -> str:
    return encode({"type": "error", "code": code, "message": message})
