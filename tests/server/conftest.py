"""Fixtures for the server tests: an app on a fresh database, and people who use it.

Every test that takes ``db_url`` runs twice: on SQLite and on a real PostgreSQL (a cluster the
test session starts itself, see tests/services.py, or the server ``MEEPLE_TEST_POSTGRES`` names).
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine, select, text
from starlette.testclient import WebSocketTestSession

from meeple.server.app import create_app
from meeple.server.settings import Settings
from meeple.server.store import ActionRow
from meeple.server.tables.hub import Hub

DATABASES = ["sqlite", "postgres"]


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file, or a new database in the test session's
    PostgreSQL (tests/conftest.py starts one, or uses ``MEEPLE_TEST_POSTGRES``)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'meeple.sqlite'}"
        return
    postgres: str = request.getfixturevalue("postgres_url")
    name = f"meeple_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(postgres, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield postgres.rsplit("/", 1)[0] + "/" + name
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    admin.dispose()


def metric_samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a Prometheus text page, by its name and its sorted labels."""
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def metric_total(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str) -> float:
    """The sum of the samples called ``name``, whatever their labels."""
    return sum(value for (sample, _), value in samples.items() if sample == name)


@dataclass
class Server:
    """A running app (in the test client's thread) and a way to make people."""

    client: TestClient
    settings: Settings
    sockets: list[Socket] = field(default_factory=list)
    stopped: bool = False

    def stop(self) -> None:
        """Close every socket still open, then shut the app down (once)."""
        if not self.stopped:
            self.stopped = True
            for sock in self.sockets:
                sock.close()
            self.client.__exit__(None, None, None)

    def metrics(self) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        """Every sample of ``/metrics`` now (:func:`metric_samples`)."""
        return metric_samples(self.client.get("/metrics").text)

    def in_loop(self, change: Callable[[], None]) -> None:
        """Run ``change`` in the app's event loop (timers and bots live there)."""

        async def run() -> None:
            change()

        self.client.portal.call(run)  # type: ignore[union-attr]

    def by_whom(self, table_id: str) -> list[tuple[int, dict[str, Any], str]]:
        """The table's stored actions as ``(seat, action, by)``."""
        with self.hub.store.session() as s:
            rows = s.execute(
                select(ActionRow.seat, ActionRow.action, ActionRow.by)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.number)
            ).all()
        return [(seat, action, by) for seat, action, by in rows]

    @property
    def hub(self) -> Hub:
        """The app's hub, to look at (and, for timers, shorten) what the server holds."""
        hub: Hub = self.client.app.state.hub  # type: ignore[attr-defined]
        return hub

    def person(self, name: str = "Aki") -> Person:
        """A new guest with their own session cookie."""
        self.client.cookies.clear()
        answer = self.client.post("/api/guest", json={"name": name})
        assert answer.status_code == 200, answer.text
        token = answer.cookies.get("meeple_session")
        self.client.cookies.clear()
        assert token
        return Person(self.client, token, answer.json()["player"], self.sockets)

    def stranger(self) -> Person:
        """Someone with no session at all."""
        self.client.cookies.clear()
        return Person(self.client, None, None, self.sockets)


@dataclass
class Person:
    """One browser: requests and websockets carry their cookie (and only theirs)."""

    client: TestClient
    token: str | None
    player: dict[str, Any] | None
    opened: list[Socket]
    """Every socket this server's people opened, closed at the end of the test."""
    headers: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        self.headers = {"cookie": f"meeple_session={self.token}"} if self.token else {}

    def get(self, url: str) -> Any:
        self.client.cookies.clear()
        return self.client.get(url, headers=self.headers)

    def post(self, url: str, body: Any = None) -> Any:
        self.client.cookies.clear()
        return self.client.post(url, json=body, headers=self.headers)

    def table(self, game: str, players: int, bots: list[str] | None = None, **extra: Any) -> str:
        """Create a table: this person, ``len(bots)`` bots, the rest free human seats."""
        bots = bots or []
        seats = [{"kind": "human"}] * (players - len(bots)) + [
            {"kind": "bot", "level": level} for level in bots
        ]
        answer = self.post(
            "/api/tables", {"game": game, "players": players, "seats": seats, **extra}
        )
        assert answer.status_code == 200, answer.text
        table_id: str = answer.json()["id"]
        return table_id

    def ws(self, table_id: str) -> Socket:
        self.client.cookies.clear()
        session = self.client.websocket_connect(f"/ws/tables/{table_id}", headers=self.headers)
        sock = Socket(session.__enter__(), session)
        self.opened.append(sock)
        return sock


@dataclass
class Socket:
    """A websocket with the raw texts it received kept, for the leak tests."""

    session: WebSocketTestSession
    context: Any
    raw: list[str] = field(default_factory=list)
    latest: dict[str, Any] | None = None
    closed: bool = False

    def receive(self) -> dict[str, Any]:
        text = self.session.receive_text()
        self.raw.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "state":
            self.latest = message
        return message

    def send(self, message: Any) -> None:
        self.session.send_text(message if isinstance(message, str) else json.dumps(message))

    def until(self, done: Callable[[dict[str, Any]], bool], limit: int = 10_000) -> dict[str, Any]:
        """Read messages until one satisfies ``done``."""
        for _ in range(limit):
            message = self.receive()
            if done(message):
                return message
        raise AssertionError("the awaited message never came")

    def close(self) -> None:
        """Close from the client's side (once; the test's end closes what is left open)."""
        if not self.closed:
            self.closed = True
            self.context.__exit__(None, None, None)


def play_out(
    sockets: list[Socket], pick: Callable[[list[dict[str, Any]]], dict[str, Any]]
) -> dict[str, Any]:
    """Play a game to the end from these sockets (one per human seat); returns the last
    state message the first socket received.

    Each socket is driven by its own thread, as each browser is its own program: a socket
    acts on every new state that asks it to decide, and only once per version.
    """
    finals: dict[int, dict[str, Any]] = {}
    failures: list[BaseException] = []
    lock = threading.Lock()

    def drive(index: int, sock: Socket) -> None:
        acted = -1
        try:
            for _ in range(50_000):
                message = sock.receive()
                if message["type"] == "error":
                    # Another seat's action got in first: the next state says what is asked.
                    assert message["code"] in ("stale", "not_your_turn"), message
                    continue
                if message["type"] != "state":  # chat
                    continue
                if message["is_over"]:
                    finals[index] = message
                    return
                if message["legal"] and acted < message["version"]:
                    acted = message["version"]
                    with lock:
                        choice = pick(message["legal"])
                    sock.send({"type": "action", "action": choice, "version": acted})
            raise AssertionError("the game did not end")
        except BaseException as err:  # reported to the test below
            failures.append(err)

    threads = [
        threading.Thread(target=drive, args=(i, sock), daemon=True)
        for i, sock in enumerate(sockets)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    if failures:
        raise failures[0]
    assert len(finals) == len(sockets), "a client never saw the end of the game"
    return finals[0]


@pytest.fixture
def server_factory(db_url: str) -> Iterator[Callable[..., Server]]:
    """Start apps on the test's database (several in turn, for the restart tests)."""
    running: list[Server] = []

    def start(**overrides: Any) -> Server:
        # Test clients send as fast as Python runs: the rate limit has a test of its own.
        base: dict[str, Any] = {
            "db_url": db_url,
            "bot_delay": 0.0,
            "grace": 30.0,
            "bot_workers": 0,
            "rate_per_second": 1e6,
            "rate_burst": 1_000_000,
            # Every test's people come from one address, and some make many tables with
            # bots: the limits on them have tests of their own (tests/server/test_limits.py).
            "guests_per_hour": 1_000_000,
            "sockets_per_address": 1_000_000,
            "sockets_per_player": 1_000_000,
            "bot_tables": 1_000_000,
            "open_tables": 1_000_000,
        }
        settings = Settings(**{**base, **overrides})
        client = TestClient(create_app(settings), base_url="http://testserver")
        client.__enter__()
        server = Server(client, settings)
        running.append(server)
        return server

    yield start
    for server in reversed(running):
        server.stop()


@pytest.fixture
def server(server_factory: Callable[..., Server]) -> Server:
    """One app on a fresh database; bots play at once."""
    return server_factory()


def wait_for(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    """Poll until ``condition()`` holds (timers run in the app's own thread)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError("condition not met in time")
