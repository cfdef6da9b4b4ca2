"""The FastAPI application: REST for players and tables, a websocket per client and table,
and the static browser client. ``docs/protocol.md`` describes every call and message."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

import orjson
from fastapi import Cookie, Depends, FastAPI, Query, Request, Response, WebSocket
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocketDisconnect, WebSocketState

import meeple
from meeple.bots.levels import LEVELS
from meeple.core.errors import BadOptions
from meeple.server import auth, standings
from meeple.server.chat import Chat, ChatRefused
from meeple.server.guard import ForeignOriginGuard, origin_ok
from meeple.server.hub import Hub, Refused, check_level
from meeple.server.jsontext import encode, encode_bytes
from meeple.server.live import Connection, LiveTable
from meeple.server.logs import quiet_client_faults
from meeple.server.metrics import CONTENT_TYPE, Metrics
from meeple.server.ratelimit import LoginLimiter, TooManyTries
from meeple.server.schemas import Credentials, GuestIn, JoinIn, NewTable
from meeple.server.settings import Settings
from meeple.server.storage import (
    FINISHED,
    OPEN,
    RUNNING,
    PlayerRow,
    SeatSpec,
    Store,
    UsernameTaken,
)
from meeple.server.trace import MoveTrace, received_at

WEB = Path(__file__).resolve().parent.parent / "web"
"""The static browser client (no build step)."""


async def _current(
    request: Request, meeple_session: Annotated[str | None, Cookie()] = None
) -> PlayerRow | None:
    store: Store = request.app.state.hub.store
    return await auth.player_of(store, meeple_session)


async def _required(player: Annotated[PlayerRow | None, Depends(_current)]) -> PlayerRow:
    if player is None:
        raise Refused("no_session", "play as a guest or log in first", 401)
    return player


Current = Annotated[PlayerRow | None, Depends(_current)]
"""The caller, if they have a session."""
Required = Annotated[PlayerRow, Depends(_required)]
"""The caller, who must have a session (401 otherwise)."""


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server as an ASGI app; ``settings`` default to SQLite in the user's data folder."""
    settings = settings or Settings()
    quiet_client_faults()
    store = Store(settings.db_url, sqlite_sync=settings.sqlite_sync)
    hub = Hub(store, settings)
    if settings.redis_url is not None:
        # Only here: a server on its own never needs redis-py (the extra meeple[redis]).
        from meeple.server.cluster import Cluster  # noqa: PLC0415

        hub.cluster = Cluster(settings.redis_url, hub, lease_seconds=settings.lease_seconds)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.startup()
        try:
            yield
        finally:
            await hub.shutdown()
            store.close()

    app = FastAPI(
        title="meeple",
        summary="Five tabletop games to play with friends and bots.",
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.settings = settings
    chat = Chat(store)
    metrics = Metrics(hub)
    hub.on_action.append(metrics.action)
    hub.on_latency.append(metrics.latency_of)
    hub.on_move.append(metrics.move)
    limiter = LoginLimiter(
        settings.login_tries_per_address,
        settings.login_failures_per_account,
        redis_url=settings.redis_url,
    )
    if hub.cluster is not None:
        cluster = hub.cluster
        chat.on_written.append(
            lambda table_id, message, writer: cluster.publish(
                {"kind": "chat", "t": table_id, "message": message, "writer": writer}
            )
        )
        chat.on_muted.append(lambda player_id: cluster.publish({"kind": "mutes", "p": player_id}))

        def chat_elsewhere(event: dict[str, Any]) -> None:
            table = hub.tables.get(str(event["t"]))
            if table is not None:
                chat.deliver(table, event["message"], str(event["writer"]))

        cluster.handlers["chat"] = chat_elsewhere
        cluster.handlers["mutes"] = lambda event: chat.forget_mutes(str(event["p"]))
    app.add_middleware(ForeignOriginGuard, allowed=settings.allow_origins)
    if settings.allow_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.allow_origins),
            allow_credentials=True,
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["Content-Type"],
        )

    @app.exception_handler(Refused)
    async def refused(_request: Request, err: Refused) -> JSONResponse:
        return JSONResponse(
            {"detail": {"code": err.code, "message": err.message}}, status_code=err.status
        )

    @app.exception_handler(TooManyTries)
    async def too_many(_request: Request, err: TooManyTries) -> JSONResponse:
        return JSONResponse(
            {"detail": {"code": "too_many_tries", "message": err.message}},
            status_code=429,
            headers={"Retry-After": str(err.retry_after)},
        )

    def address(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    def table_or_404(table_id: str, *, stored: bool = False) -> LiveTable:
        """The table (``stored``: as stored, its game neither replayed nor kept in memory)."""
        table = None
        if len(table_id) <= 32:
            table = next(iter(hub.peek([table_id])), None) if stored else hub.load(table_id)
        if table is None:
            raise Refused("no_table", f"no table {table_id!r}", 404)
        return table

    def you(table: LiveTable, player: PlayerRow | None) -> int | None:
        return table.seat_of(player.id if player else None)

    # players

    @app.post("/api/guest")
    def guest(body: GuestIn, response: Response) -> dict[str, Any]:
        """Play at once as a guest with a nickname."""
        player = PlayerRow(id=auth.new_id("p"), name=body.name)
        store.add_player(player)
        auth.login(store, response, player, settings.secure_cookies)
        return {"player": _player(player)}

    @app.post("/api/register")
    def register(
        body: Credentials, request: Request, response: Response, player: Current
    ) -> dict[str, Any]:
        """Register a username and password (a guest keeps their tables)."""
        limiter.attempt(address(request), None)
        if store.player_by_username(body.username) is not None:
            raise Refused("username_taken", f"the username {body.username!r} is taken")
        new = player is None or player.username is not None
        player_id = auth.new_id("p") if new or player is None else player.id
        try:
            player = store.register(
                player_id, body.username, auth.hash_password(body.password), new=new
            )
        except UsernameTaken as err:  # someone took it since the look-up above
            raise Refused("username_taken", str(err)) from None
        # A copy of the list: this runs in a worker thread while the event loop changes it.
        for table in list(hub.tables.values()):
            for seat in table.seats:
                if seat.player is not None and seat.player.id == player.id:
                    seat.player = player
        auth.login(store, response, player, settings.secure_cookies)
        return {"player": _player(player)}

    @app.post("/api/login")
    def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """Log in with a username and password."""
        limiter.attempt(address(request), body.username)
        player = store.player_by_username(body.username)
        if player is None or not auth.check_password(player.password_hash, body.password):
            limiter.failed(body.username)
            raise Refused("bad_login", "wrong username or password", 401)
        auth.login(store, response, player, settings.secure_cookies)
        return {"player": _player(player)}

    @app.post("/api/logout")
    def logout(
        response: Response, meeple_session: Annotated[str | None, Cookie()] = None
    ) -> dict[str, Any]:
        """End this session."""
        if meeple_session:
            store.drop_session(auth.token_hash(meeple_session))
        response.delete_cookie(auth.COOKIE, path="/")
        return {"player": None}

    @app.get("/api/me")
    def me(player: Current) -> dict[str, Any]:
        """Who this session is, or null."""
        return {"player": _player(player) if player else None}

    @app.get("/api/me/history")
    def history(player: Required) -> dict[str, Any]:
        """The tables this player sat at, newest first."""
        tables = hub.peek(store.tables_of(player.id))
        return {"tables": [t.summary(you(t, player), settings.grace) for t in tables]}

    # games and tables

    @app.get("/api/games")
    def games() -> dict[str, Any]:
        """Every game with its player counts and options."""
        return {
            "games": [
                {
                    "id": g.id,
                    "name": g.name,
                    "min_players": g.min_players,
                    "max_players": g.max_players,
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
                }
                for g in meeple.GAMES.values()
            ]
        }

    @app.get("/api/levels")
    def levels() -> dict[str, Any]:
        """The bot levels, weakest first."""
        return {"levels": list(LEVELS)}

    @app.get("/api/tables")
    async def tables(player: Current, status: str | None = None) -> Response:
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
            # meeple/server/lobby.py.
            found = await hub.lobby.newest(statuses)
        else:
            found = await asyncio.to_thread(lambda: hub.peek(store.tables(statuses)))
        return _json({"tables": [t.summary(you(t, player), settings.grace) for t in found]})

    @app.post("/api/tables")
    async def create(body: NewTable, player: Required) -> dict[str, Any]:
        """Create a table; you sit in its first human seat."""
        if body.game not in meeple.GAMES:
            raise Refused(
                "no_game", f"no game {body.game!r}; games: {', '.join(meeple.GAMES)}", 422
            )
        game = meeple.load(body.game)
        if not game.min_players <= body.players <= game.max_players:
            raise Refused(
                "bad_players",
                f"{game.id} is for {game.min_players}–{game.max_players} players",
                422,
            )
        if body.seats is None:
            specs = [SeatSpec("human")] + [SeatSpec("bot", "normal")] * (body.players - 1)
        elif len(body.seats) != body.players:
            raise Refused("bad_seats", f"give {body.players} seats, not {len(body.seats)}", 422)
        else:
            specs = []
            for s in body.seats:
                if s.kind == "bot":
                    check_level(s.level or "")
                    specs.append(SeatSpec("bot", s.level))
                else:
                    specs.append(SeatSpec("human"))
        try:
            game.resolve_options(body.options)
        except BadOptions as err:
            raise Refused("bad_options", str(err), 422) from None
        registered = player.username is not None
        if body.rated and not registered:
            raise Refused("rated_needs_account", "rated tables are for registered players", 422)
        table = await hub.create(
            player,
            game.id,
            players=body.players,
            options=body.options,
            seats=specs,
            turn_seconds=body.turn_seconds,
            response_seconds=body.response_seconds,
            rated=registered if body.rated is None else body.rated,
        )
        return table.summary(you(table, player), settings.grace)

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str, player: Current) -> Response:
        """One table."""
        # A table in memory is answered at once, on the event loop; another is read from the
        # database in a thread. With several processes, a table another process runs is read
        # as stored (its game not replayed, the copy not kept: it is not watched here), and so
        # is a copy here that is behind it.
        t = hub.tables.get(table_id)
        if t is None or t.stale:
            t = await asyncio.to_thread(table_or_404, table_id, stored=hub.cluster is not None)
        return _json(t.summary(you(t, player), settings.grace))

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, player: Required, body: JoinIn | None = None) -> dict[str, Any]:
        """Sit at a free human seat (the first one, or the one you name)."""
        t = table_or_404(table_id)
        await hub.join(t, player, body.seat if body else None)
        return t.summary(you(t, player), settings.grace)

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, player: Required) -> dict[str, Any]:
        """Leave: before the start your seat is freed; during play a bot plays on for you."""
        t = table_or_404(table_id)
        await hub.leave(t, player)
        return t.summary(you(t, player), settings.grace)

    @app.get("/api/tables/{table_id}/replay")
    def replay(table_id: str, player: Current) -> dict[str, Any]:
        """A finished game, step by step, as you saw it (a spectator's view if you did not play)."""
        from meeple.core.replay import steps_seen_by  # noqa: PLC0415

        t = table_or_404(table_id)
        if t.status != FINISHED:
            raise Refused("not_finished", "replays are for finished games")
        seat = you(t, player)
        # Each step as that seat saw it: others' secret moves in their public form.
        steps = steps_seen_by(
            t.game, t.players, t.seed, t.options, store.actions(t.id), viewer=seat
        )
        return {
            "table": t.summary(seat, settings.grace),
            "seat": seat,
            "steps": steps,
            "chat": chat.history(t.id, player.id if player else None),
        }

    # live play

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        """One client at one table: its seat's state out, its actions in."""
        origin = websocket.headers.get("origin")
        if not origin_ok(origin, websocket.headers.get("host", ""), settings.allow_origins):
            await websocket.close(code=4403)
            return
        await websocket.accept()
        # The database off the event loop: on SQLite every transaction waits its turn behind
        # the writer, and the loop must never wait for the disk.
        table = hub.tables.get(table_id)
        if table is None or (table.state is None and table.status == FINISHED):
            # Not in memory (or a finished table held only as its summary): from the store.
            table = (
                await asyncio.to_thread(hub.load, table_id, whole=True)
                if len(table_id) <= 32
                else None
            )
        if table is None:
            await websocket.send_text(_error("no_table", f"no table {table_id!r}"))
            await websocket.close(code=4404)
            return
        player = await auth.player_of(store, websocket.cookies.get(auth.COOKIE))
        connection = Connection(
            seat=table.seat_of(player.id if player else None),
            player_id=player.id if player else None,
            tokens=settings.rate_burst,
        )
        sender = asyncio.create_task(_send_all(websocket, connection, hub))
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
                text = await websocket.receive_text()
                trace = MoveTrace(received_at(websocket.scope))
                reply = await _handle(
                    hub, chat, table, connection, text, settings=settings, trace=trace
                )
                if reply is not None:
                    connection.push(reply)
                if not await _flush(websocket, connection, hub):
                    break
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            await hub.disconnect(table, connection)
            sender.cancel()

    # community

    @app.get("/api/players/{player_id}")
    def player_profile(player_id: str) -> dict[str, Any]:
        """A player's public profile: ratings per game with their history, last games."""
        with store.session() as session:
            found = standings.profile(session, player_id) if len(player_id) <= 32 else None
        if found is None:
            raise Refused("no_player", f"no player {player_id!r}", 404)
        return found

    @app.get("/api/mutes")
    def mutes(player: Required) -> dict[str, Any]:
        """Whom you have muted (their messages never reach you, at any table)."""
        return {"muted": sorted(chat.muted_by(player.id))}

    @app.post("/api/mutes/{player_id}")
    def mute(player_id: str, player: Required) -> dict[str, Any]:
        """Mute a person at every table."""
        _mute(player, player_id, on=True)
        return {"muted": sorted(chat.muted_by(player.id))}

    @app.delete("/api/mutes/{player_id}")
    def unmute(player_id: str, player: Required) -> dict[str, Any]:
        """Hear a muted person again."""
        _mute(player, player_id, on=False)
        return {"muted": sorted(chat.muted_by(player.id))}

    def _mute(player: PlayerRow, player_id: str, *, on: bool) -> None:
        try:
            chat.mute(player.id, player_id[:32], on)
        except ChatRefused as err:
            raise Refused(err.code, err.message, 404 if err.code == "no_player" else 409) from None

    @app.get("/api/leaderboard/{game_id}")
    def leaderboard(
        game_id: str,
        page: Annotated[int, Query(ge=1, le=10_000)] = 1,
        per_page: Annotated[int, Query(ge=1, le=100)] = 20,
    ) -> dict[str, Any]:
        """The best rated players of a game, with the bot levels among them for scale."""
        if game_id not in meeple.GAMES:
            raise Refused("no_game", f"no game {game_id!r}", 404)
        with store.session() as session:
            return standings.leaderboard(session, game_id, page, per_page)

    # operations

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        """Whether this process can serve: its database (and Redis, when there is one)
        answers (503 when not)."""
        try:
            await asyncio.to_thread(store.ping)
        except Exception as err:  # any failure of the database is "not healthy"
            return JSONResponse(
                {"ok": False, "database": False, "error": type(err).__name__}, status_code=503
            )
        answer: dict[str, Any] = {"ok": True, "database": True, "tables_live": len(hub.tables)}
        if hub.cluster is not None:
            try:
                await asyncio.wait_for(hub.cluster.ping(), 5)
            except Exception as err:  # Redis away or too slow
                return JSONResponse(
                    {"ok": False, "database": True, "redis": False, "error": type(err).__name__},
                    status_code=503,
                )
            answer |= {"redis": True, "process": hub.cluster.me}
        return JSONResponse(answer)

    @app.get("/metrics", include_in_schema=False)
    def prometheus() -> PlainTextResponse:
        """Prometheus metrics: tables live, actions, action latency, clients, bots thinking."""
        return PlainTextResponse(metrics.text(), media_type=CONTENT_TYPE)

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(WEB / "index.html")

    app.mount("/", StaticFiles(directory=WEB), name="web")
    return app


async def _handle(
    hub: Hub,
    chat: Chat,
    table: LiveTable,
    connection: Connection,
    text: str,
    *,
    settings: Settings,
    trace: MoveTrace | None = None,
) -> str | None:
    """Answer one message from a client: ``None`` when the answer is a broadcast state.

    ``trace``: the message's timestamps so far; an action fills in the rest of its stages."""
    arrived = time.perf_counter()
    if trace is not None:
        trace.handled = arrived
    if len(text.encode()) > settings.max_message:
        return _error("too_large", f"messages are at most {settings.max_message} bytes")
    if not connection.allow(settings.rate_per_second, settings.rate_burst):
        return _error("rate_limited", "too many messages; slow down")
    try:
        message = orjson.loads(text)
    except (orjson.JSONDecodeError, RecursionError):
        return _error("bad_json", "a message must be a JSON object")
    if not isinstance(message, dict):
        return _error("bad_json", "a message must be a JSON object")
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
            return _error(err.code, err.message)
        return None
    if kind != "action":
        return _error(
            "bad_message", f"unknown message type {kind!r}; send action, chat, sync or ping"
        )
    action, version = message.get("action"), message.get("version")
    if not isinstance(action, dict) or (version is not None and type(version) is not int):
        return _error(
            "bad_message", 'an action message is {"type": "action", "action": {...}, "version": n}'
        )
    if connection.seat is None:
        return _error("not_seated", "you have no seat at this table")
    try:
        await hub.act(
            table, connection.seat, action, by="human", version=version, arrived=arrived,
            trace=trace,
        )  # fmt: skip
    except Refused as err:
        if err.code == "stale":
            async with table.lock:
                connection.push(_error(err.code, err.message))
                return table.state_message(connection, settings.grace)
        return _error(err.code, err.message)
    if trace is not None:
        # The answer is the message broadcast queued last for this connection.
        connection.tracing = (trace, connection.pushed)
    return None


async def _send_all(websocket: WebSocket, connection: Connection, hub: Hub) -> None:
    """Write the connection's queued messages in order; ``None`` in the queue closes it."""
    try:
        while True:
            message = await connection.outbox.get()
            # Taken: from now on nobody may write what is queued behind it (see _flush).
            connection.holding = True
            try:
                async with connection.writing:
                    if not await _write(websocket, connection, message, hub):
                        return
            finally:
                connection.holding = False
    except (WebSocketDisconnect, RuntimeError):
        return


async def _flush(websocket: WebSocket, connection: Connection, hub: Hub) -> bool:
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
                if not await _write(websocket, connection, connection.outbox.get_nowait(), hub):
                    return False
    except (WebSocketDisconnect, RuntimeError):
        return False
    return True


async def _write(
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


def _json(content: Any) -> Response:
    """A JSON answer encoded with orjson, without FastAPI's validation and encoding of the
    returned value (for the calls that the lobby makes often, with long lists)."""
    return Response(encode_bytes(content), media_type=JSON_TYPE)


JSON_TYPE = "application/json"


def _error(code: str, message: str) -> str:
    return encode({"type": "error", "code": code, "message": message})


def _player(player: PlayerRow) -> dict[str, Any]:
    return {"id": player.id, "name": player.name, "registered": player.username is not None}
