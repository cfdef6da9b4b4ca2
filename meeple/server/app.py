"""The FastAPI application: REST for players and tables, a websocket per client and table,
and the static browser client. ``docs/protocol.md`` describes every call and message.

:func:`create_app` makes the site's services once (the store, the hub and its tables, chat,
the lobby, metrics, the login limits, and with Redis the cluster), includes one router per
area (:mod:`meeple.server.api`) and mounts the browser client.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from meeple.server.api import coach as coach_api
from meeple.server.api import (
    community,
    learn,
    mail,
    me,
    operations,
    play,
    players,
    positions,
    social,
    tables,
)
from meeple.server.api.bodies import BodyLimit
from meeple.server.api.deps import Services
from meeple.server.api.guard import ForeignOriginGuard
from meeple.server.api.headers import SecurityHeaders
from meeple.server.api.operations import WEB
from meeple.server.settings import Settings
from meeple.server.site.coach import Coach
from meeple.server.site.garbage import Collector, GcPauses
from meeple.server.site.limits import GuestLimiter, LoginLimiter, SocketCounts, TooManyTries
from meeple.server.site.lobby import Lobby
from meeple.server.site.logs import quiet_client_faults
from meeple.server.site.mail.compose import Composer
from meeple.server.site.mail.notices import Notices
from meeple.server.site.mail.postman import Postman
from meeple.server.site.mail.smtp import SmtpServer
from meeple.server.site.metrics import Metrics
from meeple.server.site.social import Invites
from meeple.server.store import Store
from meeple.server.tables.chat import Chat
from meeple.server.tables.hub import Hub
from meeple.server.tables.refused import Refused


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server as an ASGI app; ``settings`` default to SQLite in the user's data folder."""
    settings = settings or Settings()
    quiet_client_faults()
    site = make_services(settings)
    collector, gc_pauses = Collector(), GcPauses()
    gc_pauses.listeners.append(site.metrics.collected)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # The garbage collector on a clock of its own, and its pauses timed (metrics).
        collector.start()
        gc_pauses.install()
        await site.hub.startup()
        if site.hub.cluster is not None:
            site.lobby.start()
        if site.postman is not None:
            site.postman.start()
        try:
            yield
        finally:
            collector.stop()
            gc_pauses.remove()
            await site.lobby.stop()
            if site.postman is not None:
                await site.postman.stop()
            site.coach.stop()
            await site.hub.shutdown()
            site.store.close()

    app = FastAPI(
        title="meeple",
        summary="Five tabletop games to play with friends and bots.",
        lifespan=lifespan,
    )
    app.state.services = site
    app.state.hub = site.hub
    app.state.settings = settings
    add_middleware(app, settings)
    add_error_handlers(app)
    for area in (
        players,
        me,
        tables,
        coach_api,
        positions,
        play,
        community,
        mail,
        social,
        learn,
        operations,
    ):
        app.include_router(area.router)
    app.mount("/", StaticFiles(directory=WEB), name="web")
    return app


def make_services(settings: Settings) -> Services:
    """The site's services, wired to each other (and to the other processes, with Redis)."""
    store = Store(settings.db_url, sqlite_sync=settings.sqlite_sync)
    hub = Hub(store, settings)
    chat = Chat(store)
    lobby = Lobby(hub)
    metrics = Metrics(hub, lobby)
    hub.on_action.append(metrics.action)
    hub.on_latency.append(metrics.latency_of)
    hub.on_move.append(metrics.move)
    limiter = LoginLimiter(
        settings.login_tries_per_address,
        settings.login_failures_per_account,
        redis_url=settings.redis_url,
        failures_everywhere=settings.login_failures_everywhere,
    )
    guests = GuestLimiter(settings.guests_per_hour, redis_url=settings.redis_url)
    sockets = SocketCounts(settings.sockets_per_player, settings.sockets_per_address)
    if settings.redis_url is not None:
        join_cluster(settings, hub, chat)
    notices, postman = make_mail(settings, store)
    hub.on_finished.append(notices.table_finished)
    hub.on_turn.append(notices.turn_passed)
    invites = Invites(hub, notices)
    coach = Coach(hub)
    return Services(
        settings,
        store,
        hub,
        chat,
        lobby,
        metrics,
        limiter,
        guests,
        sockets,
        notices,
        invites,
        coach,
        postman,
    )


def make_mail(settings: Settings, store: Store) -> tuple[Notices, Postman | None]:
    """The notices, and with ``--smtp`` the postman that sends them (docs/deploy.md, "Mail")."""
    composer = Composer(settings.public_url, settings.mail_from)
    if settings.smtp_url is None:
        return Notices(store, composer, enabled=False), None
    smtp = SmtpServer.parse(settings.smtp_url)
    notices = Notices(store, composer, enabled=True)
    postman = Postman(
        store,
        smtp.deliver,
        sender=composer.sender,
        retry_seconds=settings.mail_retry_seconds,
        poll_seconds=settings.mail_poll_seconds,
        tick=notices.send_digests,
    )
    notices.poke = postman.poke
    return notices, postman


def join_cluster(settings: Settings, hub: Hub, chat: Chat) -> None:
    """Share the hub's tables, chat, mutes and sessions with the other processes (Redis)."""
    assert settings.redis_url is not None
    # Only here: a server on its own never needs redis-py (the extra meeple[redis]).
    from meeple.server.site.cluster import Cluster  # noqa: PLC0415

    cluster = Cluster(settings.redis_url, hub, lease_seconds=settings.lease_seconds)
    hub.cluster = cluster
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
    cluster.handlers["sessions"] = lambda event: cluster.spawn(
        hub.end_sessions({str(h) for h in event["h"]}, tell_others=False)
    )


def add_middleware(app: FastAPI, settings: Settings) -> None:
    """Refuse changes from other sites' pages, allow the origins the settings name, read
    request bodies of a bounded size in a bounded time (before any route), and put the
    security headers (:mod:`meeple.server.api.headers`) on every answer."""
    app.add_middleware(ForeignOriginGuard, allowed=settings.allow_origins)
    if settings.allow_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.allow_origins),
            allow_credentials=True,
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["Content-Type"],
        )
    app.add_middleware(BodyLimit, limit=settings.max_body, seconds=settings.body_seconds)
    app.add_middleware(SecurityHeaders)  # last added, outermost: on every answer, even a 403


ECHOED = 64
"""The longest input (as JSON, in bytes) a 422 answer shows back in an error's ``input``."""
ERRORS_SHOWN = 20
"""The most errors a 422 answer lists."""


def add_error_handlers(app: FastAPI) -> None:
    """The protocol's error answers: ``{"detail": {"code", "message"}}``; a body that fails
    validation: FastAPI's ``{"detail": [errors]}``, without echoing large input."""

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": shown_errors(err.errors())}, status_code=422)

    @app.exception_handler(Refused)
    async def refused(_request: Request, err: Refused) -> JSONResponse:
        return JSONResponse(
            {"detail": {"code": err.code, "message": err.message}}, status_code=err.status
        )

    @app.exception_handler(TooManyTries)
    async def too_many(_request: Request, err: TooManyTries) -> JSONResponse:
        return JSONResponse(
            {"detail": {"code": err.code, "message": err.message}},
            status_code=429,
            headers={"Retry-After": str(err.retry_after)},
        )


def shown_errors(errors: Sequence[Any]) -> list[Any]:
    """A validation's errors as a 422 answer lists them: the first :data:`ERRORS_SHOWN`, each
    with its ``input`` only when it is short. FastAPI's own answer echoed every error's input
    whole: a 10 MB body came back as a 10 MB answer."""
    shown = []
    for found in list(errors)[:ERRORS_SHOWN]:
        # A body that is not UTF-8 text (sent as another content type, it is quoted back as
        # bytes): decoded with replacements, where FastAPI's encoder failed on it with a 500.
        error = jsonable_encoder(dict(found), custom_encoder={bytes: _as_text})
        # Measured as ASCII JSON: a lone surrogate ("\ud800") is input too.
        if "input" in error and len(json.dumps(error["input"])) > ECHOED:
            del error["input"]
        shown.append(error)
    return shown


def _as_text(data: bytes) -> str:
    """Bytes quoted in an error, as text whatever they hold."""
    return data.decode("utf-8", errors="replace")
